/**
 * What a scheduler sees of one simulation run (SchedulerContext, lib/sim/scheduler.ts): the clock,
 * the free nodes and the change counter the run keeps up to date, and read-only views of its pending
 * queue, running jobs, start times, planned ends and priorities; starting a job calls back into the
 * run (lib/sim/simulation.ts).
 */
import { invariantViolated } from "../util/errors";
import type { SimJob } from "./job";
import type { NodeSet } from "./node-set";
import type { PendingQueue } from "./pending-queue";
import type { RunningJobs } from "./running-jobs";
import type { SchedulerContext } from "./scheduler";

/** A scheduler context whose clock, free nodes and change counter the run writes. */
export type RunContext = SchedulerContext & { now: number; freeNodes: number; changes: number };

/** The parts of a run its scheduler context reads and calls. */
export interface RunContextParts {
  /** Cluster size, nodes. */
  totalNodes: number;
  /** The jobs the scheduler sees (index = job index). */
  jobs: SimJob[];
  queue: PendingQueue;
  running: RunningJobs;
  /** Start per job, seconds (the run's array). */
  start: Float64Array;
  /** Planned end (start + limit) per job, seconds (the run's array). */
  plannedEnd: Float64Array;
  /** When each started job runs out, seconds (the run's array); its nodes come back `completing` later. */
  done: Float64Array;
  /** Priority per job (the run's array). */
  prio: Float64Array;
  /** Whether a job is still pending. */
  isPending(j: number): boolean;
  /** Starts a pending job now (SchedulerContext.start). */
  startJob(j: number, on: NodeSet | undefined): void;
  /** The jobs ended at the current instant (the run's array, refilled at each instant). */
  ended: readonly number[];
  /** The next submit's time (Infinity when none is left). */
  nextSubmit(): number;
  /** A select test's CPU count of a pending job, for the priority model (SchedulerContext.sized). */
  sized(j: number, cpus: number): void;
}

/** The scheduler context of a run whose first instant is `t0`, with every node free. */
export function runContext(t0: number, parts: RunContextParts): RunContext {
  const { queue, running, start, plannedEnd, done, prio, isPending, startJob, ended } = parts;
  const ctx: RunContext = {
    now: t0,
    totalNodes: parts.totalNodes,
    freeNodes: parts.totalNodes,
    jobs: parts.jobs,
    changes: 0,
    pending: () => queue.inSubmitOrder(),
    pendingByPriority: () => {
      const order = queue.all();
      if (order.length !== queue.size) {
        throw invariantViolated(`queue cache holds ${order.length} jobs, ${queue.size} pending`);
      }
      return order;
    },
    eachByPriority: (visit, accept) => queue.each(visit, accept),
    runningByPlannedEnd: () => running.byPlannedEnd,
    startOf: (j) => start[j],
    plannedEndOf: (j) => plannedEnd[j],
    priorityOf: (j) => {
      if (isPending(j)) queue.ensure(j);
      return prio[j];
    },
    runningOf: (user, qos) => running.of(user, qos),
    start: startJob,
    endedNow: () => ended,
    completing: (j) => ctx.now >= done[j],
    sized: parts.sized,
    nextChange: () => {
      let t = parts.nextSubmit();
      for (const j of running.byPlannedEnd) {
        const e = done[j] > ctx.now ? done[j] : done[j] + (parts.jobs[j].completing ?? 0);
        if (e > ctx.now && e < t) t = e;
      }
      return t;
    },
  };
  return ctx;
}
