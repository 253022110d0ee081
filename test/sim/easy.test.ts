/**
 * EASY backfilling (lib/sim/easy.ts) walks the queue with a test on (nodes, limit), so a pass
 * visits only the jobs that can start; it must start the same jobs at the same instants and make
 * the same reservations as a scan of the whole queue array at every pass
 * (test/sim/oracles/easy-scan.ts) — on random workloads long enough to fill several blocks of the
 * queue, under every kind of priority and both head modes, and on a prefix of a real trace.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSwf } from "../../lib/io/swf";
import { swfMachine } from "../../lib/io/swf-jobs";
import { easyScheduler } from "../../lib/sim/easy";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { type PriorityModel, priorityModel } from "../../lib/sim/priority";
import type { Scheduler } from "../../lib/sim/scheduler";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { jobsFromSwf } from "../../lib/sim/swf-workload";
import { sharedTrace } from "../shared-traces";
import { easyScanScheduler } from "./oracles/easy-scan";

const PRIORITIES: (() => PriorityModel | undefined)[] = [
  () => undefined,
  () => slurmPriority({ calcPeriod: 120 }),
  () => slurmPriority({ calcPeriod: 60, formula: "1000*age + 2000*fairshare - 300*size" }),
  () => priorityModel((job, now) => Math.floor((now - job.submit) / 300) - job.nodes, { calcPeriod: 90 }),
];

/** Start times and reservations of a run. */
function outcome(
  jobs: readonly SimJobInput[],
  nodes: number,
  make: (onReservation: (job: string, shadow: number, now: number) => void) => Scheduler,
  priority: PriorityModel | undefined,
): { start: number[]; reservations: string[] } {
  const reservations: string[] = [];
  const r = simulate(jobs, {
    nodes,
    scheduler: make((job, shadow, now) => reservations.push(`${now} ${job} ${shadow}`)),
    priority,
  });
  return { start: [...r.start], reservations };
}

describe("EASY", () => {
  it("property: the same starts and reservations as scanning the whole queue (4 priorities, 2 head modes)", () => {
    const job = fc.record({
      submit: fc.integer({ min: 0, max: 4000 }),
      nodes: fc.oneof(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 3, max: 16 })),
      limit: fc.integer({ min: 1, max: 120 }),
      run: fc.integer({ min: 0, max: 120 }),
      user: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(job, { minLength: 1, maxLength: 300, size: "large" }),
        fc.constantFrom<"mod" | "unmod">("mod", "unmod"),
        (list, head) => {
          const jobs: SimJobInput[] = list.map((j, k) => ({
            id: `j${k}`,
            submit: j.submit,
            nodes: j.nodes,
            limit: j.limit * 60,
            runtime: Math.min(j.run, j.limit) * 60,
            user: `u${j.user}`,
            account: `a${j.user % 2}`,
          }));
          for (const priority of PRIORITIES) {
            const got = outcome(
              jobs,
              16,
              (onReservation) => easyScheduler({ head, onReservation }),
              priority(),
            );
            const want = outcome(
              jobs,
              16,
              (onReservation) => easyScanScheduler({ head, onReservation }),
              priority(),
            );
            expect(got).toEqual(want);
          }
        },
      ),
      { seed: 7, numRuns: 25 },
    );
  });

  it("the same starts as scanning the whole queue on the first 20,000 jobs of RICC-2010-2 (FIFO and multifactor)", () => {
    const file = sharedTrace("RICC-2010-2");
    if (!file) return;
    const trace = readSwf(file);
    const m = swfMachine(trace);
    const jobs = jobsFromSwf(trace, { nodes: m.nodes, coresPerNode: m.coresPerNode }).jobs.slice(0, 20000);
    for (const priority of [() => undefined, () => slurmPriority()]) {
      const run = (scheduler: Scheduler) =>
        simulate(jobs, { nodes: m.nodes, coresPerNode: m.coresPerNode, scheduler, priority: priority() });
      const got = run(easyScheduler()),
        want = run(easyScanScheduler());
      expect([...got.start]).toEqual([...want.start]);
      expect([...got.priority]).toEqual([...want.priority]);
    }
  });
});
