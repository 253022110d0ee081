/**
 * The one confidence interval of a mean in schedgame: the expanded percentile bootstrap
 * (Hesterberg 2015, "What teachers should know about the bootstrap", §6): B resamples with
 * replacement, their means sorted, read at the percentiles α′/2 and 1 − α′/2 where
 * α′/2 = Φ(−√(n/(n − 1))·t(0.975, n − 1)). The expansion widens the plain percentile interval,
 * which is too narrow for the thesis's 15 samples, to about a Student-t interval's width, while
 * its bounds stay means of observed values: never outside the range the data can take (a count's
 * lower bound is never negative). One value, or values all equal, give a zero-width interval.
 * The resampling is seeded ({@link INTERVAL_SEED} unless another seed is given), so the same
 * values always give the same interval, wherever they are shown.
 */
import { invalidArgument } from "./errors";
import { finiteNumber } from "./options";
import { createRng } from "./rng";
import { mean, quantileSorted, tQuantile975 } from "./stats";

/** The method's name, for captions and rule texts. */
export const INTERVAL_METHOD = "95% expanded percentile bootstrap of the mean (2,000 resamples)";

/** The seed of every interval's resampling unless a caller gives another. */
export const INTERVAL_SEED = "interval";

/** Bootstrap resamples per interval. */
export const INTERVAL_RESAMPLES = 2000;

/** A mean with its 95% confidence interval. */
export interface MeanInterval {
  /** Mean of the values. */
  mean: number;
  /** Lower end of the 95% interval (the mean itself for one value or equal values). */
  low: number;
  /** Upper end of the 95% interval. */
  high: number;
  /** Number of values. */
  n: number;
  /** True when every value is the same number. */
  constant: boolean;
}

/**
 * Mean and 95% confidence interval of `values` ({@link INTERVAL_METHOD}).
 * @throws `invalid values: …` when empty or holding a non-finite number
 */
export function meanInterval(values: ArrayLike<number>, seed: number | string = INTERVAL_SEED): MeanInterval {
  const n = values.length;
  if (n === 0) throw invalidArgument("values", "[]", "at least one value");
  for (let k = 0; k < n; k++) finiteNumber(values[k], `values[${k}]`);
  let constant = true;
  for (let k = 1; k < n && constant; k++) constant = values[k] === values[0];
  if (constant) return { mean: values[0], low: values[0], high: values[0], n, constant };
  const m = mean(values);
  if (n === 1) return { mean: m, low: m, high: m, n, constant };
  const rng = createRng(seed);
  const means = new Float64Array(INTERVAL_RESAMPLES);
  for (let b = 0; b < INTERVAL_RESAMPLES; b++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += values[Math.floor(rng.next() * n)];
    means[b] = s / n;
  }
  means.sort();
  const tail = normalCdf(-Math.sqrt(n / (n - 1)) * tQuantile975(n - 1));
  return { mean: m, low: quantileSorted(means, tail), high: quantileSorted(means, 1 - tail), n, constant };
}

/** The standard normal distribution function Φ (absolute error below 1.5e-7). */
export function normalCdf(x: number): number {
  // Abramowitz & Stegun 7.1.26 for erf, Φ(x) = (1 + erf(x/√2)) / 2
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The method of {@link shareDifference}, for captions and rule texts. */
export const SHARE_DIFFERENCE_METHOD = "Newcombe's hybrid score interval (95%) of a difference of shares";

/** Wilson's 95% score interval of a share k/n. */
function wilson(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The difference of two shares, a/n − b/m, with {@link SHARE_DIFFERENCE_METHOD} (Newcombe 1998,
 * method 10): bounds within [−1, 1], sound for shares near 0 or 1 and for 15 samples.
 * @throws `invalid n: …` / `invalid m: …` when a count is not a positive integer or a share's count exceeds it
 */
export function shareDifference(
  a: number,
  n: number,
  b: number,
  m: number,
): { difference: number; low: number; high: number } {
  for (const [k, total, name] of [
    [a, n, "n"],
    [b, m, "m"],
  ] as const)
    if (!(Number.isInteger(total) && total > 0 && Number.isInteger(k) && k >= 0 && k <= total))
      throw invalidArgument(name, `${k} of ${total}`, "a positive whole count holding a whole count");
  const [p, q] = [a / n, b / m];
  const [l1, u1] = wilson(a, n),
    [l2, u2] = wilson(b, m);
  const d = p - q;
  return {
    difference: d,
    low: d - Math.sqrt((p - l1) ** 2 + (u2 - q) ** 2),
    high: d + Math.sqrt((u1 - p) ** 2 + (q - l2) ** 2),
  };
}
