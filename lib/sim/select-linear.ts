/**
 * Slurm's select/linear node choice (its `_job_test` best fit, for whole-node jobs of a fixed size
 * on identical nodes, no required nodes, no topology): split the usable nodes into runs of
 * consecutive node indices, then repeatedly take the best run —
 * - the smallest run that holds all remaining nodes (the first such run on a tie), taking its
 *   lowest-indexed nodes;
 * - else, when no run is large enough, the largest run (the first on a tie), all of it;
 * until the job has its nodes. So a job fills the tightest hole and spans as few runs as possible.
 */
import { NodeSet } from "./node-set";

/**
 * The nodes select/linear gives a job of `nodes` nodes (a whole number ≥ 1, unchecked: the scheduler's
 * inner loop) out of `usable` (idle now, or free over the job's whole window), or null when fewer than
 * `nodes` are usable.
 * @example _selectLinear(NodeSet.of(8, [0, 1, 2, 4, 5]), 2)?.toHostlist() // "n[5-6]"
 */
export function _selectLinear(usable: NodeSet, nodes: number): NodeSet | null {
  const first: number[] = [],
    len: number[] = [];
  let total = 0;
  usable.eachRun((a, n) => {
    first.push(a);
    len.push(n);
    total += n;
  });
  if (total < nodes) return null;
  const out = new NodeSet(usable.size);
  let rem = nodes;
  while (rem > 0) {
    let best = -1,
      bestSufficient = false;
    for (let i = 0; i < len.length; i++) {
      const n = len[i];
      if (n === 0) continue;
      const sufficient = n >= rem;
      if (
        best < 0 ||
        (sufficient && !bestSufficient) ||
        (sufficient && n < len[best]) ||
        (!sufficient && !bestSufficient && n > len[best])
      ) {
        best = i;
        bestSufficient = sufficient;
      }
    }
    const take = Math.min(rem, len[best]);
    out.addRange(first[best], first[best] + take);
    rem -= take;
    len[best] = 0;
  }
  return out;
}
