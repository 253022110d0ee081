/**
 * EASY backfilling (Lifka 1995; Mu'alem & Feitelson 2001): jobs start in queue order while they
 * fit; the first that does not fit gets a reservation at the shadow time (the earliest time enough
 * nodes are free, from running jobs' planned ends = start + limit); later jobs may start now if
 * they end by the shadow time or use only the extra nodes left at the shadow time.
 * Tie rule: running jobs whose planned ends are equal release their nodes together, so the shadow
 * and the extra nodes do not depend on the order of tied jobs.
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
 * nodes are free; the shadow is that job's planned end, and every job ending by then releases its
 * nodes (jobs tied at the shadow time all count, whatever their order), so extra = free now + the
 * nodes of every running job ending at or before the shadow − the head's nodes (Lifka 1995;
 * Mu'alem & Feitelson 2001).
 */
function shadowOf(ctx: SchedulerContext, need: number): { shadow: number; extra: number } {
  const running = ctx.runningByPlannedEnd();
  let avail = ctx.freeNodes;
  for (let k = 0; k < running.length; k++) {
    avail += ctx.jobs[running[k]].nodes;
    if (avail < need) continue;
    const shadow = ctx.plannedEndOf(running[k]);
    while (++k < running.length && ctx.plannedEndOf(running[k]) === shadow)
      avail += ctx.jobs[running[k]].nodes;
    return { shadow, extra: avail - need };
  }
  return { shadow: Infinity, extra: 0 };
}

/** A fresh EASY scheduler. */
export function easyScheduler(options: EasyOptions = {}): Scheduler {
  const pin = new HeadPin(keyword(options.head ?? "mod", "head", ["mod", "unmod"] as const));

  // One walk in queue order per pass (the pinned head first): jobs start while they fit; the first
  // that does not is the head and gets the reservation; after it only jobs that can backfill are
  // visited (`accept`: monotone in nodes and limit; free and extra nodes only shrink).
  let ctx: SchedulerContext,
    now = 0,
    head = -1,
    shadow = 0,
    extra = 0,
    pinned = -1;
  function visit(j: number): boolean {
    const job = ctx.jobs[j];
    if (head < 0) {
      if (job.nodes <= ctx.freeNodes) {
        ctx.start(j);
        return true;
      }
      head = j;
      pin.reserve(j);
      ({ shadow, extra } = shadowOf(ctx, job.nodes));
      options.onReservation?.(job.id, shadow, now);
    } else if (now + job.limit <= shadow) ctx.start(j);
    else {
      ctx.start(j);
      extra -= job.nodes;
    }
    return ctx.freeNodes > 0;
  }
  function accept(nodes: number, limit: number): boolean {
    return head < 0 || (nodes <= ctx.freeNodes && (now + limit <= shadow || nodes <= extra));
  }
  function visitQueued(j: number): boolean {
    return j === pinned || visit(j);
  }
  function isPending(j: number): boolean {
    return Number.isNaN(ctx.startOf(j));
  }

  return {
    name: pin.mode === "mod" ? "easy" : "easy-unmod",
    run(c: SchedulerContext) {
      ctx = c;
      now = c.now;
      head = -1;
      pinned = pin.pendingHead(isPending);
      if (pinned >= 0 && !visit(pinned)) return;
      c.eachByPriority(visitQueued, accept);
    },
  };
}
