import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CycleResume } from "../../lib/sim/cycle-resume";
import { simulate } from "../../lib/sim/engine";
import { jobPriority } from "../../lib/sim/extra-schedulers";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { slurmScheduler, type SlurmOptions } from "../../lib/sim/slurm-scheduler";
import { SLURM_KNOB_ARBS } from "./slurm-knob-arbs";

// The oracle is the definition: Slurm plans every backfill cycle afresh. The same scheduler with
// CycleResume.canResume answering false does exactly that; a resumed cycle must change nothing.
const W = 8;
const knobArb = fc.record({
  ...SLURM_KNOB_ARBS,
  bfMaxJobTest: fc.integer({ min: 1, max: 30 }),
  bfMaxJobUser: fc.integer({ min: 0, max: 3 }),
  bfNodeSpaceSize: fc.integer({ min: 1, max: 12 }),
  bfReservationEnd: fc.constantFrom<"floor" | "ceil">("floor", "ceil"),
  placement: fc.constantFrom<"nodes" | "counts">("nodes", "counts"),
  eventTriggered: fc.boolean(),
  // a cycle's modelled cost moves the next one off whole seconds (the map's times then fall between)
  bfCycleSeconds: fc.record({ base: fc.constantFrom(0, 0.25, 0.7), perJob: fc.constantFrom(0, 0.05, 0.3) }),
});
// "events" timing (cycles on a grid or after the last one), or slurmctld's agent (never resumed)
const timingArb = fc.oneof(
  fc.record({ bfTiming: fc.constantFrom<"after-cycle" | "fixed">("after-cycle", "fixed") }),
  fc.record({ timing: fc.constant<"slurmctld">("slurmctld"), bfMaxTime: fc.integer({ min: 1, max: 5 }) }),
);
const jobsArb = fc
  .array(
    fc.record({
      submit: fc.integer({ min: 0, max: 2000 }),
      nodes: fc.integer({ min: 1, max: W }),
      limit: fc.integer({ min: 1, max: 900 }),
      runtime: fc.integer({ min: 0, max: 1000 }),
      user: fc.constantFrom("u1", "u2", "u3"),
      partition: fc.constantFrom("p1", "p2"),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((js) => js.map((j, i): SimJobInput => ({ id: `j${i}`, ...j, account: j.user })));
// submit order, a formula that reorders the queue as jobs wait, or multifactor with age and fair share
const priorityArb = fc.constantFrom("fifo", "formula", "multifactor");
const priorityOf = (p: string) =>
  p === "formula"
    ? jobPriority("wait - 3 * nodes")
    : p === "multifactor"
      ? slurmPriority({
          weights: { age: 1000, fairShare: 1000, jobSize: 100, qos: 0 },
          maxAgeSeconds: 3600,
          calcPeriod: 60,
        })
      : undefined;

/** A schedule with its reservation log: starts, node lists and every reservation each cycle made. */
function schedule(jobs: SimJobInput[], knobs: SlurmOptions, priority: string) {
  const reservations: string[] = [];
  const r = simulate(jobs, {
    nodes: W,
    scheduler: slurmScheduler({
      ...knobs,
      onReservation: (j, s, now) => reservations.push(`${now} ${j}@${s}`),
    }),
    priority: priorityOf(priority),
  });
  return { start: Array.from(r.start), nodeLists: r.nodeLists, reservations };
}

let afresh = false; // the oracle: every cycle plans afresh
const answers: boolean[] = []; // canResume's answers otherwise

/** The schedule as computed, and as cycles that always plan afresh compute it. */
function bothWays(jobs: SimJobInput[], knobs: SlurmOptions, priority: string) {
  const got = schedule(jobs, knobs, priority);
  afresh = true;
  try {
    return { got, fresh: schedule(jobs, knobs, priority) };
  } finally {
    afresh = false;
  }
}

describe("backfill cycles resumed from the last one", () => {
  beforeEach(() => {
    answers.length = 0;
    const canResume = CycleResume.prototype.canResume;
    vi.spyOn(CycleResume.prototype, "canResume").mockImplementation(function (this: CycleResume, ...args) {
      if (afresh) return false;
      const yes = canResume.apply(this, args);
      answers.push(yes);
      return yes;
    });
  });
  afterEach(() => void vi.restoreAllMocks());

  it("schedule every job, its nodes and every cycle's reservations as cycles planned afresh do", () => {
    fc.assert(
      fc.property(jobsArb, knobArb, timingArb, priorityArb, (jobs, knobs, timing, priority) => {
        const { got, fresh } = bothWays(jobs, { ...knobs, ...timing }, priority);
        expect(got).toEqual(fresh);
      }),
      { numRuns: 600 },
    );
    // the property saw many resumed cycles, not only fresh ones
    expect(answers.filter((yes) => yes).length).toBeGreaterThan(200);
  });

  it("resumes a cycle when only jobs were submitted since the last, and plans afresh after a start or an end", () => {
    // j0 holds 6 of 8 nodes until 1000, so j1 (8 nodes) is reserved at 1000 in every cycle. Cycles
    // fall every 30 s when something changed: at 30 (the first: afresh), 60 (j2 was submitted: the
    // cycle resumes after j1 and only tests j2) and 120 (j3 was submitted: it resumes after j1 and
    // j2, and j3 backfills before 1000); at 630 j3 has ended and at 1020 j0 and j1 changed: afresh.
    const jobs: SimJobInput[] = [
      { id: "j0", submit: 0, nodes: 6, limit: 1000, runtime: 1000 },
      { id: "j1", submit: 10, nodes: 8, limit: 100, runtime: 100 },
      { id: "j2", submit: 40, nodes: 4, limit: 500, runtime: 500 },
      { id: "j3", submit: 100, nodes: 2, limit: 500, runtime: 500 },
    ];
    const r = schedule(jobs, { bfInterval: 30, bfResolution: 1 }, "fifo");
    expect(answers).toEqual([false, true, true, false, false]);
    expect(r.start).toEqual([0, 1000, 1100, 120]);
    expect(r.nodeLists).toEqual(["n[1-6]", "n[1-8]", "n[1-4]", "n[7-8]"]);
    // each resumed cycle reports the reservations it kept, as a fresh one would
    expect(r.reservations).toEqual([
      "30 j1@1000",
      "60 j1@1000",
      "60 j2@1100",
      "120 j1@1000",
      "120 j2@1100",
      "630 j1@1000",
      "630 j2@1100",
      "1020 j2@1100",
    ]);
  });

  it("plans afresh when a running job's planned end is within a second of the cycle (its release moves with the cycle)", () => {
    // cycles cost 0.05 s per job tested, so they and the jobs they start fall between seconds; the
    // map releases a job whose planned end is less than a second ahead one second after the cycle
    const jobs: SimJobInput[] = [
      { id: "j0", submit: 0, nodes: 3, limit: 326, runtime: 326 },
      { id: "j1", submit: 353, nodes: 1, limit: 1, runtime: 0 },
      { id: "j2", submit: 705, nodes: 1, limit: 1, runtime: 0 },
      { id: "j3", submit: 0, nodes: 6, limit: 467, runtime: 467 },
      { id: "j4", submit: 0, nodes: 3, limit: 237, runtime: 0 },
    ];
    const knobs: SlurmOptions = {
      bfInterval: 88,
      bfResolution: 3,
      bfMaxJobTest: 2,
      bfWindow: 5,
      defaultQueueDepth: 1,
      bfNodeSpaceSize: 2,
      bfCycleSeconds: { base: 0, perJob: 0.05 },
    };
    const { got, fresh } = bothWays(jobs, knobs, "fifo");
    expect(got).toEqual(fresh);
  });
});
