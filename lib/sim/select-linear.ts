/**
 * Slurm's select/linear node choice (its `_job_test` best fit, for whole-node jobs of a fixed size
 * on identical nodes, no required nodes, no topology): split the usable nodes into runs of
 * consecutive node indices, then repeatedly take the best run —
 * - the smallest run that holds all remaining nodes (the first such run on a tie), taking its
 *   lowest-indexed nodes;
 * - else, when no run is large enough, the largest run (the first on a tie), all of it;
 * until the job has its nodes. So a job fills the tightest hole and spans as few runs as possible.
 */
import type { NodeRuns } from "./node-runs";

/** Node indices and run lengths stay below this (2^21 nodes), so (NODE_KEY − length) · NODE_KEY + index sorts runs exactly. */
export const NODE_KEY = 2 ** 21;

/**
 * The nodes select/linear gives a job of `nodes` nodes (a whole number ≥ 1, unchecked: the scheduler's
 * inner loop) out of `usable` (idle now, or free over the job's whole window), as pairs (first node,
 * length, …, in the order taken), or null when fewer than `nodes` are usable. Reads the usable
 * set's runs only, never its nodes one by one.
 * @param keys scratch of at least `usable.size` entries for a job that takes many runs (a fresh one
 *   when omitted; the scheduler passes its own so that best fit allocates nothing)
 * @example _selectLinear(NodeRuns.ofPairs([0, 3, 4, 2]), 2) // [4, 2]: n[5-6]
 */
export function _selectLinear(usable: NodeRuns, nodes: number, keys?: Float64Array): number[] | null {
  if (usable.count < nodes) return null;
  const first = usable.first,
    len = usable.len,
    m = usable.size;
  // the usual case: one run holds the job; the smallest such run, the first on a tie
  let best = -1;
  for (let i = 0; i < m; i++) if (len[i] >= nodes && (best < 0 || len[i] < len[best])) best = i;
  if (best >= 0) return [first[best], nodes];
  // no run holds it: take the largest run (the first on a tie) whole while no remaining run holds
  // the rest, then the smallest run holding the rest (the first on a tie). The runs taken come in
  // the order (length descending, index ascending), so "not yet taken" is "after the last taken run
  // in that order": a few scans, or that order sorted once when a job takes many runs
  const out: number[] = [];
  let rem = nodes,
    lastLen = Infinity,
    lastIdx = -1;
  for (let scans = 0; ; scans++) {
    if (scans === 4) {
      // by length descending, then index: a numeric sort of (NODE_KEY − length) · NODE_KEY + index
      if (!keys || keys.length < m) keys = new Float64Array(m);
      let n = 0;
      for (let i = 0; i < m; i++)
        if (after(len, i, lastLen, lastIdx)) keys[n++] = (NODE_KEY - len[i]) * NODE_KEY + i;
      const order = keys.subarray(0, n).sort();
      for (let k = 0; len[order[k] % NODE_KEY] < rem; k++) {
        const i = order[k] % NODE_KEY;
        out.push(first[i], len[i]);
        rem -= len[i];
        lastLen = len[i];
        lastIdx = i;
      }
      break;
    }
    let largest = -1;
    for (let i = 0; i < m; i++)
      if (after(len, i, lastLen, lastIdx) && (largest < 0 || len[i] > len[largest])) largest = i;
    if (len[largest] >= rem) break;
    out.push(first[largest], len[largest]);
    rem -= len[largest];
    lastLen = len[largest];
    lastIdx = largest;
  }
  best = -1;
  for (let i = 0; i < m; i++)
    if (after(len, i, lastLen, lastIdx) && len[i] >= rem && (best < 0 || len[i] < len[best])) best = i;
  out.push(first[best], rem);
  return out;
}

/** Whether run i comes after the run (lastLen, lastIdx) in the order length descending, index ascending. */
function after(len: readonly number[], i: number, lastLen: number, lastIdx: number): boolean {
  return len[i] < lastLen || (len[i] === lastLen && i > lastIdx);
}
