/**
 * Which scheduler started each job of a simulation, seen from outside the Slurm scheduler through
 * the engine's public interface (Scheduler, SchedulerContext): a start is attributed to backfill when
 * the job jumped a job of higher queue order (priority, then submit, then index) that is still
 * pending after the scheduler's call at that instant. On one partition without QoS limits the main
 * scheduler never does that: its pass starts jobs in queue order and stops at the first that does
 * not fit (job_scheduler.c); so every such start is backfill's (backfill.c). A backfill start of the
 * queue's head itself (possible when a main pass was cut short by default_queue_depth) counts as
 * the main scheduler's. The wrapped scheduler makes exactly the decisions of the one it wraps; it
 * notes starts by wrapping the context's `start` (the engine makes one context per simulation).
 */
import type { Scheduler, SchedulerContext } from "../sim/scheduler";

/** A scheduler that records its backfill starts, and the record. */
export interface AttributedScheduler {
  scheduler: Scheduler;
  /** Per job index: 1 when a start was attributed to backfill, else 0. */
  backfilled(): Uint8Array;
}

/**
 * Wraps a scheduler so that its starts are attributed (see the module comment).
 * @param inner a fresh scheduler (one per simulation)
 * @param jobs the number of jobs of the simulation it will run
 */
export function attributeStarts(inner: Scheduler, jobs: number): AttributedScheduler {
  const backfilled = new Uint8Array(jobs);
  const started: number[] = [];
  let seen: SchedulerContext | undefined;
  // the engine's context is one object per simulation: its `start` is wrapped once, to note each start
  const observe = (ctx: SchedulerContext) => {
    if (ctx === seen) return;
    seen = ctx;
    const start = ctx.start;
    (ctx as { start: SchedulerContext["start"] }).start = (j, on) => {
      start(j, on);
      started.push(j);
    };
  };
  const ahead = (ctx: SchedulerContext, a: number, b: number) => {
    const pa = ctx.priorityOf(a),
      pb = ctx.priorityOf(b);
    if (pa !== pb) return pa > pb;
    const sa = ctx.jobs[a].submit,
      sb = ctx.jobs[b].submit;
    return sa !== sb ? sa < sb : a < b;
  };
  const scheduler: Scheduler = {
    ...inner,
    run(ctx, flags) {
      observe(ctx);
      started.length = 0;
      inner.run(ctx, flags);
      if (started.length === 0) return;
      let head = -1;
      ctx.eachByPriority((j) => {
        head = j;
        return false;
      });
      if (head < 0) return;
      for (const j of started) if (ahead(ctx, head, j)) backfilled[j] = 1;
    },
  };
  return { scheduler, backfilled: () => backfilled };
}
