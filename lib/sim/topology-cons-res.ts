/**
 * select/cons_res's node choice under topology/tree (job_test.c `_eval_nodes_topo`, the same in
 * 20.11 and 22.05).
 */
import type { CpusToUse, SwitchTable } from "./select-topology";

/**
 * select/cons_res's `_eval_nodes_topo` (20.11 = 22.05): the lowest-level switch holding the job's
 * nodes and CPUs, the one with fewest usable nodes on ties (the first on full ties); then its leaves,
 * the first that holds what is left, a tighter one (fewer CPUs), or the biggest when none does; in
 * a leaf the node offering the fewest CPUs that suffice, else the most (the first on ties). Node
 * weights play no part. Returns the nodes, or null.
 */
export function evalTopoConsRes(
  table: SwitchTable,
  avail: Int32Array,
  count: number,
  cpusPerNode: number,
  toUse: CpusToUse,
): number[] | null {
  const S = table.size;
  let remCpus = count * cpusPerNode,
    remNodes = count,
    remMax = remCpus;
  const list = table.nodes.map((ns) => ns.filter((i) => avail[i] > 0));
  const cnt = list.map((l) => l.length),
    cpu = list.map((l) => l.reduce((a, i) => a + avail[i], 0));
  let top = -1;
  for (let j = 0; j < S; j++) {
    if (cpu[j] < remCpus || cnt[j] < remNodes) continue;
    if (
      top < 0 ||
      table.level[j] < table.level[top] ||
      (table.level[j] === table.level[top] && cnt[j] < cnt[top])
    )
      top = j;
  }
  if (top < 0) return null;
  const inTop = new Set(list[top]);
  for (let j = 0; j < S; j++) if (table.level[j] !== 0 || list[j].some((i) => !inTop.has(i))) cnt[j] = 0;
  const picked = new Set<number>();
  while (picked.size < count && (remNodes > 0 || remCpus > 0)) {
    let loc = -1,
      locSuff = false;
    for (let j = 0; j < S; j++) {
      if (cnt[j] === 0) continue;
      const suff = cpu[j] >= remCpus && cnt[j] >= remNodes;
      if (loc < 0 || (suff && !locSuff) || (suff && cpu[j] < cpu[loc]) || (!suff && cpu[j] > cpu[loc])) {
        loc = j;
        locSuff = suff;
      }
    }
    if (loc < 0) break;
    const left = list[loc].filter((i) => avail[i] > 0);
    while (picked.size < count && (remNodes > 0 || remCpus > 0)) {
      let bf = -1;
      for (const i of left) {
        if (i < 0) continue;
        const suff = avail[i] >= remCpus,
          bSuff = bf >= 0 && avail[bf] >= remCpus;
        if (bf < 0 || (suff && !bSuff) || (suff && avail[i] < avail[bf]) || (!suff && avail[i] > avail[bf]))
          bf = i;
      }
      if (bf < 0) break;
      left[left.indexOf(bf)] = -1;
      if (picked.has(bf)) continue;
      const use = toUse(bf, avail[bf], remMax, remNodes);
      picked.add(bf);
      remNodes--;
      remCpus -= use;
      remMax -= use;
    }
    cnt[loc] = 0;
  }
  return remCpus <= 0 && remNodes <= 0 ? [...picked].sort((a, b) => a - b) : null;
}
