/**
 * The engine's pending queue (lib/sim/pending-queue.ts): at every scheduler call its order
 * (pendingByPriority, eachByPriority) must equal the pending jobs sorted from scratch by
 * (priority desc, submit asc, index asc), and its submit order (pending) the pending jobs by
 * (submit, index), whatever mix of submits, starts (removed at the next read) and priority
 * recalculations came before — under the submit-order priority, the multifactor priority (with and
 * without a formula) and a custom priority function.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import type { Scheduler, SchedulerContext } from "../../lib/sim/scheduler";
import { type PriorityModel, priorityModel } from "../../lib/sim/priority";
import { slurmPriority } from "../../lib/sim/slurm-priority";

/** Wraps a scheduler: before and after each run, compares the queue's orders with fresh sorts. */
function checked(s: Scheduler, seen: { calls: number; bad: string[] }): Scheduler {
  const check = (ctx: SchedulerContext) => {
    const pending: number[] = [];
    for (let j = 0; j < ctx.jobs.length; j++)
      if (ctx.jobs[j].submit <= ctx.now && Number.isNaN(ctx.startOf(j))) pending.push(j); // no QoS: nothing is rejected
    pending.sort((a, b) => ctx.jobs[a].submit - ctx.jobs[b].submit || a - b);
    const fresh = pending
      .slice()
      .sort(
        (a, b) => ctx.priorityOf(b) - ctx.priorityOf(a) || ctx.jobs[a].submit - ctx.jobs[b].submit || a - b,
      );
    const cached = ctx.pendingByPriority().slice();
    const walked: number[] = [];
    ctx.eachByPriority((j) => (walked.push(j), true));
    seen.calls++;
    const differs = (x: readonly number[], y: readonly number[]) =>
      x.length !== y.length || x.some((j, k) => j !== y[k]);
    if (differs(cached, fresh))
      seen.bad.push(`t=${ctx.now}: cached [${cached.slice(0, 8)}] fresh [${fresh.slice(0, 8)}]`);
    if (differs(walked, fresh))
      seen.bad.push(`t=${ctx.now}: walked [${walked.slice(0, 8)}] fresh [${fresh.slice(0, 8)}]`);
    if (differs(ctx.pending(), pending))
      seen.bad.push(
        `t=${ctx.now}: pending [${ctx.pending().slice(0, 8)}] by submit [${pending.slice(0, 8)}]`,
      );
  };
  return {
    ...s,
    nextTimer: s.nextTimer?.bind(s),
    reject: s.reject?.bind(s),
    run(ctx, flags) {
      check(ctx);
      s.run(ctx, flags);
      check(ctx);
    },
  };
}

describe("engine: cached queue order under a changing priority", () => {
  const SPECS: SchedulerSpec[] = [
    { name: "slurm", bfInterval: 30 },
    { name: "easy" },
    { name: "slurm", backfill: false, defaultQueueDepth: 2 },
    { name: "fcfs" },
    { name: "conservative" },
    { name: "easy", head: "unmod" },
  ];
  const PRIORITIES: (() => PriorityModel | undefined)[] = [
    () => undefined,
    () => slurmPriority({ calcPeriod: 120 }),
    () => slurmPriority({ calcPeriod: 60, formula: "1000*age + 2000*fairshare - 300*size" }),
    () => priorityModel((job, now) => Math.floor((now - job.submit) / 300) - job.nodes, { calcPeriod: 90 }),
  ];
  it("property: equals a fresh sort at every scheduler call (4 priorities, 6 schedulers)", () => {
    const job = fc.record({
      submit: fc.integer({ min: 0, max: 3000 }),
      nodes: fc.integer({ min: 1, max: 8 }),
      limit: fc.integer({ min: 1, max: 40 }),
      run: fc.integer({ min: 0, max: 40 }),
      user: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(job, { minLength: 1, maxLength: 50 }), (list) => {
        const jobs: SimJobInput[] = list.map((j, k) => ({
          id: `j${k}`,
          submit: j.submit,
          nodes: j.nodes,
          limit: j.limit * 60,
          runtime: Math.min(j.run, j.limit) * 60,
          user: `u${j.user}`,
          account: `a${j.user % 2}`,
        }));
        for (const spec of SPECS)
          for (const priority of PRIORITIES) {
            const seen = { calls: 0, bad: [] as string[] };
            simulate(jobs, {
              nodes: 8,
              scheduler: checked(createScheduler(spec), seen),
              priority: priority(),
            });
            expect(seen.bad, spec.name).toEqual([]);
            expect(seen.calls).toBeGreaterThan(0);
          }
      }),
      { seed: 5, numRuns: 100 },
    );
  });
});
