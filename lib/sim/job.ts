/**
 * The simulator's job: the fields of a {@link JobRecord} the scheduler needs, in seconds and nodes.
 * Built from job records (thesis samples, cleaned traces) or given directly.
 */
import type { JobRecord } from "../io/job-record";
import { invalidArgument } from "../util/errors";
import { type JobTres, checkJobTres } from "./tres";

/** One job as the simulator sees it. Times are seconds, sizes nodes (node-exclusive allocation). */
export interface SimJob {
  /** Unique id. */
  id: string;
  /** Submit time, seconds. */
  submit: number;
  /** Nodes requested (whole nodes; node-exclusive). */
  nodes: number;
  /** Processors requested (for the job-size factor and usage in CPU·s). Defaults to nodes × coresPerNode. */
  procs: number;
  /**
   * The CPUs Slurm's job-size factor counts before a select test counts them (its min_cpus: the CPUs
   * asked, where `procs` are those held, e.g. all of an `--exclusive` job's nodes). Defaults to procs.
   */
  sizeCpus?: number;
  /** Time limit (the user's planned time), seconds; the job is killed when it reaches it. */
  limit: number;
  /** Real running time, seconds (the job runs min(runtime, limit)). */
  runtime: number;
  /**
   * Seconds its nodes stay held after it ends (Slurm's COMPLETING: until each node's epilog or
   * terminate reply is back); its end is recorded at the end itself. Defaults to 0.
   */
  completing?: number;
  /** User name. */
  user: string;
  /** Account. */
  account: string;
  /** QoS name. */
  qos: string;
  /** Partition name. */
  partition: string;
  /**
   * Ids of the jobs that must complete first (Slurm's `afterok`; lib/sim/dependencies.ts). Defaults
   * to none.
   */
  dependsOn?: readonly string[];
  /**
   * What it asks of each of its nodes under select/cons_tres (CPUs, memory, GPUs, features,
   * exclusive; lib/sim/tres.ts). Defaults to none (whole nodes).
   */
  tres?: JobTres;
}

/** A job given loosely: missing fields take defaults (procs = nodes·coresPerNode, names ""). */
export type SimJobInput = Pick<SimJob, "id" | "submit" | "nodes" | "limit" | "runtime"> & Partial<SimJob>;

/**
 * Validates jobs and fills defaults. Ids must be unique; submit ≥ 0 finite; nodes a positive
 * integer ≤ `maxNodes`; limit > 0; runtime ≥ 0; dependsOn an array of ids (checked against the
 * workload by simulate, lib/sim/dependencies.ts).
 * @param jobs the jobs
 * @param maxNodes the cluster size in nodes (W)
 * @param coresPerNode cores per node (for the default procs)
 */
export function normalizeJobs(jobs: readonly SimJobInput[], maxNodes: number, coresPerNode = 1): SimJob[] {
  const seen = new Set<string>();
  return jobs.map((j, i) => {
    const where = `jobs[${i}]`;
    if (typeof j.id !== "string" || seen.has(j.id))
      throw invalidArgument(`${where}.id`, j.id, "a unique string");
    seen.add(j.id);
    if (!(Number.isFinite(j.submit) && j.submit >= 0))
      throw invalidArgument(`${where}.submit`, j.submit, "seconds >= 0");
    if (!(Number.isInteger(j.nodes) && j.nodes >= 1 && j.nodes <= maxNodes)) {
      throw invalidArgument(`${where}.nodes`, j.nodes, `an integer in [1, ${maxNodes}] (the cluster size)`);
    }
    if (!(Number.isFinite(j.limit) && j.limit > 0))
      throw invalidArgument(`${where}.limit`, j.limit, "seconds > 0");
    if (!(Number.isFinite(j.runtime) && j.runtime >= 0))
      throw invalidArgument(`${where}.runtime`, j.runtime, "seconds >= 0");
    if (j.completing !== undefined && !(Number.isFinite(j.completing) && j.completing >= 0))
      throw invalidArgument(`${where}.completing`, j.completing, "seconds >= 0");
    if (
      j.dependsOn !== undefined &&
      !(Array.isArray(j.dependsOn) && j.dependsOn.every((d) => typeof d === "string"))
    )
      throw invalidArgument(`${where}.dependsOn`, j.dependsOn, "an array of job ids");
    const job: SimJob = {
      id: j.id,
      submit: j.submit,
      nodes: j.nodes,
      procs: j.procs ?? j.nodes * coresPerNode,
      limit: j.limit,
      runtime: j.runtime,
      user: j.user ?? "",
      account: j.account ?? "",
      qos: j.qos ?? "",
      partition: j.partition ?? "",
    };
    if (j.dependsOn !== undefined && j.dependsOn.length > 0) job.dependsOn = [...j.dependsOn];
    if (j.completing) job.completing = j.completing;
    if (j.sizeCpus !== undefined) {
      if (!(Number.isFinite(j.sizeCpus) && j.sizeCpus >= 1))
        throw invalidArgument(`${where}.sizeCpus`, j.sizeCpus, "CPUs >= 1");
      job.sizeCpus = j.sizeCpus;
    }
    if (j.tres !== undefined) {
      checkJobTres(j.tres, `${where}.tres`);
      job.tres = { ...j.tres };
    }
    return job;
  });
}

/** Options of {@link jobsFromRecords}. */
export interface FromRecordsOptions {
  /**
   * Submit time: "record" keeps each record's submit (trace replay, shifted so the first is 0 when
   * `rebase`); "zero" submits every job at t = 0 (the thesis's samples). Defaults to "record".
   */
  submit?: "record" | "zero";
  /** Shift submit times so the earliest is 0. Defaults to true. */
  rebase?: boolean;
  /** Cluster size in nodes, for validation. Defaults to Infinity. */
  maxNodes?: number;
}

/**
 * Simulator jobs from job records: limit = minutes·60 s, runtime = rtime·60 s, nodes = nnodes.
 * @param records job records (minutes and rtime in minutes)
 */
export function jobsFromRecords(records: readonly JobRecord[], options: FromRecordsOptions = {}): SimJob[] {
  const mode = options.submit ?? "record";
  if (mode !== "record" && mode !== "zero") throw invalidArgument("submit", mode, '"record" or "zero"');
  let t0 = 0;
  if (mode === "record" && (options.rebase ?? true)) {
    t0 = Infinity;
    for (const r of records) t0 = Math.min(t0, r.submit);
    if (!Number.isFinite(t0)) t0 = 0;
  }
  const inputs: SimJobInput[] = records.map((r) => ({
    id: r.id,
    submit: mode === "zero" ? 0 : r.submit - t0,
    nodes: r.nnodes,
    procs: r.nprocs,
    limit: r.minutes * 60,
    runtime: Math.max(0, r.rtime * 60),
    user: r.user,
    account: r.account,
    qos: r.qos,
    partition: r.partition,
  }));
  return normalizeJobs(inputs, options.maxNodes ?? Number.MAX_SAFE_INTEGER);
}
