/**
 * The thesis's result metrics (Section 6.2) of one allocation and payment vector:
 * TV = Σ b_i x_i, TP = Σ p_i x_i, TW = Σ w_i x_i, AD = Σ |b_i − p_i| x_i / N, PM = #{x_i, p_i > b_i},
 * SP = #{x_i, p_i = b_i}, JP = Σ x_i, NC = #{x_i, p_i < 0}. (TTS, the running time, is measured by
 * the round runners.) AD's normaliser N: the thesis writes a plain sum but calls it an average;
 * Table 14 divides by the sample size n (sample_1, 1A: (506930 − 138240)/406 = 908.10), not by
 * the number of winners JP (= 1706.9) — so "n" is the default and "winners" the alternative.
 */
import type { Instance } from "./instance";
import { keyword, finiteNumber } from "../util/options";

/** The metrics of one mechanism run. */
export interface MechanismMetrics {
  /** Players (sample size). */
  n: number;
  /** Total value Σ b_i x_i (social welfare at the reported bids). */
  TV: number;
  /** Total payments Σ p_i x_i. */
  TP: number;
  /** Total weight Σ w_i x_i, nodes. */
  TW: number;
  /** Average |b_i − p_i| over winners, divided by the chosen normaliser. */
  AD: number;
  /** Winners paying more than their bid. */
  PM: number;
  /** Winners paying exactly their bid (within the tolerance). */
  SP: number;
  /** Winners (jobs picked). */
  JP: number;
  /** Winners paid by the mechanism (p_i < 0). */
  NC: number;
}

/** Options of {@link mechanismMetrics}. */
export interface MetricsOptions {
  /** Denominator of AD: "n" (sample size, what Table 14 uses) or "winners". Defaults to "n". */
  adNormaliser?: "n" | "winners";
  /** Relative tolerance for p = b, p > b and p < 0 (floating-point sums). Defaults to 1e-9. */
  tolerance?: number;
}

/** Computes TV, TP, TW, AD, PM, SP, JP, NC. */
export function mechanismMetrics(
  inst: Instance,
  x: Uint8Array,
  p: ArrayLike<number>,
  options: MetricsOptions = {},
): MechanismMetrics {
  const norm = keyword(options.adNormaliser ?? "n", "adNormaliser", ["n", "winners"] as const);
  const tol = finiteNumber(options.tolerance ?? 1e-9, "tolerance", 0);
  const n = x.length;
  let TV = 0,
    TP = 0,
    TW = 0,
    sumD = 0,
    PM = 0,
    SP = 0,
    JP = 0,
    NC = 0;
  for (let i = 0; i < n; i++) {
    if (!x[i]) continue;
    const b = inst.b[i];
    const pi = p[i];
    const eps = tol * Math.max(1, Math.abs(b));
    TV += b;
    TP += pi;
    TW += inst.w[i];
    sumD += Math.abs(b - pi);
    JP++;
    if (pi > b + eps) PM++;
    else if (Math.abs(pi - b) <= eps) SP++;
    if (pi < -eps) NC++;
  }
  const denom = norm === "n" ? n : JP;
  return { n, TV, TP, TW, AD: denom ? sumD / denom : 0, PM, SP, JP, NC };
}
