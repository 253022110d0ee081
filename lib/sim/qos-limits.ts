/**
 * QoS limits the simulator enforces (Slurm's per-QoS MaxWall, MaxTRESPerJob in nodes, MaxJobsPerUser,
 * MaxTRESPerUser in nodes). Per-job limits reject the job at submit (Slurm keeps it pending forever
 * with a QOSMax…Limit reason; we report it as rejected); per-user limits keep it pending without
 * blocking its partition.
 */
import type { SimJob } from "./job";

/** Limits of one QoS (all optional; absent = unlimited). */
export interface QosLimit {
  /** MaxWall, minutes. */
  maxWallMinutes?: number;
  /** MaxTRESPerJob=node, nodes. */
  maxNodesPerJob?: number;
  /** MaxJobsPerUser (running). */
  maxJobsPerUser?: number;
  /** MaxTRESPerUser=node (running), nodes. */
  maxNodesPerUser?: number;
}

/** Why a job can never run under its QoS, or undefined. */
export function qosRejectReason(job: SimJob, limits: Readonly<Record<string, QosLimit>>): string | undefined {
  const l = limits[job.qos];
  if (!l) return undefined;
  if (l.maxWallMinutes !== undefined && job.limit > l.maxWallMinutes * 60) return "QOSMaxWallDurationPerJobLimit";
  if (l.maxNodesPerJob !== undefined && job.nodes > l.maxNodesPerJob) return "QOSMaxNodePerJobLimit";
  return undefined;
}

/** True when starting the job now would exceed its QoS per-user limits. */
export function qosUserBlocked(job: SimJob, limits: Readonly<Record<string, QosLimit>>, running: { jobs: number; nodes: number }): boolean {
  const l = limits[job.qos];
  if (!l) return false;
  if (l.maxJobsPerUser !== undefined && running.jobs + 1 > l.maxJobsPerUser) return true;
  if (l.maxNodesPerUser !== undefined && running.nodes + job.nodes > l.maxNodesPerUser) return true;
  return false;
}
