/**
 * The thesis's outlying samples: a sample is flagged when it lies outside Tukey's far fences of its
 * column (Q1 − 3·IQR, Q3 + 3·IQR, quartiles of R's type 7) and more than half the column's median
 * away from that median (a column of near-equal values has a tiny IQR, so the fences alone would
 * flag ordinary samples). A scorecard row's evidence gives its outcome with all samples (the
 * headline) and without the flagged ones.
 */
import { quantileSorted } from "../util/stats";

/** Tukey's far-fence factor. */
export const OUTLIER_FENCE = 3;

/** An outlier also lies more than this share of |median| from the median. */
export const OUTLIER_DISTANCE = 0.5;

/** Indices of the outlying values (module comment); none for fewer than 4 values. */
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
