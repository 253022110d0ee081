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
      ctx.eachByPriority((j) => {
        if (ctx.jobs[j].nodes > ctx.freeNodes) return false;
        ctx.start(j);
        return true;
      });
    },
  };
}
