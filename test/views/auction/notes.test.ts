import { describe, expect, it } from "vitest";
import { STANDARD_ENVIRONMENT } from "../../../lib/auction/environment";
import { runAuctionExperiment } from "../../../lib/auction/experiment";
import type { AuctionClaimCheck } from "../../../lib/auction/sweep-claims";
import { auctionNotes } from "../../../views/auction/notes";

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
  const cell = (claim: string, verdict: AuctionClaimCheck["verdict"]): AuctionClaimCheck => ({
    claim,
    lower: "ps",
    higher: "fs",
    budget: "small",
    family: "power",
    difference: { outcome: "inconclusive", mean: NaN, low: NaN, high: NaN, n: 0 },
    verdict,
  });
  it("opens the findings with the sizes and the ranking beside the seed's", () => {
    const f = auctionNotes.findings({ runs, reference, claims: [cell("x", "holds")], sweepSeeds: 2 });
    expect(f).toMatch(/24 jobs per mechanism/);
    expect(f).toMatch(/1 holds, 0 fails, 0 inconclusive of 1 independent claim cells/);
    expect(f).toContain("the claims over seeds run here):");
    const read = auctionNotes.findings({
      runs,
      reference,
      claims: [],
      sweepSeeds: 2,
      sweepFile: "data/studies/x.jsonl",
    });
    expect(read).toContain("the claims over seeds read from the committed `data/studies/x.jsonl`");
  });
  it("sizes the one run's order by the claims over seeds", () => {
    const claims = [
      cell("PS leaves fewer frames incomplete than FS", "holds"),
      cell("PS leaves fewer frames incomplete than FS", "holds"),
      cell("GV leaves more frames incomplete than FS", "holds"),
      cell("GV leaves more frames incomplete than FS", "inconclusive"),
    ];
    const f = auctionNotes.findings({ runs, reference, claims, sweepSeeds: 10 });
    expect(f).toContain(
      "Over 10 seeds (§4, the paired difference per seed) PS leaves fewer frames incomplete than FS: holds in 2 of 2 " +
        "independent GA budget × bid-vector cells, fails in 0, inconclusive in 0; GV leaves more frames incomplete than FS: holds " +
        "in 1 of 2 independent GA budget × bid-vector cells, fails in 0, inconclusive in 1: the seed's order is not established over seeds.",
    );
    expect(f).toMatch(/in this one run (PS|FS|GV) [<=] /);
    const all = claims.map((c) => ({ ...c, verdict: "holds" as const }));
    expect(auctionNotes.findings({ runs, reference, claims: all, sweepSeeds: 10 })).toContain(
      "the seed's order is established in every cell.",
    );
  });
  it("states the work-content shape test as point estimates with their size", () => {
    const shape = (sd: number) => ({ jobs: 1800, "FS incomplete frames, sd": sd });
    expect(auctionNotes.shape([shape(4.03), shape(3.68)], [0.25, 1.5], reference)).toBe(
      "A heavier tail **lowers** FS's sd in these runs (4.03 at cv 0.25 → 3.68 at cv 1.5; 1,800 jobs each, point " +
        "estimates): a heavier-tailed shape does not explain the paper's larger sd here. The paper's FS sd of 5.54 " +
        "stays **unexplained** by the work-content shape; other unpublished details (how frames are assigned to " +
        "servers, the budget truncation) remain candidates.",
    );
  });
  it("refuses a reference without the metric", () => {
    expect(() => auctionNotes.seedValue([], "incomplete_frames_mean")).toThrow(
      /invalid reference: "?incomplete_frames_mean/,
    );
  });
});
