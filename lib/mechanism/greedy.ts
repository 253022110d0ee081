/**
 * The knapsack greedy rule (thesis Sections 5.2.9 and 5.3.1): sort players by b_i/w_i (or by
 * b_i/(w_i·rtime_i), experiments 2B and 3B), pick in that order until one does not fit and halt,
 * then return that set or the single highest bidder, whichever has the larger total bid. The
 * "modified" greedy of Section 6.3.2 skips players that do not fit instead of halting.
 * Ties in the key are broken by player index (stable), so the rule is deterministic.
 */
import type { Instance } from "./instance";
import { type AllocateOptions, type AllocationRule, resolveAllocate } from "./rule";
import { keyword } from "../util/options";
import { compareKeys } from "./exact-key";

/** The greedy sort key: b/w (the textbook rule) or b/(w·rtime) (experiments 2B, 3B). */
export type GreedyRatio = "b/w" | "b/(w·rtime)";

/** Options of {@link greedyRule}. */
export interface GreedyOptions {
  /** Sort key. Defaults to "b/w". */
  ratio?: GreedyRatio;
  /** Skip players that do not fit instead of halting (the modified greedy, 6.3.2). Defaults to false. */
  skip?: boolean;
  /** Return the single highest bidder when her bid exceeds the greedy set's total (5.2.9 step 3). Defaults to true. */
  fallback?: boolean;
}

/** A greedy allocation rule with its settings. */
export interface GreedyRule extends AllocationRule {
  readonly kind: "greedy";
  readonly ratio: GreedyRatio;
  readonly skip: boolean;
  readonly fallback: boolean;
}

/** Sign of key(i at bid bi) − key(j at bid bj), by cross-products (see exact-key.ts: exact for whole numbers). */
export function compareGreedyKeys(
  inst: Instance,
  ratio: GreedyRatio,
  i: number,
  bi: number,
  j: number,
  bj: number,
): number {
  return ratio === "b/w"
    ? compareKeys(bi, inst.w[i], 1, bj, inst.w[j], 1)
    : compareKeys(bi, inst.w[i], inst.r[i], bj, inst.w[j], inst.r[j]);
}

/**
 * Player indices sorted by decreasing greedy key, ties by index. Keys are compared by their
 * cross-products (never by rounded quotients; see exact-key.ts), so equal keys — e.g. every 2B key
 * when b = 1.1·w·rtime unrounded — tie, and the tie rule (lower index first) decides.
 */
export function greedyOrder(inst: Instance, ratio: GreedyRatio): Int32Array {
  const n = inst.w.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // compareKeys's own first test on the same quotients (b/w or b/(w·r)),
  // taken here from an array: keys that differ by more than 1e-9 relative are ordered without the call.
  const keys = greedyKeys(inst, ratio);
  order.sort((a, c) => {
    const kc = keys[c],
      ka = keys[a];
    if (Math.abs(kc - ka) > 1e-9 * Math.max(Math.abs(kc), Math.abs(ka))) return kc > ka ? 1 : -1;
    return compareGreedyKeys(inst, ratio, c, inst.b[c], a, inst.b[a]) || a - c;
  });
  return order;
}

/**
 * The value a greedy scan ends with when it goes on from position `from` of `order` with `room`
 * nodes left and `value` so far: each player that fits adds its bid (in scan order, so the sum is
 * the one a full scan makes); the first that does not fit halts the scan, or is passed over when
 * `skip`; the scan ends before position `to` (defaults to the order's length). Used by the
 * O(log n) probes and re-runs that resume a scan from a stored prefix state.
 */
export function greedyValueFrom(
  order: ArrayLike<number>,
  w: ArrayLike<number>,
  b: ArrayLike<number>,
  from: number,
  room: number,
  value: number,
  skip: boolean,
  to = order.length,
): number {
  let r = room,
    v = value;
  for (let k = from; k < to; k++) {
    const j = order[k];
    if (w[j] <= r) {
      r -= w[j];
      v += b[j];
    } else if (!skip) break;
  }
  return v;
}

/**
 * Scans players in `order` (skipping `exclude`), halting or skipping at the first that does not
 * fit, then applies the highest-bidder fallback. `bidOf` gives the bid used for each player.
 */
export function greedyScan(
  inst: Instance,
  order: ArrayLike<number>,
  capacity: number,
  skip: boolean,
  fallback: boolean,
  exclude = -1,
  bidOf: (i: number) => number = (i) => inst.b[i],
): Uint8Array {
  const n = inst.w.length;
  const x = new Uint8Array(n);
  let room = capacity;
  let value = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    if (i === exclude) continue;
    if (inst.w[i] <= room) {
      x[i] = 1;
      room -= inst.w[i];
      value += bidOf(i);
    } else if (!skip) break;
  }
  if (fallback) {
    let best = -1;
    let bestBid = -Infinity;
    for (let i = 0; i < n; i++) {
      if (i === exclude || inst.w[i] > capacity) continue;
      const bi = bidOf(i);
      if (bi > bestBid) {
        bestBid = bi;
        best = i;
      }
    }
    if (best >= 0 && bestBid > value) {
      x.fill(0);
      x[best] = 1;
    }
  }
  return x;
}

/** Greedy keys of all players at their bids. */
export function greedyKeys(inst: Instance, ratio: GreedyRatio): Float64Array {
  const { b, w, r } = inst;
  const keys = new Float64Array(b.length);
  // b/w or b/(w·r) in a plain loop (Float64Array.from with a callback is slow).
  if (ratio === "b/w") for (let i = 0; i < b.length; i++) keys[i] = b[i] / w[i];
  else for (let i = 0; i < b.length; i++) keys[i] = b[i] / (w[i] * r[i]);
  return keys;
}

/**
 * The greedy allocation rule.
 * @example greedyRule({ ratio: "b/w" }).allocate(inst)   // experiment 1B / 4B
 */
export function greedyRule(options: GreedyOptions = {}): GreedyRule {
  const ratio = keyword(options.ratio ?? "b/w", "ratio", ["b/w", "b/(w·rtime)"] as const);
  const skip = options.skip ?? false;
  const fallback = options.fallback ?? true;
  return {
    kind: "greedy",
    name: `greedy ${ratio} ${skip ? "skip" : "halt"}${fallback ? "+fallback" : ""}`,
    // Monotone in every variant: raising b_i only moves i earlier in the order, which leaves the
    // selected set unchanged when i was selected (halting or skipping alike), and raises both the
    // greedy set's value and i's single bid for the fallback comparison (Mu'alem–Nisan: the
    // better of two bitonic rules is monotone). The thesis feared the skipping variant breaks
    // monotonicity (5.3.1); it does not — what breaks DSIC is the Clarke re-run payment.
    monotone: true,
    ratio,
    skip,
    fallback,
    allocate(inst: Instance, opts?: AllocateOptions): Uint8Array {
      const { exclude, capacity } = resolveAllocate(inst, opts);
      return greedyScan(inst, greedyOrder(inst, ratio), capacity, skip, fallback, exclude);
    },
  };
}
