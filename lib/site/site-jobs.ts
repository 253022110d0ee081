/**
 * A site's jobs as the replay takes them: every job of the sacct export that ran (lib/io readSacct
 * folds steps and heterogeneous components and sets apart the jobs that never started), with its
 * times in epoch seconds and what it held. What cannot be replayed is dropped and counted by reason,
 * and what is changed is counted too:
 * - a job still running at the export (no End) is dropped (its run time is unknown);
 * - a job without a node count, or wider than the machine, is dropped;
 * - a job without a time limit (UNLIMITED, Partition_Limit) gets its run time as its limit;
 * - a job that ran past its limit (Slurm kills it OverTimeLimit + KillWait after it) keeps its
 *   limit, and the replay ends it there (counted);
 * - Eligible missing (Unknown) is read as Submit.
 * The jobs are ordered by eligible time, then as Slurm's queue breaks priority ties (sort_job_queue2
 * in job_scheduler.c: submit time, then job id; an array's pending tasks share the array's id and
 * are split off in task order), so the simulator's tie rule (eligible time, then input order)
 * follows Slurm's.
 * Waits count from Eligible: the time a job was held (a dependency, `--begin`, a hold, an array's
 * throttle) is not time spent waiting for priority or nodes.
 *
 * Each job's request — memory (and what it is per), GPUs, constraint, partitions — is read from the
 * columns the export holds (lib/site/site-request.ts); where the export holds no constraint and the
 * machine's nodes are given, lib/site/constraint-inference.ts may infer one from the nodes it ran
 * on. Every request inferred rather than read is counted by kind in `inferred`.
 */
import { expandHostlist } from "../io/hostlist";
import type { SacctDump } from "../io/sacct";
import type { SacctJob } from "../io/sacct-jobs";
import type { SinfoNode } from "../io/sinfo-nodes";
import { gresGpus } from "../io/slurm-gres";
import type { ReqMem } from "../io/slurm-tres";
import type { SubmitRequest } from "../io/submit-line";
import { inferredConstraints } from "./constraint-inference";
import {
  type ExportColumns,
  type RequestSources,
  type UnknownRequest,
  gpusInTres,
  jobRequest,
} from "./site-request";

/** Which scheduler started a job (sacct's Flags): Slurm's main scheduler at submit, its main pass, or backfill. */
export type StartedBy = "submit" | "main" | "backfill" | "not set";

/** One job of a site (times epoch seconds, durations seconds). */
export interface SiteJob {
  id: string;
  /** Slurm's job (or array, or heterogeneous job) number, for the queue's tie rule. */
  jobNumber: number;
  /** Its array task number (NaN outside arrays), for the same rule. */
  arrayTask: number;
  user: string;
  account: string;
  /** The partition it ran in. */
  partition: string;
  /** Every partition it was submitted to, when more than one (Partition `batch,gpu`, SubmitLine `-p batch,gpu`). */
  partitions?: string[];
  qos: string;
  /** sacct's State (COMPLETED, FAILED, TIMEOUT, CANCELLED, PREEMPTED, …). */
  state: string;
  submit: number;
  /** When it could start (sacct's Eligible; Submit when unknown). */
  eligible: number;
  start: number;
  end: number;
  /** Time limit, seconds (the run time when the job had none: see the module comment). */
  limit: number;
  /** Processors it held. */
  cpus: number;
  /** Nodes it held. */
  nodes: number;
  /** sacct's NodeList. */
  nodeList: string;
  /** GPUs it held (AllocTRES, else AllocGRES), 0 when none. */
  gpus: number;
  /** Processors it asked for (ReqCPUS, else ReqTRES cpu; the processors it held when neither). */
  reqCpus: number;
  /** Nodes it asked for (ReqNodes), when exported. */
  reqNodes?: number;
  /** Memory it asked for, MiB, the whole job (ReqTRES mem, else ReqMem by what it is per); 0 when not given. */
  reqMemMiB: number;
  /** Its memory as asked: MiB per allocated CPU, per node, or for the whole job (lib/site/site-request.ts); absent when unknown. */
  reqMem?: ReqMem;
  /** GPUs it asked for, the whole job (ReqTRES gres/gpu, else ReqGRES, AllocTRES, AllocGRES, SubmitLine); 0 when none. */
  reqGpus: number;
  /** Its `--constraint` (Constraints, else SubmitLine, else inferred from its nodes); "" when none or not known. */
  constraint: string;
  /** Where each request was read from (absent on jobs not read from sacct). */
  requestFrom?: RequestSources;
  /** The requests its export does not hold (read as none). */
  unknown?: UnknownRequest[];
  /** What its SubmitLine states (Slurm 21.08+: `--exclusive`, `--dependency`, `-N`, `--ntasks-per-node`, …). */
  submitted?: SubmitRequest;
  /** Licenses it held (AllocTRES or ReqTRES `license/…`), 0 when none. */
  licenses: number;
  /** The scheduler that started it; undefined when the export has no Flags column (or leaves it empty throughout). */
  startedBy?: StartedBy;
  /** The reservation it ran in (sacct's Reservation, when exported). */
  reservation?: string;
  /** Line of its record in the sacct export. */
  line: number;
}

/** What was dropped or changed, by reason, with the first line of each. */
export interface SiteJobCount {
  reason: string;
  jobs: number;
  firstLine: number;
}

/** The site's jobs and what reading them did. */
export interface SiteJobs {
  jobs: SiteJob[];
  dropped: SiteJobCount[];
  changed: SiteJobCount[];
  /** Requests inferred rather than read (GPUs from what a job held, a constraint from its nodes), by kind. */
  inferred: SiteJobCount[];
}

/** The reasons of {@link SiteJobs.inferred}, by where the request came from. */
export const INFERRED_REASONS = Object.freeze({
  AllocTRES: "GPUs from AllocTRES (none in ReqTRES or ReqGRES): the GPUs it held stand for those it asked",
  AllocGRES: "GPUs from AllocGRES (none in ReqTRES or ReqGRES): the GPUs it held stand for those it asked",
  nodes:
    "constraint from its nodes' features (no Constraints column): it waited while idle nodes of its partition without them could hold it",
});

const STARTED_BY: Readonly<Record<string, StartedBy>> = Object.freeze({
  SchedSubmit: "submit",
  SchedMain: "main",
  SchedBackfill: "backfill",
  SchedNotSet: "not set",
  NotSet: "not set",
});

/**
 * The scheduler named by sacct's Flags (slurmdb_job_flags_str: `SchedBackfill,StartRecieved` →
 * backfill; `NotSet` up to 21.08, `SchedNotSet` from 22.05, `StartReceived` from 24.05); undefined without Flags.
 */
export function startedBy(flags: readonly string[] | undefined): StartedBy | undefined {
  if (flags === undefined) return undefined;
  for (const f of flags) if (f in STARTED_BY) return STARTED_BY[f];
  return "not set";
}

function tally(list: SiteJobCount[], reason: string, line: number): void {
  const c = list.find((x) => x.reason === reason);
  if (c) {
    c.jobs++;
    c.firstLine = Math.min(c.firstLine, line);
  } else list.push({ reason, jobs: 1, firstLine: line });
}

/**
 * The jobs of a sacct export that the replay can take (see the module comment).
 * @param dump the export's sacct.txt, read
 * @param machineNodes the machine's node count (wider jobs are dropped)
 * @param nodes the machine's nodes (sinfo -N), for a multi-partition job's partition and a
 *   constraint inferred from the nodes a job ran on; without them nothing is inferred
 * @throws `invalid sacct export: …` when no job is left, naming the reasons
 */
export function siteJobs(dump: SacctDump, machineNodes: number, nodes?: readonly SinfoNode[]): SiteJobs {
  const out: SiteJobs = { jobs: [], dropped: [], changed: [], inferred: [] };
  const hasFlags = dump.records.some((j) => j.flags !== undefined); // the Flags column, filled
  const ex: ExportColumns = { columns: new Set(dump.columns), gpusInTres: gpusInTres(dump.records) };
  for (const x of dump.neverStarted) tally(out.dropped, `never started (${x.reason})`, x.job.line);
  for (const j of dump.records) {
    const job = siteJob(j, machineNodes, hasFlags, ex, nodes ?? [], out);
    if (job) out.jobs.push(job);
  }
  if (nodes && nodes.some((n) => n.features.length > 0)) {
    const candidates = out.jobs.flatMap((j, i) => (j.unknown?.includes("constraint") ? [i] : []));
    for (const [i, f] of inferredConstraints(out.jobs, candidates, dump.records, nodes)) {
      const j = out.jobs[i];
      j.constraint = f;
      j.requestFrom = { ...j.requestFrom, constraint: "nodes" };
      j.unknown = j.unknown!.filter((u) => u !== "constraint");
      tally(out.inferred, INFERRED_REASONS.nodes, j.line);
    }
  }
  out.jobs.sort(
    (a, b) =>
      a.eligible - b.eligible ||
      a.submit - b.submit ||
      a.jobNumber - b.jobNumber ||
      (a.arrayTask || 0) - (b.arrayTask || 0) ||
      a.line - b.line,
  );
  if (out.jobs.length === 0)
    throw new Error(
      `invalid sacct export: ${dump.file}: no job can be replayed (${out.dropped.map((d) => `${d.jobs} ${d.reason}`).join(", ") || "no job records"}); expected jobs that started and ended`,
    );
  return out;
}

function siteJob(
  j: SacctJob,
  W: number,
  hasFlags: boolean,
  ex: ExportColumns,
  machine: readonly SinfoNode[],
  out: SiteJobs,
): SiteJob | undefined {
  if (!Number.isFinite(j.end) || /^(RUNNING|SUSPENDED|REQUEUED)$/.test(j.state)) {
    tally(out.dropped, "still running at the export (no End)", j.line);
    return undefined;
  }
  if (!(j.nodes >= 1)) {
    tally(out.dropped, "no node count (NNodes, AllocTRES node= or NodeList)", j.line);
    return undefined;
  }
  if (j.nodes > W) {
    tally(out.dropped, `wider than the machine (${W} nodes)`, j.line);
    return undefined;
  }
  const run = Math.max(0, j.end - j.start);
  let limit = j.timelimit;
  if (!Number.isFinite(limit)) {
    tally(out.changed, "no time limit (UNLIMITED, Partition_Limit): its run time is its limit", j.line);
    limit = Math.max(1, run);
  } else if (run > limit)
    tally(
      out.changed,
      "ran past its limit (OverTimeLimit, KillWait): the replay ends it at its limit",
      j.line,
    );
  const eligible = Number.isFinite(j.eligible) ? j.eligible : j.submit;
  if (!Number.isFinite(j.eligible)) tally(out.changed, "Eligible unknown: read as Submit", j.line);
  const reqCpus = j.reqCpus >= 1 ? j.reqCpus : (j.reqTres?.cpu ?? (j.cpus >= 1 ? j.cpus : j.nodes));
  const req = jobRequest(j, reqCpus, ex);
  if (req.from.gpus === "AllocTRES" || req.from.gpus === "AllocGRES")
    if (req.reqGpus > 0) tally(out.inferred, INFERRED_REASONS[req.from.gpus], j.line);
  const partition = ranIn(j, req.partitions, machine);
  if (partition !== j.partition)
    tally(
      out.changed,
      "submitted to several partitions (Partition a,b): read as the one its nodes are in",
      j.line,
    );
  const license = (t?: SacctJob["allocTres"]) =>
    Object.entries(t?.other ?? {})
      .filter(([k]) => k.startsWith("license/"))
      .reduce((s, [, v]) => s + v, 0);
  const job: SiteJob = {
    id: j.id,
    jobNumber: j.jobId,
    arrayTask: j.arrayTask !== undefined && /^\d+$/.test(j.arrayTask) ? Number(j.arrayTask) : NaN,
    user: j.user,
    account: j.account,
    partition,
    qos: j.qos,
    state: j.state,
    submit: j.submit,
    eligible,
    start: j.start,
    end: j.end,
    limit: Math.max(1, limit),
    cpus: j.cpus >= 1 ? j.cpus : j.nodes,
    nodes: j.nodes,
    nodeList: j.nodeList,
    gpus: j.allocTres?.gpus ?? (j.allocGres ? gresGpus(j.allocGres, j.nodes) || 0 : 0),
    reqCpus,
    reqMemMiB: req.reqMemMiB,
    reqGpus: req.reqGpus,
    constraint: req.constraint,
    requestFrom: req.from,
    unknown: req.unknown,
    licenses: Math.max(license(j.allocTres), license(j.reqTres)),
    line: j.line,
  };
  if (req.reqMem) job.reqMem = req.reqMem;
  if (req.partitions) job.partitions = req.partitions;
  if (Number.isFinite(j.reqNodes)) job.reqNodes = j.reqNodes;
  if (j.submitted) job.submitted = j.submitted;
  if (hasFlags) job.startedBy = startedBy(j.flags);
  if (j.reservation !== undefined) job.reservation = j.reservation;
  return job;
}

/** The partition a job ran in: its Partition, or of several the first holding every node it ran on (else the first). */
function ranIn(j: SacctJob, partitions: string[] | undefined, machine: readonly SinfoNode[]): string {
  if (!j.partition.includes(",")) return j.partition;
  const list = partitions ?? j.partition.split(",");
  const ran = j.nodeList === "" || j.nodeList === "None assigned" ? [] : expandHostlist(j.nodeList);
  const of = new Map(machine.map((n) => [n.node, n.partitions]));
  return list.find((p) => ran.length > 0 && ran.every((n) => of.get(n)?.includes(p))) ?? list[0];
}
