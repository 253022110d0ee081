/**
 * The interface between the engine and a scheduling policy. The engine applies every event at an
 * instant (ends, then submits, then timers; see {@link EVENT_PRIORITY}) and then calls the
 * scheduler once with a bitmask of what happened; the scheduler starts jobs through the context.
 */
import type { SimJob } from "./job";
import type { NodeSet } from "./node-set";

/** Bits of the `flags` passed to {@link Scheduler.run}. */
export const TRIGGER = Object.freeze({
  /** At least one job was submitted at this instant. */
  submit: 1,
  /** At least one job ended at this instant. */
  end: 2,
  /** The periodic main-scheduler timer fired (sched_interval). */
  schedule: 4,
  /** The periodic backfill timer fired (bf_interval). */
  backfill: 8,
  /** Priorities were recomputed at this instant. */
  priority: 16,
});

/** A periodic timer a scheduler asks for. */
export interface TimerSpec {
  /** Which timer. */
  kind: "schedule" | "backfill";
  /** Period, seconds (> 0). */
  interval: number;
  /** Offset of the first tick from the workload's first submit, seconds. Defaults to `interval`. */
  phase?: number;
}

/** What a scheduler sees and can do at one instant. */
export interface SchedulerContext {
  /** Current time, seconds. */
  readonly now: number;
  /** Cluster size, nodes. */
  readonly totalNodes: number;
  /** Idle nodes now. */
  readonly freeNodes: number;
  /** All jobs (index = job index). */
  readonly jobs: readonly SimJob[];
  /** Pending job indices in submit order (a fresh compacted array; do not keep across calls). */
  pending(): readonly number[];
  /** Pending job indices sorted by the queue order: priority desc, submit asc, index asc. */
  pendingByPriority(): readonly number[];
  /**
   * Visits the pending jobs in the order of pendingByPriority until `visit` returns false; `visit`
   * may start the job it is given. With `accept`, only the jobs for which `accept(nodes, limit
   * seconds)` holds when the walk reaches them are visited; it must be monotone (refusing (n, l)
   * refuses every (n' ≥ n, l' ≥ l)), and the walk then skips whole stretches of the queue it
   * refuses. Defaults to visiting every job.
   */
  eachByPriority(visit: (job: number) => boolean, accept?: (nodes: number, limit: number) => boolean): void;
  /** Running job indices sorted by planned end (start + limit), then index. Do not mutate. */
  runningByPlannedEnd(): readonly number[];
  /** Start time of a running job. */
  startOf(job: number): number;
  /** Planned end (start + limit) of a running job. */
  plannedEndOf(job: number): number;
  /**
   * True once a running job has run out while its nodes are still COMPLETING (its `completing`
   * seconds): what a controller knows after the job's end, so no run length is told before it.
   */
  completing(job: number): boolean;
  /** Current priority of a job. */
  priorityOf(job: number): number;
  /** Jobs and nodes a user runs now under a QoS. */
  runningOf(user: string, qos: string): { jobs: number; nodes: number };
  /**
   * Starts a pending job now; throws when it does not fit. A scheduler that places jobs on named
   * nodes passes them (`nodes`: exactly the job's size, none busy) and the engine records them in
   * the result's `nodeLists`. Defaults to none (counts only).
   */
  start(job: number, nodes?: NodeSet): void;
  /** Counter bumped on every submit, start and end (Slurm's "something changed" test). */
  readonly changes: number;
  /** The jobs that ended at this instant, in the order they ended (do not keep across calls). */
  endedNow(): readonly number[];
  /**
   * The first instant after now at which the engine will apply a change the scheduler does not make
   * itself — a job submitted (or made eligible), a running job running out, its nodes coming back —
   * or Infinity: what slurmctld's other threads change while a backfill cycle runs (bf_continue).
   */
  nextChange(): number;
  /**
   * Records the CPUs a select test counted for pending job `job` (Slurm's job_ptr->total_cpus, which
   * the job-size factor reads from the next priority recalculation: priority_multifactor.c).
   */
  sized(job: number, cpus: number): void;
}

/** A scheduling policy. */
export interface Scheduler {
  /** Name shown in results. */
  readonly name: string;
  /** Periodic timers wanted. Defaults to none. */
  readonly timers?: readonly TimerSpec[];
  /** Called after the events of an instant with a bitmask of {@link TRIGGER}s. */
  run(ctx: SchedulerContext, flags: number): void;
  /** Why a job can never run (e.g. over a QoS limit), checked at submit; undefined = fine. */
  reject?(job: SimJob): string | undefined;
  /**
   * When a timer should fire next, seconds (> now), asked after every instant with work: an answer
   * other than the armed time re-arms the timer there (the old event is dropped), Infinity disarms it
   * until a later answer, undefined keeps the fixed grid (first submit + phase + k·interval). Lets a
   * scheduler keep its own clocks, as Slurm's backfill agent (the next cycle bf_interval after the
   * previous one ends) and slurmctld's one-second background loop do. Defaults to none (the grid).
   */
  nextTimer?(kind: "schedule" | "backfill", now: number): number | undefined;
  /**
   * The scheduler's clock reading at an instant, seconds (non-decreasing; past `now` by no more than
   * the scheduler's work at it): what a start at `now` records as the job's start and plans its end
   * from, what an end records, and the time the priority model computes with (Slurm: time(NULL),
   * whole seconds); jobs still run from and to the instants themselves. Defaults to none (the
   * instant itself).
   */
  clock?(now: number): number;
  /**
   * Called instead of {@link Scheduler.run} after the events of an instant when no job is pending
   * (nothing can start), with the same flags; lets a scheduler keep its clocks (what ended, when a
   * timer fired). Defaults to none.
   */
  observe?(ctx: SchedulerContext, flags: number): void;
  /**
   * True when jobs share nodes (select/cons_tres): the engine then records each start's nodes
   * without requiring them idle or free in number (`freeNodes` counts a shared node once per job
   * on it, so it may go below 0); the scheduler answers for the nodes' CPUs, memory and GPUs.
   * Defaults to false.
   */
  readonly sharesNodes?: boolean;
}
