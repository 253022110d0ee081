/**
 * A site's machine and jobs as select/cons_tres (or cons_res) places them (lib/sim/tres.ts): each
 * node from sinfo -N (CPUs, memory, GPUs, features, partitions, in the file's order, which is
 * slurm.conf's), each job's request per node from sacct (lib/site/site-request.ts):
 *
 * - CPUs: SubmitLine's `--ntasks-per-node` × `--cpus-per-task` when it states them, else ReqCPUS
 *   over its nodes, rounded up;
 * - memory: per allocated CPU when asked so (ReqMem `…c`, `--mem-per-cpu`: `memPerCpuMiB`, and no
 *   memory per node), per node when asked so (`…n`, `--mem`), else the whole job's over its nodes;
 * - GPUs: the whole job's over its nodes, rounded up;
 * - constraint: as lib/site/site-constraint.ts brings it to a per-node test, dropped when refused
 *   or when a node it ran on fails that test (its features changed since: the replay could not
 *   place it where Slurm did);
 * - exclusive: SubmitLine's `--exclusive` when stated; else sacct does not say, and a job is read
 *   as exclusive when it held every CPU of its nodes and more CPUs than it asked for (inferred:
 *   {@link exclusiveInferred}).
 */
import type { SinfoNode } from "../io/sinfo-nodes";
import { expandHostlist } from "../io/hostlist";
import { type JobTres, type TresNode, constraintTest } from "../sim/tres";
import type { SiteJob } from "./site-jobs";
import { replayConstraint } from "./site-constraint";

/** The nodes of sinfo -N (or slurm.conf) as lib/sim's cons_tres machine, each with its Weight when given. */
export function tresMachine(nodes: readonly SinfoNode[]): TresNode[] {
  return nodes.map((n) => ({
    name: n.node,
    cpus: n.cpus,
    memoryMiB: Number.isFinite(n.memoryMiB) ? n.memoryMiB : 0,
    gpus: n.gres.filter((g) => g.name === "gpu").reduce((s, g) => s + g.count, 0),
    features: [...n.features],
    partitions: [...n.partitions],
    ...(n.weight !== undefined ? { weight: n.weight } : {}),
    // sockets, cores and threads (sinfo's S:C:T), when the export has them: whole cores are allocated
    ...(Number.isFinite(n.sockets)
      ? { sockets: n.sockets, coresPerSocket: n.coresPerSocket, threadsPerCore: n.threadsPerCore }
      : {}),
  }));
}

const byNameOf = new WeakMap<readonly TresNode[], ReadonlyMap<string, TresNode>>();

/** A machine's nodes by name, built once per machine. */
function nodesByName(machine: readonly TresNode[]): ReadonlyMap<string, TresNode> {
  let m = byNameOf.get(machine);
  if (!m) byNameOf.set(machine, (m = new Map(machine.map((n) => [n.name, n]))));
  return m;
}

/** Whether the job held every CPU of its nodes and more than it asked (sacct's only trace of `--exclusive`). */
function heldWholeNodes(job: SiteJob, machine: readonly TresNode[]): boolean {
  const byName = nodesByName(machine);
  const held =
    job.nodeList === ""
      ? NaN
      : expandHostlist(job.nodeList).reduce((s, x) => s + (byName.get(x)?.cpus ?? NaN), 0);
  return job.cpus >= held && job.cpus > job.reqCpus;
}

/** Whether {@link jobTres} reads the job as exclusive by inference (no `--exclusive` stated on its SubmitLine). */
export function exclusiveInferred(job: SiteJob, machine: readonly TresNode[]): boolean {
  return job.submitted?.exclusive === undefined && heldWholeNodes(job, machine);
}

/** The constraint the replay tests for a job on `machine` (see the module comment), and what became of it. */
export function jobConstraint(
  job: SiteJob,
  machine: readonly TresNode[],
): { test: string; outcome: "as asked" | "simplified" | "refused" | "fails its nodes" } {
  const r = replayConstraint(job.constraint);
  if ("refused" in r) return { test: "", outcome: "refused" };
  const test = constraintTest(r.test);
  const byName = nodesByName(machine);
  const ran = job.nodeList === "" || job.nodeList === "None assigned" ? [] : expandHostlist(job.nodeList);
  if (ran.some((n) => byName.has(n) && !test(byName.get(n)!.features)))
    return { test: "", outcome: "fails its nodes" };
  return { test: r.test, outcome: r.simplified ? "simplified" : "as asked" };
}

/**
 * A job's request per node on `machine` (see the module comment).
 * @param memory true when memory is consumable (SelectTypeParameters CR_*_Memory); else 0 MiB
 */
export function jobTres(job: SiteJob, machine: readonly TresNode[], memory: boolean): JobTres {
  const n = Math.max(1, job.nodes);
  const sub = job.submitted;
  const perNode = sub?.ntasksPerNode !== undefined ? sub.ntasksPerNode * (sub.cpusPerTask ?? 1) : NaN;
  const mem = job.reqMem;
  const perCpu = memory && mem?.per === "cpu" && Number.isFinite(mem.mib);
  const out: JobTres = {
    cpusPerNode: perNode >= 1 ? perNode : Math.max(1, Math.ceil(job.reqCpus / n)),
    memPerNodeMiB: !memory || perCpu ? 0 : mem?.per === "node" ? mem.mib : job.reqMemMiB / n,
    gpusPerNode: Math.ceil(job.reqGpus / n),
    constraint: jobConstraint(job, machine).test,
    exclusive: sub?.exclusive !== undefined ? sub.exclusive === "node" : heldWholeNodes(job, machine),
  };
  if (perCpu) out.memPerCpuMiB = mem!.mib;
  return out;
}
