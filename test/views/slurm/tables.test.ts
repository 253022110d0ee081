import { describe, expect, it } from "vitest";
import { buildAssociationTree } from "../../../lib/slurm/associations";
import { readAssociationCsv } from "../../../lib/slurm/reference-csv";
import { readReferenceCsv } from "../../../lib/io/reference-csv";
import { fairTree } from "../../../lib/slurm/fair-tree";
import { classicFairShare } from "../../../lib/slurm/classic";
import { levelBased } from "../../../lib/slurm/level-based";
import {
  compareFairShare,
  fairShareExplanation,
  sprioTable,
  sshareTable,
  workedExampleComparison,
} from "../../../views/slurm/tables";
import {
  associationTreeFigure,
  fairShareComparisonFigure,
  fairShareGrid,
  rankAgreementFigure,
  sharesAsymptoteFigure,
  sharesInterpolationFigure,
} from "../../../views/slurm/figures";
import { FIGURE1_ROWS } from "../../../lib/slurm/thesis-setup";

const tree = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
  root: "bsc_es",
});

describe("display tables", () => {
  it("sshare lists every association with usage and factors", () => {
    const rows = sshareTable(tree, fairTree(tree), { levelBased: levelBased(tree) });
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ Account: "bsc_es", RawUsage: 10500, FairShare: null });
    expect(rows[2]).toMatchObject({
      Account: " bsc30",
      User: "bsc3090",
      RawShares: 1,
      NormShares: 0.5,
      RawUsage: 500,
      LevelFS: 1.5,
      FairShare: 1,
    });
    expect(String(rows[2]["Fairshare Raw"])).toMatch(/^0x[0-9A-F]{16}$/);
  });
  it("sprio rounds weighted factors", () => {
    const b = {
      id: "7",
      user: "u",
      priority: 12,
      nice: 0,
      factors: { age: 0, jobSize: 0, fairShare: 0, qos: 0, partition: 0 },
      weighted: { age: 1.4, jobSize: 2.6, fairShare: 3, qos: 5, partition: 0 },
    };
    expect(sprioTable([b])).toEqual([
      {
        JOBID: "7",
        USER: "u",
        PRIORITY: 12,
        AGE: 1,
        FAIRSHARE: 3,
        JOBSIZE: 3,
        PARTITION: 0,
        QOS: 5,
        NICE: 0,
      },
    ]);
  });
  it("puts the thesis's worked example beside ours", () => {
    const rows = workedExampleComparison(
      fairTree(tree),
      readReferenceCsv("data/reference/thesis/section2-fairshare-example.csv").records,
    );
    const bsc30 = rows.find((r) => r.entity === "bsc30")!;
    expect(bsc30["level_fs (thesis)"]).toBe(2.265);
    expect(bsc30["|Δ level_fs|"]).toBeCloseTo(0.36, 12);
    expect(rows.filter((r) => r["fairshare (thesis)"] !== null).every((r) => r["|Δ fairshare|"] === 0)).toBe(
      true,
    );
  });
  it("compares algorithms per user", () => {
    const rows = compareFairShare(tree, [fairTree(tree), classicFairShare(tree)]);
    expect(rows[0]).toMatchObject({
      user: "bsc3090",
      account: "bsc30",
      "fair-tree (thesis) order": 1,
      "classic (dampening 1) order": 1,
    });
    expect(fairShareExplanation(fairTree(tree))[0]).toMatchObject({
      entity: "bsc30",
      kind: "account",
      rank: null,
    });
  });
});

describe("figures", () => {
  it("draw the Figure 1 tree and the F surfaces", () => {
    const fig1 = associationTreeFigure(buildAssociationTree(FIGURE1_ROWS));
    expect(fig1.data).toHaveLength(3);
    expect((fig1.data[2] as { text: string[] }).text).toEqual([
      "bsc3090",
      "bsc3092",
      "bsc3285",
      "bsc3288",
      "bsc3200",
    ]);
    expect(fairShareGrid([0, 1], [0.5], false)).toEqual([[1, 0.25]]);
    expect(fairShareGrid([1], [0], true)[0][0]).toBeCloseTo(Math.pow(2, -10), 12);
    expect(sharesInterpolationFigure(5).data).toHaveLength(2);
    expect(sharesAsymptoteFigure([1 / 150, 1 / 6000]).data).toHaveLength(4);
    expect(fairShareComparisonFigure(tree, [fairTree(tree)]).data).toHaveLength(1);
    expect(rankAgreementFigure(fairTree(tree), [classicFairShare(tree)]).data).toHaveLength(2);
  });
});
