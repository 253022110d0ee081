/**
 * Myerson critical-value payments (thesis 5.2.6, 5.2.8): for a monotone rule a winner pays the
 * lowest bid with which she still wins, the others' bids fixed; losers pay 0. This is the unique
 * DSIC payment rule with p_i = 0 at b_i = 0. Exact rule: the VCG payment (one pass over DP
 * tables). Other monotone rules: bisection on the winner's bid in [0, b_i] (win/lose is a step
 * function of the bid for a monotone rule). Each probe "does i win bidding z?" is answered for a
 * greedy rule with an exact key (b/w, b/(w·rtime), …; greedy-key.ts) in O(log n) from the scan's
 * prefix states (greedy-probe.ts), for the priority list
 * (whose order ignores bids) by one scan of the list sorted once, and for any other rule by
 * re-running it at the new bid.
 */
import type { Instance } from "./instance";
import { withBid } from "./instance";
import type { AllocationRule } from "./rule";
import { greedyScan, type GreedyRule } from "./greedy";
import { priorityOrder, type PriorityRule } from "./priority";
import { greedyBidProbes, type BidProbe } from "./greedy-probe";
import { vcgPayments } from "./vcg-payments";
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";

/** Options of {@link criticalPayments}. */
export interface CriticalOptions {
  /** Bisection steps at most (each halves the interval; stops at 1e-12 of the bid). Defaults to 60. */
  iterations?: number;
  /** Compute the payment of this player only (others get 0). Defaults to all winners. */
  only?: number;
}

/**
 * Critical-value payments.
 * @param x the allocation `rule` gives on `inst` (computed when omitted)
 * @throws `invalid rule: …; expected a monotone rule` for a non-monotone rule
 */
export function criticalPayments(
  rule: AllocationRule,
  inst: Instance,
  x?: Uint8Array,
  options: CriticalOptions = {},
): Float64Array {
  if (!rule.monotone)
    throw invalidArgument(
      "rule",
      rule.name,
      "a monotone rule (critical values exist only for monotone rules)",
    );
  const iterations = integer(options.iterations ?? 60, "iterations", 1, 200);
  if (rule.kind === "exact") {
    const v = vcgPayments(inst).p;
    if (options.only !== undefined) for (let i = 0; i < v.length; i++) if (i !== options.only) v[i] = 0;
    return v;
  }
  return _bisect(inst, x ?? rule.allocate(inst), bidProbes(rule, inst), iterations, options.only);
}

/** For each player i, the probe z ↦ whether i wins bidding z under `rule` (the others' bids fixed). */
function bidProbes(rule: AllocationRule, inst: Instance): (i: number) => BidProbe {
  if (rule.kind === "greedy" && (rule as GreedyRule).key.exact)
    return greedyBidProbes(rule as GreedyRule, inst);
  if (rule.kind === "priority") {
    const skip = (rule as PriorityRule).skip;
    const order = priorityOrder(inst);
    return (i) => (z) =>
      greedyScan(inst, order, inst.capacity, skip, false, -1, (j) => (j === i ? z : inst.b[j]))[i] === 1;
  }
  return (i) => (z) => rule.allocate(withBid(inst, i, z))[i] === 1;
}

/** The bisection on each winner's bid in [0, b_i] (a winner who wins bidding 0 pays 0). */
function _bisect(
  inst: Instance,
  x: Uint8Array,
  probeOf: (i: number) => BidProbe,
  iterations: number,
  only?: number,
): Float64Array {
  const p = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    if (!x[i] || (only !== undefined && i !== only)) continue;
    const wins = probeOf(i);
    if (wins(0)) continue;
    let lo = 0;
    let hi = inst.b[i];
    for (let k = 0; k < iterations && hi - lo > 1e-12 * Math.max(1, hi); k++) {
      const mid = (lo + hi) / 2;
      if (wins(mid)) hi = mid;
      else lo = mid;
    }
    p[i] = hi;
  }
  return p;
}
