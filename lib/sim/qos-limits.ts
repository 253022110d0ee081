/**
 * QoS limits in the simulator, from lib/slurm's {@link QosDefinition}: per-job limits (MaxWall,
 * MaxTRES nodes/CPUs) reject the job at submit (Slurm keeps it pending forever with a QOSMax…
 * reason; we report it as rejected with that reason); MaxJobs (running jobs per user and QoS)
 * keeps it pending without blocking its partition. MaxSubmitJobs is not enforced (a trace replay
 * cannot refuse submissions).
 */
import { type QosDefinition, qosJobViolations, qosUserLimits } from "../slurm/qos";
import type { SimJob } from "./job";

/** QoS definitions by name. */
export function qosByName(qos: readonly QosDefinition[]): Map<string, QosDefinition> {
  return new Map(qos.map((q) => [q.name, q]));
}

/** Why a job can never run under its QoS, or undefined. */
export function qosRejectReason(job: SimJob, qos: ReadonlyMap<string, QosDefinition>): string | undefined {
  const q = qos.get(job.qos);
  if (!q) return undefined;
  const v = qosJobViolations(q, { wallSeconds: job.limit, nodes: job.nodes, cpus: job.procs });
  return v.length ? `QoS ${q.name}: ${v.join("; ")}` : undefined;
}

/** True when the user already runs MaxJobs jobs under the job's QoS. */
export function qosUserBlocked(
  job: SimJob,
  qos: ReadonlyMap<string, QosDefinition>,
  running: { jobs: number },
): boolean {
  const q = qos.get(job.qos);
  return q ? !qosUserLimits(q, running.jobs, 0).canStart : false;
}
