/**
 * A machine and its jobs as select/cons_tres sees them: nodes that differ (CPUs, memory, GPUs,
 * features, partitions, scheduling weight) and jobs that ask each of their nodes for some CPUs,
 * memory and GPUs — sharing a node with other jobs unless exclusive — on nodes with the features
 * their `--constraint` names, in their partition.
 */
import { invalidArgument } from "../util/errors";

/** One node (slurm.conf's NodeName line; sinfo -N). */
export interface TresNode {
  /** Node name. */
  name: string;
  /** CPUs (CR_Core: cores) the node offers. */
  cpus: number;
  /** Memory, MiB (consumable under CR_*_Memory; 0 = memory not tracked on this node). */
  memoryMiB: number;
  /** GPUs (gres/gpu). */
  gpus: number;
  /** Features (`--constraint` names). */
  features: readonly string[];
  /** Partitions the node is in. */
  partitions: readonly string[];
  /** Scheduling weight (lower first). Defaults to 1. */
  weight?: number;
  /** Sockets (slurm.conf Sockets, or Boards × SocketsPerBoard). Defaults to 1. */
  sockets?: number;
  /** Cores per socket (CoresPerSocket). Defaults to cpus / (sockets × threadsPerCore). */
  coresPerSocket?: number;
  /**
   * Threads per core (ThreadsPerCore). Jobs are given threads of a core only when `cpus` counts
   * threads (cpus = sockets × coresPerSocket × threadsPerCore); when it counts cores, a CPU is a core
   * (node_conf.c: tpc = 1 when tot_cores ≥ CPUs). Defaults to 1.
   */
  threadsPerCore?: number;
  /**
   * The slurm.conf NodeName line the node is defined on (its config record): nodes of one line share
   * the number, and lines are ordered by it. select/cons_res's node sets are these lines
   * (node_scheduler.c `_build_node_list`). Defaults to one line per distinct combination of CPUs,
   * memory, GPUs, features, weight, sockets, cores and threads, numbered in order of first appearance.
   */
  configLine?: number;
}

/** What a job asks of each of its nodes (sbatch `-N`, `--ntasks-per-node`, `--mem`, `--gres`, `--constraint`). */
export interface JobTres {
  /** CPUs on each node. */
  cpusPerNode: number;
  /** Memory on each node, MiB (0 when memory is not consumable). */
  memPerNodeMiB: number;
  /**
   * memory per allocated CPU, MiB (sbatch --mem-per-cpu; ReqMem …c): when set, a node's memory need
   * is this × the CPUs the job is given there, and memPerNodeMiB is 0
   */
  memPerCpuMiB?: number;
  /** GPUs on each node. */
  gpusPerNode: number;
  /** `--constraint`: features joined by `&` (all) or `|` (any); "" for none. */
  constraint: string;
  /** `--exclusive`: the whole node, shared with no other job. */
  exclusive: boolean;
}

/**
 * A `--constraint` expression as a test of a node's features: `a&b` (all), `a|b` (any), `a&b|c`
 * (`&` binds first, as Slurm evaluates left to right without brackets). Brackets and counts
 * (`[a|b]`, `a*2`) are not modelled.
 * @throws `invalid constraint` for an expression with brackets, counts or empty names
 */
export function constraintTest(expr: string): (features: readonly string[]) => boolean {
  if (expr === "") return () => true;
  if (/[[\]*()]/.test(expr))
    throw invalidArgument(
      "constraint",
      expr,
      "features joined by & or | (brackets and counts are not modelled)",
    );
  const any = expr.split("|").map((term) => term.split("&"));
  if (any.some((all) => all.some((f) => !/^[\w.-]+$/.test(f))))
    throw invalidArgument("constraint", expr, "feature names joined by & or |");
  return (features) => any.some((all) => all.every((f) => features.includes(f)));
}

/**
 * Checks a machine: unique names, positive CPUs, memory and GPUs ≥ 0, at least one partition, and
 * CPUs equal to the cores or the threads its sockets, cores and threads give (cons_common.c
 * `select_p_node_init` refuses other counts).
 * @throws `invalid machine[i].<field>` naming the node
 */
export function checkTresNodes(nodes: readonly TresNode[]): void {
  if (!Array.isArray(nodes) || nodes.length === 0)
    throw invalidArgument("machine", nodes, "a non-empty array of nodes");
  const seen = new Set<string>();
  nodes.forEach((n, i) => {
    const at = `machine[${i}]`;
    if (typeof n.name !== "string" || n.name === "" || seen.has(n.name))
      throw invalidArgument(`${at}.name`, n.name, "a unique node name");
    seen.add(n.name);
    if (!(Number.isInteger(n.cpus) && n.cpus >= 1))
      throw invalidArgument(`${at}.cpus`, n.cpus, "an integer ≥ 1");
    if (!(Number.isFinite(n.memoryMiB) && n.memoryMiB >= 0))
      throw invalidArgument(`${at}.memoryMiB`, n.memoryMiB, "MiB ≥ 0");
    if (!(Number.isInteger(n.gpus) && n.gpus >= 0))
      throw invalidArgument(`${at}.gpus`, n.gpus, "an integer ≥ 0");
    if (!Array.isArray(n.partitions) || n.partitions.length === 0)
      throw invalidArgument(`${at}.partitions`, n.partitions, "the partitions the node is in (at least one)");
    const count = (v: number | undefined, field: string) => {
      if (v !== undefined && !(Number.isInteger(v) && v >= 1))
        throw invalidArgument(`${at}.${field}`, v, "an integer ≥ 1");
    };
    count(n.sockets, "sockets");
    count(n.coresPerSocket, "coresPerSocket");
    count(n.threadsPerCore, "threadsPerCore");
    if (n.configLine !== undefined && !Number.isInteger(n.configLine))
      throw invalidArgument(`${at}.configLine`, n.configLine, "an integer (the NodeName line's number)");
    const { cores, threads, coresPerSocket } = nodeShape(n);
    if (!Number.isInteger(coresPerSocket))
      throw invalidArgument(
        `${at}.coresPerSocket`,
        n.coresPerSocket,
        "a whole number of cores per socket (cpus / (sockets × threadsPerCore) is not one)",
      );
    if (n.cpus !== cores && n.cpus !== cores * threads)
      throw invalidArgument(
        `${at}.cpus`,
        n.cpus,
        `sockets × coresPerSocket (${cores}) or that × threadsPerCore (${cores * threads})`,
      );
  });
}

/** A node's cores and threads per core (defaults of {@link TresNode}), and the threads a job is given per core. */
export function nodeShape(n: TresNode): NodeShape {
  const sockets = n.sockets ?? 1,
    threads = n.threadsPerCore ?? 1,
    coresPerSocket = n.coresPerSocket ?? n.cpus / (sockets * threads),
    cores = sockets * coresPerSocket;
  // node_conf.c: "tpc", the schedulable threads per core, is 1 when the CPUs count cores
  return { sockets, coresPerSocket, cores, threads, tpc: cores >= n.cpus ? 1 : threads };
}

/** A node's sockets, cores and threads (see {@link nodeShape}). */
export interface NodeShape {
  /** Sockets. */
  sockets: number;
  /** Cores per socket. */
  coresPerSocket: number;
  /** Cores. */
  cores: number;
  /** Threads per core (ThreadsPerCore). */
  threads: number;
  /** Threads a job is given per core it uses: ThreadsPerCore when the CPUs count threads, else 1. */
  tpc: number;
}

/**
 * Checks a job's request.
 * @throws `invalid <where>.<field>` naming the job
 */
export function checkJobTres(t: JobTres, where: string): void {
  if (!(Number.isInteger(t.cpusPerNode) && t.cpusPerNode >= 1))
    throw invalidArgument(`${where}.cpusPerNode`, t.cpusPerNode, "an integer ≥ 1");
  if (!(Number.isFinite(t.memPerNodeMiB) && t.memPerNodeMiB >= 0))
    throw invalidArgument(`${where}.memPerNodeMiB`, t.memPerNodeMiB, "MiB ≥ 0");
  if (t.memPerCpuMiB !== undefined) {
    if (!(Number.isFinite(t.memPerCpuMiB) && t.memPerCpuMiB >= 0))
      throw invalidArgument(`${where}.memPerCpuMiB`, t.memPerCpuMiB, "MiB ≥ 0");
    if (t.memPerNodeMiB !== 0)
      throw invalidArgument(`${where}.memPerNodeMiB`, t.memPerNodeMiB, "0 when memPerCpuMiB is set");
  }
  if (!(Number.isInteger(t.gpusPerNode) && t.gpusPerNode >= 0))
    throw invalidArgument(`${where}.gpusPerNode`, t.gpusPerNode, "an integer ≥ 0");
  if (typeof t.constraint !== "string")
    throw invalidArgument(`${where}.constraint`, t.constraint, "a string");
  constraintTest(t.constraint);
  if (typeof t.exclusive !== "boolean") throw invalidArgument(`${where}.exclusive`, t.exclusive, "a boolean");
}
