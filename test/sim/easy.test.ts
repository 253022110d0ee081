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
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
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

  const ricc = sharedTrace("RICC-2010-2");
  it.skipIf(!ricc)(
    "the same starts as scanning the whole queue on the first 20,000 jobs of RICC-2010-2 (FIFO and multifactor)",
    () => {
      const trace = readSwf(ricc!);
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
    },
  );
});

describe("EASY: running jobs that end together at the shadow time", () => {
  // 65 nodes. A (32 nodes) and B (16) run from 0 with planned ends at 100: 17 nodes idle. H (49)
  // cannot start at 1; the earliest planned end by which enough nodes are free is 100 (the shadow);
  // by then A AND B have ended, so 17 + 32 + 16 = 65 nodes are free and the extra nodes are
  // 65 − 49 = 16, whichever of A and B the engine lists first. So S (2 nodes, past the shadow)
  // backfills at 2 (16 extra → 14 left), U (15) does not fit in the 14 extra nodes at 3 and waits
  // for H's end at 150, and X (14) backfills at 4; H starts at its shadow time.
  const A: SimJobInput = { id: "A", submit: 0, nodes: 32, limit: 100, runtime: 100 };
  const B: SimJobInput = { id: "B", submit: 0, nodes: 16, limit: 100, runtime: 100 };
  const rest: SimJobInput[] = [
    { id: "H", submit: 1, nodes: 49, limit: 50, runtime: 50 },
    { id: "S", submit: 2, nodes: 2, limit: 1000, runtime: 1000 },
    { id: "U", submit: 3, nodes: 15, limit: 1000, runtime: 1000 },
    { id: "X", submit: 4, nodes: 14, limit: 1000, runtime: 1000 },
  ];
  const want = { A: 0, B: 0, H: 100, S: 2, U: 150, X: 4 };
  const startsById = (jobs: SimJobInput[], spec: SchedulerSpec) => {
    const r = simulate(jobs, { nodes: 65, scheduler: createScheduler(spec) });
    return Object.fromEntries(r.jobs.map((j, i) => [j.id, r.start[i]]));
  };
  it("both tied jobs count toward the extra nodes, in either input order", () => {
    for (const order of [
      [A, B],
      [B, A],
    ]) {
      const shadows: string[] = [];
      const r = simulate([...order, ...rest], {
        nodes: 65,
        scheduler: easyScheduler({
          onReservation: (job, shadow, now) => shadows.push(`${now} ${job} ${shadow}`),
        }),
      });
      expect(Object.fromEntries(r.jobs.map((j, i) => [j.id, r.start[i]]))).toEqual(want);
      expect(shadows.slice(0, 4)).toEqual(["1 H 100", "2 H 100", "3 H 100", "4 H 100"]);
    }
  });
  it("conservative backfilling and Slurm's backfill with counts release tied jobs together too", () => {
    // conservative: H holds 49 of the 65 nodes free at 100 on [100, 150): S fits beside it (16 left
    // there, 14 after S), U (15) does not and is reserved at 150, X (14) does. Slurm's backfill with
    // counts (every second, 1 s resolution) plans the same way.
    const specs: SchedulerSpec[] = [
      { name: "easy" },
      { name: "conservative" },
      { name: "slurm", bfInterval: 1, bfResolution: 1, placement: "counts" },
    ];
    for (const spec of specs) {
      expect(startsById([A, B, ...rest], spec)).toEqual(want);
      expect(startsById([B, A, ...rest], spec)).toEqual(want);
    }
  });
  it("Slurm's backfill with nodes releases tied jobs one at a time in job order, as select/linear does", () => {
    // select_linear.c _will_run_test frees running jobs one at a time, sorted by end time with
    // list_sort (glibc's stable merge sort over the job list, kept in job id order), and reserves
    // at the first release after which best fit finds the nodes. Job order is submission order
    // (the engine's index), so the earlier-submitted of A and B is released first.
    const spec: SchedulerSpec = { name: "slurm", bfInterval: 1, bfResolution: 1, placement: "nodes" };
    // A first (n[1-32], B n[33-48]): the 17 idle nodes and A's make 49, so H is reserved on
    // n[1-32,49-65], every node idle now: S, U and X wait for H's or A's and B's nodes.
    expect(startsById([A, B, ...rest], spec)).toEqual({ A: 0, B: 0, H: 100, S: 100, U: 150, X: 100 });
    // B first (n[1-16], A n[17-48]): 17 + 16 = 33 < 49, so A is released too and best fit takes
    // n[1-49] for H: S backfills at 2 on idle nodes outside H's reservation; U (15) does not fit and
    // is reserved at 150 on the 14 idle nodes left and one of H's, so X (14) finds no window.
    expect(startsById([B, A, ...rest], spec)).toEqual({ A: 0, B: 0, H: 100, S: 2, U: 150, X: 100 });
  });
});
