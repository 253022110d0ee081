/**
 * Small descriptive statistics used across the notebooks (R conventions where R is the reference).
 * mathjs has mean, std and quantileSeq with the same definitions (test/util/stats.test.ts) but is
 * kept out of these loops: on large typed arrays it is far slower (`npm run bench -- util`).
 */
import { invalidArgument } from "./errors";

/**
 * Quantile with R's default definition (type 7: linear interpolation between order statistics,
 * h = (n − 1)·p). `sorted` must be ascending.
 */
// Not mathjs quantileSeq: it copies the array per call, and returns undefined when p·(n − 1) is within 1e-12 of a whole number.
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 1)) throw invalidArgument("p", p, "a probability in [0, 1]");
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Mean of the values (NaN when empty). */
// Not mathjs mean: same value bit for bit, but it needs an Array copy (slower on typed arrays).
export function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return values.length ? s / values.length : NaN;
}

/** The median: the middle value, or the mean of the two middle values for an even count (NaN when empty). */
export function median(values: ArrayLike<number>): number {
  const v = Float64Array.from(values).sort();
  const h = v.length >> 1;
  return v.length === 0 ? NaN : v.length % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
}

/** The lower median: the middle value, or the lower of the two middle values for an even count (NaN when empty). */
export function lowerMedian(values: ArrayLike<number>): number {
  const v = Float64Array.from(values).sort();
  return v.length ? v[(v.length - 1) >> 1] : NaN;
}

/** Sample standard deviation (n − 1 denominator; NaN when fewer than 2 values). */
// Not mathjs std: same value bit for bit (its default "unbiased" is n − 1), slower on typed arrays.
export function sampleSd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return NaN;
  const m = mean(values);
  let s = 0;
  for (let i = 0; i < n; i++) s += (values[i] - m) ** 2;
  return Math.sqrt(s / (n - 1));
}

/** R's six-number summary of numeric values. */
export interface FiveNumberSummary {
  min: number;
  q1: number;
  median: number;
  mean: number;
  q3: number;
  max: number;
  n: number;
}

/** Min, 1st Qu., Median, Mean, 3rd Qu., Max as R's `summary()` prints them (type-7 quantiles). */
export function numericSummary(values: ArrayLike<number>): FiveNumberSummary {
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  return {
    min: sorted.length ? sorted[0] : NaN,
    q1: quantileSorted(sorted, 0.25),
    median: quantileSorted(sorted, 0.5),
    mean: mean(sorted),
    q3: quantileSorted(sorted, 0.75),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    n: sorted.length,
  };
}

/** A histogram bin: [x0, x1) holding `count` values. */
export interface HistogramBin {
  x0: number;
  x1: number;
  count: number;
}

/**
 * Fixed-width histogram. Bins start at `origin` (defaults to the floor of the minimum to the bin
 * width) and the last bin closes at the maximum.
 */
export function histogram(values: ArrayLike<number>, binWidth: number, origin?: number): HistogramBin[] {
  if (!(binWidth > 0 && Number.isFinite(binWidth)))
    throw invalidArgument("binWidth", binWidth, "a positive finite number");
  if (values.length === 0) return [];
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (values[i] < lo) lo = values[i];
    if (values[i] > hi) hi = values[i];
  }
  const start = origin ?? Math.floor(lo / binWidth) * binWidth;
  const nb = Math.max(1, Math.floor((hi - start) / binWidth) + 1);
  const counts = new Array<number>(nb).fill(0);
  for (let i = 0; i < values.length; i++)
    counts[Math.min(nb - 1, Math.floor((values[i] - start) / binWidth))]++;
  return counts.map((count, i) => ({ x0: start + i * binWidth, x1: start + (i + 1) * binWidth, count }));
}

/** Student's t 0.975 quantiles for 1–30 degrees of freedom. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

// mathjs has no Student's t distribution: the table and expansion below stay.
/**
 * The 0.975 quantile of Student's t with `df` degrees of freedom: the table for df ≤ 30, the
 * Cornish–Fisher expansion around z = 1.95996 beyond (error < 1e-4).
 */
export function tQuantile975(df: number): number {
  if (!(Number.isInteger(df) && df >= 1)) throw invalidArgument("df", df, "an integer >= 1");
  if (df <= 30) return T975[df - 1];
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}
