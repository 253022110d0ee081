/**
 * EASY backfilling as a scan of the whole queue array at every pass, the oracle the EASY
 * scheduler's property test compares with (lib/sim/easy.ts walks the queue with a test on
 * (nodes, limit) instead): jobs start in queue order while they fit; the first that does not gets
 * the reservation at the shadow time; every later job that fits now and ends by the shadow time or
 * uses only the extra nodes starts. The shadow time and extra nodes come from the definition
 * ({@link reservation}), not from lib's walk.
 */
import { type HeadMode, HeadPin } from "../../../lib/sim/head-pin";
import type { Scheduler, SchedulerContext } from "../../../lib/sim/scheduler";

/**
 * The head's reservation as EASY defines it (Lifka 1995; Mu'alem & Feitelson 2001): the shadow time
 * is the earliest planned end t of a running job at which the idle nodes plus the nodes of every
 * running job planned to end at or before t hold the head; the extra nodes are that sum minus the
 * head's nodes. Built from the planned ends as a set (nodes released per instant), so the order in
 * which the engine lists running jobs plays no part.
 */
function reservation(ctx: SchedulerContext, need: number): { shadow: number; extra: number } {
  const releasedAt = new Map<number, number>();
  for (const r of ctx.runningByPlannedEnd()) {
    const t = ctx.plannedEndOf(r);
    releasedAt.set(t, (releasedAt.get(t) ?? 0) + ctx.jobs[r].nodes);
  }
  const instants = [...releasedAt.keys()].sort((a, b) => a - b);
  let freeBy = ctx.freeNodes; // free at t: idle now + released at or before t
  for (const t of instants) {
    freeBy += releasedAt.get(t)!;
    if (freeBy >= need) return { shadow: t, extra: freeBy - need };
  }
  return { shadow: Infinity, extra: 0 };
}

/** The scanning EASY scheduler (same name and options as easyScheduler). */
export function easyScanScheduler(
  options: { head?: HeadMode; onReservation?: (job: string, shadow: number, now: number) => void } = {},
): Scheduler {
  const pin = new HeadPin(options.head ?? "mod");
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
      let { shadow, extra } = reservation(ctx, jobs[head].nodes);
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
