import { describe, expect, it } from "vitest";
import type { SwfWorkload } from "../../../lib/sim/swf-workload";
import { queueTable, workloadAccounting } from "../../../views/sim/tables";

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
