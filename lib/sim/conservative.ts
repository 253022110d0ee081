/**
 * Conservative backfilling (Mu'alem & Feitelson 2001): every job gets a reservation when it first
 * reaches the scheduler, at the earliest time it fits in the availability profile given the
 * running jobs' planned ends (start + limit) and all earlier reservations; it starts when that
 * time is now. When jobs end earlier than planned, reservations are compressed in reservation
 * order: each is removed and re-made at its earliest time, which is never later than before, so
 * no job is ever delayed past its first reservation.
 */
import { integer } from "../util/options";
import { Profile } from "./profile";
import type { Scheduler, SchedulerContext } from "./scheduler";

/** Options of {@link conservativeScheduler}. */
export interface ConservativeOptions {
  /** Plan at most this many queued jobs per pass (0 = all). Defaults to 0. */
  maxJobTest?: number;
  /** Called with each reservation made or moved (for tests and plots). Defaults to none. */
  onReservation?: (job: string, start: number, now: number) => void;
}

/** A fresh conservative-backfill scheduler. */
export function conservativeScheduler(options: ConservativeOptions = {}): Scheduler {
  const maxTest = integer(options.maxJobTest ?? 0, "maxJobTest", 0);
  // job index -> reserved start; insertion order = reservation order
  const resv = new Map<number, number>();
  return {
    name: "conservative",
    run(ctx: SchedulerContext) {
      const jobs = ctx.jobs,
        now = ctx.now;
      const profile = Profile.fromSortedReleases(
        now,
        ctx.freeNodes,
        ctx.runningByPlannedEnd(),
        ctx.plannedEndOf,
        (r) => jobs[r].nodes,
      );
      for (const [j, s] of resv) profile.reserve(s, s + jobs[j].limit, jobs[j].nodes);
      const place = (j: number) => {
        const job = jobs[j];
        const s = profile.earliestStart(job.nodes, job.limit, now);
        if (s === now && job.nodes <= ctx.freeNodes) {
          ctx.start(j);
          resv.delete(j);
        } else {
          if (resv.get(j) !== s) options.onReservation?.(job.id, s, now);
          resv.delete(j);
          resv.set(j, s);
        }
        profile.reserve(s, s + job.limit, job.nodes);
      };
      // compress existing reservations in reservation order
      for (const [j, s] of [...resv]) {
        profile.reserve(s, s + jobs[j].limit, -jobs[j].nodes);
        place(j);
      }
      // then reserve for newly queued jobs, in queue order
      let planned = resv.size;
      ctx.eachByPriority((j) => {
        if (maxTest > 0 && planned >= maxTest) return false;
        if (resv.has(j)) return true;
        place(j);
        planned++;
        return true;
      });
    },
  };
}
