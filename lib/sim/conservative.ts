/**
 * Conservative backfilling (Mu'alem & Feitelson 2001): every queued job, in queue order, gets a
 * reservation at the earliest time it fits in the availability profile given the running jobs'
 * planned ends and the reservations of the jobs before it; a job starts now when that time is now.
 * Reservations are re-planned at each scheduling instant in the same order (which never moves a job
 * later than before, since jobs only end earlier than planned).
 */
import { integer } from "../util/options";
import { Profile } from "./profile";
import type { Scheduler, SchedulerContext } from "./scheduler";

/** Options of {@link conservativeScheduler}. */
export interface ConservativeOptions {
  /** Plan at most this many queued jobs per pass (0 = all). Defaults to 0. */
  maxJobTest?: number;
  /** Called with each reservation made (for tests and plots). Defaults to none. */
  onReservation?: (job: string, start: number, now: number) => void;
}

/** A fresh conservative-backfill scheduler. */
export function conservativeScheduler(options: ConservativeOptions = {}): Scheduler {
  const maxTest = integer(options.maxJobTest ?? 0, "maxJobTest", 0);
  return {
    name: "conservative",
    run(ctx: SchedulerContext) {
      const jobs = ctx.jobs, now = ctx.now;
      const profile = new Profile(
        now,
        ctx.freeNodes,
        ctx.runningByPlannedEnd().map((r) => [ctx.plannedEndOf(r), jobs[r].nodes] as const),
      );
      const q = ctx.pendingByPriority();
      const limit = maxTest > 0 ? Math.min(maxTest, q.length) : q.length;
      for (let k = 0; k < limit; k++) {
        const j = q[k], job = jobs[j];
        const s = profile.earliestStart(job.nodes, job.limit, now);
        if (s === now && job.nodes <= ctx.freeNodes) ctx.start(j);
        else options.onReservation?.(job.id, s, now);
        profile.reserve(s, s + job.limit, job.nodes);
      }
    },
  };
}
