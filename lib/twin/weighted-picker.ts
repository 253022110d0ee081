/**
 * The twin's weighted choice of an experiment for each job (lib/twin/twin.ts): a draw over row
 * indices with probability proportional to a weight (each experiment's total job count).
 */
import type { Rng } from "../util/rng";

/**
 * Weighted picker over indices (weights ≥ 0) by cumulative sums and binary search.
 * @param indices the indices to draw from
 * @param weights a weight per index (read at each index; a weight below 1 counts as 1)
 * @returns a function drawing one index per call from `rng`
 */
export function weightedPicker(indices: number[], weights: ArrayLike<number>, rng: Rng): () => number {
  const cum = new Float64Array(indices.length);
  let s = 0;
  indices.forEach((r, k) => (cum[k] = s += Math.max(1, weights[r])));
  return () => {
    const x = rng.next() * s;
    let lo = 0,
      hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return indices[lo];
  };
}
