/**
 * The simulator's pluggable priority interface: a function (job, now, state) → priority, recomputed
 * for pending jobs every PriorityCalcPeriod (and once at submit). Higher runs first; ties go to the
 * earlier submit, then the earlier job (Slurm's sort_job_queue2 order without preemption,
 * reservations or PriorityTier). A model may keep state (usage, fair share) refreshed by `update`.
 */
import { finiteNumber } from "../util/options";
import type { SimJob } from "./job";

/** What a priority model may read besides the job. */
export interface PriorityState {
  /** Cluster size, nodes. */
  readonly totalNodes: number;
  /** Cores per node. */
  readonly coresPerNode: number;
  /** The machine's CPUs (Slurm's cluster_cpus). Defaults to totalNodes × coresPerNode. */
  readonly totalCpus?: number;
  /**
   * Visits the jobs that ran at some time since the previous update: those that ended since, in the
   * order they ended, then the running ones by planned end; `visit(job index, start, end)`, end =
   * Infinity while running.
   */
  eachRanSinceUpdate(visit: (job: number, start: number, end: number) => void): void;
}

/** A priority function: larger = sooner. Must be deterministic. */
export type PriorityFunction = (job: SimJob, now: number, state: PriorityState) => number;

/** A priority model: the function, its recomputation period and optional per-run state. */
export interface PriorityModel {
  /** Name shown in results. */
  name: string;
  /** The priority of a pending job. */
  priority: PriorityFunction;
  /** Writes the priorities of pending jobs (indices into the jobs given to `reset`) into `out[job]` at a recalculation. Defaults to calling `priority` per job. */
  writePriorities?: (
    pending: readonly number[],
    now: number,
    out: Float64Array,
    state: PriorityState,
  ) => void;
  /**
   * The job's queue group, an integer in [0, number of jobs) (`job` indexes the jobs given to
   * `reset`). A model that offers it promises, for the jobs of one group: (1) at any one instant the
   * priorities it gives never rise along (submit, index) order; (2) jobs priced at their submit
   * (`priority(job, submit)`) all get the same priority until the next `update`; (3) a priority
   * depends only on the job, the instant and what `reset`/`update` set. The pending queue then
   * computes a pending priority at a recalculation only when the queue order reaches its job
   * (lib/sim/pending-queue.ts). Defaults to none: every pending priority is written at each
   * recalculation.
   */
  queueGroup?(job: number): number;
  /**
   * A select test counted `cpus` CPUs for pending job `job` (SchedulerContext.sized): a model whose
   * job-size factor counts them takes them from its next recalculation. Defaults to none.
   */
  sized?(job: number, cpus: number): void;
  /** Named factors behind the priority, for the sprio-like snapshot. Defaults to none. */
  factors?: (job: SimJob, now: number, state: PriorityState) => Record<string, number>;
  /** PriorityCalcPeriod, seconds; 0 = compute once at submit. */
  calcPeriod: number;
  /** Seconds from the first submit to the first recalculation, in [0, calcPeriod]. Defaults to calcPeriod. */
  calcPhase?: number;
  /** Every job always gets the same priority, so the queue order is the submit order (one queue group). Defaults to false. */
  constant?: boolean;
  /** Called once before a run with the workload and the first submit time (reset state). */
  reset?(jobs: readonly SimJob[], t0: number, state: PriorityState): void;
  /** Called at every recalculation instant, before the pending jobs' priorities are recomputed. */
  update?(now: number, state: PriorityState): void;
}

/** Wraps a stateless priority function into a model. */
export function priorityModel(
  priority: PriorityFunction,
  options: { name?: string; calcPeriod?: number; factors?: PriorityModel["factors"] } = {},
): PriorityModel {
  return {
    name: options.name ?? "custom",
    priority,
    factors: options.factors,
    calcPeriod: finiteNumber(options.calcPeriod ?? 300, "calcPeriod", 0),
  };
}

/** Every job has priority 0: queue order is submit time, then job order (FCFS). */
export const FIFO_PRIORITY: PriorityModel = Object.freeze({
  name: "fifo",
  priority: () => 0,
  calcPeriod: 0,
  constant: true,
});
