import { describe, expect, it } from "vitest";
import type { SwfWorkload } from "../../../lib/sim/swf-workload";
import {
  breakdownRows,
  jobStartRows,
  metricsRows,
  queueTable,
  workloadAccounting,
} from "../../../views/sim/tables";
import { runSchedulers } from "../../../lib/sim/scenarios";
import { scheduleMetrics } from "../../../lib/sim/metrics";
import { poaDecompositionTable } from "../../../views/sim/poa-decomposition";
import { decompositionFinding } from "../../../lib/scorecard/poa-findings";

describe("workloadAccounting", () => {
  it("one row per workload: jobs kept, and drops and changes listed by reason (none when none)", () => {
    const w = (n: number, dropped: Record<string, number>, changed: Record<string, number>) =>
      ({ jobs: Array.from({ length: n }), dropped, changed }) as unknown as SwfWorkload;
    expect(
      workloadAccounting([
        { name: "A", w: w(3, { "no run time": 2, "too wide": 1 }, {}) },
        { name: "B", w: w(1, {}, { "limit below run time": 4 }) },
      ]),
    ).toEqual([
      { trace: "A", jobs: 3, dropped: "2 no run time; 1 too wide", changed: "none" },
      { trace: "B", jobs: 1, dropped: "none", changed: "4 limit below run time" },
    ]);
  });
});

describe("queueTable", () => {
  it("one row per job: submit in seconds, limit and run time in minutes, no user as empty", () => {
    expect(
      queueTable([
        { id: "7", submit: 30, nodes: 4, limit: 3600, runtime: 1800, user: "big" },
        { id: "8", submit: 0, nodes: 1, limit: 90, runtime: 60 },
      ]),
    ).toEqual([
      { job: "7", user: "big", submit_s: 30, nodes: 4, limit_min: 60, runtime_min: 30 },
      { job: "8", user: "", submit_s: 0, nodes: 1, limit_min: 1.5, runtime_min: 1 },
    ]);
  });
});

describe("a run's metrics, chosen jobs' starts and waits by user, in minutes", () => {
  // one node: a (10 min) then b (5 min, waits 10 min) for user x; c (5 min) for user y waits 15 min
  const jobs = [
    { id: "a", submit: 0, nodes: 1, limit: 600, runtime: 600, user: "x", account: "p" },
    { id: "b", submit: 0, nodes: 1, limit: 300, runtime: 300, user: "x", account: "p" },
    { id: "c", submit: 0, nodes: 1, limit: 300, runtime: 300, user: "y", account: "q" },
  ];
  const [fcfs] = runSchedulers(jobs, 1, [{ name: "fcfs" }]);
  it("metricsRows: one row per run, labelled", () => {
    expect(metricsRows([fcfs], ["FCFS"])).toEqual([
      {
        scheduler: "FCFS",
        jobs: 3,
        meanWait_min: 25 / 3,
        p95Wait_min: scheduleMetrics(fcfs).p95Wait / 60,
        maxWait_min: 15,
        meanBsld: scheduleMetrics(fcfs).meanBsld,
        utilisation: 1,
        makespan_h: 20 / 60,
      },
    ]);
  });
  it("jobStartRows and breakdownRows", () => {
    expect(jobStartRows([fcfs], ["c"])).toEqual([
      { job: "c", scheduler: "fcfs", start_min: 15, wait_min: 15 },
    ]);
    expect(breakdownRows([fcfs], "user").map((r) => [r.user, r.jobs, r.meanWait_min, r.maxWait_min])).toEqual(
      [
        ["x", 2, 5, 10],
        ["y", 1, 15, 15],
      ],
    );
  });
});

describe("a comparison row whose two settings are equal", () => {
  const row = (step: "base" | "one" | "cumulative", factor: string, from: string, value: string) => ({
    step,
    factor,
    from,
    value,
    mean: 1.6,
    ciLow: 1.5,
    ciHigh: 1.7,
    delta: 0,
    values: [1.6, 1.6],
  });
  it("is refused by the decomposition's table and its finding, naming the factor", () => {
    const rows = [row("base", "—", "—", "ours"), row("one", "favorSmall", "YES", "YES")];
    expect(() => poaDecompositionTable(rows)).toThrow(
      /invalid rows\[1\]: "favorSmall from YES to YES"; expected a factor whose setting changes/,
    );
    expect(() => decompositionFinding(rows)).toThrow(/invalid rows\[1\]: "favorSmall from YES to YES"/);
    expect(
      poaDecompositionTable([row("base", "—", "—", "ours"), row("one", "favorSmall", "NO", "YES")]),
    ).toHaveLength(2);
  });
});
