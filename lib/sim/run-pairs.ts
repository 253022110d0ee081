/**
 * Runs of nodes as flat "pairs" (first node, length, first node, length, …), the form the
 * node-level Slurm scheduler passes them around in: gathering several lists into two arrays and
 * sorting runs by first node, exactly (node indices below NODE_KEY).
 */

/** Node indices and run lengths stay below this (2^21 nodes), so first · NODE_KEY + length sorts runs exactly. */
export const NODE_KEY = 2 ** 21;

/**
 * Sorts the runs first[k] .. first[k] + len[k] − 1 (k < n) by first node, in place: a numeric sort
 * of first · NODE_KEY + length.
 * @param keys scratch space; returned, or a longer one when it holds fewer than n numbers
 */
export function sortRuns(first: number[], len: number[], n: number, keys: Float64Array): Float64Array {
  if (n <= 8) {
    // few: insertion sort
    for (let i = 1; i < n; i++) {
      const f = first[i],
        l = len[i];
      let k = i;
      for (; k > 0 && first[k - 1] > f; k--) {
        first[k] = first[k - 1];
        len[k] = len[k - 1];
      }
      first[k] = f;
      len[k] = l;
    }
    return keys;
  }
  if (keys.length < n) keys = new Float64Array(2 * n);
  const K = keys.subarray(0, n);
  for (let i = 0; i < n; i++) K[i] = first[i] * NODE_KEY + len[i];
  K.sort();
  for (let i = 0; i < n; i++) {
    first[i] = Math.floor(K[i] / NODE_KEY);
    len[i] = K[i] - first[i] * NODE_KEY;
  }
  return keys;
}

/** Appends the runs of `pairs` (first node, length, …) to first/len from position n; returns the new count. */
export function gatherPairs(pairs: readonly number[], first: number[], len: number[], n: number): number {
  for (let q = 0; q < pairs.length; q += 2) {
    first[n] = pairs[q];
    len[n++] = pairs[q + 1];
  }
  return n;
}
