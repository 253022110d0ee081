/**
 * The knapsack greedy rule (thesis Sections 5.2.9 and 5.3.1): sort players by a key — b_i/w_i, or
 * b_i/(w_i·rtime_i) (experiments 2B and 3B), or any key formula of your own (greedy-key.ts) — pick
 * in that order until one does not fit and halt, then return that set or the single highest bidder,
 * whichever has the larger total bid. The "modified" greedy of Section 6.3.2 skips players that do
 * not fit instead of halting. Ties in the key are broken by player index (greedy-key.ts states the
 * tie rule), so the rule is deterministic.
 */
import type { Instance } from "./instance";
import { type AllocateOptions, type AllocationRule, resolveAllocate } from "./rule";
import { greedyKey, type GreedyKey } from "./greedy-key";
import type { PreparedKey } from "./prepared-key";

/** Options of {@link greedyRule}. */
export interface GreedyOptions {
  /**
   * The sort key, a formula in b, w, min, rtime (greedy-key.ts): `"b/w"` (1B, 4B), `"b/(w*rtime)"`
   * (2B, 3B), `"b/w^2"`, … Defaults to "b/w".
   */
  key?: string;
  /** Skip players that do not fit instead of halting (the modified greedy, 6.3.2). Defaults to false. */
  skip?: boolean;
  /** Return the single highest bidder when her bid exceeds the greedy set's total (5.2.9 step 3). Defaults to true. */
  fallback?: boolean;
}

/** A greedy allocation rule with its settings. */
export interface GreedyRule extends AllocationRule {
  readonly kind: "greedy";
  /** The compiled sort key. */
  readonly key: GreedyKey;
  readonly skip: boolean;
  readonly fallback: boolean;
}

/**
 * Player indices sorted by decreasing key, ties by index (greedy-key.ts's tie rule: exact keys are
 * ordered by their doubles outside the 1e-9 band and by their cross-products inside it, never by
 * rounded quotients, so equal keys — e.g. every 2B key when b = 1.1·w·rtime unrounded — tie, and
 * the lower index goes first).
 * @param prepared the key on `inst` when the caller has it. Defaults to `key.prepare(inst)`.
 */
export function greedyOrder(inst: Instance, key: GreedyKey, prepared?: PreparedKey): Int32Array {
  return (prepared ?? key.prepare(inst)).order();
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

/**
 * The greedy allocation rule.
 * @example greedyRule().allocate(inst)                      // experiment 1B / 4B: by b/w
 * @example greedyRule({ key: "b/(w*rtime)" }).allocate(inst) // experiment 2B / 3B
 * @example greedyRule({ key: "b/w^2", skip: true })           // a rule of your own
 * @throws `invalid key: …` for a key formula that does not compile (greedy-key.ts)
 */
export function greedyRule(options: GreedyOptions = {}): GreedyRule {
  const key = greedyKey(options.key ?? "b/w");
  const skip = options.skip ?? false;
  const fallback = options.fallback ?? true;
  return {
    kind: "greedy",
    name: `greedy ${key.source} ${skip ? "skip" : "halt"}${fallback ? "+fallback" : ""}`,
    // Monotone when the key never falls as the bid rises (greedy-key.ts), in every variant: raising
    // b_i only moves i earlier in the order, which leaves the selected set unchanged when i was
    // selected (halting or skipping alike), and raises both the greedy set's value and i's single
    // bid for the fallback comparison (Mu'alem–Nisan: the better of two bitonic rules is
    // monotone). The thesis feared the skipping variant breaks monotonicity (5.3.1); it does not —
    // what breaks DSIC is the Clarke re-run payment.
    monotone: key.monotone,
    key,
    skip,
    fallback,
    allocate(inst: Instance, opts?: AllocateOptions): Uint8Array {
      const { exclude, capacity } = resolveAllocate(inst, opts);
      return greedyScan(inst, greedyOrder(inst, key), capacity, skip, fallback, exclude);
    },
  };
}
