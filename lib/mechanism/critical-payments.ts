/**
 * Myerson critical-value payments (thesis 5.2.6, 5.2.8): for a monotone rule a winner pays the
 * lowest bid with which she still wins, the others' bids fixed; losers pay 0. This is the unique
 * DSIC payment rule with p_i = 0 at b_i = 0. Exact rule: the VCG payment (one pass over DP
 * tables). Other monotone rules: bisection on the winner's bid in [0, b_i] (win/lose is a step
 * function of the bid for a monotone rule); greedy rules answer each probe in O(log n) from the
 * scan's prefix states (greedy-probe.ts), with the same answer as one O(n) scan
 * ({@link criticalPaymentsReference} keeps the scan), so the payments are the same to the last bit.
 */
import type { Instance } from "./instance";
import { withBid } from "./instance";
import type { AllocationRule } from "./rule";
import { greedyKeys, greedyOrder, greedyScan, greedyWinsWithBid, type GreedyRule } from "./greedy";
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
 * @throws `invalid rule: …; expected a monotone rule` for the modified (skipping) greedy
 */
export function criticalPayments(rule: AllocationRule, inst: Instance, x?: Uint8Array, options: CriticalOptions = {}): Float64Array {
  return _critical(rule, inst, x, options, "probe");
}

/**
 * The same payments with every bisection probe answered by a full O(n) greedy scan
 * (greedyWinsWithBid): the reference {@link criticalPayments} is tested and benchmarked against.
 * @throws `invalid rule: …; expected a monotone rule` for a non-monotone rule
 */
export function criticalPaymentsReference(rule: AllocationRule, inst: Instance, x?: Uint8Array, options: CriticalOptions = {}): Float64Array {
  return _critical(rule, inst, x, options, "scan");
}

function _critical(rule: AllocationRule, inst: Instance, x: Uint8Array | undefined, options: CriticalOptions, greedyProbe: "probe" | "scan"): Float64Array {
  if (!rule.monotone) throw invalidArgument("rule", rule.name, "a monotone rule (critical values exist only for monotone rules)");
  const iterations = integer(options.iterations ?? 60, "iterations", 1, 200);
  if (rule.kind === "exact") {
    const v = vcgPayments(inst).p;
    if (options.only !== undefined) for (let i = 0; i < v.length; i++) if (i !== options.only) v[i] = 0;
    return v;
  }
  const alloc = x ?? rule.allocate(inst);
  const g = rule.kind === "greedy" ? (rule as GreedyRule) : undefined;
  let probeOf: (i: number) => BidProbe;
  if (g && greedyProbe === "probe") probeOf = greedyBidProbes(g, inst);
  else if (g) {
    const order = greedyOrder(inst, g.ratio);
    const keys = greedyKeys(inst, g.ratio);
    probeOf = (i) => (z) => greedyWinsWithBid(g, inst, order, keys, i, z);
  } else if (rule.kind === "priority" && greedyProbe === "probe") {
    // The priority list does not depend on bids: sort it once and scan with i's bid set to z.
    const pr = rule as PriorityRule;
    const order = priorityOrder(inst);
    probeOf = (i) => (z) => greedyScan(inst, order, inst.capacity, pr.skip, false, -1, (j) => (j === i ? z : inst.b[j]))[i] === 1;
  } else probeOf = (i) => (z) => rule.allocate(withBid(inst, i, z))[i] === 1;
  const p = new Float64Array(alloc.length);
  for (let i = 0; i < alloc.length; i++) {
    if (!alloc[i] || (options.only !== undefined && i !== options.only)) continue;
    const wins = probeOf(i);
    if (wins(0)) continue; // wins even bidding 0: pays 0
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
