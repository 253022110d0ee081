/**
 * The oracle of lib/mechanism/vcg-payments.ts: VCG payments by their definition, one knapsack
 * re-solve without each winner (n + 1 solves in all) instead of one pass over a prefix and a suffix
 * DP table. The property tests compare vcgPayments with it; the bench uses it as the baseline.
 */
import { exactTables, exactValue, exactWinners } from "../../../lib/mechanism/exact";
import { allocationValue, allocationWeight, type Instance } from "../../../lib/mechanism/instance";
import type { VcgOptions, VcgResult } from "../../../lib/mechanism/vcg-payments";

/** The exact optimum and every VCG payment, each winner's by a knapsack re-solve without her. */
export function vcgPaymentsByResolves(inst: Instance, options: VcgOptions = {}): VcgResult {
  const x = exactWinners(inst, exactTables(inst));
  const value = allocationValue(inst, x);
  const capacity = options.rerunCapacity === "covered" ? allocationWeight(inst, x) : inst.capacity;
  const p = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++)
    if (x[i]) p[i] = exactValue(inst, { exclude: i, capacity }) - (value - inst.b[i]);
  return { x, p, value };
}
