/**
 * FCFS without backfill: jobs start strictly in queue order (the priority model's order; submit
 * order under the FIFO model); the first job that does not fit blocks everything behind it.
 */
import type { Scheduler, SchedulerContext } from "./scheduler";

/** A fresh FCFS scheduler. */
export function fcfsScheduler(): Scheduler {
  return {
    name: "fcfs",
    run(ctx: SchedulerContext) {
      const q = ctx.pendingByPriority();
      for (const j of q) {
        if (ctx.jobs[j].nodes > ctx.freeNodes) break;
        ctx.start(j);
      }
    },
  };
}
