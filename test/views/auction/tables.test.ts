import { describe, expect, it } from "vitest";
import { allocationAtFigure, incompleteFramesFigure } from "../../../views/auction/figures";
import { bidFunctionFigure } from "../../../views/auction/genetic-figures";
import type { GeneticResult } from "../../../lib/auction/genetic";
import type { AuctionRun } from "../../../lib/auction/simulator";
import { auctionStatisticsTable, coefficientTable } from "../../../views/auction/tables";

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
