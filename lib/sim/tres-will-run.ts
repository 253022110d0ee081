/**
 * select/cons_tres's (and cons_res's) will-run test (cons_common job_test.c `_will_run_test`): on
 * the use now, else ending the running jobs on its nodes in order of planned end, in batches that
 * grow from 30 s (the window aligned on the first end in epoch seconds, doubled after each test;
 * jobs COMPLETING are not among them: `_build_cr_job_list`), the job's start the last ended job's
 * planned end (now + 1 for a job past it). The node weights are read as the node records hold
 * them, not synced first.
 */
import type { SchedulerContext } from "./scheduler";
import { type TresUsage, chooseFromOffers, markNearGpus, offersInto } from "./select-cons-tres";
import type { JobTres } from "./tres";

/** What the will-run test reads of a placement's state. */
export interface WillRunState {
  /** The nodes' use now. */
  usage: TresUsage;
  /** A scratch use of the same machine the test may overwrite (the future use it plays out). */
  scratch: TresUsage;
  /** A scratch of one entry per node the test may overwrite (the nodes' offers as the use plays out). */
  offers: Int32Array;
  /** The nodes each running job holds. */
  held: ReadonlyMap<number, number[]>;
  /** Jobs run out whose nodes are COMPLETING (their use already taken off). */
  released: ReadonlySet<number>;
  /** The nodes' scheduling weights as the node records hold them. */
  weights: Float64Array;
  /** Seconds since the Unix epoch at simulated time 0. */
  epoch: number;
  /** A job's request. */
  tresOf(ctx: SchedulerContext, j: number): JobTres;
}

/** The earliest start (seconds) and nodes the will-run test finds for job j on the nodes `allowed`, or null. */
export function willRunTest(
  ctx: SchedulerContext,
  j: number,
  allowed: Uint8Array,
  s: WillRunState,
): { start: number; pick: number[] } | null {
  const t = s.tresOf(ctx, j),
    count = ctx.jobs[j].nodes,
    now = ctx.now,
    marks = s.usage.select.plugin !== "cons_res";
  // what `_selectConsTres` does on each use, with the offers kept and changed only on the nodes of
  // the jobs that end (an offer reads its node's use alone)
  const avail = s.offers;
  if (marks) markNearGpus(s.usage, t, allowed, s.weights);
  let usable = offersInto(s.usage, t, allowed, avail);
  const pick = usable >= count ? chooseFromOffers(s.usage, t, count, avail, s.weights) : null;
  if (pick) return { start: now, pick };
  const future = s.usage.copyInto(s.scratch);
  const all = ctx.runningByPlannedEnd(),
    running = s.released.size > 0 ? all.filter((r) => !s.released.has(r)) : all;
  let k = 0,
    window = 30,
    alignedEnd = 0;
  for (let more = true; more;) {
    let last = -1,
      next = -1;
    for (;;) {
      if (k >= running.length) {
        more = false;
        break;
      }
      const r = running[k++],
        nodes = s.held.get(r)!;
      let usesAllowed = false;
      for (const i of nodes) if (allowed[i]) usesAllowed = true;
      if (!usesAllowed) continue; // no usable nodes
      const e = ctx.plannedEndOf(r);
      // windows aligned on the epoch's time_window barrier (epoch seconds, as Slurm's end_time)
      if (alignedEnd === 0) alignedEnd = e + (window - ((((e + s.epoch) % window) + window) % window));
      last = r;
      const tr = s.tresOf(ctx, r);
      for (const i of nodes) {
        future.apply(i, tr, -1);
        if (!allowed[i]) continue;
        const was = avail[i] > 0;
        avail[i] = future.offer(i, t);
        usable += (avail[i] > 0 ? 1 : 0) - (was ? 1 : 0);
      }
      if (k >= running.length) {
        more = false;
        break;
      }
      next = running[k];
      if (ctx.plannedEndOf(next) > alignedEnd + window) break;
    }
    if (last < 0) break;
    do window *= 2;
    while (next >= 0 && ctx.plannedEndOf(next) > alignedEnd + window);
    if (marks) markNearGpus(future, t, allowed, s.weights);
    const p = usable >= count ? chooseFromOffers(future, t, count, avail, s.weights) : null;
    if (p) {
      const e = ctx.plannedEndOf(last);
      return { start: e <= now ? now + 1 : e, pick: p };
    }
  }
  return null;
}
