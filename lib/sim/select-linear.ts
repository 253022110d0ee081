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
import { NODE_KEY } from "./run-pairs";

/**
 * The nodes select/linear gives a job of `nodes` nodes (a whole number ≥ 1, unchecked: the scheduler's
 * inner loop) out of `usable` (idle now, or free over the job's whole window), as pairs (first node,
 * length, …, in the order taken), or null when fewer than `nodes` are usable. Reads the usable
 * set's runs only, never its nodes one by one.
 * @example _selectLinear(NodeRuns.ofPairs([0, 3, 4, 2]), 2) // [4, 2]: n[5-6]
 */
export function _selectLinear(usable: NodeRuns, nodes: number): number[] | null {
  if (usable.count < nodes) return null;
  const first = usable.first,
    len = usable.len,
    m = usable.size;
  const out: number[] = [];
  // the usual case: one run holds the job; the smallest such run, the first on a tie
  let best = -1;
  for (let i = 0; i < m; i++) if (len[i] >= nodes && (best < 0 || len[i] < len[best])) best = i;
  if (best >= 0) {
    out.push(first[best], nodes);
    return out;
  }
  // no run holds it: take the largest run (the first on a tie) whole while no remaining run holds
  // the rest, then the smallest run holding the rest (the first on a tie); a few scans, or the runs
  // sorted by length (descending, then index) when a job takes many
  const taken = new Uint8Array(m);
  let rem = nodes;
  const takeRun = (i: number) => {
    out.push(first[i], len[i]);
    taken[i] = 1;
    rem -= len[i];
  };
  for (let scans = 0; ; scans++) {
    if (scans === 4) {
      // by length descending, then index: a numeric sort of (NODE_KEY − length) · NODE_KEY + index
      const keys = new Float64Array(m);
      let n = 0;
      for (let i = 0; i < m; i++) if (!taken[i]) keys[n++] = (NODE_KEY - len[i]) * NODE_KEY + i;
      const order = keys.subarray(0, n).sort();
      for (let k = 0; len[order[k] % NODE_KEY] < rem; k++) takeRun(order[k] % NODE_KEY);
      break;
    }
    let largest = -1;
    for (let i = 0; i < m; i++) if (!taken[i] && (largest < 0 || len[i] > len[largest])) largest = i;
    if (len[largest] >= rem) break;
    takeRun(largest);
  }
  best = -1;
  for (let i = 0; i < m; i++) if (!taken[i] && len[i] >= rem && (best < 0 || len[i] < len[best])) best = i;
  out.push(first[best], rem);
  return out;
}
