import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { extraSchedulers, jobPriority } from "../../lib/sim/extra-schedulers";
import type { SimJobInput } from "../../lib/sim/job";
import { sharedTrace } from "../shared-traces";
import { scheduleMetrics } from "../../lib/sim/metrics";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { loadTraceWorkload } from "../../lib/sim/swf-workload";
import { compareSchedulersOnTraces } from "../../lib/sim/trace-comparison";
import { contender } from "../../lib/sim/contender";

describe("EXTRA_SCHEDULERS: your schedulers beside Slurm", () => {
  const jobsArb = fc
    .array(fc.record({ nodes: fc.integer({ min: 1, max: 8 }), minutes: fc.integer({ min: 1, max: 30 }) }), {
      minLength: 1,
      maxLength: 25,
    })
    .map((js): SimJobInput[] =>
      js.map((j, i) => ({
        id: `j${i}`,
        submit: 0,
        nodes: j.nodes,
        limit: 60 * j.minutes,
        runtime: 60 * j.minutes,
      })),
    );

  it("shortest job first without backfill never starts a longer job before a shorter one (property)", () => {
    // the definition of SJF: with every job queued at 0 and no backfill, the queue goes by planned time
    const [sjf] = extraSchedulers([{ name: "SJF", base: "fcfs", priority: "-limit" }]);
    fc.assert(
      fc.property(jobsArb, (jobs) => {
        const r = simulate(jobs, {
          nodes: 8,
          scheduler: sjf.scheduler!(),
          priority: sjf.priority!(),
        });
        for (let a = 0; a < jobs.length; a++)
          for (let b = 0; b < jobs.length; b++)
            if (jobs[a].limit < jobs[b].limit) expect(r.start[a]).toBeLessThanOrEqual(r.start[b]);
      }),
      { numRuns: 200 },
    );
  });

  it("with or without backfill, the shortest job starts at once: the formula orders the queue (property)", () => {
    // under first come first served a short job behind a wide one would wait
    const [easy, fcfs] = extraSchedulers([
      { name: "E", base: "easy", priority: "-limit" },
      { name: "F", base: "fcfs", priority: "-limit" },
    ]);
    fc.assert(
      fc.property(jobsArb, (jobs) => {
        const run = (s: typeof easy) =>
          simulate(jobs, { nodes: 8, scheduler: s.scheduler!(), priority: s.priority!() });
        const e = run(easy),
          f = run(fcfs);
        // the first job in SJF order starts at 0 in both
        const first = jobs.reduce((m, j, i) => (j.limit < jobs[m].limit ? i : m), 0);
        expect([e.start[first], f.start[first]]).toEqual([0, 0]);
      }),
      { numRuns: 100 },
    );
  });

  it("leaves the notebook's Slurm scheduler and priority in place for the slurm base without a formula", () => {
    const [s] = extraSchedulers([{ name: "S", base: "slurm" }]);
    expect([s.label, s.scheduler, s.priority]).toEqual(["S (yours)", undefined, undefined]);
    const [fifo] = extraSchedulers([{ name: "F" }]);
    expect([fifo.scheduler?.().name, fifo.priority?.().name]).toEqual(["easy", "fifo"]);
  });

  it("recomputes a priority that reads the wait, and only then", () => {
    expect(jobPriority("-limit").calcPeriod).toBe(0);
    expect(jobPriority("wait / limit").calcPeriod).toBe(300);
    const p = jobPriority("nodes + 2*limit + wait");
    const job = { id: "a", submit: 60, nodes: 3, limit: 600, runtime: 600 } as Parameters<
      typeof p.priority
    >[0];
    expect(p.priority(job, 180, {} as never)).toBe(3 + 20 + 2);
  });

  it("names the entry and field of a bad entry", () => {
    expect(() => extraSchedulers({})).toThrow(/^invalid EXTRA_SCHEDULERS: .*expected an array/);
    expect(() => extraSchedulers([{ name: "A", base: "sjf" }])).toThrow(
      /^invalid EXTRA_SCHEDULERS\[0\]\.base: "sjf"/,
    );
    expect(() => extraSchedulers([{ name: "A", priority: "-x" }])).toThrow(
      /^invalid EXTRA_SCHEDULERS\[0\]\.priority: "-x"; unknown symbol "x"/,
    );
    expect(() => extraSchedulers([{ name: "A" }, { name: "A" }])).toThrow(
      /^invalid EXTRA_SCHEDULERS\[1\]\.name/,
    );
    expect(() => extraSchedulers([{ name: "A", prio: "-limit" }])).toThrow(
      /^invalid EXTRA_SCHEDULERS\[0\]\.prio/,
    );
  });
});

describe("EXTRA_SCHEDULERS in the comparison on real traces (notebook 15)", () => {
  const trace = "KTH-SP2-1996-2.1-cln";
  const found = sharedTrace(trace);

  it.skipIf(!found)(
    "each entry is replayed on the same jobs as the base scheduler with its priority, labelled as yours",
    () => {
      const extra = extraSchedulers([
        { name: "SJF", base: "easy", priority: "-limit" },
        { name: "MF", base: "slurm" },
      ]);
      const rows = compareSchedulersOnTraces(
        [trace],
        [contender("Slurm (multifactor)", { name: "slurm" }, () => slurmPriority()), ...extra],
        { limit: 400 },
      );
      expect(rows.map((r) => r.scheduler)).toEqual(["Slurm (multifactor)", "SJF (yours)", "MF (yours)"]);
      // a slurm base without a formula is the multifactor priority of Table 2
      const { scheduler: _a, ...mf } = rows[0];
      const { scheduler: _b, ...mine } = rows[2];
      expect(mine).toEqual(mf);
      // SJF is EASY with the formula's priority, run here directly
      const w = loadTraceWorkload(trace, { limit: 400 });
      const direct = scheduleMetrics(
        simulate(w.jobs, {
          nodes: w.nodes,
          coresPerNode: w.coresPerNode,
          scheduler: createScheduler({ name: "easy" }),
          priority: jobPriority("-limit"),
        }),
      );
      expect(rows[1].meanWait_h).toBe(direct.meanWait / 3600);
      expect(rows[1].meanBsld).toBe(direct.meanBsld);
    },
  );
});
