/**
 * Which nodes a select/cons_tres (or cons_res) job may use, and the nodes' scheduling weights as
 * slurmctld keeps them in the node records between jobs (node_scheduler.c `_build_node_list`,
 * `_sync_node_weight`, `_set_sched_weight`; job_test.c `can_job_run_on_node` lowers them,
 * lib/sim/select-cons-tres.ts `markNearGpus`); and select/cons_res's node sets in the order
 * `_pick_best_nodes` grows its candidates.
 */
import { fitsIdle } from "./select-cons-tres";
import type { SelectConfig } from "./select-type";
import type { SimJob } from "./job";
import { type JobTres, type TresNode, constraintTest } from "./tres";

/**
 * The configuration test of the node sets (node_scheduler.c `_build_node_list`, whatever
 * SelectTypeParameters): the node's CPUs hold the job's per node, its RealMemory the job's memory per
 * node — or its memory per CPU, that value alone.
 */
export const nodeSetFits = (n: TresNode, t: JobTres): boolean =>
  n.cpus >= t.cpusPerNode && (n.memoryMiB === 0 || n.memoryMiB >= (t.memPerCpuMiB ?? t.memPerNodeMiB));

/** A node's scheduling weight once a job's node sets are synced to it: its Weight, then 0xff. */
export const syncedWeight = (node: TresNode): number => (node.weight ?? 1) * 256 + 0xff;

/** A machine's node eligibility per partition and features, and its nodes' scheduling weights. */
export class TresNodeSets {
  /** Each node's scheduling weight (0 until a job's node sets first hold it). */
  readonly weights: Float64Array;
  private readonly eligible = new Map<string, Uint8Array>();
  private readonly nodeSets = new Map<string, Uint8Array>();
  /** Each node's synced scheduling weight ({@link syncedWeight}). */
  private readonly synced: Float64Array;
  private tested = new Uint8Array(0);
  private readonly machine: readonly TresNode[];
  /** The config record (NodeName line) of each node, numbered (see TresNode.configLine). */
  private readonly line: Int32Array;

  constructor(private readonly select: SelectConfig) {
    const m = (this.machine = select.nodes);
    this.weights = new Float64Array(m.length);
    this.synced = Float64Array.from(m, syncedWeight);
    const seen = new Map<string, number>();
    this.line = Int32Array.from(m, (n) => {
      if (n.configLine !== undefined) return n.configLine;
      const key = JSON.stringify([
        n.cpus,
        n.memoryMiB,
        n.gpus,
        [...n.features].sort(),
        n.weight ?? 1,
        n.sockets ?? 1,
        n.coresPerSocket ?? 0,
        n.threadsPerCore ?? 1,
      ]);
      if (!seen.has(key)) seen.set(key, seen.size);
      return seen.get(key)!;
    });
  }

  /** Per node, 1 when it is in the partition ("" = any) and has the features `constraint` asks for. */
  eligibleFor(partition: string, constraint: string): Uint8Array {
    const key = `${partition}\u0000${constraint}`;
    let e = this.eligible.get(key);
    if (!e) {
      const has = constraintTest(constraint),
        m = this.machine;
      e = new Uint8Array(m.length);
      for (let i = 0; i < m.length; i++)
        e[i] = (partition === "" || m[i].partitions.includes(partition)) && has(m[i].features) ? 1 : 0;
      this.eligible.set(key, e);
    }
    return e;
  }

  /**
   * A job's node sets — its partition's nodes with its features whose configuration holds its CPUs
   * and memory per node (`_build_node_list`) — with their weights synced to Weight << 8 | 0xff, as
   * `_pick_best_nodes` does before it selects. The sets returned are shared between calls: read them only.
   */
  sync(partition: string, t: JobTres): Uint8Array {
    // the node sets depend on the partition, the features and the CPUs and memory per node alone
    const key = `${partition}\u0000${t.constraint}\u0000${t.cpusPerNode}\u0000${t.memPerCpuMiB ?? t.memPerNodeMiB}`;
    let sets = this.nodeSets.get(key);
    if (!sets) {
      const e = this.eligibleFor(partition, t.constraint),
        m = this.machine;
      sets = new Uint8Array(m.length);
      for (let i = 0; i < m.length; i++) if (e[i] && nodeSetFits(m[i], t)) sets[i] = 1;
      this.nodeSets.set(key, sets);
    }
    for (let i = 0; i < sets.length; i++) if (sets[i]) this.weights[i] = this.synced[i];
    return sets;
  }

  /**
   * select/cons_res's candidates, in the order `_pick_best_nodes` tries them (SELECT_SINGLE_JOB_TEST
   * is 0): the job's node sets — the nodes of one NodeName line in `own` — ordered by weight (then
   * line), each try adding the next set to the last; sets of equal weight are added together for a
   * job that shares nodes or under a topology of several switches (its `continue` when the next set's
   * sched_weight is the same), one at a time for an exclusive job.
   */
  levels(own: Uint8Array, t: JobTres): Uint8Array[] {
    const m = this.machine,
      keys: [number, number][] = [];
    for (let i = 0; i < m.length; i++) if (own[i]) keys.push([m[i].weight ?? 1, this.line[i]]);
    const sets = [...new Map(keys.map((k) => [`${k[0]}:${k[1]}`, k])).values()].sort(
      (a, b) => a[0] - b[0] || a[1] - b[1],
    );
    const together = !t.exclusive || (this.select.topology?.size ?? 0) > 1;
    const out: Uint8Array[] = [];
    let acc = new Uint8Array(m.length);
    sets.forEach(([w, l], k) => {
      for (let i = 0; i < m.length; i++)
        if (own[i] && this.line[i] === l && (m[i].weight ?? 1) === w) acc[i] = 1;
      if (together && k + 1 < sets.length && sets[k + 1][0] === w) return;
      out.push(acc);
      acc = acc.slice();
    });
    return out;
  }

  /** The jobs of `pending` no earlier call returned, by submission then index (`total`: the job count). */
  submitted(pending: readonly number[], submit: (j: number) => number, total: number): number[] {
    if (this.tested.length !== total) this.tested = new Uint8Array(total);
    const fresh = pending.filter((j) => !this.tested[j]);
    for (const j of fresh) this.tested[j] = 1;
    return fresh.sort((a, b) => submit(a) - submit(b) || a - b);
  }

  /** Whether node i could ever hold the job: its configuration fits (a node set) and it offers CPUs idle. */
  couldHold(i: number, t: JobTres): boolean {
    return nodeSetFits(this.machine[i], t) && fitsIdle(this.select, i, t);
  }

  /** Why Slurm refuses the job at submission: no set of its partition's nodes could hold it even idle. */
  refusal(job: SimJob): string | undefined {
    const t = job.tres;
    if (!t) return "no per-node request (tres) under cons_tres";
    const e = this.eligibleFor(job.partition, t.constraint);
    let fit = 0;
    for (let i = 0; i < this.machine.length; i++) if (e[i] && this.couldHold(i, t)) fit++;
    const mem = t.memPerCpuMiB === undefined ? `${t.memPerNodeMiB} MiB` : `${t.memPerCpuMiB} MiB per CPU`;
    return fit >= job.nodes
      ? undefined
      : `asks ${job.nodes} node(s) of ${t.cpusPerNode} CPUs, ${mem}, ${t.gpusPerNode} GPUs${t.constraint ? ` with ${t.constraint}` : ""} in partition ${job.partition || "(any)"}: ${fit} node(s) can hold it`;
  }
}
