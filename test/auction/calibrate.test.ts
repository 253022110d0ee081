import { describe, expect, it } from "vitest";
import { calibrateFrameWork } from "../../lib/auction/calibrate";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { runAuctionExperiment } from "../../lib/auction/experiment";
import { auctionStatistics } from "../../lib/auction/statistics";

describe("calibrateFrameWork(environment, options)", () => {
  it("finds a work scale whose FS completion share is the one reported and closest to the target", () => {
    const r = calibrateFrameWork(STANDARD_ENVIRONMENT, {
      runs: 30,
      steps: 6,
      targetCompletePct: 40,
      seed: 2,
    });
    expect(r.steps.length).toBe(6);
    const check = auctionStatistics(
      runAuctionExperiment(
        { ...STANDARD_ENVIRONMENT, frameWork: r.frameWork },
        { mechanism: "fs", runs: 30, seed: 2 },
      ),
    );
    expect(check.completePct).toBe(r.completePct);
    const gaps = r.steps.map((s) => Math.abs(s.completePct - 40));
    expect(Math.abs(r.completePct - 40)).toBe(Math.min(...gaps));
    expect(Math.abs(r.completePct - 40)).toBeLessThan(10);
  });

  it("rejects a bad target", () => {
    expect(() => calibrateFrameWork(STANDARD_ENVIRONMENT, { targetCompletePct: 120 })).toThrow(
      /^invalid targetCompletePct: 120; expected a finite number in \[0, 100\]$/,
    );
  });
});
