/**
 * EASY backfilling (Lifka 1995; Mu'alem & Feitelson 2001): jobs start in queue order while they
 * fit; the first that does not fit gets a reservation at the shadow time (the earliest time enough
 * nodes are free, from running jobs' planned ends = start + limit); later jobs may start now if
 * they end by the shadow time or use only the extra nodes left at the shadow time.
 */
import { keyword } from "../util/options";
import { type HeadMode, HeadPin } from "./head-pin";
import type { Scheduler, SchedulerContext } from "./scheduler";

/** Options of {@link easyScheduler}. */
export interface EasyOptions {
  /** BF_MOD ("mod": the current top job gets the reservation) or BF_UNMOD ("unmod"). Defaults to "mod". */
  head?: HeadMode;
  /** Called with each reservation made (for tests and plots). Defaults to none. */
  onReservation?: (job: string, shadow: number, now: number) => void;
}

/**
 * The shadow time and extra nodes for the head job: walk running jobs by planned end until enough
 * nodes are free.
 */
function shadowOf(ctx: SchedulerContext, need: number): { shadow: number; extra: number } {
  let avail = ctx.freeNodes;
  for (const r of ctx.runningByPlannedEnd()) {
    avail += ctx.jobs[r].nodes;
    if (avail >= need) return { shadow: ctx.plannedEndOf(r), extra: avail - need };
  }
  return { shadow: Infinity, extra: 0 };
}

/** A fresh EASY scheduler. */
export function easyScheduler(options: EasyOptions = {}): Scheduler {
  const pin = new HeadPin(keyword(options.head ?? "mod", "head", ["mod", "unmod"] as const));

  return {
    name: pin.mode === "mod" ? "easy" : "easy-unmod",
    run(ctx: SchedulerContext) {
      const jobs = ctx.jobs;
      const q = pin.order(ctx.pendingByPriority(), (j) => Number.isNaN(ctx.startOf(j)));
      let i = 0;
      while (i < q.length && jobs[q[i]].nodes <= ctx.freeNodes) ctx.start(q[i++]);
      if (i >= q.length) return;
      const head = q[i];
      pin.reserve(head);
      let { shadow, extra } = shadowOf(ctx, jobs[head].nodes);
      options.onReservation?.(jobs[head].id, shadow, ctx.now);
      for (let k = i + 1; k < q.length && ctx.freeNodes > 0; k++) {
        const j = q[k],
          job = jobs[j];
        if (job.nodes > ctx.freeNodes) continue;
        if (ctx.now + job.limit <= shadow) ctx.start(j);
        else if (job.nodes <= extra) {
          ctx.start(j);
          extra -= job.nodes;
        }
      }
    },
  };
}
