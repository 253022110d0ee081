/**
 * The select plugin as the placement reads slurm.conf: SelectType (select/cons_tres or
 * select/cons_res), SelectTypeParameters (what a job is given: CPUs, whole cores or whole sockets,
 * and whether memory is consumable), the Slurm release whose select code is followed, and
 * topology/tree's switches; and what that means on each node, from cons_common.c (20.11 and 22.05
 * share it) and dist_tasks.c:
 * - a job's CPUs on a node with ThreadsPerCore > 1 (counting threads) take whole cores: no two jobs
 *   share a core under CR_Core nor CR_CPU (`_allocate_sc` counts free cores; slurm.conf(5): with
 *   sockets, cores and threads configured, CR_CPU "will prevent more than one job from being
 *   allocated on each core"), and whole sockets under CR_Socket (`entire_sockets_only`);
 * - the CPUs counted to the job there (its memory per CPU, AllocTRES): under CR_Core and CR_Socket
 *   every CPU of its cores (`_cyclic_sync_core_bitmap`: cpus = cores × threads per core), under
 *   CR_CPU the CPUs it asked (`_block_sync_core_bitmap` keeps the count); a job of 3 tasks of one CPU
 *   on a node of 2 threads per core takes 2 cores, 4 CPUs under CR_Core and 3 under CR_CPU (no
 *   `--ntasks-per-core`, `--threads-per-core` or `--hint`: jobs ask CPUs per node only);
 * - the step by which can_job_run_on_node lowers an offer until its memory per CPU fits
 *   (`common_allocate`'s cpu_alloc_size: a socket's CPUs, a core's, or one CPU).
 */
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import { type SwitchTable, type TresTopology, switchTable } from "./select-topology";
import { type JobTres, type TresNode, nodeShape } from "./tres";

/** SelectType: select/cons_tres or select/cons_res. */
export type SelectPlugin = "cons_tres" | "cons_res";

/** SelectTypeParameters' consumable resources. */
export type SelectTypeParameters =
  "CR_CPU" | "CR_CPU_Memory" | "CR_Core" | "CR_Core_Memory" | "CR_Socket" | "CR_Socket_Memory";

/** The Slurm release whose select code the placement follows. */
export type SelectRelease = "20.11" | "22.05";

/** The select plugin's settings (options of the Slurm scheduler under `machine`). */
export interface TresPlacementOptions {
  /** SelectType: "cons_tres" (select/cons_tres) or "cons_res" (select/cons_res). Defaults to "cons_tres". */
  select?: SelectPlugin;
  /**
   * SelectTypeParameters: what a job is given (CR_CPU: CPUs; CR_Core: whole cores; CR_Socket: whole
   * sockets) and, with _Memory, memory consumable (without it a job's memory is checked against
   * each node's RealMemory only). Defaults to "CR_Core_Memory".
   */
  selectTypeParameters?: SelectTypeParameters;
  /**
   * The release whose select code is followed: "20.11" (as 20.02–21.08: a node offers a job that
   * asks tasks per node just those CPUs, cons_common.c `_allocate_sc`; topology: the leaf switch
   * with the most usable nodes first) or "22.05" (a node offers all its free CPUs; topology: the
   * leaf that fits the job tightest, then the nearest). Defaults to "22.05".
   */
  slurmVersion?: SelectRelease;
  /** topology/tree's switches (TopologyPlugin=topology/tree, topology.conf). Defaults to none. */
  topology?: TresTopology;
}

const PARAMS: readonly SelectTypeParameters[] = [
  "CR_CPU",
  "CR_CPU_Memory",
  "CR_Core",
  "CR_Core_Memory",
  "CR_Socket",
  "CR_Socket_Memory",
];

/** The select plugin's settings resolved on a machine, with each node's allocation grain. */
export class SelectConfig {
  readonly plugin: SelectPlugin;
  readonly release: SelectRelease;
  /** The allocation unit of SelectTypeParameters. */
  readonly unit: "cpu" | "core" | "socket";
  /** Memory consumable (CR_*_Memory). */
  readonly memory: boolean;
  /** Per node, the CPUs a job takes at a time: a core's threads (a socket's under CR_Socket). */
  readonly grain: Int32Array;
  /** Per node, cpu_alloc_size: the step of the per-CPU memory test. */
  readonly step: Int32Array;
  /** The switch table of topology/tree, when given. */
  readonly topology: SwitchTable | undefined;

  constructor(
    readonly nodes: readonly TresNode[],
    o: TresPlacementOptions = {},
  ) {
    this.plugin = keyword(o.select ?? "cons_tres", "select", ["cons_tres", "cons_res"] as const);
    this.release = keyword(o.slurmVersion ?? "22.05", "slurmVersion", ["20.11", "22.05"] as const);
    const p = keyword(o.selectTypeParameters ?? "CR_Core_Memory", "selectTypeParameters", PARAMS);
    this.unit = p.startsWith("CR_Socket") ? "socket" : p.startsWith("CR_Core") ? "core" : "cpu";
    this.memory = p.endsWith("_Memory");
    this.grain = new Int32Array(nodes.length);
    this.step = new Int32Array(nodes.length);
    nodes.forEach((n, i) => {
      const s = nodeShape(n);
      this.grain[i] = this.unit === "socket" ? s.coresPerSocket * s.tpc : s.tpc;
      this.step[i] = this.unit === "cpu" ? 1 : this.grain[i];
    });
    if (o.topology !== undefined && (o.topology === null || typeof o.topology !== "object"))
      throw invalidArgument("topology", o.topology, "{ switches: [...] } (topology.conf's switches)");
    this.topology = o.topology ? switchTable(o.topology, nodes) : undefined;
  }

  /** CPUs a job asking `c` of node i takes there (whole cores or sockets). */
  occupied(i: number, c: number): number {
    const g = this.grain[i];
    return Math.min(Math.ceil(c / g) * g, this.nodes[i].cpus);
  }

  /** CPUs counted to a job on node i (its memory per CPU): the CPUs it takes, or those it asked under CR_CPU. */
  counted(i: number, t: JobTres): number {
    if (t.exclusive) return this.nodes[i].cpus;
    return this.unit === "cpu" ? t.cpusPerNode : this.occupied(i, t.cpusPerNode);
  }

  /** The job's memory on node i, MiB. */
  memNeed(i: number, t: JobTres): number {
    return t.memPerCpuMiB === undefined ? t.memPerNodeMiB : t.memPerCpuMiB * this.counted(i, t);
  }
}
