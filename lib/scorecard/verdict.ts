/**
 * The reproduction verdict: a value beside a published one is *exact*, *within noise*,
 * *differs — explained* or *differs — unexplained*, decided by the rule below (stated once, here,
 * and shown by notebook 16).
 *
 * Estimates. A side with several samples is summarised by its mean and the 95% confidence interval
 * of the mean, mean ± t(0.975, n − 1)·sd/√n (Student's t: the thesis has only 15–16 kept samples);
 * a side with one value has a zero-width interval.
 *
 * Rule, in order:
 * 1. **exact** — both sides are constant and equal: every value on each side is the same number
 *    and the two numbers are equal (after rounding ours to the thesis's printed decimals when
 *    `decimals` is given, because the thesis rounds what it prints).
 * 2. **within noise** — the thesis has ≥ 2 samples: the two 95% intervals overlap. The thesis has
 *    one value: it lies inside our interval, or |ours / thesis − 1| ≤ `tolerance` (Defaults to 5%).
 * 3. **differs — explained** — otherwise, when an {@link Explanation} computed by an experiment
 *    holds (see {@link counterfactualExplanation}: the thesis's setting, switched on in code, brings
 *    ours within noise of the thesis). A text alone never explains.
 * 4. **differs — unexplained** — everything else, including "ours not computed".
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber } from "../util/options";
import { mean, sampleSd, tQuantile975 } from "../util/stats";

/** The four verdicts, in the order the rule tries them. */
export const VERDICTS = ["exact", "within noise", "differs — explained", "differs — unexplained"] as const;

/** A verdict. */
export type Verdict = (typeof VERDICTS)[number];

/** A mean with its 95% confidence interval over `n` values (zero width when n = 1). */
export interface Estimate {
  /** Mean of the values. */
  mean: number;
  /** Lower end of the 95% CI of the mean. */
  low: number;
  /** Upper end of the 95% CI of the mean. */
  high: number;
  /** Number of values. */
  n: number;
  /** True when every value is the same number. */
  constant: boolean;
}

/**
 * Mean and 95% CI of `values` (t-interval).
 * @throws `invalid values: …` when empty or holding a non-finite number
 */
export function estimate(values: readonly number[]): Estimate {
  if (values.length === 0) throw invalidArgument("values", "[]", "at least one value");
  values.forEach((v, k) => finiteNumber(v, `values[${k}]`));
  const m = mean(values);
  const constant = values.every((v) => v === values[0]);
  if (values.length === 1 || constant)
    return {
      mean: constant ? values[0] : m,
      low: constant ? values[0] : m,
      high: constant ? values[0] : m,
      n: values.length,
      constant,
    };
  const h = (tQuantile975(values.length - 1) * sampleSd(values)) / Math.sqrt(values.length);
  return { mean: m, low: m - h, high: m + h, n: values.length, constant };
}

/** Evidence from an experiment computed in a notebook: what was run, where it is shown, and whether it shows the cause. */
export interface Explanation {
  /** The experiment, e.g. `rerunCapacity = "W"` or `favorSmall = false`. */
  experiment: string;
  /** Where it is shown, e.g. `notebook 10, § PoA decomposition`. */
  shownIn: string;
  /** True when the experiment's result shows the cause (for a counterfactual: ours moves within noise). */
  holds: boolean;
  /** The experiment's result in words (numbers from code). */
  detail: string;
}

/** Options of {@link verdictOf}. */
export interface VerdictOptions {
  /** Relative tolerance when the thesis has one value. Defaults to 0.05. */
  tolerance?: number;
  /** Decimals the thesis printed (ours is rounded to them for the exact test). Defaults to none. */
  decimals?: number;
  /** Experiments that may explain a difference; the first that holds is used. Defaults to none. */
  explanations?: readonly Explanation[];
}

function rounded(x: number, decimals?: number): number {
  if (decimals === undefined) return x;
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** True when `ours` is within noise of `thesis` by rule 2 (or exact). */
export function withinNoise(thesis: Estimate, ours: Estimate, tolerance = 0.05): boolean {
  finiteNumber(tolerance, "tolerance", 0);
  if (thesis.n >= 2) return ours.low <= thesis.high && thesis.low <= ours.high;
  if (thesis.mean >= ours.low && thesis.mean <= ours.high) return true;
  if (thesis.mean === 0) return ours.mean === 0;
  return Math.abs(ours.mean / thesis.mean - 1) <= tolerance;
}

/** The verdict of `ours` against `thesis` by the rule of this module; `ours` undefined = not computed. */
export function verdictOf(
  thesis: Estimate,
  ours: Estimate | undefined,
  options: VerdictOptions = {},
): { verdict: Verdict; explanation?: Explanation } {
  const tolerance = finiteNumber(options.tolerance ?? 0.05, "tolerance", 0);
  if (ours) {
    if (thesis.constant && ours.constant && rounded(ours.mean, options.decimals) === thesis.mean)
      return { verdict: "exact" };
    if (withinNoise(thesis, ours, tolerance)) return { verdict: "within noise" };
  }
  const explanation = (options.explanations ?? []).find((e) => e.holds);
  return explanation ? { verdict: "differs — explained", explanation } : { verdict: "differs — unexplained" };
}

/**
 * An explanation by counterfactual: `values` are ours recomputed with one setting switched to the
 * thesis's (or another candidate cause). It holds when (1) they are within noise of the thesis and,
 * when `baseValues` (ours with our setting, on the same samples in the same order) are given,
 * (2) the setting really moves the value — the 95% CI of the paired differences excludes 0 — and
 * (3) it moves it toward the thesis and (4) ours on those same samples is *not* within noise.
 * Without (2)–(4) a setting that changes nothing (or little) could "explain" a gap merely because
 * fewer counterfactual samples give a wider interval. (1) itself still favours few samples, so the
 * notebooks rerun every statistics sample (CF_SAMPLES = STATS_SAMPLES = 200 by default): judged on
 * fewer, a counterfactual's interval is wider and meets the thesis's more easily, and a column it
 * breaks is less often seen to break.
 * @throws `invalid baseValues: …` when given with a different length
 */
export function counterfactualExplanation(
  experiment: string,
  shownIn: string,
  thesis: Estimate,
  values: readonly number[],
  tolerance = 0.05,
  baseValues?: readonly number[],
): Explanation {
  const e = estimate(values);
  let holds = withinNoise(thesis, e, tolerance);
  let moved = "";
  if (baseValues) {
    if (baseValues.length !== values.length)
      throw invalidArgument(
        "baseValues",
        `${baseValues.length} values`,
        `${values.length} values (the same samples)`,
      );
    const d = estimate(values.map((v, k) => v - baseValues[k]));
    const b = mean(baseValues);
    const effect = d.constant ? d.mean !== 0 : d.low > 0 || d.high < 0;
    const toward = Math.abs(e.mean - thesis.mean) < Math.abs(b - thesis.mean);
    const baseDiffers = !withinNoise(thesis, estimate(baseValues), tolerance);
    holds = holds && effect && toward && baseDiffers;
    moved = effect
      ? `; moves ours by ${fmt(d.mean)} [${fmt(d.low)}, ${fmt(d.high)}] on the same samples${toward ? "" : ", away from the thesis"}${baseDiffers ? "" : ", where ours already lies within noise (too few samples to tell)"}`
      : "; changes nothing on the same samples";
  }
  return {
    experiment,
    shownIn,
    holds,
    detail: `with ${experiment}: ${fmt(e.mean)} [${fmt(e.low)}, ${fmt(e.high)}] over ${e.n} samples${moved} — ${holds ? "explains the gap" : "does not explain it"}`,
  };
}

/** Compact number format for evidence texts (≤ 4 significant digits, no exponent below 1e9). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toFixed(3);
}
