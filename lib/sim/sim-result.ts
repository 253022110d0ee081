/**
 * The simulator's options and result types: what {@link simulate} takes and returns (per-job
 * start/end, priorities, rejections, the event trace and the sprio-like snapshot).
 */
import type { SimJob } from "./job";
import type { PriorityModel } from "./priority";
import type { Scheduler } from "./scheduler";

/** One line of the event trace. */
export interface TraceEvent {
  /** Seconds. */
  time: number;
  /** What happened. */
  type: "submit" | "start" | "end" | "reject";
  /** Job id. */
  job: string;
}

/** A pending job in the sprio-like snapshot. */
export interface SprioRow {
  id: string;
  user: string;
  account: string;
  priority: number;
  /** The priority model's factors (e.g. age, jobsize, fairshare, qos). */
  factors: Record<string, number>;
}

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Cluster size W, nodes. */
  nodes: number;
  /** Cores per node (job size factor, default procs). Defaults to 1. */
  coresPerNode?: number;
  /**
   * The machine's CPUs when its nodes differ (Slurm's cluster_cpus: the job-size factor's
   * denominator). Defaults to nodes × coresPerNode.
   */
  totalCpus?: number;
  /** The scheduler instance (make a fresh one per run: {@link createScheduler}). */
  scheduler: Scheduler;
  /** Priority model. Defaults to FIFO_PRIORITY (submit order). */
  priority?: PriorityModel;
  /** Record the full event trace. Defaults to false. */
  trace?: boolean;
  /** Time (seconds) of an sprio-like snapshot of the pending queue, taken after the events of the first instant ≥ it and before scheduling. Defaults to none. */
  snapshotAt?: number;
  /**
   * Stop once the jobs started so far hold more than this many nodes in total (a first-iteration
   * analysis needs no more); jobs not started by then keep NaN start/end, running jobs get their
   * end. Defaults to Infinity (run to completion).
   */
  stopAfterStartedNodes?: number;
}

/** The outcome of a simulation. */
export interface SimResult {
  /** Scheduler name. */
  scheduler: string;
  /** Priority model name. */
  priorityModel: string;
  /** Cluster size, nodes. */
  nodes: number;
  /** Cores per node. */
  coresPerNode: number;
  /** The jobs, in input order. */
  jobs: SimJob[];
  /** Start time per job, seconds (NaN when rejected or never eligible). */
  start: Float64Array;
  /** End time per job, seconds (NaN when rejected); its nodes come back `completing` seconds later. */
  end: Float64Array;
  /**
   * Per job: the nodes it ran on as a compressed Slurm hostlist (`n[1-3,5]`, nodes n1..nW), as
   * sacct's NodeList; null when it did not start or its scheduler places by counts only.
   */
  nodeLists: (string | null)[];
  /** Priority per job when it started (or last computed). */
  priority: Float64Array;
  /**
   * Jobs that never ran and why: refused at submit by the scheduler (e.g. a QoS limit), or
   * "DependencyNeverSatisfied" (a predecessor did not complete; lib/sim/dependencies.ts).
   */
  rejected: { id: string; reason: string }[];
  /**
   * Eligible time per job, seconds: max(submit, last predecessor's end); NaN when never eligible.
   * Present only when some job has dependencies (otherwise every job is eligible at its submit).
   */
  eligible?: Float64Array;
  /** The event trace when requested. */
  trace?: TraceEvent[];
  /** The sprio snapshot when requested, sorted by priority desc. */
  sprio?: { time: number; rows: SprioRow[] };
  /** Scheduler invocations. */
  passes: number;
  /** True when the run stopped early (`stopAfterStartedNodes`). */
  truncated: boolean;
}
