/**
 * The oracle of lib/mechanism/clarke-payments.ts: the Clarke pivot by its definition, the rule
 * re-run without each winner (`allocate` with `exclude`, which sorts the list again each time) and
 * the others' bids summed in index order. The property tests compare clarkePayments — one scan for
 * whole-number bids (scan-rerun.ts), one scan per winner over a shared sort otherwise — with it
 * bit for bit; the bench uses it as the baseline.
 */
import { allocationValue, allocationWeight, type Instance } from "../../../lib/mechanism/instance";
import type { AllocationRule } from "../../../lib/mechanism/rule";

/** Clarke-pivot payments by re-running `rule` without each winner within `rerunCapacity`. */
export function clarkePaymentsByReruns(
  rule: AllocationRule,
  inst: Instance,
  rerunCapacity: "covered" | "W" = "covered",
): Float64Array {
  const x = rule.allocate(inst);
  const capacity = rerunCapacity === "covered" ? allocationWeight(inst, x) : inst.capacity;
  const value = allocationValue(inst, x);
  const p = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++)
    if (x[i])
      p[i] = allocationValue(inst, rule.allocate(inst, { exclude: i, capacity })) - (value - inst.b[i]);
  return p;
}
