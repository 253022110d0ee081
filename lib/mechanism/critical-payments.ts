/**
 * Myerson critical-value payments (thesis 5.2.6, 5.2.8): for a monotone rule a winner pays the
 * lowest bid with which she still wins, the others' bids fixed; losers pay 0. This is the unique
 * DSIC payment rule with p_i = 0 at b_i = 0. Exact rule: the VCG payment (one pass over DP
 * tables). Other monotone rules: bisection on the winner's bid in [0, b_i] (win/lose is a step
 * function of the bid for a monotone rule); greedy rules answer each probe with one O(n) scan.
 */
import type { Instance } from "./instance";
import { withBid } from "./instance";
import type { AllocationRule } from "./rule";
import { greedyKeys, greedyOrder, greedyWinsWithBid, type GreedyRule } from "./greedy";
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
  if (!rule.monotone) throw invalidArgument("rule", rule.name, "a monotone rule (critical values exist only for monotone rules)");
  const iterations = integer(options.iterations ?? 60, "iterations", 1, 200);
  if (rule.kind === "exact") {
    const v = vcgPayments(inst).p;
    if (options.only !== undefined) for (let i = 0; i < v.length; i++) if (i !== options.only) v[i] = 0;
    return v;
  }
  const alloc = x ?? rule.allocate(inst);
  const g = rule.kind === "greedy" ? (rule as GreedyRule) : undefined;
  const order = g ? greedyOrder(inst, g.ratio) : undefined;
  const keys = g ? greedyKeys(inst, g.ratio) : undefined;
  const wins = (i: number, z: number): boolean =>
    g && order && keys ? greedyWinsWithBid(g, inst, order, keys, i, z) : rule.allocate(withBid(inst, i, z))[i] === 1;
  const p = new Float64Array(alloc.length);
  for (let i = 0; i < alloc.length; i++) {
    if (!alloc[i] || (options.only !== undefined && i !== options.only)) continue;
    if (wins(i, 0)) continue; // wins even bidding 0: pays 0
    let lo = 0;
    let hi = inst.b[i];
    for (let k = 0; k < iterations && hi - lo > 1e-12 * Math.max(1, hi); k++) {
      const mid = (lo + hi) / 2;
      if (wins(i, mid)) hi = mid;
      else lo = mid;
    }
    p[i] = hi;
  }
  return p;
}
