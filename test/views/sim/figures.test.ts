import { describe, expect, it } from "vitest";
import { createScheduler } from "../../../lib/sim/create-scheduler";
import { simulate } from "../../../lib/sim/engine";
import { ganttFigure, schedulerComparisonFigure, totalValueFigure } from "../../../views/sim/figures";
import type { SimJobInput } from "../../../lib/sim/job";
import { thesisTotalValueRows } from "../../../lib/sim/thesis-poa";

describe("ganttFigure", () => {
  // B (all 10 nodes) starts after the 1-node jobs backfilled beside A (4 nodes)
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 4, limit: 100, runtime: 100 },
    { id: "B", submit: 1, nodes: 10, limit: 50, runtime: 50 },
    ...Array.from({ length: 6 }, (_, k) => ({
      id: `s${k}`,
      submit: 2 + k,
      nodes: 1,
      limit: 20,
      runtime: 20,
    })),
  ];
  const easy = simulate(jobs, { nodes: 10, scheduler: createScheduler({ name: "easy" }) });
  const fcfs = simulate(jobs, { nodes: 10, scheduler: createScheduler({ name: "fcfs" }) });
  const ids = (f: ReturnType<typeof ganttFigure>) =>
    f.data.filter((t) => (t as { type: string }).type === "bar").flatMap((t) => (t as { y: string[] }).y);

  it("keeps the large jobs when it cuts to maxJobs", () => {
    const f = ganttFigure(easy, { maxJobs: 3 });
    expect(ids(f).sort()).toEqual(["A", "B", "s0"]);
  });

  it("shares the time axis with the results given", () => {
    const a = ganttFigure(easy, { unit: "min", sameAxisAs: [fcfs] });
    const b = ganttFigure(fcfs, { unit: "min", sameAxisAs: [easy] });
    const range = (f: ReturnType<typeof ganttFigure>) =>
      (f.layout as { xaxis: { range: number[] } }).xaxis.range;
    expect(range(a)).toEqual(range(b));
    expect(range(a)[0]).toBe(0);
    expect(range(a)[1]).toBe(Math.max(...easy.end, ...fcfs.end) / 60);
    expect((ganttFigure(easy).layout as { xaxis: { range?: number[] } }).xaxis.range).toBeUndefined();
  });
});

type Layout = Record<string, { title?: { text: string } } | undefined>;

describe("simulator figures' axes", () => {
  it("Figure 21's value axis says Total Value in node·minutes, one axis for the thesis's values", () => {
    const fig = totalValueFigure(thesisTotalValueRows(), "Figure 21 (thesis)");
    expect((fig.layout as Layout).yaxis?.title?.text).toBe("Total Value TV (node·minutes)");
    expect(fig.data.length).toBe(4);
    expect((fig.layout as Layout).yaxis2).toBeUndefined();
  });

  it("the scheduler comparison titles its value axis with the column's unit", () => {
    const rows = [
      { trace: "KTH", scheduler: "FCFS", meanWait_h: 2, meanBsld: 9 },
      { trace: "KTH", scheduler: "EASY", meanWait_h: 1, meanBsld: 4 },
    ];
    expect((schedulerComparisonFigure(rows, "meanWait_h").layout as Layout).yaxis?.title?.text).toBe(
      "mean wait (hours)",
    );
    expect((schedulerComparisonFigure(rows, "meanBsld").layout as Layout).yaxis?.title?.text).toBe(
      "mean bounded slowdown (ratio, τ = 10 s)",
    );
  });
});
