/**
 * The thesis's payment rule (Section 5.3.1): the Clarke pivot computed by re-running the *same*
 * allocation rule without player i,
 *   p_i = Σ_{j≠i} b_j x_j(b₋ᵢ) − Σ_{j≠i} b_j x_j(b),
 * for every winner i (losers pay 0). For the exact rule this is VCG; for greedy and priority rules
 * it is not the Myerson payment and need not give DSIC, IR or non-negative payments. The thesis
 * adds (6.3.1) that the re-run "cannot surpass the amount of covered nodes that the original
 * solution found": `rerunCapacity: "covered"` (the default) re-runs with capacity Σ w_i x_i(b).
 */
import type { Instance } from "./instance";
import { allocationValue, allocationWeight } from "./instance";
import type { AllocationRule } from "./rule";
import { greedyOrder, greedyScan, type GreedyRule } from "./greedy";
import { vcgPayments } from "./vcg-payments";
import { priorityOrder, type PriorityRule } from "./priority";
import { scanRerunValues } from "./scan-rerun";
import { keyword } from "../util/options";

/** Options of {@link clarkePayments}. */
export interface ClarkeOptions {
  /** Capacity of the re-run without i: "covered" (thesis, Σ w_i x_i of the original solution) or "W". Defaults to "covered". */
  rerunCapacity?: "covered" | "W";
  /** Compute the payment of this player only (others get 0). Defaults to all winners. */
  only?: number;
}

/**
 * Clarke-pivot payments by re-running `rule` without each winner.
 * @param x the allocation `rule` gives on `inst` (computed when omitted)
 */
export function clarkePayments(
  rule: AllocationRule,
  inst: Instance,
  x?: Uint8Array,
  options: ClarkeOptions = {},
): Float64Array {
  const mode = keyword(options.rerunCapacity ?? "covered", "rerunCapacity", ["covered", "W"] as const);
  const alloc = x ?? rule.allocate(inst);
  if (rule.kind === "exact" && options.only === undefined) {
    // Same numbers as n+1 re-solves, from one pair of DP tables (see vcg-payments.ts).
    const v = vcgPayments(inst, { rerunCapacity: mode });
    if (!sameAllocation(v.x, alloc)) return _clarkeRerun(rule, inst, alloc, mode, undefined);
    return v.p;
  }
  return _clarkeRerun(rule, inst, alloc, mode, options.only);
}

function sameAllocation(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function _clarkeRerun(
  rule: AllocationRule,
  inst: Instance,
  x: Uint8Array,
  mode: "covered" | "W",
  only: number | undefined,
): Float64Array {
  const capacity = mode === "covered" ? allocationWeight(inst, x) : inst.capacity;
  const value = allocationValue(inst, x);
  const p = new Float64Array(x.length);
  // Greedy and priority re-runs share one sort: removing i does not change the others' order.
  // Whole-number bids: every winner's re-run from one scan (scan-rerun.ts), the same numbers as a
  // scan per winner; otherwise (sums that depend on their order) one scan per winner.
  const g = rule.kind === "greedy" ? (rule as GreedyRule) : undefined;
  const pr = rule.kind === "priority" ? (rule as PriorityRule) : undefined;
  const order = g ? greedyOrder(inst, g.key) : pr ? priorityOrder(inst) : undefined;
  const fast =
    order && only === undefined
      ? scanRerunValues(inst, x, order, capacity, g ? g.skip : pr!.skip, g ? g.fallback : false)
      : undefined;
  if (fast) {
    for (let i = 0; i < x.length; i++) if (x[i]) p[i] = fast[i] - (value - inst.b[i]);
    return p;
  }
  for (let i = 0; i < x.length; i++) {
    if (!x[i] || (only !== undefined && i !== only)) continue;
    const xi =
      g && order
        ? greedyScan(inst, order, capacity, g.skip, g.fallback, i)
        : pr && order
          ? greedyScan(inst, order, capacity, pr.skip, false, i)
          : rule.allocate(inst, { exclude: i, capacity });
    p[i] = allocationValue(inst, xi) - (value - inst.b[i]);
  }
  return p;
}
