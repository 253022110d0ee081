/**
 * A single-parameter knapsack auction instance (thesis Section 5.2.8 / 5.3.1): n players, player i
 * with a public size w_i (nodes), a bid b_i (node·minutes of value), an expected running time r_i
 * (minutes, used by greedy keys such as b/(w·rtime)), optionally its planned minutes (greedy keys in
 * `min`) and a priority (Section 6.3.3). Capacity W in nodes.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";

/** An instance of the knapsack auction. Arrays are indexed by player. */
export interface Instance {
  /** Sizes w_i, nodes (positive integers). */
  readonly w: Int32Array;
  /** Bids b_i (non-negative; node·minutes in the thesis's experiments). */
  readonly b: Float64Array;
  /** Running-time denominators r_i, minutes (positive); the b/(w·rtime) greedy key divides by w_i·r_i. */
  readonly r: Float64Array;
  /** Planned minutes min_i (>= 0), read by greedy keys in `min`; empty when not set. */
  readonly minutes: Float64Array;
  /** Priorities (higher first) for the priority rule; empty when not set. */
  readonly priority: Float64Array;
  /** Capacity W, nodes. */
  readonly capacity: number;
}

/** Inputs of {@link makeInstance}. */
export interface InstanceInput {
  /** Sizes w_i, nodes (positive integers). */
  weights: ArrayLike<number>;
  /** Bids b_i (finite, >= 0). */
  bids: ArrayLike<number>;
  /** Capacity W, nodes (positive integer). */
  capacity: number;
  /** Running-time denominators r_i, minutes (> 0). Defaults to all 1. */
  rtimes?: ArrayLike<number>;
  /** Priorities for the priority rule. Defaults to none. */
  priorities?: ArrayLike<number>;
  /** Planned minutes (>= 0), for greedy keys in `min`. Defaults to none. */
  minutes?: ArrayLike<number>;
}

/**
 * Validates and builds an {@link Instance}.
 * @throws `invalid weights[3]: 0; expected …` and similar for bad entries
 */
export function makeInstance(input: InstanceInput): Instance {
  const n = input.weights.length;
  const capacity = integer(input.capacity, "capacity", 1);
  if (input.bids.length !== n)
    throw invalidArgument("bids.length", input.bids.length, `${n} (one per weight)`);
  const w = new Int32Array(n);
  const b = new Float64Array(n);
  const r = new Float64Array(n);
  // The checks of integer()/finiteNumber() inline; those are called (to throw their message) only
  // for a bad value, so no name string is built per player.
  const rt = input.rtimes;
  for (let i = 0; i < n; i++) {
    const wi = input.weights[i],
      bi = input.bids[i];
    w[i] =
      typeof wi === "number" && Number.isInteger(wi) && wi >= 1 && wi <= 2 ** 30
        ? wi
        : integer(wi, `weights[${i}]`, 1, 2 ** 30);
    b[i] = typeof bi === "number" && Number.isFinite(bi) && bi >= 0 ? bi : finiteNumber(bi, `bids[${i}]`, 0);
    if (rt) {
      const ri = rt[i];
      r[i] =
        typeof ri === "number" && Number.isFinite(ri) && ri >= Number.MIN_VALUE
          ? ri
          : finiteNumber(ri, `rtimes[${i}]`, Number.MIN_VALUE);
    } else r[i] = 1;
  }
  if (input.rtimes && input.rtimes.length !== n)
    throw invalidArgument("rtimes.length", input.rtimes.length, `${n}`);
  let priority = new Float64Array(0);
  if (input.priorities) {
    if (input.priorities.length !== n)
      throw invalidArgument("priorities.length", input.priorities.length, `${n}`);
    priority = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const pi = input.priorities[i];
      priority[i] = typeof pi === "number" && Number.isFinite(pi) ? pi : finiteNumber(pi, `priorities[${i}]`);
    }
  }
  let minutes = new Float64Array(0);
  if (input.minutes) {
    if (input.minutes.length !== n) throw invalidArgument("minutes.length", input.minutes.length, `${n}`);
    minutes = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const mi = input.minutes[i];
      minutes[i] =
        typeof mi === "number" && Number.isFinite(mi) && mi >= 0 ? mi : finiteNumber(mi, `minutes[${i}]`, 0);
    }
  }
  return { w, b, r, minutes, priority, capacity };
}

/** A copy of `inst` with player i's bid replaced by `bid` (the other arrays are shared). */
export function withBid(inst: Instance, i: number, bid: number): Instance {
  const b = inst.b.slice();
  b[i] = bid;
  return { ...inst, b };
}

/** Total bid of the players with x_i = 1, optionally leaving one player out. */
export function allocationValue(inst: Instance, x: Uint8Array, exclude = -1): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) if (x[i] && i !== exclude) s += inst.b[i];
  return s;
}

/** Total size (nodes) of the players with x_i = 1. */
export function allocationWeight(inst: Instance, x: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) if (x[i]) s += inst.w[i];
  return s;
}
