/**
 * A node's turnaround between jobs, read off an export: per job the least gap between the end of the
 * job before it on one of its nodes and its own start (COMPLETING, the epilog, the next pass), over
 * the jobs that started within a window of such an end. Its median is the replay's COMPLETING time.
 */
import { expandHostlist } from "../io/hostlist";

/** Per node, the indices of the jobs that ran on it (NodeList), in start order (ties by index). */
export function jobsByNode(jobs: readonly { nodeList: string; start: number }[]): Map<string, number[]> {
  const byNode = new Map<string, number[]>();
  jobs.forEach((j, i) => {
    for (const n of expandHostlist(j.nodeList)) {
      const l = byNode.get(n);
      if (l) l.push(i);
      else byNode.set(n, [i]);
    }
  });
  for (const list of byNode.values()) list.sort((a, b) => jobs[a].start - jobs[b].start || a - b);
  return byNode;
}

/**
 * A node's turnaround between jobs, which sacct does not record (COMPLETING until the epilog ends,
 * then the next scheduling pass): the jobs that started within `within` seconds after another job
 * ended on one of their nodes, and the median of those gaps (seconds; NaN when none).
 */
export function nodeTurnaround(
  jobs: readonly { nodeList: string; start: number; end: number }[],
  within: number,
): { jobs: number; medianGap: number } {
  const byNode = jobsByNode(jobs);
  const gap = new Float64Array(jobs.length).fill(Infinity); // per job: the least gap on any of its nodes
  for (const list of byNode.values()) {
    for (let k = 1; k < list.length; k++) {
      const g = jobs[list[k]].start - jobs[list[k - 1]].end;
      if (g >= 0 && g < gap[list[k]]) gap[list[k]] = g;
    }
  }
  const near = [...gap].filter((g) => g <= within).sort((a, b) => a - b);
  const m = near.length;
  return { jobs: m, medianGap: m === 0 ? NaN : (near[(m - 1) >> 1] + near[m >> 1]) / 2 };
}
