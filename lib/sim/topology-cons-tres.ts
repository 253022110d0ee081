/**
 * select/cons_tres's node choice under topology/tree (job_test.c `_eval_nodes_topo`), without
 * required nodes:
 * - the top switch: among the switches with enough usable nodes, 20.11 takes the first of the
 *   highest level; 22.05 the last of those whose lightest usable node weighs no more than the
 *   lightest of the top so far, at a level not below it;
 * - the best nodes: under the top switch, all usable nodes of the lightest weight, then of the next
 *   weight, until they hold the job's nodes and CPUs (none: the job does not fit); the nodes of the
 *   lighter weights are then taken first (in node order) and their leaf switches count as required;
 * - then leaf switches in turn, their best nodes in node order until the job has its nodes and
 *   CPUs: 20.11 the leaf with the most best nodes (the first on ties); 22.05 `_topo_choose_best_switch`,
 *   the nearest to the switches already used (summed hop distances), then the tightest that holds
 *   what is left (fewest nodes), else the one holding the most, comparing parents while neither
 *   holds it, then the lower level (the first on ties).
 * So a one-node job goes to the first usable node, in node order, of the chosen leaf: no best fit
 * by CPUs under topology.
 */
import type { CpusToUse, SwitchTable } from "./select-topology";
import type { SelectRelease } from "./select-type";

/** The nodes marked in `picked`, in increasing order. */
const done = (picked: Uint8Array): number[] => {
  const out: number[] = [];
  for (let i = 0; i < picked.length; i++) if (picked[i]) out.push(i);
  return out;
};

/** The nodes taken so far and what the job still needs. */
interface Taking {
  picked: Uint8Array;
  taken: number;
  remNodes: number;
  remCpus: number;
  remMax: number;
  avail: Int32Array;
  toUse: CpusToUse;
}

/** Takes node i; true when the job has its nodes and CPUs. */
function take(st: Taking, i: number): boolean {
  const use = st.toUse(i, st.avail[i], st.remMax, st.remNodes);
  st.picked[i] = 1;
  st.taken++;
  st.remNodes--;
  st.remCpus -= use;
  st.remMax -= use;
  return st.remNodes <= 0 && st.remCpus <= 0;
}

/** Adds switch s's hop distances to every switch into `dist`. */
function addDistances(dist: Float64Array, table: SwitchTable, s: number): void {
  for (let k = 0; k < dist.length; k++) dist[k] += table.dist[s][k];
}

/** `_topo_compare_switches`: > 0 when switch i is the better choice for `rem` nodes, < 0 when j is. */
function compareSwitches(t: SwitchTable, i: number, j: number, rem: number, cnt: Int32Array): number {
  for (let guard = 0; guard <= 2 * t.size; guard++) {
    const iFit = cnt[i] >= rem,
      jFit = cnt[j] >= rem;
    if (iFit && jFit) {
      if (cnt[i] !== cnt[j]) return cnt[i] < cnt[j] ? 1 : -1;
      break;
    }
    if (iFit) return 1;
    if (jFit) return -1;
    const pi = t.parent[i],
      pj = t.parent[j];
    if ((pi !== i || pj !== j) && pi !== pj) {
      i = pi;
      j = pj;
      continue;
    }
    break;
  }
  if (cnt[i] !== cnt[j]) return cnt[i] > cnt[j] ? 1 : -1;
  if (t.level[i] !== t.level[j]) return t.level[i] < t.level[j] ? 1 : -1;
  return 0;
}

/** The smallest weight of the nodes `under` above `w` (Infinity: none). */
function lightestAbove(under: readonly number[], wt: Float64Array, w: number): number {
  let m = Infinity;
  for (const i of under) if (wt[i] > w && wt[i] < m) m = wt[i];
  return m;
}

/** Per-node and per-switch work arrays of one choice, overwritten by the next. */
interface Scratch {
  wt: Float64Array;
  best: Uint8Array;
  inLighter: Uint8Array;
  picked: Uint8Array;
  cnt: Int32Array;
  required: Uint8Array;
  dist: Float64Array;
}

// one set per switch table and machine size (a choice is made thousands of times per replay; its
// arrays are a few dozen entries, so allocating them cost more than the choice)
const scratches = new WeakMap<SwitchTable, Scratch>();

function scratchOf(table: SwitchTable, n: number): Scratch {
  let s = scratches.get(table);
  if (!s || s.wt.length !== n) {
    const S = table.size;
    s = {
      wt: new Float64Array(n),
      best: new Uint8Array(n),
      inLighter: new Uint8Array(n),
      picked: new Uint8Array(n),
      cnt: new Int32Array(S),
      required: new Uint8Array(S),
      dist: new Float64Array(S),
    };
    scratches.set(table, s);
  }
  return s;
}

/**
 * The nodes select/cons_tres gives a job of `count` nodes of `cpusPerNode` CPUs under a topology,
 * or null.
 * @param avail per node, the CPUs it offers the job (0: unusable)
 * @param weightOf a node's scheduling weight
 */
export function evalTopoConsTres(
  table: SwitchTable,
  avail: Int32Array,
  count: number,
  cpusPerNode: number,
  weightOf: (i: number) => number,
  toUse: CpusToUse,
  release: SelectRelease,
): number[] | null {
  const S = table.size,
    n = avail.length;
  const remCpus = count * cpusPerNode,
    remNodes = count,
    remMax = remCpus;
  // no switch can hold the job when all usable nodes together cannot (the common case in a busy cycle)
  let usable = 0,
    usableCpus = 0;
  for (let i = 0; i < n; i++)
    if (avail[i] > 0) {
      usable++;
      usableCpus += avail[i];
    }
  if (usable < remNodes || usableCpus < remCpus) return null;
  const { wt, best, inLighter, picked, cnt, required, dist } = scratchOf(table, n);
  // each node's weight once; per switch, its usable nodes and their lightest weight (no lists made)
  for (let i = 0; i < n; i++) wt[i] = avail[i] > 0 ? weightOf(i) : 0;
  let top = -1,
    topWeight = 0;
  for (let s = 0; s < S; s++) {
    let c = 0,
      w = Infinity;
    for (const i of table.nodes[s])
      if (avail[i] > 0) {
        c++;
        if (wt[i] < w) w = wt[i];
      }
    if (c < remNodes) continue;
    if (release === "20.11") {
      if (top < 0 || table.level[s] > table.level[top]) top = s;
    } else if (top < 0 || (table.level[s] >= table.level[top] && w <= topWeight)) {
      top = s;
      topWeight = w;
    }
  }
  if (top < 0) return null;
  const under: number[] = [];
  for (const i of table.nodes[top]) if (avail[i] > 0) under.push(i);
  // best: the nodes under the top switch of the weights taken (all usable); lighter: those of the
  // weights before the last one taken
  best.fill(0);
  inLighter.fill(0);
  const lighter: number[] = [];
  let bestCpus = 0,
    bestNodes = 0,
    sufficient = false;
  // the weights under the top switch in increasing order, each once
  for (
    let w = lightestAbove(under, wt, -Infinity);
    w !== Infinity && !sufficient;
    w = lightestAbove(under, wt, w)
  ) {
    if (bestNodes > 0)
      for (const i of under)
        if (best[i] && !inLighter[i]) {
          inLighter[i] = 1;
          lighter.push(i);
        }
    for (const i of under)
      if (wt[i] === w) {
        best[i] = 1;
        bestCpus += avail[i];
        bestNodes++;
      }
    sufficient = bestCpus >= remCpus && bestNodes >= remNodes;
  }
  if (!sufficient) return null;
  picked.fill(0);
  const st: Taking = { picked, taken: 0, remNodes, remCpus, remMax, avail, toUse };
  // each switch's best nodes (a switch's nodes in order, those marked best)
  cnt.fill(0);
  for (let s = 0; s < S; s++) for (const i of table.nodes[s]) if (best[i]) cnt[s]++;
  required.fill(0);
  if (lighter.length > 0) {
    lighter.sort((a, b) => a - b);
    for (const i of lighter) if (st.taken < count && take(st, i)) return lighter.slice(0, st.taken);
    if (st.taken >= count) return null;
    // a picked node is a best one: a switch holding one is required
    for (let s = 0; s < S; s++) if (table.nodes[s].some((i) => picked[i])) required[s] = 1;
    for (let s = 0; s < S; s++) {
      if (!required[s] || table.level[s] !== 0) continue;
      for (const i of table.nodes[s])
        if (best[i] && !picked[i] && st.taken < count && take(st, i)) return done(picked);
    }
  }
  dist.fill(0);
  if (release === "22.05") for (let s = 0; s < S; s++) if (required[s]) addDistances(dist, table, s);
  for (let prev = st.remNodes + 1; prev !== st.remNodes;) {
    prev = st.remNodes;
    let leaf = -1;
    for (let s = 0; s < S; s++) {
      if (required[s] || table.level[s] !== 0) continue;
      if (release === "20.11") {
        if (cnt[s] > 0 && (leaf < 0 || cnt[s] > cnt[leaf])) leaf = s;
      } else if (leaf < 0 || dist[s] === Infinity || cnt[s] === 0) {
        if (leaf < 0 && cnt[s] > 0 && dist[s] < Infinity) leaf = s;
      } else {
        const c = compareSwitches(table, s, leaf, st.remNodes, cnt);
        if ((dist[s] < dist[leaf] && c >= 0) || (dist[s] === dist[leaf] && c > 0)) leaf = s;
      }
    }
    if (leaf < 0) break;
    if (release === "22.05") addDistances(dist, table, leaf);
    for (const i of table.nodes[leaf])
      if (best[i] && !picked[i] && st.taken < count && take(st, i)) return done(picked);
    cnt[leaf] = 0;
  }
  return st.remNodes <= 0 && st.remCpus <= 0 ? done(picked) : null;
}
