import { describe, expect, it } from "vitest";
import { allocationAtFigure, incompleteFramesFigure } from "../../../views/auction/figures";
import { bidFunctionFigure } from "../../../views/auction/genetic-figures";
import type { GeneticResult } from "../../../lib/auction/genetic";
import type { AuctionRun } from "../../../lib/auction/simulator";
import {
  auctionClaimsTable,
  auctionStatisticsTable,
  coefficientTable,
  sweepSummaryTable,
} from "../../../views/auction/tables";
import { auctionSweepSummary } from "../../../lib/auction/robustness";
import { sweepRow } from "../../auction/sweep-rows";
import { auctionClaims } from "../../../lib/auction/sweep-claims";

const agent = (incomplete: number, allocations: number[]) => ({
  frames: 10,
  completed: 10 - incomplete,
  incomplete,
  workLeft: 0,
  moneyLeft: 0,
  spent: 1,
  lostWork: 0,
  interruptions: 0,
  firstRound: 14,
  allocations,
});
const runs = (mechanism: "fs" | "ps"): AuctionRun[] => [
  { mechanism, rounds: 20, agents: [agent(0, [2, 3]), agent(2, [3, 3])] },
];

describe("auction tables and figures", () => {
  it("auctionStatisticsTable puts the seed's value beside ours, null where the seed gives none", () => {
    const rows = auctionStatisticsTable({ fs: runs("fs"), ps: runs("ps") }, [
      { metric: "incomplete_frames_mean", fs: 4.9, ps: 3.85, gv: 6.38 },
    ]);
    expect(rows[0]).toEqual({
      statistic: "incomplete frames: mean",
      FS: 1,
      "FS (seed)": 4.9,
      PS: 1,
      "PS (seed)": 3.85,
    });
    expect(rows[2]).toEqual({
      statistic: "jobs with every frame complete (%)",
      FS: 50,
      "FS (seed)": null,
      PS: 50,
      "PS (seed)": null,
    });
    expect(() => auctionStatisticsTable({}, [])).toThrow(
      /^invalid runs: \{\}; expected runs of at least one of fs, ps, gv$/,
    );
  });

  it("Figure 1 and Figure 2 give the % of jobs per value", () => {
    const f1 = incompleteFramesFigure({ fs: runs("fs") });
    expect((f1.data[0] as { y: number[] }).y).toEqual([50, 0, 50]);
    const f2 = allocationAtFigure({ fs: runs("fs") }, 15);
    expect((f2.data[0] as { x: number[]; y: number[] }).y).toEqual([0, 0, 0, 100]);
  });

  it("bid-function plots and the coefficient table follow the result's family", () => {
    const ga: GeneticResult = {
      mechanism: "ps",
      seed: 1,
      best: [1, 0, 0, 0, 0, 0],
      population: [
        [1, 0, 0, 0, 0, 0],
        [3, 0, 0, 0, 0, 0],
      ],
      scores: [1, 2],
      history: [],
    };
    const fig = bidFunctionFigure(ga, "b/B", [0], 4, [0, 1]);
    const ys = fig.data.map((d) => (d as { y: number[] }).y);
    expect(ys).toEqual([
      [1, 0.5, 1 / 3, 0.25],
      [3, 1.5, 1, 0.75],
      [1, 0.5, 1 / 3, 0.25],
      [2, 1, 2 / 3, 0.5],
    ]);
    expect(() => bidFunctionFigure(ga, "r")).toThrow(/^invalid fn: "r"; expected "b\/B" for a PS result$/);
    expect(coefficientTable(ga)[0]).toEqual({ function: "b/B", term: "c1 (/d)", default: 2, evolved: 1 });
  });
});

describe("sweep tables", () => {
  const row = sweepRow;
  const rows = [
    row(1, "fs", 5),
    row(1, "ps", 4),
    row(2, "fs", 5),
    row(2, "ps", 3.9),
    row(3, "fs", 5),
    row(3, "ps", 4.1),
  ];
  it("the claims: the difference's names, its mean and 95% CI to two decimals, effect and verdict", () => {
    const claims = [{ claim: "PS < FS", metric: "incompleteMean", lower: "ps", higher: "fs" }] as const;
    const [t] = auctionClaimsTable(auctionClaims(rows, claims));
    expect(t).toMatchObject({ claim: "PS < FS", "GA budget": "b", "GV bids": "power", seeds: 3 });
    expect(t.difference).toBe("FS − PS");
    // differences 1, 1.1, 0.9: t interval 1 ± 4.303·0.1/√3
    expect(t["95% CI"]).toBe("[0.75, 1.25]");
    expect([t.effect, t.verdict]).toEqual(["higher", "holds"]);
    const [one] = auctionClaimsTable(auctionClaims(rows.slice(0, 2), claims));
    expect(one["95% CI"]).toBe("—");
  });
  it("the summary: mechanisms in capitals, each statistic as mean [low, high] over the seeds", () => {
    const t = sweepSummaryTable(auctionSweepSummary(rows));
    expect(t.map((r) => [r.mechanism, r.seeds])).toEqual([
      ["FS", 3],
      ["PS", 3],
    ]);
    expect(t[0]["incomplete frames, mean"]).toBe("5.00 [5.00, 5.00]");
    expect(t[1]["incomplete frames, mean"]).toMatch(/^4\.00 \[3\.\d\d, 4\.\d\d\]$/);
  });
});
