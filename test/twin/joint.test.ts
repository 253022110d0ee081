import { beforeAll, describe, expect, it } from "vitest";
import { readThesisSection4 } from "../../lib/clean/reference";
import { compareSummaries } from "../../lib/clean/summary";
import { buildCoreJobs } from "../../lib/twin/job-core";
import { TWIN_JOINT, jointShapeFacts, nodeWeightedCrossing, type JointJob } from "../../lib/twin/joint";
import { loadCleanJobs } from "../../lib/clean/sources";
import { createRng } from "../../lib/util/rng";

describe("nodeWeightedCrossing", () => {
  it("finds the band where the node-weighted planned time, from the longest down, reaches the share", () => {
    const jobs: JointJob[] = [
      { nnodes: 10, minutes: 120, rtime: 1 },
      { nnodes: 20, minutes: 40, rtime: 1 },
      { nnodes: 10, minutes: 30, rtime: 1 },
    ];
    // 120 min: 10/40 = 25% above; the 40-minute band takes it to 75%.
    expect(nodeWeightedCrossing(jobs)).toEqual({ minutes: 40, above: 0.25, through: 0.75 });
    // Exactly half through the 120-minute band: the band is taken whole and is where W is reached.
    expect(nodeWeightedCrossing([{ nnodes: 1, minutes: 120, rtime: 1 }, { nnodes: 1, minutes: 30, rtime: 1 }]).minutes).toBe(120);
    expect(nodeWeightedCrossing(jobs, 0.8).minutes).toBe(30);
  });
});

describe("twin v2 meets the thesis's input-side facts; v1 does not (F4b)", () => {
  let v2: ReturnType<typeof jointShapeFacts>, v1: ReturnType<typeof jointShapeFacts>;
  beforeAll(() => {
    v2 = jointShapeFacts(loadCleanJobs("twin").records);
    v1 = jointShapeFacts(loadCleanJobs("twin-v1").records);
  }, 180_000);
  it("v2: F1–F5 all met", () => {
    expect(v2.map((f) => [f.fact.slice(0, 3), f.met])).toEqual([["F1:", true], ["F2:", true], ["F3:", true], ["F4a", true], ["F4b", true], ["F5:", true]]);
  });
  it("v1: the special sample's crossing lies in the 120-minute band (wider long jobs)", () => {
    expect(v1.find((f) => f.fact.startsWith("F4b"))!.met).toBe(false);
    expect(v1.find((f) => f.fact.startsWith("F4b"))!.measured).toMatch(/at 120 min$/);
  });
});

describe("every version keeps Figure 11's published summaries", () => {
  const ref = readThesisSection4();
  const core = { final: ref.summaries.fig11_jobs_88047, valid: ref.summaries.fig09_jobs_102868, types: ref.categorical.fig09_jobs_102868.type, removedQtimeNeg: 5, removedQtimeLong: 2411, removedRtime: 12405, rtimeOverMinutes: 294, finalNodeSum: 1482526 };
  for (const version of [1, 2] as const) {
    it(`v${version}: the final jobs' minutes, nodes and rtime sums and quartiles`, () => {
      const c = buildCoreJobs(core, createRng(1), TWIN_JOINT[version]);
      const sum = (a: Float64Array) => a.subarray(0, c.nFinal).reduce((s, x) => s + x, 0);
      expect(Math.round(sum(c.minutes))).toBe(Math.round(ref.summaries.fig11_jobs_88047.minutes.mean * c.nFinal));
      expect(Math.round(sum(c.rtime))).toBe(Math.round(ref.summaries.fig11_jobs_88047.rtime.mean * c.nFinal));
      let overruns = 0;
      for (let i = 0; i < c.nFinal; i++) if (c.rtime[i] > c.minutes[i]) overruns++;
      expect(overruns).toBe(294);
    });
  }
  it("twin-v1 through loadCleanJobs: 88,047 jobs, Figure 11 matched", () => {
    const v1 = loadCleanJobs("twin-v1");
    expect(v1.records.length).toBe(88047);
    expect(compareSummaries(v1.table, ref.summaries.fig11_jobs_88047).filter((r) => !r.match)).toEqual([]);
    expect(v1.source.description).toMatch(/^synthetic twin v1 \(seed 1\)/);
  }, 180_000);
});
