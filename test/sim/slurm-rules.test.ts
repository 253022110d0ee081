/** Slurm's small rules made explicit: reservation-end rounding, the backfill map's slot limit, cycle timing, fair share without an accounting database. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { referenceSlurmPriority } from "./oracles/slurm-priority-reference";
import { type SlurmOptions, slurmScheduler } from "../../lib/sim/slurm-scheduler";

/** Reservations made as "job@start (cycle time)". */
function reservations(jobs: SimJobInput[], nodes: number, o: SlurmOptions): string[] {
  const out: string[] = [];
  simulate(jobs, {
    nodes,
    scheduler: slurmScheduler({
      ...o,
      onReservation: (job, start, now) => out.push(`${job}@${start} (${now})`),
    }),
  });
  return out;
}

describe("reservation end rounding (bf_resolution 60 s)", () => {
  // A holds all 4 nodes until 100; B (limit 90) can start at 100, so it reserves [60, end);
  // C (4 nodes) can start once B's reservation ends: floor(190/60)·60 = 180, or ceil → 240.
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 4, limit: 100, runtime: 100 },
    { id: "B", submit: 0, nodes: 4, limit: 90, runtime: 90 },
    { id: "C", submit: 0, nodes: 4, limit: 60, runtime: 60 },
  ];
  it("floor (Slurm 17.11–20.11's backfill.c, the default): C's reservation begins at 180, inside B's planned run", () => {
    expect(reservations(jobs, 4, { bfInterval: 30 }).slice(0, 2)).toEqual(["B@100 (30)", "C@180 (30)"]);
  });
  it("ceil (later releases' _set_slot_time): C's reservation begins at 240", () => {
    expect(reservations(jobs, 4, { bfInterval: 30, bfReservationEnd: "ceil" }).slice(0, 2)).toEqual([
      "B@100 (30)",
      "C@240 (30)",
    ]);
  });
});

describe("_add_reservation: a job holds its nodes for one bf_resolution slot at least", () => {
  // A holds all 4 nodes until 100; B (10 s) can start at 100, on the grid [60, floor(110/60)·60 = 60):
  // an empty interval, which backfill.c widens to [60, 120), so C waits for its end
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 4, limit: 100, runtime: 100 },
    { id: "B", submit: 0, nodes: 4, limit: 10, runtime: 10 },
    { id: "C", submit: 0, nodes: 4, limit: 10, runtime: 10 },
  ];
  it("a reservation shorter than a slot keeps its nodes until the slot ends", () => {
    expect(reservations(jobs, 4, { bfInterval: 30 }).slice(0, 2)).toEqual(["B@100 (30)", "C@120 (30)"]);
  });
  it('a job started by backfill under "slurmctld" timing keeps its nodes in the map though its floored end is past', () => {
    // at 660 the cycle starts j0 (limit 1 s): floor((660 + 1) / 2)·2 = 660 is no later than now; the
    // map's first slot [660, 662) still holds its node, so j1 starts on another
    const three: SimJobInput[] = [
      { id: "j0", submit: 659, nodes: 1, limit: 1, runtime: 0, user: "u1" },
      { id: "j1", submit: 659, nodes: 1, limit: 1, runtime: 0, user: "u3" },
      { id: "j2", submit: 658, nodes: 1, limit: 2, runtime: 2, user: "u1" },
    ];
    const r = simulate(three, {
      nodes: 8,
      scheduler: slurmScheduler({
        timing: "slurmctld",
        bfInterval: 1,
        bfResolution: 2,
        bfMaxTime: 1,
        bfMaxJobTest: 2,
        bfMaxJobUser: 1,
        bfNodeSpaceSize: 1,
        defaultQueueDepth: 1,
        eventTriggered: false,
      }),
    });
    expect(Array.from(r.start)).toEqual([660, 660, 659]);
    expect(r.nodeLists).toEqual(["n2", "n3", "n1"]);
  });
});

describe("bf_node_space_size: the backfill map's slot limit", () => {
  // A holds 4 nodes; B, C, D each need all 4 and reserve one after another.
  const jobs: SimJobInput[] = ["A", "B", "C", "D"].map((id) => ({
    id,
    submit: 0,
    nodes: 4,
    limit: 600,
    runtime: 600,
  }));
  const firstCycle = (o: SlurmOptions) =>
    reservations(jobs, 4, { bfInterval: 30, ...o }).filter((r) => r.endsWith("(30)"));
  it("a large map lets every tested job reserve; a map of 4 slots stops the cycle after two reservations", () => {
    expect(firstCycle({})).toEqual(["B@600 (30)", "C@1200 (30)", "D@1800 (30)"]);
    // B adds edges 600, 1200 (3 slots); C adds 1800 (4 slots): the map is full when D would reserve
    expect(firstCycle({ bfNodeSpaceSize: 4 })).toEqual(["B@600 (30)", "C@1200 (30)"]);
    expect(firstCycle({ bfNodeSpaceSize: 3 })).toEqual(["B@600 (30)"]);
  });
  it("defaults to bf_max_job_test and rejects an empty map", () => {
    expect(firstCycle({ bfMaxJobTest: 3 })).toEqual(["B@600 (30)"]);
    expect(firstCycle({ bfNodeSpaceSize: 1 })).toEqual([]);
    expect(() => slurmScheduler({ bfNodeSpaceSize: 0 })).toThrow(
      /^invalid bfNodeSpaceSize: 0; expected an integer >= 1/,
    );
  });
});

describe("backfill cycle timing", () => {
  // A runs on all 4 nodes; B waits (reserved every cycle); C arrives at 15: a change, so the next cycle runs.
  // (C reserves at 1080: B's reservation ends at floor(1100/60)·60.)
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 4, limit: 1000, runtime: 1000 },
    { id: "B", submit: 0, nodes: 4, limit: 100, runtime: 100 },
    { id: "C", submit: 15, nodes: 4, limit: 100, runtime: 100 },
  ];
  it("fixed: every bf_interval on the grid (10, 20, …)", () => {
    expect(
      reservations(jobs, 4, { bfInterval: 10, bfTiming: "fixed", bfCycleSeconds: { base: 3 } }).slice(0, 3),
    ).toEqual(["B@1000 (10)", "B@1000 (20)", "C@1080 (20)"]);
  });
  it("after-cycle: bf_interval after the previous cycle ends (a 3 s cycle: 10, then 23)", () => {
    expect(reservations(jobs, 4, { bfInterval: 10, bfCycleSeconds: { base: 3 } }).slice(0, 3)).toEqual([
      "B@1000 (10)",
      "B@1000 (23)",
      "C@1080 (23)",
    ]);
    // the cost grows with the jobs tested: 1 + 1·1 = 2 s → 22
    expect(
      reservations(jobs, 4, { bfInterval: 10, bfCycleSeconds: { base: 1, perJob: 1 } }).slice(1, 3),
    ).toEqual(["B@1000 (22)", "C@1080 (22)"]);
  });
  it("property: with free cycles (cost 0) after-cycle and fixed timing give the same schedule", () => {
    const job = fc.record({
      submit: fc.integer({ min: 0, max: 300 }),
      nodes: fc.integer({ min: 1, max: 8 }),
      limit: fc.integer({ min: 1, max: 40 }),
      run: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(job, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 60 }),
        (list, bfInterval) => {
          const jobs: SimJobInput[] = list.map((j, k) => ({
            id: `j${k}`,
            submit: j.submit,
            nodes: j.nodes,
            limit: j.limit * 60,
            runtime: Math.min(j.run, j.limit) * 60,
          }));
          const run = (bfTiming: "fixed" | "after-cycle") =>
            simulate(jobs, { nodes: 8, scheduler: createScheduler({ name: "slurm", bfInterval, bfTiming }) })
              .start;
          expect(Array.from(run("after-cycle"))).toEqual(Array.from(run("fixed")));
        },
      ),
      { seed: 15, numRuns: 150 },
    );
  });
  it("rejects bad timing knobs with the house message", () => {
    expect(() => slurmScheduler({ bfTiming: "x" as never })).toThrow(
      /^invalid bfTiming: "x"; expected one of "after-cycle", "fixed"/,
    );
    expect(() => slurmScheduler({ bfCycleSeconds: { base: -1 } })).toThrow(
      /^invalid bfCycleSeconds.base: -1; expected/,
    );
  });
});

describe("fair share without an accounting database", () => {
  const jobs: SimJobInput[] = [
    { id: "X", submit: 0, nodes: 2, limit: 1000, runtime: 1000, user: "u1", account: "a" },
    { id: "P1", submit: 10, nodes: 2, limit: 100, runtime: 100, user: "u1", account: "a" },
    { id: "P2", submit: 10, nodes: 2, limit: 100, runtime: 100, user: "u2", account: "b" },
  ];
  const weights = { age: 0, jobSize: 0, fairShare: 1000, qos: 0 };
  for (const [implementation, make] of [
    ["lib", slurmPriority],
    ["reference", referenceSlurmPriority],
  ] as const) {
    it(`${implementation}: every fair-share factor is 0, so usage no longer reorders the queue`, () => {
      const r = simulate(jobs, {
        nodes: 2,
        scheduler: createScheduler({ name: "fcfs" }),
        priority: make({ weights, calcPeriod: 60, accounting: false }),
        snapshotAt: 500,
        trace: true,
      });
      expect(r.sprio!.rows.map((x) => [x.id, x.factors.fairShare])).toEqual([
        ["P1", 0],
        ["P2", 0],
      ]);
      expect(r.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`)).toEqual([
        "0 X",
        "1000 P1",
        "1100 P2",
      ]);
      const withDb = simulate(jobs, {
        nodes: 2,
        scheduler: createScheduler({ name: "fcfs" }),
        priority: make({ weights, calcPeriod: 60 }),
        trace: true,
      });
      expect(withDb.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`)).toEqual([
        "0 X",
        "1000 P2",
        "1100 P1",
      ]);
    });
  }
  it("rejects a non-boolean", () => {
    expect(() => slurmPriority({ accounting: "no" as never })).toThrow(
      /^invalid accounting: "no"; expected true or false/,
    );
  });
});
