import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  STANDARD_ENVIRONMENT,
  checkEnvironment,
  drawJobs,
  frameWorkMean,
  scaleFrameWork,
} from "../../lib/auction/environment";
import { createRng } from "../../lib/util/rng";
import { mean } from "../../lib/util/stats";

describe("drawJobs(environment, rng)", () => {
  it("draws one job per agent within the seed's ranges", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const jobs = drawJobs(STANDARD_ENVIRONMENT, createRng(seed));
        expect(jobs.length).toBe(6);
        for (const j of jobs) {
          expect(j.start).toBeGreaterThanOrEqual(0);
          expect(j.start).toBeLessThanOrEqual(10);
          expect(j.deadline - j.start).toBeGreaterThanOrEqual(20);
          expect(j.deadline - j.start).toBeLessThanOrEqual(40);
          expect(j.frames.length).toBeGreaterThanOrEqual(10);
          expect(j.frames.length).toBeLessThanOrEqual(20);
          expect(j.budget).toBeGreaterThanOrEqual(0);
          j.frames.forEach((w) => expect(w).toBeGreaterThan(0));
        }
      }),
      { numRuns: 50 },
    );
  });

  it("is deterministic and matches the distributions' means", () => {
    expect(drawJobs(STANDARD_ENVIRONMENT, createRng(3))).toEqual(
      drawJobs(STANDARD_ENVIRONMENT, createRng(3)),
    );
    const rng = createRng(11);
    const jobs = Array.from({ length: 500 }, () => drawJobs(STANDARD_ENVIRONMENT, rng)).flat();
    expect(mean(jobs.flatMap((j) => j.frames))).toBeCloseTo(6.6, 0);
    expect(mean(jobs.map((j) => j.budget / j.frames.length))).toBeCloseTo(0.8, 1);
  });

  it("scales work content keeping the shape", () => {
    expect(scaleFrameWork({ kind: "uniform", min: 1, max: 3 }, 2)).toEqual({
      kind: "uniform",
      min: 2,
      max: 6,
    });
    expect(frameWorkMean(scaleFrameWork(STANDARD_ENVIRONMENT.frameWork, 0.5))).toBeCloseTo(3.3, 12);
  });

  it("rejects bad environments", () => {
    expect(() => checkEnvironment({ ...STANDARD_ENVIRONMENT, agents: 0 })).toThrow(
      /^invalid agents: 0; expected an integer >= 1$/,
    );
    expect(() => checkEnvironment({ ...STANDARD_ENVIRONMENT, duration: [40, 20] })).toThrow(
      /^invalid duration\[1\]: 20; expected an integer >= 40$/,
    );
    expect(() =>
      checkEnvironment({ ...STANDARD_ENVIRONMENT, frameWork: { kind: "gamma" } as never }),
    ).toThrow(/^invalid frameWork\.kind: "gamma"; expected one of "lognormal", "uniform", "constant"$/);
  });
});
