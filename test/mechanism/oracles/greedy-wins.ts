/**
 * The oracles of lib/mechanism/greedy-probe.ts and lib/mechanism/critical-payments.ts: "does
 * player i win bidding z?" for a greedy rule with an exact key by one O(n) scan of the order with i put where its new
 * key places it, and the critical payments by the same bisection with every probe answered that
 * way (the priority list and other rules: by re-running the rule at the new bid). The property
 * tests compare the O(log n) probes and criticalPayments with them bit for bit; the bench uses
 * them as the baseline.
 */
import { greedyOrder, type GreedyRule } from "../../../lib/mechanism/greedy";
import { type Instance, withBid } from "../../../lib/mechanism/instance";
import type { AllocationRule } from "../../../lib/mechanism/rule";
import { vcgPayments } from "../../../lib/mechanism/vcg-payments";

/**
 * Whether player i wins when she bids `z` and the others keep their bids: one O(n) pass over the
 * precomputed `order` and `keys` (of the original bids), with i considered at the place its new
 * key gives it.
 */
export function greedyWinsWithBid(
  rule: GreedyRule,
  inst: Instance,
  order: Int32Array,
  keys: Float64Array,
  i: number,
  z: number,
): boolean {
  // i (bidding z) goes before j when its key is larger, or equal with a lower index (the key's
  // whole tie rule; the precomputed float keys settle the clear cases).
  const pk = rule.key.prepare(inst);
  const keyI = pk.at(i, z);
  const ahead = (j: number): boolean => {
    if (keyI > keys[j] * (1 + 1e-9)) return true;
    if (keyI < keys[j] * (1 - 1e-9)) return false;
    const c = pk.compare(i, z, j, inst.b[j]);
    return c > 0 || (c === 0 && i < j);
  };
  const cap = inst.capacity;
  let room = cap;
  let value = 0;
  let placed = false;
  let picked = false;
  let halted = false;
  let bestOther = -Infinity;
  const consider = (j: number, bid: number): void => {
    if (halted) return;
    if (inst.w[j] <= room) {
      room -= inst.w[j];
      value += bid;
      if (j === i) picked = true;
    } else if (!rule.skip) halted = true;
  };
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    if (j === i) continue;
    if (inst.w[j] <= cap && inst.b[j] > bestOther) bestOther = inst.b[j];
    if (!placed && ahead(j)) {
      placed = true;
      consider(i, z);
    }
    consider(j, inst.b[j]);
  }
  if (!placed) consider(i, z);
  if (!rule.fallback) return picked;
  // Fallback: the highest single bidder replaces the set when her bid is strictly larger (ties: lowest index).
  const iFits = inst.w[i] <= cap;
  let lowest = true;
  for (let j = 0; j < i; j++) if (inst.b[j] === z && inst.w[j] <= cap) lowest = false;
  if (iFits && z > value && (z > bestOther || (z === bestOther && lowest))) return true;
  // Otherwise someone else is the highest bidder (or i's bid does not beat the set).
  if (Math.max(bestOther, iFits ? z : -Infinity) > value) return false;
  return picked;
}

/**
 * Critical payments by bisection with each probe answered by {@link greedyWinsWithBid} (greedy
 * rules) or by re-running the rule at the new bid (every other rule); the exact rule's are VCG's.
 */
export function criticalPaymentsByScans(rule: AllocationRule, inst: Instance, iterations = 60): Float64Array {
  if (!rule.monotone) throw new Error(`invalid rule: ${JSON.stringify(rule.name)}; expected a monotone rule`);
  if (rule.kind === "exact") return vcgPayments(inst).p;
  const x = rule.allocate(inst);
  const g = rule.kind === "greedy" && (rule as GreedyRule).key.exact ? (rule as GreedyRule) : undefined;
  const order = g ? greedyOrder(inst, g.key) : new Int32Array(0);
  const keys = g ? g.key.prepare(inst).keys : new Float64Array(0);
  const wins = (i: number, z: number): boolean =>
    g ? greedyWinsWithBid(g, inst, order, keys, i, z) : rule.allocate(withBid(inst, i, z))[i] === 1;
  const p = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    if (!x[i] || wins(i, 0)) continue;
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
