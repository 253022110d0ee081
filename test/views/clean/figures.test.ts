import * as aq from "arquero";
import { describe, expect, it } from "vitest";
import { jobDistributionFigures, plannedMinutesFigures } from "../../../views/clean/figures";

const jobs = aq.table({
  nnodes: [1, 16, 16, 40],
  minutes: [40, 40, 120, 40],
  qtime: [0, 1, 70, 2],
  rtime: [20, 19, 100, 30],
});

describe("jobDistributionFigures", () => {
  it("draws Figures 12–15 with the thesis's bins on linear axes, log only on request", () => {
    const f = jobDistributionFigures(jobs);
    expect(f.histograms).toHaveLength(4);
    const first = f.histograms[0].data[0] as { x: number[]; y: number[] };
    expect(first.x.slice(0, 4)).toEqual([2.5, 7.5, 12.5, 17.5]);
    expect(first.y.slice(0, 4)).toEqual([1, 0, 0, 2]);
    for (const h of f.histograms) expect((h.layout as { yaxis: { type: string } }).yaxis.type).toBe("linear");
    const log = jobDistributionFigures(jobs, { logY: true });
    expect((log.histograms[1].layout as { yaxis: { type: string } }).yaxis.type).toBe("log");
  });
  it("draws Figure 22 with plannedMinutesFigures", () => {
    expect(jobDistributionFigures(jobs).figure22).toEqual(plannedMinutesFigures(jobs, 40));
  });
});

describe("Figure 22", () => {
  // five 40-minute jobs (rtime 20, 20, 19, 39; nodes 16, 16, 16, 8) and one 60-minute job
  const jobs = aq.table({
    minutes: [40, 40, 40, 40, 60],
    rtime: [20, 20, 19, 39, 30],
    nnodes: [16, 16, 16, 8, 64],
  });

  it("draws the thesis's two panels: jobs per rtime on top, jobs per nodes requested below", () => {
    const fig = plannedMinutesFigures(jobs, 40);
    const layout = fig.layout as Record<string, any>;
    expect(layout.title.text).toBe(
      "Figure 22 (Section 6.5): jobs with 40 minutes (wallclock) planned running time (n = 4)",
    );
    const [top, bottom] = fig.data as Record<string, any>[];
    expect(top.xaxis ?? "x").toBe("x");
    expect(bottom).toMatchObject({ xaxis: "x2", yaxis: "y2" });
    expect(layout.yaxis.domain[0]).toBeGreaterThan(layout.yaxis2.domain[1]);
    expect(layout.xaxis.title.text).toBe("rtime (minutes)");
    expect(layout.xaxis2.title.text).toBe("nodes requested");
    // one bar per whole value from the smallest: rtime 19..39, nodes 8..16
    expect(top.x[0]).toBe(19);
    expect(top.y.slice(0, 2)).toEqual([1, 2]);
    expect(top.y.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    expect(bottom.x[0]).toBe(8);
    expect(bottom.y[0]).toBe(1);
    expect(bottom.y[bottom.y.length - 1]).toBe(3);
    const texts = layout.annotations.map((a: { text: string }) => a.text);
    expect(texts).toContain("<b>Top: number of jobs per rtime</b>");
    expect(texts).toContain("<b>Bottom: number of jobs per number of nodes requested</b>");
    expect(layout.shapes.map((s: { x0: number; xref: string }) => [s.xref, s.x0])).toEqual([
      ["x", 20],
      ["x2", 16],
    ]);
  });

  it("says when there are no such jobs", () => {
    const none = plannedMinutesFigures(jobs, 45);
    expect((none.layout as Record<string, any>).annotations.map((a: { text: string }) => a.text)).toContain(
      "no jobs planned for 45 minutes",
    );
  });
});
