import { describe, expect, it } from "vitest";
import {
  metricBarFigure,
  statisticsFigure,
  clearingPriceFigure,
  thesisBarFigure,
} from "../../../views/mechanism/figures";
import { METRIC_NAMES, roundStatistics } from "../../../lib/mechanism/round-statistics";
import { metricAxisTitle } from "../../../views/mechanism/tables";
import { readThesisTable } from "../../../lib/io/thesis-tables";
import type { RoundRow } from "../../../lib/mechanism/rounds";

type Layout = Record<string, { title?: { text: string }; range?: number[] } | undefined>;

function row(sample: string, experiment: string, TP: number): RoundRow {
  return {
    sample,
    experiment,
    payment: "clarke",
    n: 10,
    TV: 2 * TP,
    TP,
    TW: 5,
    AD: 1,
    PM: 0,
    SP: 0,
    JP: 3,
    NC: 0,
    TTS: NaN,
  };
}

/** Thesis Table 11 (Total Payments) as round rows. */
function table11Rows(): RoundRow[] {
  const t = readThesisTable(11);
  return t.rows.flatMap((r) =>
    t.columns.filter((c) => c !== "sample").map((c) => row(String(r.sample), c.slice(3), Number(r[c]))),
  );
}

describe("metric axis titles", () => {
  it("names each metric as the thesis does, with its unit", () => {
    expect(metricAxisTitle("TV")).toBe("Total Value TV (node·minutes)");
    expect(metricAxisTitle("TP")).toBe("Total Payments TP (node·minutes)");
    expect(metricAxisTitle("TW")).toBe("Total Weight TW (nodes)");
    expect(metricAxisTitle("TTS")).toBe("Total Time Spent TTS (seconds)");
    expect(metricAxisTitle("PM")).toBe("Pay More Count PM (players)");
    expect(METRIC_NAMES.every((m) => /\(.+\)$/.test(metricAxisTitle(m)))).toBe(true);
    expect(() => metricAxisTitle("XX" as never)).toThrow(/^invalid metric: "XX"; expected one of "TV"/);
  });

  it("puts the unit on the value axis of the bar and statistics figures", () => {
    const rows = [
      row("sample_1.txt", "1A", 10),
      row("sample_1.txt", "1B", 12),
      row("sample_2.txt", "1A", 11),
    ];
    for (const m of ["TV", "TP", "TW", "PM"] as const) {
      expect((metricBarFigure(rows, m).layout as Layout).yaxis?.title?.text).toBe(metricAxisTitle(m));
      const stats = roundStatistics(rows, [m]);
      expect((statisticsFigure(stats, m).layout as Layout).yaxis?.title?.text).toBe(metricAxisTitle(m));
    }
    const clearing = [{ sample: "s", TP_1A: 400, lambdaTW: 400, lambda: 40 }];
    expect((clearingPriceFigure(clearing as never).layout as Layout).yaxis?.title?.text).toBe("node·minutes");
  });

  it("draws every sample of the clearing-price check at its own place, the thesis's beside ours", () => {
    const clearing = Array.from({ length: 21 }, (_, k) => ({
      sample: `sample_${k}.txt`,
      TP_1A: k === 20 ? 207360 : 138240,
      lambdaTW: k === 20 ? 207360 : 138240,
      lambda: k === 20 ? 60 : 40,
    }));
    const fig = clearingPriceFigure(clearing as never, { thesis: true });
    const [bars, marks, thesis] = fig.data as { x: string[]; y: (number | null)[] }[];
    expect(new Set(bars.x).size).toBe(21);
    expect(marks.x).toEqual(bars.x);
    // the thesis's Table 11: 138,240 in its 15 ordinary samples, 207,360 in sample_20
    expect(thesis.y.filter((v) => v !== null).sort()).toEqual([...Array(15).fill(138240), 207360]);
  });
});

describe("Figure 19's outlier", () => {
  it("breaks the value axis above the ordinary bars of thesis Table 11, sample_9's 3B labelled", () => {
    const fig = metricBarFigure(table11Rows(), "TP");
    const layout = fig.layout as Layout;
    // the largest ordinary bar is sample_20's 1A (207,360); sample_9's 3B (456,960) is twice that
    expect(layout.yaxis?.range).toEqual([0, 207360 * 1.08]);
    expect(layout.yaxis2?.range?.[1]).toBeGreaterThan(456960);
    const upper = (fig.data as { name: string; yaxis?: string; text?: string[]; x: string[] }[]).filter(
      (t) => t.yaxis === "y2",
    );
    expect(upper.map((t) => t.name)).toEqual(["1A", "1B", "3B", "2B", "4B"]);
    const labelled = upper.flatMap((t) =>
      t.x.filter((_, i) => t.text![i] !== "").map((x) => `${t.name} ${x}`),
    );
    expect(labelled).toEqual(["3B sample_9"]);
    expect(upper[2].text![upper[2].x.indexOf("sample_9")]).toBe("456,960");
  });

  it("keeps one axis for thesis Table 10 (no bar twice the rest)", () => {
    const t = readThesisTable(10);
    const rows = t.rows.flatMap((r) =>
      t.columns
        .filter((c) => c !== "sample")
        .map((c) => ({ ...row(String(r.sample), c.slice(3), 0), TV: Number(r[c]) })),
    );
    const fig = metricBarFigure(rows, "TV");
    expect(fig.data.length).toBe(5);
    expect((fig.layout as Layout).yaxis2).toBeUndefined();
  });
});

describe("the thesis's figures beside ours", () => {
  type Bar = { name: string; x: string[]; y: number[]; error_y?: { array: number[]; arrayminus: number[] } };

  it("draws thesis Table 11 as metricBarFigure draws the same values (Figure 19)", () => {
    const theirs = thesisBarFigure(11, "Figure 19 (thesis)");
    const ours = metricBarFigure(table11Rows(), "TP", { title: "Figure 19 (thesis)" });
    expect(theirs).toEqual(ours);
  });

  it("takes Figure 20's four experiments from Table 24, sample by sample", () => {
    const fig = thesisBarFigure(24);
    const data = fig.data as Bar[];
    expect(data.map((t) => t.name)).toEqual(["1B", "1B1", "4B", "4B1"]);
    const t = readThesisTable(24);
    expect(data[0].x[0]).toBe("sample_1");
    expect(data[0].y[0]).toBe(t.rows[0].TV_1B);
    expect(data[3].y[t.rows.length - 1]).toBe(t.rows[t.rows.length - 1].TV_4B1);
    expect((fig.layout as Layout).yaxis?.title?.text).toBe(metricAxisTitle("TV"));
  });

  it("puts the thesis's means over its ordinary samples beside ours, with intervals around them", () => {
    const rows = ["1A", "1B", "9Z"].flatMap((e) => [row("s1", e, 10), row("s2", e, 14)]);
    const fig = statisticsFigure(roundStatistics(rows, ["TP"]), "TP", { thesis: 11 });
    const data = fig.data as Bar[];
    const ordinary = readThesisTable(11).rows.filter((r) => r.sample !== "sample_20.txt");
    expect(ordinary.length).toBe(15);
    expect(data.map((t) => t.name)).toEqual(["ours (clarke, 2 samples)", "thesis (Table 11, 15 samples)"]);
    const thesis = data[1];
    // experiments the table does not print (9Z) are left out
    expect(thesis.x).toEqual(["1A", "1B"]);
    const sum = ordinary.reduce((a, r) => a + (r.TP_1B as number), 0);
    expect(thesis.y[1]).toBeCloseTo(sum / 15, 9);
    expect(thesis.error_y!.array[1]).toBeGreaterThan(0);
    expect(thesis.error_y!.arrayminus[1]).toBeGreaterThan(0);
    expect(() => statisticsFigure(roundStatistics(rows, ["TW"]), "TW", { thesis: 11 })).toThrow(
      /thesis Table 11 has no TW column of experiments 1A, 1B, 9Z/,
    );
  });
});
