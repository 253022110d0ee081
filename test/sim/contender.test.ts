import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sample } from "./job-records";
import { contender } from "../../lib/sim/contender";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { poaRows } from "../../lib/sim/poa";
import { FIFO_PRIORITY, priorityModel } from "../../lib/sim/priority";
import { simulateSample } from "../../lib/sim/sample-sim";
import type { Scheduler } from "../../lib/sim/scheduler";
import { poaSensitivity } from "../../lib/sim/sensitivity";
import { THESIS_MN4_SLURM, slurmScheduler } from "../../lib/sim/slurm-scheduler";
import { createRng } from "../../lib/util/rng";

const SAMPLES = [
  sample("s1", [
    [6, 10],
    [5, 100],
    [4, 50],
    [2, 30],
  ]),
  sample("s2", [
    [3, 20],
    [8, 40],
    [2, 60],
    [5, 10],
  ]),
];
const SLURM = { bfResolution: 1, bfInterval: 60 };
const BASE = { nodes: 10, coresPerNode: 1, rng: createRng(1), slurm: SLURM };

// first come first served as a user would write it: the queue in submit order, stop at the first job that does not fit
const inOrder: Scheduler = {
  name: "in order",
  run(ctx) {
    for (const j of ctx.pending()) {
      if (ctx.jobs[j].nodes > ctx.freeNodes) return;
      ctx.start(j);
    }
  },
};

describe("contender: a scheduler of your own for every table that compares schedulers", () => {
  it("gives a Scheduler object for every run, calls a factory per run and builds a spec afresh", () => {
    expect(contender("mine", inOrder).scheduler!()).toBe(inOrder);
    let calls = 0;
    const made = contender("made", () => (calls++, { ...inOrder }));
    made.scheduler!();
    made.scheduler!();
    expect(calls).toBe(2);
    const easy = contender("EASY", { name: "easy" });
    expect(easy.scheduler!()).not.toBe(easy.scheduler!());
    expect(easy.scheduler!().name).toBe("easy");
    expect(easy.priority).toBeUndefined();
    expect(contender("F", inOrder, FIFO_PRIORITY).priority!()).toBe(FIFO_PRIORITY);
  });

  it("leaves the table's own scheduler and priority where it gives none", () => {
    const c = contender("Slurm's own", undefined);
    expect([c.scheduler, c.priority]).toEqual([undefined, undefined]);
  });

  it("refuses what is not a scheduler or a priority, naming the contender and the fix", () => {
    expect(() => contender("", inOrder)).toThrow(/^invalid contender label: ""; expected a non-empty string/);
    expect(() => contender("x", { name: "sjf" } as never)).toThrow(
      /^invalid scheduler of contender "x": .*expected a Scheduler \(\{ name, run\(ctx, flags\) \}\)/,
    );
    expect(() => contender("x", inOrder, { name: "p" } as never)).toThrow(
      /^invalid priority of contender "x": .*expected a PriorityModel/,
    );
  });

  it("Slurm's scheduler entered as a factory gives the rows Slurm's own gives (a contender replaces only what it holds)", () => {
    const theirs = contender("Slurm again", () => slurmScheduler({ ...THESIS_MN4_SLURM, ...SLURM }));
    expect(poaRows(SAMPLES, { ...BASE, contender: theirs })).toEqual(poaRows(SAMPLES, BASE));
  });

  it("a Scheduler object written by hand runs as the built-in of the same rule (property)", () => {
    // the built-in fcfs with the FIFO priority: start the queue in order until a job does not fit
    const jobsArb = fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 120 })), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(jobsArb, (jobs) => {
        const s = [sample("p", jobs)];
        const mine = poaRows(s, { ...BASE, contender: contender("in order", inOrder, FIFO_PRIORITY) });
        const builtIn = poaRows(s, {
          ...BASE,
          contender: contender("FCFS", { name: "fcfs" }, FIFO_PRIORITY),
        });
        expect(mine).toEqual(builtIn);
      }),
      { numRuns: 60 },
    );
  });

  it("the scheduler and the priority it holds are the ones the run uses", () => {
    const widest = priorityModel((j) => j.nodes, { name: "widest", calcPeriod: 0 });
    const r = simulateSample(SAMPLES[1].jobs, {
      ...BASE,
      contender: contender("w", () => createScheduler({ name: "fcfs" }), widest),
    });
    expect([r.scheduler, r.priorityModel]).toEqual(["fcfs", "widest"]);
    // widest first on 10 nodes: the 8-node job, then 5 + 3 + 2 once it ends
    expect(Array.from(r.start)).toEqual([2400, 0, 2400, 2400]);
  });

  it("sweeps each contender over the planned-time factors, each point the PoA rows with that factor", () => {
    const fcfs = contender("FCFS", { name: "fcfs" }, FIFO_PRIORITY);
    const sweeps = { bfMaxJobTest: [100], bfWindow: [60], queueDepth: [100], planned: [1, 2] };
    const s = poaSensitivity(SAMPLES, sweeps, SLURM, BASE, [fcfs]);
    expect(s.contenders.map((p) => [p.series, p.x])).toEqual([
      ["planned factor, FCFS", 1],
      ["planned factor, FCFS", 2],
    ]);
    expect(s.contenders[1].values).toEqual(
      poaRows(SAMPLES, { ...BASE, contender: fcfs, plannedFactor: 2 }).map((r) => r.PoA),
    );
    expect(poaSensitivity(SAMPLES, sweeps, SLURM, BASE).contenders).toEqual([]);
  });
});
