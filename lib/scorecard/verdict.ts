/**
 * The scorecard's rule, stated once here and quoted by notebook 16 ({@link ruleMarkdown}).
 *
 * Tiers. Every row first says what kind of comparison it is ({@link TIERS}): *by construction*
 * (an input the twin is calibrated to, or a count the thesis's own pipeline fixes), *identity*
 * (a value that follows from the model's definitions), *reproduced result* (a mechanism,
 * scheduler or simulator output) or *not comparable* (e.g. solver wall-clock times on another
 * solver and machine). Only reproduced results get reproduction verdicts; a by-construction or
 * identity row is a check that *holds* or *does not hold*; a not-comparable row is not judged.
 *
 * Estimates. A side with several values is its mean with the interval of lib/util/interval.ts
 * (expanded percentile bootstrap: bounds never outside the values' range).
 *
 * Reproduction verdicts, in order:
 * 1. **not computed** — ours is missing.
 * 2. **exact** — both sides constant and equal (ours rounded to the thesis's printed decimals).
 * 3. **inconclusive (thesis spread)** — the thesis's interval is not informative: its half-width
 *    exceeds {@link INFORMATIVE_SHARE} of the absolute value of its mean.
 * 4. **within noise** — the two intervals overlap (a single thesis value: it lies in our interval
 *    or within the tolerance, 5% unless stated, of ours).
 * 5. **differs — explained** — an experiment fixed in advance (a setting read from the seeds'
 *    text or an independent source, taken whole, with no number chosen by us) brings ours within
 *    noise ({@link counterfactualExplanation}).
 * 6. **differs — candidate cause (post-hoc)** — only an experiment sized after seeing the results
 *    does.
 * 7. **differs — unexplained** — everything else.
 *
 * Outliers. A thesis sample is flagged when it lies outside Tukey's far fences of its column
 * (Q1 − 3·IQR, Q3 + 3·IQR, quartiles of R's type 7) and more than half the column's median away
 * from that median (columns of near-equal values have a tiny IQR, so the fences alone would flag
 * ordinary samples); the row shows its verdict with all samples (the headline) and without the
 * flagged ones.
 */
import { invalidArgument } from "../util/errors";
import { INTERVAL_METHOD, type MeanInterval, meanInterval } from "../util/interval";
import { finiteNumber } from "../util/options";
import { mean, quantileSorted } from "../util/stats";

/** The kinds of comparison, in the order the scorecard counts them. */
export const TIERS = ["reproduced result", "by construction", "identity", "not comparable"] as const;

/** A kind of comparison. */
export type Tier = (typeof TIERS)[number];

/** The verdicts of reproduced results, in the order the rule tries them. */
export const REPRODUCTION_VERDICTS = [
  "not computed",
  "exact",
  "inconclusive (thesis spread)",
  "within noise",
  "differs — explained",
  "differs — candidate cause (post-hoc)",
  "differs — unexplained",
] as const;

/** Every verdict: the reproduction verdicts, the checks of the other tiers, and "not judged". */
export const VERDICTS = [...REPRODUCTION_VERDICTS, "holds", "does not hold", "not judged"] as const;

/** A verdict. */
export type Verdict = (typeof VERDICTS)[number];

/** The thesis's interval is informative when its half-width is at most this share of |mean|. */
export const INFORMATIVE_SHARE = 0.25;

/** Tukey's far-fence factor of the outlier rule. */
export const OUTLIER_FENCE = 3;

/** An outlier also lies more than this share of |median| from the median. */
export const OUTLIER_DISTANCE = 0.5;

/** Relative tolerance when the thesis has one value. */
export const SINGLE_VALUE_TOLERANCE = 0.05;

/** A mean with its 95% interval over `n` values (zero width when n = 1 or all equal). */
export type Estimate = MeanInterval;

/** Mean and 95% interval of `values` (lib/util/interval.ts). */
export function estimate(values: readonly number[]): Estimate {
  return meanInterval(values);
}

/** How an explaining experiment's setting was obtained. */
export type ExplanationBasis = "fixed in advance" | "post-hoc";

/** Evidence from an experiment computed in a notebook: what was run, where, and whether it shows the cause. */
export interface Explanation {
  /** The experiment, e.g. `rerunCapacity = "W"`. */
  experiment: string;
  /** Where it is shown, e.g. `notebook 10`. */
  shownIn: string;
  /** True when the experiment's result shows the cause (ours moves within noise). */
  holds: boolean;
  /** The experiment's result in words (numbers from code). */
  detail: string;
  /** Fixed in advance (from the seeds' text) or sized after seeing results. */
  basis: ExplanationBasis;
}

/** Options of {@link verdictOf}. */
export interface VerdictOptions {
  /** Relative tolerance when the thesis has one value. Defaults to {@link SINGLE_VALUE_TOLERANCE}. */
  tolerance?: number;
  /** Decimals the thesis printed (ours is rounded to them for the exact test). Defaults to none. */
  decimals?: number;
  /** Experiments that may explain a difference, given the thesis's estimate. Defaults to none. */
  explanations?: (thesis: Estimate) => readonly Explanation[];
}

function rounded(x: number, decimals?: number): number {
  if (decimals === undefined) return x;
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/** True when the thesis's interval is informative (half-width ≤ {@link INFORMATIVE_SHARE}·|mean|). */
export function informative(thesis: Estimate): boolean {
  return (thesis.high - thesis.low) / 2 <= INFORMATIVE_SHARE * Math.abs(thesis.mean);
}

/** True when `ours` is within noise of `thesis` (rule 4; the caller checks that the thesis is informative). */
export function withinNoise(thesis: Estimate, ours: Estimate, tolerance = SINGLE_VALUE_TOLERANCE): boolean {
  finiteNumber(tolerance, "tolerance", 0);
  if (thesis.n >= 2) return ours.low <= thesis.high && thesis.low <= ours.high;
  if (thesis.mean >= ours.low && thesis.mean <= ours.high) return true;
  if (thesis.mean === 0) return ours.mean === 0;
  return Math.abs(ours.mean / thesis.mean - 1) <= tolerance;
}

/** The reproduction verdict of `ours` against `thesis` (rules 1–7); `ours` undefined = not computed. */
export function verdictOf(
  thesis: Estimate,
  ours: Estimate | undefined,
  options: VerdictOptions = {},
): { verdict: Verdict; explanation?: Explanation; tried: readonly Explanation[] } {
  const tolerance = finiteNumber(options.tolerance ?? SINGLE_VALUE_TOLERANCE, "tolerance", 0);
  if (!ours) return { verdict: "not computed", tried: [] };
  if (thesis.constant && ours.constant && rounded(ours.mean, options.decimals) === thesis.mean)
    return { verdict: "exact", tried: [] };
  if (thesis.n >= 2 && !informative(thesis)) return { verdict: "inconclusive (thesis spread)", tried: [] };
  if (withinNoise(thesis, ours, tolerance)) return { verdict: "within noise", tried: [] };
  const tried = options.explanations?.(thesis) ?? [];
  const fixed = tried.find((e) => e.holds && e.basis === "fixed in advance");
  if (fixed) return { verdict: "differs — explained", explanation: fixed, tried };
  const postHoc = tried.find((e) => e.holds);
  if (postHoc) return { verdict: "differs — candidate cause (post-hoc)", explanation: postHoc, tried };
  return { verdict: "differs — unexplained", tried };
}

/** The check of a by-construction or identity row: ours equals the thesis's value (or is within noise of it). */
export function checkOf(thesis: Estimate, ours: Estimate | undefined, options: VerdictOptions = {}): Verdict {
  if (!ours) return "not computed";
  const tolerance = options.tolerance ?? SINGLE_VALUE_TOLERANCE;
  if (thesis.constant && ours.constant && rounded(ours.mean, options.decimals) === thesis.mean)
    return "holds";
  return withinNoise(thesis, ours, tolerance) ? "holds" : "does not hold";
}

/**
 * Indices of the outlying values: outside Tukey's far fences (Q1 − k·IQR, Q3 + k·IQR,
 * k = {@link OUTLIER_FENCE}, quartiles of R's type 7) and more than {@link OUTLIER_DISTANCE} of
 * |median| from the median; none for fewer than 4 values.
 */
export function outlierIndices(values: readonly number[]): number[] {
  if (values.length < 4) return [];
  const sorted = Float64Array.from(values).sort();
  const q1 = quantileSorted(sorted, 0.25),
    q3 = quantileSorted(sorted, 0.75),
    median = quantileSorted(sorted, 0.5);
  const lo = q1 - OUTLIER_FENCE * (q3 - q1),
    hi = q3 + OUTLIER_FENCE * (q3 - q1);
  const far = (v: number) => Math.abs(v - median) > OUTLIER_DISTANCE * Math.abs(median);
  return values.flatMap((v, k) => ((v < lo || v > hi) && far(v) ? [k] : []));
}

/**
 * An explanation by counterfactual: `values` are ours recomputed with one setting switched. It
 * holds when (1) they are within noise of the thesis (whose interval is informative) and, when
 * `baseValues` (ours with our setting, on the same samples in the same order) are given, (2) the
 * setting really moves the value — the interval of the paired differences excludes 0 — (3) toward
 * the thesis, and (4) ours on those same samples is *not* within noise. Without (2)–(4) a setting
 * that changes little could "explain" a gap merely because fewer samples give a wider interval.
 * @throws `invalid baseValues: …` when given with a different length
 */
export function counterfactualExplanation(
  experiment: string,
  shownIn: string,
  thesis: Estimate,
  values: readonly number[],
  basis: ExplanationBasis,
  baseValues?: readonly number[],
  tolerance = SINGLE_VALUE_TOLERANCE,
): Explanation {
  const e = estimate(values);
  let holds = (thesis.n < 2 || informative(thesis)) && withinNoise(thesis, e, tolerance);
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
  const verb = basis === "post-hoc" ? "is a candidate cause (post-hoc)" : "explains the gap";
  return {
    experiment,
    shownIn,
    holds,
    basis,
    detail: `with ${experiment}: ${fmt(e.mean)} [${fmt(e.low)}, ${fmt(e.high)}] over ${e.n} samples${moved} — ${holds ? verb : "does not explain it"}`,
  };
}

/** Compact number format for evidence texts (≤ 4 significant digits, no exponent below 1e9). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toFixed(3);
}

/** The rule as markdown, with the constants of this module (notebook 16 shows it). */
export function ruleMarkdown(): string {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return [
    "**Tiers.** Each row first says what kind of comparison it is:",
    "- *reproduced result* — a mechanism, scheduler or simulator output (Tables 10–29, Figures 18–21, the PoA);",
    "- *by construction* — an input the twin is calibrated to, or a count the thesis's own pipeline fixes (Section 4 on the twin): a check that *holds* or *does not hold*, never a reproduction;",
    "- *identity* — a value that follows from the model's definitions (e.g. VCG never charges more than the bid, so PM_1A = 0): a check too;",
    "- *not comparable* — a different solver on a different machine (Table 18's wall-clock times): shown, not judged.",
    "",
    `**Estimates.** Each side's mean with its ${INTERVAL_METHOD}; its bounds are means of observed values, so never outside what the quantity can take.`,
    "",
    "**Reproduction verdicts**, tried in this order:",
    "1. *not computed* — ours is missing;",
    "2. *exact* — both sides constant and equal (ours rounded to the thesis's printed decimals);",
    `3. *inconclusive (thesis spread)* — the thesis's interval is not informative: its half-width exceeds ${pct(INFORMATIVE_SHARE)} of its mean;`,
    `4. *within noise* — the two intervals overlap (one thesis value: it lies in our interval or within ${pct(SINGLE_VALUE_TOLERANCE)} of ours);`,
    "5. *differs — explained* — an experiment fixed in advance (a setting read from the seeds' text, taken whole) moves ours on the same samples (the paired interval excludes 0), toward the thesis, into its noise, and breaks no column that agreed;",
    "6. *differs — candidate cause (post-hoc)* — only an experiment sized after seeing the results does so (the twin versions v3 and v4);",
    "7. *differs — unexplained* — everything else. A text alone never explains a row.",
    "",
    `**Outliers.** A thesis sample is flagged when it lies outside Tukey's far fences of its column (Q1 − ${OUTLIER_FENCE}·IQR, Q3 + ${OUTLIER_FENCE}·IQR) and more than ${pct(OUTLIER_DISTANCE)} of the median away from the median (a column of near-equal values has a tiny IQR); the verdict with all samples is the headline, the one without the flagged samples stands beside it.`,
  ].join("\n");
}
