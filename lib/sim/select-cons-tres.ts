/**
 * select/cons_tres's node choice (Slurm 22.05, src/plugins/select/cons_tres/job_test.c) for a job
 * that asks each of its N nodes for c CPUs (`-N N --ntasks-per-node=c`), and the nodes' use:
 * - a node offers the job its free CPUs when they are at least the c the job asks of each node and
 *   it has the memory and the GPUs too, or all its CPUs when the job is exclusive and the node is
 *   idle; otherwise nothing (cons_common.c `_allocate_sc`; measured on Slurm 22.05: a 4-task job on
 *   an idle machine of 8- and 4-CPU nodes goes to the first 4-CPU node, so the offer is not capped
 *   at ntasks_per_node);
 * - `_eval_nodes`: the usable nodes in node order form sets of consecutive nodes of one scheduling
 *   weight; the lowest weight set wins, then (equal weights) the first set large enough, a tighter
 *   one (fewer CPUs), or — when none is large enough — the biggest; its nodes are taken in order
 *   (a one-node job: the one offering the fewest CPUs that suffice, the first on ties) and, when
 *   short, the next best set is added, until the job has its nodes and CPUs.
 * Not modelled: required nodes (`-w`), contiguous, topology, CR_LLN, pack_serial_at_end,
 * bf_busy_nodes, per-job GRES counts (`--gpus`), and `choose_nodes`' retry without low-resource
 * nodes (it matters only for GRES per job).
 */
import type { JobTres, TresNode } from "./tres";

/** The CPUs, memory and GPUs in use on every node of a machine, and which nodes a job holds whole. */
export class TresUsage {
  readonly cpus: Int32Array;
  readonly mem: Float64Array;
  readonly gpus: Int32Array;
  /** Jobs on each node. */
  readonly jobs: Int32Array;
  /** 1 where an exclusive job holds the node. */
  readonly whole: Uint8Array;

  constructor(readonly nodes: readonly TresNode[]) {
    const n = nodes.length;
    this.cpus = new Int32Array(n);
    this.mem = new Float64Array(n);
    this.gpus = new Int32Array(n);
    this.jobs = new Int32Array(n);
    this.whole = new Uint8Array(n);
  }

  /**
   * CPUs node i offers the job now (0: it cannot run there); a job asking GPUs is offered only the
   * CPUs it asks of each node (gres_select_filter_sock_core clears the cores beyond them).
   */
  offer(i: number, t: JobTres): number {
    const n = this.nodes[i];
    if (this.whole[i]) return 0;
    let free: number;
    if (t.exclusive) free = this.jobs[i] === 0 && fitsEmpty(n, t) ? n.cpus : 0;
    else if (n.cpus - this.cpus[i] < t.cpusPerNode) return 0;
    else if (n.memoryMiB > 0 && n.memoryMiB - this.mem[i] < t.memPerNodeMiB) return 0;
    else if (n.gpus - this.gpus[i] < t.gpusPerNode) return 0;
    else free = n.cpus - this.cpus[i];
    return t.gpusPerNode > 0 ? Math.min(free, t.cpusPerNode) : free;
  }

  /** Puts (sign 1) or takes off (sign −1) a job's use of node i. */
  apply(i: number, t: JobTres, sign: 1 | -1): void {
    const n = this.nodes[i];
    this.cpus[i] += sign * (t.exclusive ? n.cpus : t.cpusPerNode);
    this.mem[i] += sign * t.memPerNodeMiB;
    this.gpus[i] += sign * (t.exclusive ? n.gpus : t.gpusPerNode);
    this.jobs[i] += sign;
    if (t.exclusive) this.whole[i] = sign === 1 ? 1 : 0;
  }

  /** A copy (the will-run test's future use). */
  clone(): TresUsage {
    const u = new TresUsage(this.nodes);
    u.cpus.set(this.cpus);
    u.mem.set(this.mem);
    u.gpus.set(this.gpus);
    u.jobs.set(this.jobs);
    u.whole.set(this.whole);
    return u;
  }
}

/** True when the job's request fits node n empty (it can ever run there). */
export function fitsEmpty(n: TresNode, t: JobTres): boolean {
  return (
    n.cpus >= t.cpusPerNode &&
    (n.memoryMiB === 0 || n.memoryMiB >= t.memPerNodeMiB) &&
    n.gpus >= t.gpusPerNode
  );
}

/**
 * The nodes cons_tres gives a job of `count` nodes on the nodes `allowed` (1 = may be used), or null.
 * @param usage the nodes' use now
 * @param allowed per node, 1 where the job may go (partition, features, the backfill map)
 */
export function _selectConsTres(
  usage: TresUsage,
  t: JobTres,
  count: number,
  allowed: Uint8Array,
  weights?: Float64Array,
): number[] | null {
  const nodes = usage.nodes,
    n = nodes.length;
  if (weights) markNearGpus(usage, t, allowed, weights);
  const avail = new Int32Array(n);
  for (let i = 0; i < n; i++) if (allowed[i]) avail[i] = usage.offer(i, t);
  // the sets of consecutive usable nodes of one weight: [first, last, cpus, nodes, weight]
  const sets: number[][] = [];
  for (let i = 0; i < n; i++) {
    if (avail[i] === 0) continue;
    const w = weights ? weights[i] : (nodes[i].weight ?? 1),
      cur = sets[sets.length - 1];
    if (cur && cur[1] === i - 1 && cur[4] === w) {
      cur[1] = i;
      cur[2] += avail[i];
      cur[3]++;
    } else sets.push([i, i, avail[i], 1, w]);
  }
  let remCpus = count * t.cpusPerNode,
    remNodes = count,
    remMax = remCpus;
  const picked: number[] = [];
  while (sets.length > 0 && remNodes > 0) {
    let best = -1,
      bestSufficient = false;
    for (let s = 0; s < sets.length; s++) {
      const [, , cpus, k, w] = sets[s];
      if (k === 0) continue;
      const sufficient = cpus >= remCpus && k >= remNodes;
      const b = best < 0 ? undefined : sets[best];
      let take = !b || w < b[4];
      if (!take && b && w === b[4])
        take = (sufficient && !bestSufficient) || (sufficient && cpus < b[2]) || (!sufficient && cpus > b[2]);
      if (take) {
        best = s;
        bestSufficient = sufficient;
      }
    }
    if (best < 0) break;
    const [first, last] = sets[best];
    if (remNodes <= 1) {
      // one node left: the one offering the fewest CPUs that suffice (the first on ties)
      let fit = -1;
      for (let i = first; i <= last; i++)
        if (avail[i] > 0 && avail[i] >= remCpus && (fit < 0 || avail[i] < avail[fit])) fit = i;
      if (fit >= 0) for (let i = first; i <= last; i++) if (i !== fit) avail[i] = 0;
    }
    for (let i = first; i <= last && remNodes > 0; i++) {
      if (avail[i] <= 0 || picked.includes(i)) continue;
      if (remNodes === 1 && avail[i] < remCpus) continue;
      // _cpus_to_use: leave at least one CPU for each node still to come
      let use = avail[i];
      if (!t.exclusive && use > remMax - (remNodes - 1))
        use = Math.max(remMax - (remNodes - 1), t.cpusPerNode);
      picked.push(i);
      remCpus -= use;
      remMax -= use;
      remNodes--;
    }
    if (remNodes <= 0 && remCpus <= 0) break;
    sets[best][2] = 0;
    sets[best][3] = 0;
  }
  return remNodes <= 0 && remCpus <= 0 ? picked.sort((a, b) => a - b) : null;
}

/** A node's scheduling weight once a job's node sets are synced to it: its Weight, then 0xff. */
export const syncedWeight = (node: TresNode): number => (node.weight ?? 1) * 256 + 0xff;

/**
 * What evaluating a GPU job on the `allowed` nodes leaves in their scheduling weights (cons_tres
 * job_test.c `can_job_run_on_node`, "Favor nodes with more co-located GPUs"): on each node with the
 * job's CPUs per node and its GPUs free in `usage`, the low byte becomes 0xff less the GPUs the job
 * can use there — the GPUs it asks of each node, all the free ones for an exclusive job (every GPU
 * is near every core: gres.conf binds none to cores; seen in Slurm 22.05's SelectType log). Slurm
 * keeps the result in the node's record, so the next job's `_eval_nodes` sees it until
 * `_pick_best_nodes` syncs the node again ({@link syncedWeight}). The memory test comes after it.
 * A job asking no GPUs changes none.
 */
export function markNearGpus(usage: TresUsage, t: JobTres, allowed: Uint8Array, weights: Float64Array): void {
  if (t.gpusPerNode === 0) return;
  const nodes = usage.nodes;
  for (let i = 0; i < nodes.length; i++) {
    if (!allowed[i]) continue;
    const free = nodes[i].gpus - usage.gpus[i];
    if (free < t.gpusPerNode || nodes[i].cpus < t.cpusPerNode) continue;
    const near = t.exclusive ? free : t.gpusPerNode;
    weights[i] = weights[i] - (weights[i] % 256) + 0xff - Math.min(near, 0xff);
  }
}
