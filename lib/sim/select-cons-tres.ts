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
 * Under the select configuration (lib/sim/select-type.ts): offers in whole cores or sockets, memory
 * per CPU, select/cons_res (no weights in `_eval_nodes`: cons_res orders its node sets by weight in
 * node_scheduler.c instead, lib/sim/tres-node-sets.ts; no cap on a GPU job's CPUs: cons_res's
 * can_job_run_on_node keeps every free CPU of a node whose GPUs bind to no cores), the 20.11 offer
 * (`_allocate_sc`: a job asking tasks per node is offered just its CPUs), topology/tree
 * (`_eval_nodes_topo`: lib/sim/topology-cons-tres.ts, lib/sim/topology-cons-res.ts).
 * Not modelled: required nodes (`-w`), contiguous, CR_LLN, pack_serial_at_end, bf_busy_nodes,
 * per-job GRES counts (`--gpus`), `--ntasks-per-core`/`--hint`, and `choose_nodes`' retry without
 * low-resource nodes (it matters only for GRES per job).
 */
import { SelectConfig } from "./select-type";
import { evalTopoConsRes } from "./topology-cons-res";
import { evalTopoConsTres } from "./topology-cons-tres";
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

  /**
   * @param nodes the machine
   * @param select the select plugin's settings on it (defaults: cons_tres, CR_Core_Memory, 22.05)
   */
  constructor(
    readonly nodes: readonly TresNode[],
    readonly select: SelectConfig = new SelectConfig(nodes),
  ) {
    const n = nodes.length;
    this.cpus = new Int32Array(n);
    this.mem = new Float64Array(n);
    this.gpus = new Int32Array(n);
    this.jobs = new Int32Array(n);
    this.whole = new Uint8Array(n);
  }

  /**
   * CPUs node i offers the job now (0: it cannot run there; can_job_run_on_node): its free CPUs (all
   * of an idle node for an exclusive job; 20.11: just the CPUs it asks), lowered by the step of the
   * select configuration until its memory per CPU fits; a job asking GPUs is offered only the cores
   * its CPUs need under cons_tres (gres_select_filter_sock_core clears the cores beyond them).
   */
  offer(i: number, t: JobTres): number {
    const n = this.nodes[i],
      sel = this.select,
      c = t.cpusPerNode;
    if (this.whole[i]) return 0;
    const freeMem = n.memoryMiB - this.mem[i],
      mem = sel.memory && n.memoryMiB > 0;
    let avail: number;
    if (t.exclusive) avail = this.jobs[i] === 0 && fitsIdle(sel, i, t) ? n.cpus : 0;
    else if (n.cpus - this.cpus[i] < c) return 0;
    else if (mem && freeMem < t.memPerNodeMiB) return 0;
    else if (n.gpus - this.gpus[i] < t.gpusPerNode) return 0;
    else {
      avail = sel.release === "20.11" ? c : n.cpus - this.cpus[i];
      if (mem && t.memPerCpuMiB !== undefined) avail = perCpuFit(avail, sel.step[i], t, freeMem);
    }
    return t.gpusPerNode > 0 && sel.plugin === "cons_tres" ? Math.min(avail, sel.occupied(i, c)) : avail;
  }

  /** Puts (sign 1) or takes off (sign −1) a job's use of node i. */
  apply(i: number, t: JobTres, sign: 1 | -1): void {
    const n = this.nodes[i];
    this.cpus[i] += sign * (t.exclusive ? n.cpus : this.select.occupied(i, t.cpusPerNode));
    this.mem[i] += sign * this.select.memNeed(i, t);
    this.gpus[i] += sign * (t.exclusive ? n.gpus : t.gpusPerNode);
    this.jobs[i] += sign;
    if (t.exclusive) this.whole[i] = sign === 1 ? 1 : 0;
  }

  /**
   * Whether node i holds the memory the job is given there (cons_common job_test.c `_job_test`:
   * memory per CPU × the CPUs of its cores; an offer of the CPUs asked, as 20.11 makes, can fall
   * short of it, and the job then fails its test).
   */
  holdsMemory(i: number, t: JobTres): boolean {
    const n = this.nodes[i];
    return !this.select.memory || n.memoryMiB === 0 || this.select.memNeed(i, t) <= n.memoryMiB - this.mem[i];
  }

  /** A copy (the will-run test's future use). */
  clone(): TresUsage {
    return this.copyInto(new TresUsage(this.nodes, this.select));
  }

  /** This use written over `u`'s (a scratch of the same machine), which is returned. */
  copyInto(u: TresUsage): TresUsage {
    u.cpus.set(this.cpus);
    u.mem.set(this.mem);
    u.gpus.set(this.gpus);
    u.jobs.set(this.jobs);
    u.whole.set(this.whole);
    return u;
  }
}

/**
 * can_job_run_on_node's memory per CPU: the CPUs offered, lowered by `step` until their memory fits
 * the free memory, or 0 when that leaves fewer than the job asks.
 */
function perCpuFit(avail: number, step: number, t: JobTres, freeMem: number): number {
  const m = t.memPerCpuMiB!;
  while (avail > 0 && m * avail > freeMem) avail = avail >= step ? avail - step : 0;
  return avail < t.cpusPerNode ? 0 : avail;
}

/** True when node i, idle, offers the job CPUs (it can ever run there). */
export function fitsIdle(sel: SelectConfig, i: number, t: JobTres): boolean {
  const n = sel.nodes[i],
    mem = n.memoryMiB > 0;
  if (n.cpus < t.cpusPerNode || n.gpus < t.gpusPerNode || (mem && n.memoryMiB < t.memPerNodeMiB))
    return false;
  if (!mem || t.memPerCpuMiB === undefined || !sel.memory) return true;
  if (t.exclusive) return t.memPerCpuMiB * n.cpus <= n.memoryMiB;
  return perCpuFit(sel.release === "20.11" ? t.cpusPerNode : n.cpus, sel.step[i], t, n.memoryMiB) > 0;
}

/**
 * Backfill's test of the nodes after its map (node_scheduler.c `job_req_node_filter`): as
 * lib/sim/tres-node-sets.ts `nodeSetFits`, with a memory per CPU times the job's CPUs per node.
 */
export const reqFilterFits = (n: TresNode, t: JobTres): boolean =>
  n.cpus >= t.cpusPerNode &&
  (n.memoryMiB === 0 || n.memoryMiB >= (t.memPerCpuMiB ?? 0) * t.cpusPerNode + t.memPerNodeMiB);

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
  if (weights && usage.select.plugin !== "cons_res") markNearGpus(usage, t, allowed, weights);
  const avail = offerScratch(usage.nodes.length);
  // each node gives the job at most one of its `count` nodes: fewer usable nodes never suffice
  if (offersInto(usage, t, allowed, avail) < count) return null;
  return chooseFromOffers(usage, t, count, avail, weights);
}

// one offers array per machine size for `_selectConsTres` (a choice is made thousands of times per
// replay; the offers are read only within it)
const offerScratches = new Map<number, Int32Array>();
const offerScratch = (n: number): Int32Array => {
  let a = offerScratches.get(n);
  if (!a) offerScratches.set(n, (a = new Int32Array(n)));
  return a;
};

/**
 * Per node, the CPUs it offers the job now ({@link TresUsage.offer}) where `allowed`, else 0, written
 * into `avail`; returns the number of nodes offering any.
 */
export function offersInto(usage: TresUsage, t: JobTres, allowed: Uint8Array, avail: Int32Array): number {
  let usable = 0;
  for (let i = 0; i < avail.length; i++) if ((avail[i] = allowed[i] ? usage.offer(i, t) : 0) > 0) usable++;
  return usable;
}

/**
 * The nodes cons_tres gives a job of `count` nodes from the nodes' offers `avail` (read, not changed),
 * or null: `_eval_nodes` (or `_eval_nodes_topo`), then the memory the job is given on them.
 * @param weights the nodes' scheduling weights (undefined: their Weight)
 */
export function chooseFromOffers(
  usage: TresUsage,
  t: JobTres,
  count: number,
  avail: Int32Array,
  weights?: Float64Array,
): number[] | null {
  const nodes = usage.nodes,
    sel = usage.select,
    res = sel.plugin === "cons_res";
  let pick: number[] | null;
  if (sel.topology) {
    // (inline arrows: a named closure made at every call costs more than the choice itself)
    pick = res
      ? evalTopoConsRes(sel.topology, avail, count, t.cpusPerNode, (i, a, remMax, remNodes) =>
          cpusToUse(sel.grain[i], t, a, remMax, remNodes),
        )
      : evalTopoConsTres(
          sel.topology,
          avail,
          count,
          t.cpusPerNode,
          (i) => (weights ? weights[i] : (nodes[i].weight ?? 1)),
          (i, a, remMax, remNodes) => cpusToUse(sel.grain[i], t, a, remMax, remNodes),
          sel.release,
        );
  } else pick = evalNodes(avail, t, count, nodes, res ? null : weights, sel.grain);
  if (!pick || t.memPerCpuMiB === undefined) return pick;
  return pick.every((i) => usage.holdsMemory(i, t)) ? pick : null;
}

/**
 * `_cpus_to_use`: the CPUs a job takes of the `a` a node offers when `remMax` are left for
 * `remNodes` nodes: all of them when exclusive, else no more than leaves a grain (a core's CPUs, a
 * socket's under CR_Socket) for each node still to come, and at least its CPUs per node.
 */
function cpusToUse(grain: number, t: JobTres, a: number, remMax: number, remNodes: number): number {
  const left = remMax - Math.max(remNodes - 1, 0) * grain;
  return t.exclusive || a <= left ? a : Math.max(left, t.cpusPerNode);
}

/**
 * `_eval_nodes` over the offers `avail` (see the module comment; read, not changed), with the
 * scheduling weights `weights` (undefined: the nodes' Weight; null: none, as select/cons_res).
 */
function evalNodes(
  avail: Int32Array,
  t: JobTres,
  count: number,
  nodes: readonly TresNode[],
  weights: Float64Array | null | undefined,
  grain: Int32Array,
): number[] | null {
  const n = avail.length;
  // the sets of consecutive usable nodes of one weight: first and last node, CPUs, nodes, weight
  const first: number[] = [],
    last: number[] = [],
    cpus: number[] = [],
    size: number[] = [],
    weight: number[] = [];
  for (let i = 0; i < n; i++) {
    if (avail[i] === 0) continue;
    const w = weights === null ? 0 : weights ? weights[i] : (nodes[i].weight ?? 1),
      s = first.length - 1;
    if (s >= 0 && last[s] === i - 1 && weight[s] === w) {
      last[s] = i;
      cpus[s] += avail[i];
      size[s]++;
    } else {
      first.push(i);
      last.push(i);
      cpus.push(avail[i]);
      size.push(1);
      weight.push(w);
    }
  }
  const sets = first.length;
  let remCpus = count * t.cpusPerNode,
    remNodes = count,
    remMax = remCpus;
  const picked: number[] = [];
  const taken = new Uint8Array(n);
  while (sets > 0 && remNodes > 0) {
    let best = -1,
      bestSufficient = false;
    for (let s = 0; s < sets; s++) {
      if (size[s] === 0) continue;
      const sufficient = cpus[s] >= remCpus && size[s] >= remNodes;
      let take = best < 0 || weight[s] < weight[best];
      if (!take && weight[s] === weight[best])
        take =
          (sufficient && !bestSufficient) ||
          (sufficient && cpus[s] < cpus[best]) ||
          (!sufficient && cpus[s] > cpus[best]);
      if (take) {
        best = s;
        bestSufficient = sufficient;
      }
    }
    if (best < 0) break;
    const from = first[best],
      to = last[best];
    // one node left: the one offering the fewest CPUs that suffice (the first on ties), alone
    let only = -1;
    if (remNodes <= 1)
      for (let i = from; i <= to; i++)
        if (avail[i] > 0 && avail[i] >= remCpus && (only < 0 || avail[i] < avail[only])) only = i;
    for (let i = from; i <= to && remNodes > 0; i++) {
      if (avail[i] <= 0 || taken[i] || (only >= 0 && i !== only)) continue;
      if (remNodes === 1 && avail[i] < remCpus) continue;
      const use = cpusToUse(grain[i], t, avail[i], remMax, remNodes);
      picked.push(i);
      taken[i] = 1;
      remCpus -= use;
      remMax -= use;
      remNodes--;
    }
    if (remNodes <= 0 && remCpus <= 0) break;
    cpus[best] = 0;
    size[best] = 0;
  }
  return remNodes <= 0 && remCpus <= 0 ? picked.sort((a, b) => a - b) : null;
}

/**
 * What evaluating a GPU job on the `allowed` nodes leaves in their scheduling weights (cons_tres
 * job_test.c `can_job_run_on_node`, "Favor nodes with more co-located GPUs"): on each node with the
 * job's CPUs per node and its GPUs free in `usage`, the low byte becomes 0xff less the GPUs the job
 * can use there — the GPUs it asks of each node, all the free ones for an exclusive job (every GPU
 * is near every core: gres.conf binds none to cores; seen in Slurm 22.05's SelectType log). Slurm
 * keeps the result in the node's record, so the next job's `_eval_nodes` sees it until
 * `_pick_best_nodes` syncs the node again (lib/sim/tres-node-sets.ts `syncedWeight`). The memory test comes after it.
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
