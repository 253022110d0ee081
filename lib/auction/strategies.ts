/**
 * Bidding strategies of seed 004 (Section 4). An agent sees only static job data (budget, start,
 * deadline, frames) and its own progress (time, frames done and their work, money left); see
 * {@link BidContext}. The strategy families are rational polynomials in the current time t (rounds)
 * and the time to complete d:
 *
 *   PS (Eq. 3):  b / B = (c1/d + c2 + c3·d + c4·d²) · (1 + c5·t + c6·t²)            6 coefficients
 *   GV (Eq. 4):  N_max / N, b_max / B and r, each of that same form                   18 coefficients
 *
 * B is the agent's remaining balance and N the number of servers. Our reading of the seed's symbols
 * (a documented choice): t is the absolute round number ("late in the day") and d the number of rounds
 * left before the deadline (deadline − t ≥ 1), so the defaults b/B = 2/d (PS) and b_max/B = 1/d (GV)
 * spread the budget over the remaining rounds. Results are truncated to their ranges: b to [0, B] and
 * N_max to ≥ 0 by the auctions, r to [−1, 1] here.
 *
 * The workload predictor of Section 4.2 ({@link predictRemainingWork}) is part of the context: each
 * frame left is expected to take the mean work of the frames rendered so far, or a fixed prior when no
 * frame is done yet. The seed's bid families do not use it (they depend on t and d only); it is
 * offered so that other strategies can.
 */
import { finiteNumber } from "../util/options";
import { invalidArgument } from "../util/errors";

/** What an agent knows when it bids. */
export interface BidContext {
  /** The current round t. */
  t: number;
  /** Rounds left before the deadline (deadline − t, ≥ 1). */
  d: number;
  /** Servers in the auction (N). */
  servers: number;
  /** Remaining balance B, money units. */
  balance: number;
  /** Initial budget, money units. */
  budget: number;
  /** Job start and deadline, rounds. */
  start: number;
  deadline: number;
  /** Frames in the job, completed so far, and not yet completed. */
  frames: number;
  completed: number;
  remaining: number;
  /** Predicted work left (server·rounds), by the Section 4.2 predictor. */
  predictedWork: number;
}

/** The 6 coefficients of a PS strategy (Eq. 3). */
export type PsCoefficients = readonly [number, number, number, number, number, number];

/** The 18 coefficients of a GV strategy (Eq. 4): N_max/N (0–5), b_max/B (6–11), r (12–17). */
export type GvCoefficients = readonly number[];

/** The seed's default PS strategy: b/B = 2/d. */
export const DEFAULT_PS_COEFFICIENTS: PsCoefficients = Object.freeze([
  2, 0, 0, 0, 0, 0,
]) as unknown as PsCoefficients;

/** The seed's default GV strategy: N_max/N = 1, b_max/B = 1/d, r = 0. */
export const DEFAULT_GV_COEFFICIENTS: GvCoefficients = Object.freeze([
  0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);

/**
 * The rational polynomial of Eq. 3/4: (c1/d + c2 + c3·d + c4·d²)·(1 + c5·t + c6·t²).
 * @param c six coefficients (read from `offset`)
 * @param t the round number
 * @param d rounds to the deadline (> 0)
 * @example rationalPolynomial([2, 0, 0, 0, 0, 0], 5, 4) // 0.5
 */
export function rationalPolynomial(c: readonly number[], t: number, d: number, offset = 0): number {
  return (
    (c[offset] / d + c[offset + 1] + c[offset + 2] * d + c[offset + 3] * d * d) *
    (1 + c[offset + 4] * t + c[offset + 5] * t * t)
  );
}

/** Checks a coefficient vector of the given length. */
export function checkCoefficients(
  c: readonly number[],
  length: 6 | 18,
  name = "coefficients",
): readonly number[] {
  if (!Array.isArray(c) || c.length !== length)
    throw invalidArgument(name, c, `an array of ${length} finite numbers`);
  c.forEach((x, i) => finiteNumber(x, `${name}[${i}]`));
  return c;
}

/**
 * The PS bid (money units) of Eq. 3, before the auction truncates it to [0, B].
 * @example psBid(DEFAULT_PS_COEFFICIENTS, ctx) // 2·B/d
 */
export function psBid(
  c: PsCoefficients | readonly number[],
  ctx: Pick<BidContext, "t" | "d" | "balance">,
): number {
  return ctx.balance * rationalPolynomial(c, ctx.t, ctx.d);
}

/**
 * The GV bid parameters of Eq. 4: N_max (servers, ≥ 0), b_max (money, ≥ 0) and r (clamped to [−1, 1]).
 * @example gvParameters(DEFAULT_GV_COEFFICIENTS, ctx) // { nMax: N, bMax: B/d, r: 0 }
 */
export function gvParameters(
  c: GvCoefficients,
  ctx: Pick<BidContext, "t" | "d" | "balance" | "servers">,
): { nMax: number; bMax: number; r: number } {
  const nMax = Math.max(0, ctx.servers * rationalPolynomial(c, ctx.t, ctx.d, 0));
  const bMax = Math.max(0, ctx.balance * rationalPolynomial(c, ctx.t, ctx.d, 6));
  const r = Math.min(1, Math.max(-1, rationalPolynomial(c, ctx.t, ctx.d, 12)));
  return {
    nMax: Number.isFinite(nMax) ? nMax : 0,
    bMax: Number.isFinite(bMax) ? bMax : 0,
    r: Number.isFinite(r) ? r : 0,
  };
}

/**
 * The workload predictor of Section 4.2: remaining frames × the mean work of the frames completed so
 * far, or × `prior` when none is completed yet.
 * @param remaining frames not yet completed
 * @param completed frames completed
 * @param completedWork total work of the completed frames, server·rounds
 * @param prior expected work per frame before any frame completes, server·rounds
 * @returns predicted remaining work, server·rounds
 * @example predictRemainingWork(10, 2, 7, 3) // 35
 */
export function predictRemainingWork(
  remaining: number,
  completed: number,
  completedWork: number,
  prior: number,
): number {
  const perFrame = completed > 0 ? completedWork / completed : prior;
  return remaining * perFrame;
}
