/**
 * "Does player i still win with bid z?" for a greedy rule with an exact key (greedy-key.ts: b/w,
 * b/(w·rtime), any c·b^p·Π s^e with whole exponents), answered in O(log n) per bid with the
 * answer of one O(n) scan of the order with i put where its new key places it (that scan is the
 * oracle of test/mechanism/oracles/greedy-wins.ts) for every z, so the bisection of
 * critical-payments.ts takes the same steps as over full scans and gives the same payments.
 *
 * Why it works. Removing i leaves the others' order, and the scan over them, unchanged: for each
 * place k where i could be inserted, the scan's state just before k (room, value so far, halted)
 * is computed once per winner. A bid z only decides (1) the place: the first player j of the order
 * that i (bidding z) goes ahead of, and (2) a few comparisons of z with fixed numbers. For (1) the
 * scan's own comparison is kept (exact-key.ts: the doubles outside the 1e-9 band KEY_BAND, else the
 * cross-products, ties to the lower index). Prefix minima of key_j·(1 ± KEY_BAND) along the order
 * bracket the first player i is clearly ahead of and the first it is not clearly behind by binary
 * search, and the players between the two (those whose keys agree with key_i to about 1e-9) are
 * tested one by one with that comparison, as the scan does — no assumption about how the order was
 * sorted. For (2), when i is picked the scan's value only grows after i,
 * so the fallback test is settled by the prefix value plus z unless the single highest other bid
 * exceeds it; only then is the rest of the scan replayed (same additions in the same order).
 * Within one probe, players with the same bid and key symbols (b and w for b/w; b, w and rtime for
 * b/(w·rtime)) compare alike, so the exact comparison is made once per class (the tie band of 1B
 * holds every job planned for the clearing time λ, a third of a sample).
 */
import type { Instance } from "./instance";
import { greedyOrder, greedyValueFrom, type GreedyRule } from "./greedy";
import { compareKeyValues, KEY_BAND } from "./exact-key";
import { invalidArgument } from "../util/errors";

const byValues = compareKeyValues; // a local binding: the call is hot
const UP = 1 + KEY_BAND,
  DOWN = 1 - KEY_BAND;

/** For a winner i, the function z ↦ whether i wins bidding z (the others' bids fixed). */
export type BidProbe = (z: number) => boolean;

/**
 * Prepares the probes of one instance: returns `forPlayer(i)`, which costs O(n) and gives i's
 * probe, each call of which costs O(log n) plus the players whose keys tie with i's to 1e-9.
 * The keys must be numbers (never NaN), as every instance built by makeInstance gives.
 * @throws `invalid rule: …; expected a greedy rule with an exact key` for another key (criticalPayments
 *   then re-runs the rule per probe)
 * @example const probe = greedyBidProbes(rule, inst)(i); probe(0.5 * inst.b[i])
 */
export function greedyBidProbes(rule: GreedyRule, inst: Instance): (i: number) => BidProbe {
  if (!rule.key.exact)
    throw invalidArgument("rule", rule.name, "a greedy rule with an exact key (greedy-key.ts)");
  const pk = rule.key.prepare(inst);
  const order = greedyOrder(inst, rule.key, pk);
  const keys = pk.keys;
  const n = order.length;
  const { w, b } = inst;
  const cap = inst.capacity;
  const skip = rule.skip;
  // Players of one class (same bid and key symbols) share an id; `stamp`/`memo` cache a comparison
  // per probe. Built on the first tie (a probe far from every key never needs it).
  let cls: Int32Array | undefined;
  let stamp = new Float64Array(0);
  let memo = new Int8Array(0);
  const classes = (): Int32Array => {
    const c = pk.classes();
    stamp = new Float64Array(c.count).fill(-1);
    memo = new Int8Array(c.count);
    return c.id;
  };
  let probes = 0;
  // The order without i (length m = n − 1) and, per place k, the scan's state before player k.
  const oj = new Int32Array(n);
  const minUp = new Float64Array(n); // min over places ≤ k of key·(1 + KEY_BAND): "clearly ahead" threshold
  const minLow = new Float64Array(n); // min over places ≤ k of key·(1 − KEY_BAND): "clearly behind" threshold
  const roomAt = new Float64Array(n + 1);
  const valueAt = new Float64Array(n + 1);
  const haltedAt = new Uint8Array(n + 1);
  return (i: number): BidProbe => {
    let m = 0,
      room = cap,
      value = 0,
      halted = false,
      bestOther = -Infinity,
      upMin = Infinity,
      lowMin = Infinity;
    for (let k = 0; k < n; k++) {
      const j = order[k];
      if (j === i) continue;
      if (w[j] <= cap && b[j] > bestOther) bestOther = b[j];
      const u = keys[j] * UP,
        l = keys[j] * DOWN;
      if (u < upMin) upMin = u;
      if (l < lowMin) lowMin = l;
      oj[m] = j;
      minUp[m] = upMin;
      minLow[m] = lowMin;
      roomAt[m] = room;
      valueAt[m] = value;
      haltedAt[m] = halted ? 1 : 0;
      if (!halted) {
        if (w[j] <= room) {
          room -= w[j];
          value += b[j];
        } else if (!skip) halted = true;
      }
      m++;
    }
    roomAt[m] = room;
    valueAt[m] = value;
    haltedAt[m] = halted ? 1 : 0;
    const wi = w[i];
    const iFits = wi <= cap;
    return (z: number): boolean => {
      const keyI = pk.at(i, z); // i's key at bid z, as the sort computes it

      const probe = probes++;
      // c: first place clearly behind i (keyI > key·(1 + KEY_BAND)); minUp is non-increasing.
      let lo = 0,
        hi = m;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (keyI > minUp[mid]) hi = mid;
        else lo = mid + 1;
      }
      const c = lo;
      // a: first place not clearly ahead of i (keyI ≥ key·(1 − KEY_BAND)); a ≤ c.
      hi = c;
      lo = 0;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (minLow[mid] <= keyI) hi = mid;
        else lo = mid + 1;
      }
      let pos = c;
      for (let k = lo; k < c; k++) {
        const j = oj[k];
        if (keyI < keys[j] * DOWN) continue; // clearly behind j (the bracket's own threshold)
        // The key comparison (doubles, then cross-products), once per class and probe.
        cls ??= classes();
        const id = cls[j];
        let cmp: number;
        if (stamp[id] === probe) cmp = memo[id];
        else {
          cmp = byValues(keyI, keys[j]) || pk.cross(i, z, j, b[j]);
          stamp[id] = probe;
          memo[id] = cmp;
        }
        if (cmp > 0 || (cmp === 0 && i < j)) {
          pos = k;
          break;
        }
      }
      if (!haltedAt[pos] && wi <= roomAt[pos]) {
        // i is picked. The set's value only grows after i (bids ≥ 0), so value ≥ z and the
        // fallback takes the set unless the highest other bid beats the final value.
        if (!rule.fallback) return true;
        const v = valueAt[pos] + z;
        if (!(bestOther > v)) return true;
        return !(bestOther > greedyValueFrom(oj, w, b, pos, roomAt[pos] - wi, v, skip, m));
      }
      if (!rule.fallback) return false;
      // i is not picked: the set is the scan without i up to i's halt (halting rule) or to the end (skipping).
      const v = haltedAt[pos] || !skip ? valueAt[pos] : valueAt[m];
      return iFits && z > v && (z > bestOther || (z === bestOther && lowestIndexWithBid(inst, z, i)));
    };
  };
}

/** Whether no player below index i that fits the capacity bids exactly z (the fallback's tie rule: lowest index). */
function lowestIndexWithBid(inst: Instance, z: number, i: number): boolean {
  for (let j = 0; j < i; j++) if (inst.b[j] === z && inst.w[j] <= inst.capacity) return false;
  return true;
}
