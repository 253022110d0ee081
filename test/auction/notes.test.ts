import { describe, expect, it } from "vitest";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { runAuctionExperiment } from "../../lib/auction/experiment";
import { auctionNotes } from "../../lib/auction/notes";

const reference = [
  { metric: "incomplete_frames_mean", fs: 4.9, ps: 3.85, gv: 6.38 },
  { metric: "incomplete_frames_sd", fs: 5.54, ps: 3.85, gv: 7.43 },
  { metric: "steps_allocation_unchanged_pct", fs: 67, ps: 75, gv: 66 },
];

describe("auctionNotes", () => {
  const o = { runs: 4, seed: 1 };
  const runs = {
    fs: runAuctionExperiment(STANDARD_ENVIRONMENT, { ...o, mechanism: "fs" }),
    ps: runAuctionExperiment(STANDARD_ENVIRONMENT, { ...o, mechanism: "ps" }),
    gv: runAuctionExperiment(STANDARD_ENVIRONMENT, { ...o, mechanism: "gv" }),
  };
  it("names the mechanism whose published mean and sd repeat, with ours for both", () => {
    const note = auctionNotes.repeatedValue(runs, reference);
    expect(note).toMatch(/prints 3\.85 both as PS's standard deviation/);
    expect(note).toMatch(/Ours for PS \(24 jobs\): mean \d+\.\d\d, sd \d+\.\d\d/);
    expect(auctionNotes.repeatedValue(runs, [reference[0], { ...reference[1], ps: 3.9 }])).toBe("");
  });
  it("opens the findings with the sizes and the ranking beside the seed's", () => {
    const f = auctionNotes.findings({ runs, reference, claims: [{ verdict: "holds" }], sweepSeeds: 2 });
    expect(f).toMatch(/24 jobs per mechanism/);
    expect(f).toMatch(/1 holds, 0 fails, 0 inconclusive of 1 claim cells/);
  });
  it("refuses a reference without the metric", () => {
    expect(() => auctionNotes.seedValue([], "incomplete_frames_mean")).toThrow(
      /invalid reference: "?incomplete_frames_mean/,
    );
  });
});
