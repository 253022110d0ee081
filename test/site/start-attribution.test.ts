import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { outOfOrderShare } from "../../lib/sim/metrics";
import { slurmScheduler } from "../../lib/sim/slurm-scheduler";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { attributeStarts } from "../../lib/site/start-attribution";

const W = 6;
const workload = fc
  .array(
    fc.record({
      submit: fc.integer({ min: 0, max: 600 }),
      nodes: fc.integer({ min: 1, max: W }),
      limit: fc.integer({ min: 60, max: 900 }),
      run: fc.integer({ min: 0, max: 900 }),
      user: fc.constantFrom("a", "b", "c"),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((js) =>
    js.map((j, i): SimJobInput => ({
      id: `j${i}`,
      submit: j.submit,
      nodes: j.nodes,
      limit: j.limit,
      runtime: j.run,
      user: j.user,
      account: j.user,
    })),
  );
const options = fc.record({
  placement: fc.constantFrom<"nodes" | "counts">("nodes", "counts"),
  bfInterval: fc.constantFrom(10, 30),
  defaultQueueDepth: fc.constantFrom(2, 100),
});

describe("attributeStarts", () => {
  it("a job that fits the hole before a wider job's reservation is backfilled; the others are the main scheduler's", () => {
    // W = 2: a runs on 1 node; b needs both (waits for a); c fits the free node and ends before a
    const jobs: SimJobInput[] = [
      { id: "a", submit: 0, nodes: 1, limit: 600, runtime: 600 },
      { id: "b", submit: 1, nodes: 2, limit: 600, runtime: 600 },
      { id: "c", submit: 2, nodes: 1, limit: 120, runtime: 120 },
    ];
    const a = attributeStarts(slurmScheduler({ bfInterval: 30 }), 3);
    const r = simulate(jobs, { nodes: 2, scheduler: a.scheduler });
    expect(Array.from(r.start)).toEqual([0, 600, 30]);
    expect(Array.from(a.backfilled())).toEqual([0, 0, 1]);
  });
  it("changes no decision (property)", () => {
    fc.assert(
      fc.property(workload, options, (jobs, o) => {
        const plain = simulate(jobs, { nodes: W, scheduler: slurmScheduler(o), priority: slurmPriority() });
        const a = attributeStarts(slurmScheduler(o), jobs.length);
        const seen = simulate(jobs, { nodes: W, scheduler: a.scheduler, priority: slurmPriority() });
        expect(Array.from(seen.start)).toEqual(Array.from(plain.start));
        expect(seen.nodeLists).toEqual(plain.nodeLists);
      }),
      { numRuns: 80 },
    );
  });
  it("under submit order, the backfilled jobs are exactly those that started before an earlier job (lib/sim outOfOrderShare, which ignores ties; submits distinct here; property)", () => {
    fc.assert(
      fc.property(workload, options, (js, o) => {
        const jobs = js.map((j, i) => ({ ...j, submit: j.submit * 64 + i }));
        const a = attributeStarts(slurmScheduler({ ...o, defaultQueueDepth: 100 }), jobs.length);
        const r = simulate(jobs, { nodes: W, scheduler: a.scheduler });
        const backfilled = a.backfilled().reduce((s, v) => s + v, 0);
        expect(backfilled).toBe(Math.round(outOfOrderShare(r) * jobs.length));
      }),
      { numRuns: 120 },
    );
  });
});
