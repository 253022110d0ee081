/**
 * A site's machine and jobs as select/cons_tres (or cons_res) places them (lib/sim/tres.ts): each
 * node from sinfo -N (CPUs, memory, GPUs, features, partitions, in the file's order, which is
 * slurm.conf's), each job's request per node from sacct (ReqCPUS, ReqTRES mem and gres/gpu over its
 * NNodes; its Constraints). sacct does not say whether a job was `--exclusive`: a job is read as
 * exclusive when it held every CPU of its nodes and more CPUs than it asked for (inferred).
 */
import type { SinfoNode } from "../io/sinfo-nodes";
import { expandHostlist } from "../io/hostlist";
import type { JobTres, TresNode } from "../sim/tres";
import type { SiteJob } from "./site-jobs";

/** The nodes of sinfo -N as lib/sim's cons_tres machine. */
export function tresMachine(nodes: readonly SinfoNode[]): TresNode[] {
  return nodes.map((n) => ({
    name: n.node,
    cpus: n.cpus,
    memoryMiB: Number.isFinite(n.memoryMiB) ? n.memoryMiB : 0,
    gpus: n.gres.filter((g) => g.name === "gpu").reduce((s, g) => s + g.count, 0),
    features: [...n.features],
    partitions: [...n.partitions],
  }));
}

/**
 * A job's request per node on `machine`.
 * @param memory true when memory is consumable (SelectTypeParameters CR_*_Memory); else 0 MiB
 */
export function jobTres(job: SiteJob, machine: readonly TresNode[], memory: boolean): JobTres {
  const n = Math.max(1, job.nodes);
  const cpusOf = new Map(machine.map((m) => [m.name, m.cpus]));
  const held =
    job.nodeList === "" ? NaN : expandHostlist(job.nodeList).reduce((s, x) => s + (cpusOf.get(x) ?? NaN), 0);
  return {
    cpusPerNode: Math.max(1, Math.ceil(job.reqCpus / n)),
    memPerNodeMiB: memory ? job.reqMemMiB / n : 0,
    gpusPerNode: Math.ceil(job.reqGpus / n),
    constraint: job.constraint,
    exclusive: job.cpus >= held && job.cpus > job.reqCpus,
  };
}
