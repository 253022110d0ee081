/**
 * Which nodes a select/cons_tres job may use, and the nodes' scheduling weights as slurmctld keeps
 * them in the node records between jobs (node_scheduler.c `_build_node_list`, `_sync_node_weight`,
 * `_set_sched_weight`; job_test.c `can_job_run_on_node` lowers them, lib/sim/select-cons-tres.ts
 * `markNearGpus`).
 */
import { fitsEmpty, syncedWeight } from "./select-cons-tres";
import type { SimJob } from "./job";
import { type JobTres, type TresNode, constraintTest } from "./tres";

/** A machine's node eligibility per partition and features, and its nodes' scheduling weights. */
export class TresNodeSets {
  /** Each node's scheduling weight (0 until a job's node sets first hold it). */
  readonly weights: Float64Array;
  private readonly eligible = new Map<string, Uint8Array>();
  private tested = new Uint8Array(0);

  constructor(private readonly machine: readonly TresNode[]) {
    this.weights = new Float64Array(machine.length);
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
   * `_pick_best_nodes` does before it selects.
   */
  sync(partition: string, t: JobTres): Uint8Array {
    const e = this.eligibleFor(partition, t.constraint),
      noGpus = { ...t, gpusPerNode: 0 },
      m = this.machine,
      sets = new Uint8Array(m.length);
    for (let i = 0; i < m.length; i++)
      if (e[i] && fitsEmpty(m[i], noGpus)) {
        sets[i] = 1;
        this.weights[i] = syncedWeight(m[i]);
      }
    return sets;
  }

  /** The jobs of `pending` no earlier call returned, by submission then index (`total`: the job count). */
  submitted(pending: readonly number[], submit: (j: number) => number, total: number): number[] {
    if (this.tested.length !== total) this.tested = new Uint8Array(total);
    const fresh = pending.filter((j) => !this.tested[j]);
    for (const j of fresh) this.tested[j] = 1;
    return fresh.sort((a, b) => submit(a) - submit(b) || a - b);
  }

  /** Why Slurm refuses the job at submission: no set of its partition's nodes could hold it even idle. */
  refusal(job: SimJob): string | undefined {
    const t = job.tres;
    if (!t) return "no per-node request (tres) under cons_tres";
    const e = this.eligibleFor(job.partition, t.constraint);
    const fit = this.machine.filter((m, i) => e[i] && fitsEmpty(m, t)).length;
    return fit >= job.nodes
      ? undefined
      : `asks ${job.nodes} node(s) of ${t.cpusPerNode} CPUs, ${t.memPerNodeMiB} MiB, ${t.gpusPerNode} GPUs${t.constraint ? ` with ${t.constraint}` : ""} in partition ${job.partition || "(any)"}: ${fit} node(s) can hold it`;
  }
}
