/**
 * The engine's cached queue order (pendingByPriority) under a changing priority: at every scheduler
 * call it must equal the pending jobs sorted from scratch by (priority desc, submit asc, index asc),
 * whatever mix of submits, starts (removed at the next call) and priority recalculations came before.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import type { Scheduler, SchedulerContext } from "../../lib/sim/scheduler";
import { slurmPriority } from "../../lib/sim/slurm-priority";

/** Wraps a scheduler: before and after each run, compares the cached order with a fresh sort. */
function checked(s: Scheduler, seen: { calls: number; bad: string[] }): Scheduler {
  const check = (ctx: SchedulerContext) => {
    const fresh = ctx.pending().slice().sort((a, b) => ctx.priorityOf(b) - ctx.priorityOf(a) || ctx.jobs[a].submit - ctx.jobs[b].submit || a - b);
    const cached = ctx.pendingByPriority();
    seen.calls++;
    if (cached.length !== fresh.length || cached.some((j, k) => j !== fresh[k])) seen.bad.push(`t=${ctx.now}: cached [${cached.slice(0, 8)}] fresh [${fresh.slice(0, 8)}]`);
  };
  return { ...s, nextTimer: s.nextTimer?.bind(s), reject: s.reject?.bind(s), run(ctx, flags) { check(ctx); s.run(ctx, flags); check(ctx); } };
}

describe("engine: cached queue order under a changing priority", () => {
  const SPECS: SchedulerSpec[] = [{ name: "slurm", bfInterval: 30 }, { name: "easy" }, { name: "slurm", backfill: false, defaultQueueDepth: 2 }];
  it("property: equals a fresh sort at every scheduler call (multifactor priority, 3 schedulers)", () => {
    const job = fc.record({ submit: fc.integer({ min: 0, max: 3000 }), nodes: fc.integer({ min: 1, max: 8 }), limit: fc.integer({ min: 1, max: 40 }), run: fc.integer({ min: 0, max: 40 }), user: fc.integer({ min: 0, max: 3 }) });
    fc.assert(fc.property(fc.array(job, { minLength: 1, maxLength: 50 }), (list) => {
      const jobs: SimJobInput[] = list.map((j, k) => ({ id: `j${k}`, submit: j.submit, nodes: j.nodes, limit: j.limit * 60, runtime: Math.min(j.run, j.limit) * 60, user: `u${j.user}`, account: `a${j.user % 2}` }));
      for (const spec of SPECS) {
        const seen = { calls: 0, bad: [] as string[] };
        simulate(jobs, { nodes: 8, scheduler: checked(createScheduler(spec), seen), priority: slurmPriority({ calcPeriod: 120 }) });
        expect(seen.bad, spec.name).toEqual([]);
        expect(seen.calls).toBeGreaterThan(0);
      }
    }), { seed: 5, numRuns: 100 });
  });
});
