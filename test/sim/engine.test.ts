import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";

// W = 4. A blocks nothing; B needs the whole machine; C is a short 2-node job that fits beside A;
// D arrives later and is long.
const JOBS: SimJobInput[] = [
  { id: "A", submit: 0, nodes: 2, limit: 100, runtime: 100 },
  { id: "B", submit: 0, nodes: 4, limit: 100, runtime: 50 },
  { id: "C", submit: 0, nodes: 2, limit: 50, runtime: 50 },
  { id: "D", submit: 10, nodes: 1, limit: 200, runtime: 200 },
];

function traceOf(spec: SchedulerSpec): string[] {
  const r = simulate(JOBS, { nodes: 4, scheduler: createScheduler(spec), trace: true });
  return r.trace!.map((e) => `${e.time} ${e.type} ${e.job}`);
}

describe("hand-checked event traces", () => {
  it("FCFS: B blocks C and D until A ends", () => {
    expect(traceOf({ name: "fcfs" })).toEqual([
      "0 submit A",
      "0 submit B",
      "0 submit C",
      "0 start A",
      "10 submit D",
      "100 end A",
      "100 start B",
      "150 end B",
      "150 start C",
      "150 start D",
      "200 end C",
      "350 end D",
    ]);
  });

  it("EASY: C backfills beside A (ends by the shadow time 100); D would delay B", () => {
    expect(traceOf({ name: "easy" })).toEqual([
      "0 submit A",
      "0 submit B",
      "0 submit C",
      "0 start A",
      "0 start C",
      "10 submit D",
      "50 end C",
      "100 end A",
      "100 start B",
      "150 end B",
      "150 start D",
      "350 end D",
    ]);
  });

  it("conservative: same decisions here; B reserved at 100 (t = 0), D at 200 (t = 10), never moved", () => {
    const res: string[] = [];
    const r = simulate(JOBS, {
      nodes: 4,
      trace: true,
      scheduler: createScheduler({
        name: "conservative",
        onReservation: (j, s, now) => res.push(`${now}:${j}@${s}`),
      }),
    });
    expect(r.trace!.map((e) => `${e.time} ${e.type} ${e.job}`)).toEqual(traceOf({ name: "easy" }));
    expect(res).toEqual(["0:B@100", "10:D@200"]);
  });

  it("Slurm, bf_resolution 60: B's rounded reservation [60, 240) keeps C out; the main scheduler starts it at 150", () => {
    expect(traceOf({ name: "slurm" })).toEqual(traceOf({ name: "fcfs" }));
  });

  it("Slurm, bf_resolution 1: the backfill cycle at t = 30 starts C", () => {
    expect(traceOf({ name: "slurm", bfResolution: 1 })).toEqual([
      "0 submit A",
      "0 submit B",
      "0 submit C",
      "0 start A",
      "10 submit D",
      "30 start C",
      "80 end C",
      "100 end A",
      "100 start B",
      "150 end B",
      "150 start D",
      "350 end D",
    ]);
  });

  it("Slurm without backfill (sched/builtin) equals FCFS here", () => {
    expect(traceOf({ name: "slurm", backfill: false })).toEqual(traceOf({ name: "fcfs" }));
  });

  it("a job is killed at its time limit", () => {
    const r = simulate([{ id: "x", submit: 5, nodes: 1, limit: 60, runtime: 1000 }], {
      nodes: 1,
      scheduler: createScheduler({ name: "fcfs" }),
    });
    expect([r.start[0], r.end[0]]).toEqual([5, 65]);
  });
});

describe("validation", () => {
  it("rejects unknown scheduler names", () => {
    expect(() => createScheduler({ name: "sjf" } as never)).toThrow(
      /^invalid scheduler name: "sjf"; expected one of "fcfs"/,
    );
  });
  it("rejects jobs larger than the cluster", () => {
    expect(() =>
      simulate([{ id: "x", submit: 0, nodes: 5, limit: 1, runtime: 1 }], {
        nodes: 4,
        scheduler: createScheduler({ name: "fcfs" }),
      }),
    ).toThrow(/^invalid jobs\[0\]\.nodes: 5; expected an integer in \[1, 4\]/);
  });
  it("rejects duplicate ids", () => {
    const j = { id: "x", submit: 0, nodes: 1, limit: 1, runtime: 1 };
    expect(() => simulate([j, j], { nodes: 4, scheduler: createScheduler({ name: "fcfs" }) })).toThrow(
      /^invalid jobs\[1\]\.id: "x"; expected a unique string/,
    );
  });
});

describe("EASY vs conservative", () => {
  // A holds 3 of 4 nodes until 100; B (2 nodes) is the head, C needs the whole machine, D is long and thin.
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 3, limit: 100, runtime: 100 },
    { id: "B", submit: 1, nodes: 2, limit: 50, runtime: 50 },
    { id: "C", submit: 1, nodes: 4, limit: 10, runtime: 10 },
    { id: "D", submit: 1, nodes: 1, limit: 200, runtime: 200 },
  ];
  const starts = (spec: SchedulerSpec) => {
    const r = simulate(jobs, { nodes: 4, scheduler: createScheduler(spec), trace: true });
    return r.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`);
  };
  it("EASY backfills D on the extra node (it protects only the head B) and so delays C", () => {
    expect(starts({ name: "easy" })).toEqual(["0 A", "1 D", "100 B", "201 C"]);
  });
  it("conservative reserves for C too, so D waits until 160", () => {
    expect(starts({ name: "conservative" })).toEqual(["0 A", "100 B", "150 C", "160 D"]);
  });
  it("Slurm reserves for every tested job (conservative-like)", () => {
    expect(starts({ name: "slurm", bfResolution: 1, bfInterval: 1 })).toEqual([
      "0 A",
      "100 B",
      "150 C",
      "160 D",
    ]);
  });
  it("Slurm with bf_job_part_count_reserve = 1 behaves like EASY", () => {
    expect(starts({ name: "slurm", bfResolution: 1, bfInterval: 1, bfJobPartCountReserve: 1 })).toEqual([
      "0 A",
      "1 D",
      "100 B",
      "201 C",
    ]);
  });
});
