import { describe, expect, it } from "vitest";
import { summariseJobs } from "../../lib/sample/summary";
import { plannedMinutesFigure, sampleDistributionFigure, samplesBoxFigure } from "../../views/sample/figures";
import { job } from "./fixtures";

describe("sample summaries and figures", () => {
  const jobs = [
    job("a", 2, 40, 30, "SIM", 5),
    job("b", 4, 40, 20, "SIM", 1),
    job("c", 10, 120, 100, "POST", 0),
  ];

  it("summarises a job list", () => {
    expect(summariseJobs("s", jobs)).toEqual({
      name: "s",
      jobs: 3,
      nodes: 16,
      medianNodes: 4,
      meanMinutes: 200 / 3,
      meanRtime: 50,
      meanQtime: 2,
      share40min: 2 / 3,
      modalMinutes: 40,
    });
  });

  it("bins the four distributions", () => {
    const f = sampleDistributionFigure(jobs, "t");
    expect(f.data.length).toBe(4);
    expect((f.data[0] as { y: number[] }).y).toEqual([2, 0, 1]); // nodes in [0,5), [5,10), [10,15)
    expect(samplesBoxFigure([{ name: "s.txt", jobs }], "rtime").data[0]).toMatchObject({
      x: ["s"],
      median: [30],
      q1: [25],
      q3: [65],
      lowerfence: [21],
      upperfence: [93],
    });
    expect((plannedMinutesFigure([{ name: "s", jobs }]).data[0] as { y: number[] }).y).toEqual([
      2 / 3,
      1 / 3,
    ]);
  });
});
