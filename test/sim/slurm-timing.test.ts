/** The Slurm scheduler under timing "slurmctld" (lib/sim/slurm-timing.ts): passes, cycles and clocks through the engine. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { type SlurmOptions, slurmScheduler } from "../../lib/sim/slurm-scheduler";

const run = (jobs: SimJobInput[], nodes: number, o: SlurmOptions) => {
  const r = simulate(jobs, { nodes, scheduler: slurmScheduler({ timing: "slurmctld", ...o }) });
  return Object.fromEntries(r.jobs.map((j, i) => [j.id, r.start[i]]));
};

// the background loop started 10 s before the first submit and iterates at .5 of every second
const LOOP = { controllerLoop: { start: -10, period: 1, phase: 0.5 } } as const;

describe('timing "slurmctld": the main scheduler', () => {
  it("a submit waits for the background loop and batch_sched_delay; starts record whole seconds", () => {
    const jobs: SimJobInput[] = [
      { id: "A", submit: 100, nodes: 1, limit: 600, runtime: 300 },
      { id: "B", submit: 101.2, nodes: 1, limit: 600, runtime: 300 },
      { id: "C", submit: 102.7, nodes: 1, limit: 600, runtime: 300 },
    ];
    // iterations 100.5, 101.5, …: A at 100.5 (second 100); B needs second 102; C second 104
    expect(run(jobs, 4, { ...LOOP, backfill: false, batchSchedDelay: 2 })).toEqual({
      A: 100,
      B: 102,
      C: 104,
    });
    // batch_sched_delay 0: every iteration after a request runs a pass
    expect(run(jobs, 4, { ...LOOP, backfill: false, batchSchedDelay: 0 })).toEqual({
      A: 100,
      B: 101,
      C: 103,
    });
  });
  it("an end through an EPILOG_COMPLETE runs a pass at once (or after its delay); an agent's reply waits for the loop", () => {
    const jobs: SimJobInput[] = [
      { id: "A", submit: 100, nodes: 2, limit: 600, runtime: 5.3 }, // runs 100.5–105.8
      { id: "B", submit: 101, nodes: 2, limit: 600, runtime: 60 },
    ];
    const o: SlurmOptions = { ...LOOP, backfill: false, batchSchedDelay: 1 };
    expect(run(jobs, 2, { ...o, endPass: "immediate" }).B).toBe(105);
    expect(run(jobs, 2, { ...o, endPass: "immediate", endPassDelay: 0.1 }).B).toBe(105);
    expect(run(jobs, 2, { ...o, endPass: "immediate", endPassDelay: 0.25 }).B).toBe(106);
    expect(run(jobs, 2, { ...o, endPass: "queued" }).B).toBe(106);
    expect(run(jobs, 2, { ...o, endPass: "immediate", defer: true }).B).toBe(106);
    expect(run(jobs, 2, { ...o, endPass: (j) => (j.id === "A" ? "queued" : "immediate") }).B).toBe(106);
  });
  it("the first pass waits 3 s whatever batch_sched_delay says; then a long delay leaves only the full pass every sched_interval", () => {
    const jobs: SimJobInput[] = [
      { id: "A", submit: 100, nodes: 2, limit: 600, runtime: 5.3 },
      { id: "B", submit: 101, nodes: 2, limit: 600, runtime: 60 },
    ];
    // the loop started at 90 (second 90): A's pass needs second 93 (the compiled-in 3 s) → 100.5;
    // requests then wait 100 s, and the full passes come in seconds 120, 150, …
    const s = run(jobs, 2, {
      ...LOOP,
      backfill: false,
      batchSchedDelay: 100,
      schedInterval: 30,
      endPass: "queued",
    });
    expect(s).toEqual({ A: 100, B: 120 });
  });
  it("rejects bad timing options with the house message", () => {
    expect(() => slurmScheduler({ timing: "x" as never })).toThrow(
      /^invalid timing: "x"; expected one of "events", "slurmctld"/,
    );
    expect(() => slurmScheduler({ timing: "slurmctld", bfTiming: "fixed" })).toThrow(
      /^invalid bfTiming: "fixed"/,
    );
    expect(() => slurmScheduler({ timing: "slurmctld", batchSchedDelay: -1 })).toThrow(
      /^invalid batchSchedDelay: -1; expected an integer >= 0/,
    );
    expect(() =>
      simulate([{ id: "A", submit: 0, nodes: 1, limit: 60, runtime: 1 }], {
        nodes: 1,
        scheduler: slurmScheduler({ timing: "slurmctld", endPassDelay: -1 }),
      }),
    ).toThrow(/^invalid endPassDelay: -1; expected seconds in \[0, 60\)/);
  });
});

describe('timing "slurmctld": the backfill thread', () => {
  // A holds 4 nodes until 1000; B (4 nodes) waits; C (1 node, short) arrives later and cannot
  // backfill. Reservations show when the cycles ran.
  const cycles = (o: SlurmOptions, jobs: SimJobInput[]) => {
    const out: number[] = [];
    simulate(jobs, {
      nodes: 4,
      scheduler: slurmScheduler({
        timing: "slurmctld",
        ...LOOP,
        bfInterval: 10,
        ...o,
        onReservation: (id, s, now) => {
          if (id === "B") out.push(Math.round(now * 1000) / 1000);
        },
      }),
    });
    return out;
  };
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 4, limit: 1000, runtime: 1000 },
    { id: "B", submit: 0, nodes: 4, limit: 100, runtime: 100 },
    { id: "C", submit: 37.2, nodes: 4, limit: 100, runtime: 100 },
  ];
  it("cycles bf_interval after the previous ends, then one-second wake-ups until something changes", () => {
    // first wake 10 (A's start at 0.5 is a change); 20.25 after a 0.25 s cycle: nothing changed
    // since second 10, so wake-ups at 21.25 … until C's submit at 37.2 → cycle at 37.25
    expect(cycles({ bfCycleSeconds: { base: 0.25 } }, jobs).slice(0, 3)).toEqual([10, 37.25, 47.5]);
  });
  it("bf_continue: a cycle whose yield sees a change (a submit during its work) stops there unless bf_continue (backfill.c _yield_locks)", () => {
    // A holds the 4 nodes; B1–B4 wait and get reservations from the cycle at 10, which works 1 s per
    // job tested: before testing B3 it has worked 2 s (bf_yield_interval) and yields until 12.5.
    // X's submit at 11 waited for its locks and runs in the yield: without bf_continue the cycle ends
    // after B1 and B2; with it all four are planned. X at 13 comes after that yield's sleep, and the
    // cycle has no job left to test before another: all four planned.
    const reserved = (x: number, bfContinue?: boolean) => {
      const out: string[] = [];
      const js: SimJobInput[] = [
        { id: "A", submit: 0, nodes: 4, limit: 1000, runtime: 1000 },
        ...[1, 2, 3, 4].map((k) => ({ id: `B${k}`, submit: 0, nodes: 4, limit: 100, runtime: 100 })),
        { id: "X", submit: x, nodes: 4, limit: 100, runtime: 100 },
      ];
      simulate(js, {
        nodes: 4,
        scheduler: slurmScheduler({
          timing: "slurmctld",
          ...LOOP,
          bfInterval: 10,
          bfCycleSeconds: { perJob: 1 },
          bfYieldInterval: 2,
          bfYieldSleep: 0.5,
          ...(bfContinue === undefined ? {} : { bfContinue }),
          onReservation: (id, _s, now) => {
            if (now === 10) out.push(id);
          },
        }),
      });
      return out;
    };
    expect(reserved(11)).toEqual(["B1", "B2"]);
    expect(reserved(11, true)).toEqual(["B1", "B2", "B3", "B4"]);
    expect(reserved(13)).toEqual(["B1", "B2", "B3", "B4"]);
    expect(reserved(100)).toEqual(["B1", "B2", "B3", "B4"]);
  });
  it("replays the cycles it is given", () => {
    expect(cycles({ bfCycles: [3.5, 40.1, 40.9] }, jobs)).toEqual([3.5, 40.1, 40.9]);
  });
});

describe("the scheduler's clock", () => {
  it('"slurmctld" records starts and ends on whole seconds and plans ends from them; "events" keeps the instants', () => {
    const jobs: SimJobInput[] = [{ id: "A", submit: 10.4, nodes: 1, limit: 60, runtime: 5.5 }];
    const r = simulate(jobs, {
      nodes: 1,
      scheduler: slurmScheduler({ timing: "slurmctld", controllerLoop: { start: -5, phase: 0.3 } }),
    });
    expect([r.start[0], r.end[0]]).toEqual([10, 16]); // runs 10.7–16.2
    const e = simulate(jobs, { nodes: 1, scheduler: slurmScheduler({}) });
    expect([e.start[0], e.end[0]]).toEqual([10.4, 15.9]);
  });
  it("time(NULL) lags the exact clock by clockLag: a pass 2 ms after a whole second reads the second before", () => {
    const jobs: SimJobInput[] = [{ id: "A", submit: 10.4, nodes: 1, limit: 60, runtime: 5.5 }];
    const at = (clockLag: number) => {
      const r = simulate(jobs, {
        nodes: 1,
        scheduler: slurmScheduler({
          timing: "slurmctld",
          controllerLoop: { start: -5, phase: 0.602 },
          clockLag,
        }),
      });
      return [r.start[0], r.end[0]];
    };
    // the pass runs at 11.002 and A ends at 16.502: a lag of 4 ms reads 10 there, not at the end
    expect(at(0)).toEqual([11, 16]);
    expect(at(0.001)).toEqual([11, 16]);
    expect(at(0.004)).toEqual([10, 16]);
    expect(() => slurmScheduler({ timing: "slurmctld", clockLag: 1 })).toThrow(/^invalid clockLag: 1;/);
  });
  it("a backfill start reads time(NULL) after its cycle's work so far, and plans its end in the map from that second", () => {
    // A holds 2 of 4 nodes; H (4 nodes) waits and stops the main pass; C (2 nodes) backfills in the
    // cycle at 19.9995 after H and C are tested (1 ms each). A ends at 30: the cycle at 40 reserves
    // H at C's planned end, the second C read plus its limit.
    const jobs: SimJobInput[] = [
      { id: "A", submit: 0, nodes: 2, limit: 1000, runtime: 30 },
      { id: "H", submit: 1, nodes: 4, limit: 100, runtime: 100 },
      { id: "C", submit: 2, nodes: 2, limit: 60, runtime: 60 },
    ];
    const c = (o: SlurmOptions) => {
      let h = NaN;
      const r = simulate(jobs, {
        nodes: 4,
        scheduler: slurmScheduler({
          timing: "slurmctld",
          ...LOOP,
          bfResolution: 1,
          bfCycles: [19.9995, 40],
          ...o,
          onReservation: (id, s, now) => {
            if (id === "H" && now === 40) h = s;
          },
        }),
      });
      return [r.start[2], h];
    };
    expect(c({})).toEqual([19, 79]);
    expect(c({ bfCycleSeconds: { perJob: 0.001 } })).toEqual([20, 80]);
    expect(c({ bfCycleSeconds: { perJob: 0.001 }, clockLag: 0.002 })).toEqual([19, 79]);
  });
  it("property: every start is a whole second at or after the job's submit second, and every job runs", () => {
    const job = fc.record({
      submit: fc.double({ min: 0, max: 200, noNaN: true }),
      nodes: fc.integer({ min: 1, max: 6 }),
      limit: fc.integer({ min: 1, max: 5 }),
      run: fc.double({ min: 0.1, max: 300, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(job, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        fc.constantFrom("immediate", "queued") as fc.Arbitrary<"immediate" | "queued">,
        (list, phase, endPass) => {
          const jobs: SimJobInput[] = list.map((j, k) => ({
            id: `j${k}`,
            submit: j.submit,
            nodes: j.nodes,
            limit: j.limit * 60,
            runtime: Math.min(j.run, j.limit * 60),
          }));
          const r = simulate(jobs, {
            nodes: 6,
            scheduler: slurmScheduler({
              timing: "slurmctld",
              bfInterval: 5,
              bfResolution: 1,
              controllerLoop: { start: -3, period: 1.003, phase },
              endPass,
              bfCycleSeconds: { base: 0.002, perJob: 0.0001 },
            }),
          });
          r.jobs.forEach((j, i) => {
            expect(Number.isInteger(r.start[i])).toBe(true);
            expect(r.start[i]).toBeGreaterThanOrEqual(Math.floor(j.submit));
          });
        },
      ),
      { seed: 11, numRuns: 100 },
    );
  });
  it("property: replaying the modelled loop's iterations gives the modelled schedule", () => {
    const job = fc.record({
      submit: fc.double({ min: 0, max: 60, noNaN: true }),
      nodes: fc.integer({ min: 1, max: 4 }),
      run: fc.double({ min: 0.5, max: 40, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(job, { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (list, phase) => {
          const jobs: SimJobInput[] = list.map((j, k) => ({
            id: `j${k}`,
            submit: j.submit,
            nodes: j.nodes,
            limit: 60,
            runtime: j.run,
          }));
          const t0 = Math.min(...jobs.map((j) => j.submit));
          const loop = { start: -2, period: 1.004, phase };
          // the same iterations as a list, relative to the first submit
          const ticks: number[] = [];
          for (let k = -3; phase + k * 1.004 < 400; k++)
            if (phase + k * 1.004 > -2) ticks.push(phase + k * 1.004);
          const o: SlurmOptions = {
            timing: "slurmctld",
            backfill: false,
            batchSchedDelay: 1,
            endPass: "queued",
          };
          const a = simulate(jobs, { nodes: 4, scheduler: slurmScheduler({ ...o, controllerLoop: loop }) });
          const b = simulate(jobs, {
            nodes: 4,
            scheduler: slurmScheduler({ ...o, controllerLoop: loop, ticks }),
          });
          expect(Array.from(b.start)).toEqual(Array.from(a.start));
          expect(t0).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 5, numRuns: 100 },
    );
  });
});
