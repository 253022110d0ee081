import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placementGap, placementGapEffects, placementGapStudyTask } from "../../lib/sim/placement-gap";
import { sharedTrace } from "../shared-traces";
import { FRAGMENTED_GAP_JOBS, FRAGMENTED_GAP_KNOBS } from "./fragmented-gap";

describe("placementGap", () => {
  // test/sim/fragmented-gap.ts: count placement backfills C at 10, node placement starts it with B at 50
  const jobs = FRAGMENTED_GAP_JOBS;
  const slurm = FRAGMENTED_GAP_KNOBS;

  it("compares the two schedules job by job: C starts 40 s earlier with counts", () => {
    const r = placementGap(jobs, { nodes: 4 }, { slurm });
    expect(r.jobs).toBe(6);
    expect(r.sameStart).toBe(5 / 6);
    expect(r.earlierWithCounts).toBe(1 / 6);
    expect(r.meanShift_h).toBeCloseTo(40 / 6 / 3600, 12);
    // waits: B 40 s under both, C 40 s with nodes and 0 with counts
    expect(r.meanWaitNodes_h).toBeCloseTo(80 / 6 / 3600, 12);
    expect(r.meanWaitCounts_h).toBeCloseTo(40 / 6 / 3600, 12);
    expect(placementGapEffects(r).wait).toBe("lower");
  });

  it("on a machine no job waits for, both placements give the same schedule", () => {
    const job = fc.record({
      submit: fc.integer({ min: 0, max: 5000 }),
      nodes: fc.integer({ min: 1, max: 4 }),
      limit: fc.integer({ min: 60, max: 3600 }),
      run: fc.double({ min: 0.1, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(job, { minLength: 1, maxLength: 25 }), (xs) => {
        const input = xs.map((x, i) => ({
          id: `j${i}`,
          submit: x.submit,
          nodes: x.nodes,
          limit: x.limit,
          runtime: Math.max(1, Math.round(x.run * x.limit)),
        }));
        const r = placementGap(input, { nodes: 4 * input.length });
        expect([r.jobs, r.sameStart, r.earlierWithCounts, r.meanShift_h]).toEqual([input.length, 1, 0, 0]);
        expect(r.meanWaitCounts_h).toBe(r.meanWaitNodes_h);
        expect(placementGapEffects(r)).toEqual({ wait: "equivalent", bsld: "equivalent" });
      }),
      { numRuns: 30, seed: 35 },
    );
  });

  it("decides each direction by lib/agreement's band, and a zero baseline without dividing by it", () => {
    const row = {
      jobs: 1,
      sameStart: 1,
      earlierWithCounts: 0,
      meanShift_h: 0,
      meanBsldNodes: 2,
      meanBsldCounts: 2,
    };
    const wait = (nodes: number, counts: number) =>
      placementGapEffects({ ...row, meanWaitNodes_h: nodes, meanWaitCounts_h: counts }).wait;
    expect(wait(1, 1.02)).toBe("higher");
    expect(wait(1, 0.98)).toBe("lower");
    expect(wait(1, 1.005)).toBe("inconclusive");
    expect(wait(0, 0)).toBe("equivalent");
    expect(wait(0, 0.5)).toBe("higher");
  });

  it("refuses a workload where no job starts under both placements", () => {
    expect(() => placementGap([], { nodes: 4 })).toThrow(
      /^invalid jobs: "0 jobs"; expected a workload where some job starts under both placements$/,
    );
  });
});

describe("placementGapStudyTask", () => {
  it("refuses a bad jobs parameter", () => {
    expect(() => placementGapStudyTask({ source: "KTH-SP2-1996-2.1-cln", jobs: 0 })).toThrow(
      /^invalid jobs: 0/,
    );
  });
  const kth = sharedTrace("KTH-SP2-1996-2.1-cln");
  it.skipIf(!kth)("compares the placements on a trace's first jobs", () => {
    const [r] = placementGapStudyTask({ source: "KTH-SP2-1996-2.1-cln", jobs: 300 });
    expect(r.source).toBe("KTH-SP2-1996-2.1-cln");
    expect(r.nodes).toBe(100);
    expect(r.jobs).toBe(300);
    expect(r.sameStart + r.earlierWithCounts).toBeLessThanOrEqual(1);
  });
});
