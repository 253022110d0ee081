import * as aq from "arquero";
import { describe, expect, it } from "vitest";
import { jobDistributionFigures } from "../../lib/clean/figures";

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
  it("draws Figure 22 as two panels of the planned time's jobs", () => {
    const f = jobDistributionFigures(jobs).figure22;
    expect(f.data).toHaveLength(2);
    expect((f.data[1] as { yaxis: string }).yaxis).toBe("y2");
    expect(JSON.stringify(f.layout)).toMatch(/n = 3/);
  });
});
