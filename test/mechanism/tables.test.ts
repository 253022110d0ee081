import { describe, expect, it } from "vitest";
import { readThesisTable, normaliseSampleName } from "../../lib/io/thesis-tables";
import { greedyGuarantee, paymentRuleSummary, roundStatistics } from "../../lib/mechanism/round-statistics";
import {
  approximationTable,
  besideThesis,
  thesisComparison,
  wideMetricTable,
} from "../../views/mechanism/tables";
import type { RoundRow } from "../../lib/mechanism/rounds";
import { clearingMinutes, clearingPriceCheck } from "../../lib/mechanism/clearing-price";
import { spreadPlayers } from "../../lib/mechanism/audit";
import { clearingPriceFigure, metricBarFigure, statisticsFigure } from "../../views/mechanism/figures";
import { job } from "../sample/fixtures";

function row(
  sample: string,
  experiment: string,
  TV: number,
  PM = 0,
  payment: RoundRow["payment"] = "clarke",
): RoundRow {
  return {
    sample,
    experiment,
    payment,
    n: 10,
    TV,
    TP: TV / 2,
    TW: 5,
    AD: 1,
    PM,
    SP: 0,
    JP: 3,
    NC: 0,
    TTS: NaN,
  };
}

describe("thesis tables", () => {
  it("reads Table 10 and normalises Table 24's sample names", () => {
    const t10 = readThesisTable(10);
    expect(t10.columns).toEqual(["sample", "TV_1A", "TV_1B", "TV_3B", "TV_2B", "TV_4B"]);
    expect(t10.rows[0]).toEqual({
      sample: "sample_1.txt",
      TV_1A: 506930,
      TV_1B: 506850,
      TV_3B: 211480,
      TV_2B: 295615,
      TV_4B: 304239,
    });
    expect(t10.rows.length).toBe(16);
    expect(readThesisTable(24).rows[0].sample).toBe("sample_1.txt");
    expect(normaliseSampleName("sample.12.txt")).toBe("sample_12.txt");
  });

  it("refuses a table number outside 10–27", () => {
    expect(() => readThesisTable(9)).toThrow(/^invalid table: 9; expected an integer >= 10 and <= 27/);
  });
});

describe("display tables", () => {
  const rows = [
    row("sample_1.txt", "1A", 100),
    row("sample_1.txt", "1B", 90, 2),
    row("sample_2.txt", "1A", 50),
    row("sample_2.txt", "1B", 40),
    row("sample_2.txt", "1B", 45, 0, "critical"),
  ];

  it("lays rows out per sample with one column per experiment", () => {
    expect(wideMetricTable(rows, "TV")).toEqual([
      { sample: "sample_1.txt", TV_1A: 100, TV_1B: 90 },
      { sample: "sample_2.txt", TV_1A: 50, TV_1B: 40 },
    ]);
    expect(wideMetricTable(rows, "PM", { size: true, experiments: ["1B"] })).toEqual([
      { sample: "sample_1.txt", size: 10, PM_1B: 2 },
      { sample: "sample_2.txt", size: 10, PM_1B: 0 },
    ]);
  });

  it("puts the thesis's value beside ours", () => {
    const out = besideThesis(wideMetricTable(rows, "TV"), readThesisTable(10));
    expect(out[0]).toEqual({
      sample: "sample_1.txt",
      TV_1A: 100,
      "TV_1A (thesis)": 506930,
      TV_1B: 90,
      "TV_1B (thesis)": 506850,
    });
    const cmp = thesisComparison(rows, 12, "PM");
    expect(cmp.rows[1]).toEqual({
      sample: "sample_2.txt",
      size: 10,
      "size (thesis)": 393,
      PM_1A: 0,
      "PM_1A (thesis)": 0,
      PM_1B: 0,
      "PM_1B (thesis)": 0,
      PM_3B: NaN,
      "PM_3B (thesis)": 6,
      PM_2B: NaN,
      "PM_2B (thesis)": 10,
      PM_4B: NaN,
      "PM_4B (thesis)": 0,
    });
  });

  it("summarises with 95% confidence intervals", () => {
    const s = roundStatistics(rows, ["TV"]).find((r) => r.experiment === "1A" && r.payment === "clarke")!;
    expect(s.mean).toBe(75);
    expect(s.sd).toBeCloseTo(Math.SQRT2 * 25, 12);
    // two values, 50 and 100: the interval stays within them (lib/util/interval.ts)
    expect(s.ci95Low).toBeGreaterThanOrEqual(50);
    expect(s.ci95High).toBeLessThanOrEqual(100);
    expect(s.ci95Low).toBeLessThan(s.mean);
    expect(paymentRuleSummary(rows).find((r) => r.experiment === "1B" && r.payment === "clarke")).toEqual({
      experiment: "1B",
      payment: "clarke",
      samples: 2,
      meanTP: 32.5,
      samplesWithPM: 1,
      totalPM: 2,
      samplesWithNC: 0,
      totalNC: 0,
    });
    expect(() => roundStatistics(rows, ["XX" as never])).toThrow(/^invalid metrics\[0\]: "XX"/);
  });

  it("checks the 1 − β guarantee per sample", () => {
    const samples = [
      { name: "sample_1.txt", seed: 1, source: "", jobs: [job("a", 2, 40, 1), job("b", 1, 40, 1)] },
    ];
    const g = greedyGuarantee(rows, samples, 10);
    expect(g).toEqual([
      { sample: "sample_1.txt", optimum: 100, greedy: 90, ratio: 0.9, beta: 0.2, holds: true },
    ]);
    expect(approximationTable(g)).toEqual([
      { sample: "sample_1.txt", TV_1A: 100, TV_1B: 90, ratio: 0.9, beta: 0.2, "1 − β": 0.8, holds: true },
    ]);
  });

  it("builds figures with one trace per experiment / payment", () => {
    expect(metricBarFigure(rows, "TV").data.length).toBe(2);
    expect(statisticsFigure(roundStatistics(rows, ["TV"]), "TV").data.length).toBe(2);
  });
});

describe("clearing price", () => {
  // W = 10: three 2-node jobs planned 100 min, ten 1-node jobs planned 40 min.
  const jobs = [
    job("a", 2, 100, 1),
    job("b", 2, 100, 1),
    job("c", 2, 100, 1),
    ...Array.from({ length: 10 }, (_, k) => job(`s${k}`, 1, 40, 1)),
  ];

  it("finds the planned time where the nodes reach W", () => {
    expect(clearingMinutes(jobs, 10)).toBe(40);
    expect(clearingMinutes(jobs, 6)).toBe(100);
    expect(clearingMinutes(jobs, 100)).toBe(0);
  });

  it("TP of 1A equals λ·TW when small λ-jobs can refill any winner", () => {
    const [r] = clearingPriceCheck([{ name: "s", seed: 0, source: "", jobs }], 10);
    // optimum: a, b, c (600) + four 40-min jobs (160); each big job pays 2·40, each small 40 → 400
    expect(r).toMatchObject({
      TP_1A: 400,
      TW_1A: 10,
      lambda: 40,
      lambdaTW: 400,
      tpEqualsLambdaTW: true,
      winnersPayingLambda: 1,
      losersAtLambda: 6,
      loserNodesAtLambda: 6,
      modalMinutes: 40,
    });
    expect(clearingPriceFigure([r]).data.length).toBe(2);
  });
});

describe("spreadPlayers", () => {
  it("spreads over all players and over winners", () => {
    expect(spreadPlayers(10, 3)).toEqual([0, 3, 6]);
    expect(spreadPlayers(10, 2, Uint8Array.from([0, 1, 0, 0, 0, 1, 1, 0, 0, 1]))).toEqual([0, 1, 5, 6]);
  });
});
