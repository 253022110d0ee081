import { describe, expect, it } from "vitest";
import { sampleSetSummary } from "../../../views/sample/set-summary";
import type { JobRecord } from "../../../lib/io/job-record";

const job = (nnodes: number, minutes: number) => ({ nnodes, minutes, rtime: 10, qtime: 1 }) as JobRecord;

describe("sampleSetSummary", () => {
  it("summarises each sample and judges the sizes against Table 12", () => {
    const samples = [0, 1, 2].map((k) => ({
      name: `sample_${k}.txt`,
      seed: k,
      source: "t",
      jobs: [job(4, 40), job(3, 120)],
    }));
    const s = sampleSetSummary({ name: "source", jobs: [job(4, 40), job(3, 120), job(1, 40)] }, samples, {
      capacity: 3,
      factor: 2,
    });
    expect(s.samples).toHaveLength(4);
    expect(s.samples[1]).toMatchObject({ jobs: 2, nodes: 7, "over 6 nodes by": 1, "40-minute jobs (%)": 50 });
    expect(s.thesis.map((r) => r.quantity)).toEqual([
      "jobs per ordinary sample",
      "jobs in the special sample",
    ]);
    expect(s.findings).toMatch(/2 ordinary samples of 2–2 jobs/);
    expect(
      sampleSetSummary({ name: "source", jobs: [] }, samples, { thesis: false, special: false }).thesis,
    ).toEqual([]);
  });
  it("refuses an empty sample set", () => {
    expect(() => sampleSetSummary({ name: "s", jobs: [] }, [])).toThrow(
      /^invalid samples: "\[\]"; expected at least one sample$/,
    );
  });
});
