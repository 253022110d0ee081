/**
 * Quality of Service (thesis Section 2.2.4, Tables 3–4): a priority plus per-job and per-user
 * limits, as data. Slurm's QoS factor is priority / max priority over all QoS (notes §1a). The
 * thesis's Table 4 (0.01 / 0.98 / 0.01) is priority / *sum* of priorities (100/10200 ≈ 0.0098,
 * 10000/10200 ≈ 0.980) although its text says "normalize … to the highest value", which would give
 * 0.01 / 1 / 0.01: both are available through `normalization`.
 */
import { invalidArgument, invalidField } from "../util/errors";
import { keyword } from "../util/options";
import type { ReferenceRecord } from "../io/reference-csv";

/** One QoS. Limits are Infinity when unlimited. */
export interface QosDefinition {
  /** Name. */
  name: string;
  /** Priority (an integer ≥ 0 in Slurm). */
  priority: number;
  /** MaxWall, seconds. */
  maxWallSeconds: number;
  /** MaxTRES per job, nodes. */
  maxNodes: number;
  /** MaxTRES per job, CPUs. */
  maxCpus: number;
  /** MaxJobs: running jobs per user. */
  maxJobs: number;
  /** MaxSubmitJobs: running + pending jobs per user. */
  maxSubmitJobs: number;
}

/** How QoS priorities are normalised: by the largest (Slurm) or by the sum (what Table 4 prints). */
export type QosNormalization = "max" | "sum";

/**
 * The normalised QoS priority of each QoS, in [0, 1].
 * @param normalization "max" (Slurm, the default) or "sum" (thesis Table 4's numbers)
 */
export function normalizedQosPriorities(
  qos: readonly QosDefinition[],
  normalization: QosNormalization = "max",
): Map<string, number> {
  keyword(normalization, "normalization", ["max", "sum"] as const);
  for (const q of qos)
    if (!(q.priority >= 0 && Number.isFinite(q.priority)))
      throw invalidArgument(`priority of QoS ${q.name}`, q.priority, "a finite number >= 0");
  const denom =
    normalization === "max"
      ? Math.max(0, ...qos.map((q) => q.priority))
      : qos.reduce((s, q) => s + q.priority, 0);
  return new Map(qos.map((q) => [q.name, denom > 0 ? q.priority / denom : 0]));
}

/** Why a job breaks a QoS's per-job limits (empty when it fits). */
export function qosJobViolations(
  qos: QosDefinition,
  job: { wallSeconds: number; nodes: number; cpus: number },
): string[] {
  const out: string[] = [];
  if (job.wallSeconds > qos.maxWallSeconds)
    out.push(`MaxWall ${qos.maxWallSeconds} s < ${job.wallSeconds} s`);
  if (job.nodes > qos.maxNodes) out.push(`MaxTRES nodes ${qos.maxNodes} < ${job.nodes}`);
  if (job.cpus > qos.maxCpus) out.push(`MaxTRES cpus ${qos.maxCpus} < ${job.cpus}`);
  return out;
}

/** Whether a user may start one more job (MaxJobs) and submit one more (MaxSubmitJobs). */
export function qosUserLimits(
  qos: QosDefinition,
  running: number,
  pending: number,
): { canStart: boolean; canSubmit: boolean } {
  return { canStart: running < qos.maxJobs, canSubmit: running + pending < qos.maxSubmitJobs };
}

const UNIT_SECONDS: Record<string, number> = {
  second: 1,
  seconds: 1,
  minute: 60,
  minutes: 60,
  hour: 3600,
  hours: 3600,
  day: 86400,
  days: 86400,
};

function parseLimit(s: string, file: string, line: number, field: string): number {
  if (/^(inf|∞|unlimited)?$/i.test(s)) return Infinity;
  const v = Number(s);
  if (Number.isInteger(v) && v >= 0) return v;
  throw invalidField(file, line, field, s, 'a whole number >= 0 or "inf"');
}

/**
 * QoS definitions from Table 3's form: `name,priority,max_wall,max_cpu,max_jobs,max_submit_jobs`,
 * where max_wall is "<n> days|hours|minutes" and max_cpu is "<n> nodes" or "<n> cpus"
 * (with `coresPerNode` cores per node, a node limit also caps CPUs and vice versa).
 */
export function qosFromRecords(
  records: readonly ReferenceRecord[],
  coresPerNode: number,
  file = "<qos>",
): QosDefinition[] {
  return records.map(({ values: v, line }) => {
    if (!v.name) throw invalidField(file, line, "name", v.name, "a QoS name");
    const priority = Number(v.priority);
    if (v.priority === "" || !Number.isFinite(priority) || priority < 0)
      throw invalidField(file, line, "priority", v.priority, "a number >= 0");
    const wall = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(v.max_wall ?? "");
    if (!wall || !(wall[2].toLowerCase() in UNIT_SECONDS))
      throw invalidField(file, line, "max_wall", v.max_wall, '"<n> days|hours|minutes|seconds"');
    const cpu = /^(\d+)\s*(nodes?|cpus?)$/i.exec(v.max_cpu ?? "");
    if (!cpu) throw invalidField(file, line, "max_cpu", v.max_cpu, '"<n> nodes" or "<n> cpus"');
    const n = Number(cpu[1]);
    const byNodes = cpu[2].toLowerCase().startsWith("node");
    return {
      name: v.name,
      priority,
      maxWallSeconds: Number(wall[1]) * UNIT_SECONDS[wall[2].toLowerCase()],
      maxNodes: byNodes ? n : Math.ceil(n / coresPerNode),
      maxCpus: byNodes ? n * coresPerNode : n,
      maxJobs: parseLimit(v.max_jobs ?? "", file, line, "max_jobs"),
      maxSubmitJobs: parseLimit(v.max_submit_jobs ?? "", file, line, "max_submit_jobs"),
    };
  });
}
