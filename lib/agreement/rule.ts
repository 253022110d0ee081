/**
 * The one rule that decides whether two things agree, everywhere in schedgame: a scorecard row,
 * a section's statement, a real machine's PoA against the thesis's, the sign of an effect in the
 * cooperation, auction and simulator studies. No other file compares an estimate with a reference
 * or a band (test/agreement/sole.test.ts looks).
 *
 * **Against a reference (equivalence, not overlap).** Ours and the thesis's are each a mean over
 * independent samples. The 95% interval of ours / thesis takes both sides' uncertainty: on the log
 * scale, ln(Ō / T̄) ± t·√(s_O²/(n_O·Ō²) + s_T²/(n_T·T̄²)) (the delta method), with Student's t at
 * the conservative df = min(n) − 1 over the sides with several values (Welch's lower bound, which
 * never grows when a side loses samples). Ours *agrees* when that interval lies inside the band
 * [1 − {@link RELATIVE_BAND}, 1 + {@link RELATIVE_BAND}], *differs* when it lies wholly outside,
 * and is *inconclusive* otherwise. An interval end on a band edge counts as inside.
 * - Counts near zero: a quantity whose values are all whole numbers, with the thesis's mean below
 *   {@link COUNT_BAND} / {@link RELATIVE_BAND} (where 5% is less than one), or any quantity with a
 *   mean ≤ 0, is judged on ours − thesis, against ±max({@link RELATIVE_BAND}·|thesis|, one unit for a
 *   count): the same interval on the difference scale.
 * - Constants: both sides constant over several values each (a structural value, such as TP_1A in
 *   every sample) are compared exactly, ours rounded to the thesis's printed decimals: equal
 *   *agrees* (given enough samples, below), unequal *differs*. A single value on each side is a
 *   point, judged against the band.
 * - Evidence: ours on fewer than {@link MIN_SAMPLES_TO_AGREE} samples never agrees (a t interval
 *   on fewer samples of a skewed quantity covers less than it says); it may differ. With the
 *   conservative df, fewer samples of the same mean and spread never narrow the interval, so they
 *   never turn *inconclusive* or *differs* into *agrees* (property-tested).
 *
 * **A statement's share of samples**, ours against the thesis's: Newcombe's interval of the
 * difference against ±{@link SHARE_BAND}, by the same three-way rule. **An effect** (ours under one
 * setting against another, paired by sample): the t interval of the mean paired difference against a
 * band ±δ (0 for a plain sign): *higher* or *lower* when wholly beyond it, *equivalent* when wholly
 * inside δ > 0, else *inconclusive*. A **guarantee** (a bound every sample must meet) is a count.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber } from "../util/options";
import { mean, sampleSd } from "../util/stats";

/** The only five outcome words of a comparison with a reference. */
export const OUTCOMES = ["agrees", "differs", "inconclusive", "not computed", "not judged"] as const;

/** An outcome of a comparison with a reference. */
export type Outcome = (typeof OUTCOMES)[number];

/** The band of agreement on ours / thesis: within ±5%. */
export const RELATIVE_BAND = 0.05;

/** The band of a count near zero: at least one unit either way. */
export const COUNT_BAND = 1;

/** Ours on fewer samples than this never agrees (it may differ). */
export const MIN_SAMPLES_TO_AGREE = 30;

/** The band of a statement's share of samples, ours − thesis: within ±0.25. */
export const SHARE_BAND = 0.25;

/** The intervals' confidence. */
export const CONFIDENCE = 0.95;

/**
 * The practical band of a setting's relative effect: a change of ours within ±1% of the baseline's
 * mean counts as none — every {@link relativeEffect} that asks "does this setting move the result?".
 */
export const RELATIVE_EFFECT_BAND = 0.01;

/** On what scale a comparison was judged. */
export type Scale = "exact" | "ratio" | "difference";

/** Summary statistics of one side. */
export type Side = { n: number; mean: number; sd: number; constant: boolean; whole: boolean };

export function side(values: readonly number[], name: string): Side {
  if (!values.length) throw invalidArgument(name, "[]", "at least one value");
  values.forEach((v, k) => finiteNumber(v, `${name}[${k}]`));
  const constant = values.every((v) => v === values[0]);
  return {
    n: values.length,
    mean: mean(values),
    sd: values.length > 1 && !constant ? sampleSd(values) : 0,
    constant,
    whole: values.every((v) => Number.isInteger(v)),
  };
}

/** The conservative degrees of freedom: min(n) − 1 over the sides with several values (0 = none). */
export function degreesOfFreedom(...sides: Side[]): number {
  const ns = sides.filter((s) => s.n > 1).map((s) => s.n - 1);
  return ns.length ? Math.min(...ns) : 0;
}

export function rounded(x: number, decimals: number | undefined): number {
  if (decimals === undefined) return x;
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

export type Judged = "agrees" | "differs" | "inconclusive";

/** Three-way rule of an interval against a band (ends on an edge count as inside). */
export function threeWay(low: number, high: number, bandLow: number, bandHigh: number): Judged {
  return low >= bandLow && high <= bandHigh
    ? "agrees"
    : high < bandLow || low > bandHigh
      ? "differs"
      : "inconclusive";
}
