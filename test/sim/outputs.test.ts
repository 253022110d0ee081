import { describe, expect, it } from "vitest";
import type { JobRecord } from "../../lib/io/job-record";
import { parseSwf } from "../../lib/io/swf";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { EventQueue } from "../../lib/sim/event-queue";
import { firstIteration } from "../../lib/sim/first-iteration";
import { jobsFromRecords, type SimJobInput } from "../../lib/sim/job";
import { metricsBy, scheduleMetrics } from "../../lib/sim/metrics";
import { Profile } from "../../lib/sim/profile";
import { jobsFromSwf } from "../../lib/sim/swf-workload";
import { formatSwf2TraceInput } from "../../lib/sim/swf2trace";

const JOBS: SimJobInput[] = [
  { id: "A", submit: 0, nodes: 2, limit: 100, runtime: 100, user: "x" },
  { id: "B", submit: 0, nodes: 4, limit: 100, runtime: 50, user: "y" },
  { id: "C", submit: 0, nodes: 2, limit: 50, runtime: 50, user: "x" },
  { id: "D", submit: 10, nodes: 1, limit: 200, runtime: 200, user: "y" },
];

describe("metrics", () => {
  it("FCFS on the tiny workload: waits 0/100/150/140, bsld 1/3/4/1.7, utilisation 700/(4·350)", () => {
    const r = simulate(JOBS, { nodes: 4, scheduler: createScheduler({ name: "fcfs" }) });
    const m = scheduleMetrics(r);
    expect(m.meanWait).toBe(97.5);
    expect(m.maxWait).toBe(150);
    expect(m.meanBsld).toBeCloseTo(2.425, 12);
    expect(m.utilisation).toBe(0.5);
    expect(m.makespan).toBe(350);
    expect(metricsBy(r, "user").map((g) => [g.key, g.jobs, g.meanWait])).toEqual([
      ["x", 2, 75],
      ["y", 2, 120],
    ]);
  });
  it("bounded slowdown uses tau = 10 s for short jobs", () => {
    const r = simulate(
      [
        { id: "a", submit: 0, nodes: 1, limit: 5, runtime: 2 },
        { id: "b", submit: 0, nodes: 1, limit: 5, runtime: 2 },
      ],
      { nodes: 1, scheduler: createScheduler({ name: "fcfs" }) },
    );
    // b waits 2 s and runs 2 s: max(1, 4/10) = 1
    expect(scheduleMetrics(r).meanBsld).toBe(1);
    expect(scheduleMetrics(r, { tau: 1 }).meanBsld).toBe(1.5);
  });
});

describe("first iteration", () => {
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 2, limit: 600, runtime: 600 },
    { id: "B", submit: 0, nodes: 1, limit: 1200, runtime: 100 },
    { id: "C", submit: 0, nodes: 2, limit: 300, runtime: 300 },
    { id: "D", submit: 0, nodes: 1, limit: 60, runtime: 60 },
  ];
  it("keeps jobs in start order while they fit in W; also the jobs started at t = 0", () => {
    const r = simulate(jobs, { nodes: 4, scheduler: createScheduler({ name: "fcfs" }) });
    expect(Array.from(r.start)).toEqual([0, 0, 100, 400]);
    const fi = firstIteration(r);
    expect(fi.byStartOrder).toEqual({ ids: ["A", "B"], TV: 2 * 10 + 1 * 20, nodes: 3 });
    expect(fi.atFirstInstant).toEqual({ ids: ["A", "B"], TV: 40, nodes: 3, time: 0 });
    expect(firstIteration(r, { overflow: "skip" }).byStartOrder).toEqual({
      ids: ["A", "B", "D"],
      TV: 41,
      nodes: 4,
    });
  });
});

describe("swf2trace export (thesis Appendix A.2)", () => {
  it("writes 12 comma-separated integers per job and a final empty line", () => {
    const rec = (id: string, nnodes: number, minutes: number, rtime: number): JobRecord => ({
      id,
      type: "SIM",
      submit: 50,
      nprocs: nnodes * 48,
      nnodes,
      minutes,
      qtime: 0,
      rtime,
      user: "",
      account: "",
      qos: "",
      partition: "",
    });
    expect(formatSwf2TraceInput([rec("a", 2, 40, 19.5), rec("b", 16, 120, 0)])).toBe(
      "1,0,0,20,-1,-1,-1,96,40,-1,1,1\n2,0,0,0,-1,-1,-1,768,120,-1,1,1\n\n",
    );
    expect(() => formatSwf2TraceInput([rec("a", 2, 0, 1)])).toThrow(
      /^invalid jobs\[0\]\.minutes: 0; expected an integer >= 1/,
    );
  });
});

describe("inputs", () => {
  it("job records: minutes -> seconds, all at t = 0 for samples", () => {
    const r: JobRecord = {
      id: "j",
      type: "SIM",
      submit: 1000,
      nprocs: 96,
      nnodes: 2,
      minutes: 40,
      qtime: 3,
      rtime: 12.5,
      user: "u",
      account: "a",
      qos: "q",
      partition: "p",
    };
    expect(jobsFromRecords([r], { submit: "zero" })[0]).toEqual({
      id: "j",
      submit: 0,
      nodes: 2,
      procs: 96,
      limit: 2400,
      runtime: 750,
      user: "u",
      account: "a",
      qos: "q",
      partition: "p",
    });
    expect(jobsFromRecords([r, { ...r, id: "k", submit: 1600 }]).map((j) => j.submit)).toEqual([0, 600]);
  });
  it("SWF traces: nodes = ceil(procs / cores), missing requested time -> run time, drops counted", () => {
    const swf = [
      "; MaxNodes: 4",
      "1 0 5 100 8 -1 -1 8 200 -1 1 3 1 -1 -1 1 -1 -1",
      "2 30 0 50 -1 -1 -1 3 -1 -1 1 4 2 -1 -1 1 -1 -1",
      "3 40 0 50 -1 -1 -1 -1 100 -1 1 4 2 -1 -1 1 -1 -1",
      "4 50 0 50 -1 -1 -1 40 100 -1 1 4 2 -1 -1 1 -1 -1",
    ].join("\n");
    const w = jobsFromSwf(parseSwf(swf, "t.swf"), { nodes: 4, coresPerNode: 4 });
    expect(w.jobs.map((j) => [j.id, j.submit, j.nodes, j.limit, j.runtime, j.user])).toEqual([
      ["1", 0, 2, 200, 100, "3"],
      ["2", 30, 1, 50, 50, "4"],
    ]);
    expect(w.dropped).toEqual({ "no processor count": 1, "wider than the cluster": 1 });
    expect(w.changed).toEqual({ "limit = run time (no requested time)": 1 });
  });
  it("SWF traces: each change is counted by reason and each is a choice (limitWhenMissing, overLimit)", () => {
    const swf = [
      "; MaxNodes: 4",
      "1 0 5 300 4 -1 -1 4 200 -1 1 3 1 -1 -1 1 -1 -1", // ran 300 s past its 200 s limit
      "2 30 0 50 4 -1 -1 4 -1 -1 1 4 2 -1 -1 1 -1 -1", // no requested time
      "3 40 0 50 4 -1 -1 4 100 -1 1 4 2 -1 -1 1 -1 -1",
    ].join("\n");
    const t = parseSwf(swf, "t.swf");
    const cut = jobsFromSwf(t, { nodes: 4, coresPerNode: 4 });
    expect(cut.jobs.map((j) => [j.id, j.limit, j.runtime])).toEqual([
      ["1", 200, 200],
      ["2", 50, 50],
      ["3", 100, 50],
    ]);
    expect(cut.changed).toEqual({
      "run time cut to the limit": 1,
      "limit = run time (no requested time)": 1,
    });
    const strict = jobsFromSwf(t, { nodes: 4, coresPerNode: 4, limitWhenMissing: "drop", overLimit: "drop" });
    expect(strict.jobs.map((j) => j.id)).toEqual(["3"]);
    expect(strict.dropped).toEqual({ "ran past its limit": 1, "no requested time": 1 });
    expect(strict.changed).toEqual({});
    expect(() => jobsFromSwf(t, { nodes: 4, coresPerNode: 4, overLimit: "keep" as never })).toThrow(
      /^invalid overLimit: "keep"; expected one of "cut", "drop"$/,
    );
  });
});

describe("building blocks", () => {
  it("the event queue orders by time, then priority, then insertion", () => {
    const q = new EventQueue();
    q.push(5, 2, 1);
    q.push(5, 0, 2);
    q.push(1, 4, 3);
    q.push(5, 0, 4);
    const out: number[] = [];
    while (q.size) out.push(q.pop()!.data);
    expect(out).toEqual([3, 2, 4, 1]);
  });
  it("the profile finds the earliest fit and reserves", () => {
    const p = new Profile(0, 1, [
      [100, 2],
      [50, 1],
    ]);
    expect([p.freeAt(0), p.freeAt(50), p.freeAt(100)]).toEqual([1, 2, 4]);
    expect(p.earliestStart(2, 10, 0)).toBe(50);
    expect(p.earliestStart(3, 10, 0)).toBe(100);
    p.reserve(100, 200, 3);
    expect(p.earliestStart(2, 10, 0)).toBe(50);
    expect(p.earliestStart(2, 60, 0)).toBe(200);
    expect(p.earliestStart(5, 1, 0)).toBe(Infinity);
  });
});

describe("outOfOrderShare", () => {
  it("counts jobs that started before an earlier-submitted job still waiting", async () => {
    const { outOfOrderShare } = await import("../../lib/sim/metrics");
    const res = {
      jobs: [{ submit: 0 }, { submit: 1 }, { submit: 2 }, { submit: 2 }],
      start: Float64Array.from([10, 5, 20, 3]),
      end: new Float64Array(4),
    } as never;
    // job 1 (submit 1) starts at 5 < job 0's 10: jumped; job 3 (submit 2) starts at 3: jumped; job 2 starts at 20: not.
    expect(outOfOrderShare(res)).toBe(0.5);
  });
});
