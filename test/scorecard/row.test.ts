import { describe, expect, it } from "vitest";
import { scoreRow, verdictCounts } from "../../lib/scorecard/row";
import { summaryTable, withSummaryRows } from "../../lib/scorecard/summary-rows";
import { formatResults, parseResults } from "../../lib/scorecard/results-file";

describe("scoreRow", () => {
  it("fills thesis, ours, ratio, verdict and evidence", () => {
    const r = scoreRow("Table 10", "TV_1A", [100, 110, 120], [104, 106, 108, 110]);
    expect(r).toMatchObject({
      id: "Table 10",
      quantity: "TV_1A",
      thesis: 110,
      thesisN: 3,
      ours: 107,
      oursN: 4,
      verdict: "within noise",
    });
    expect(r.ratio).toBeCloseTo(107 / 110, 12);
    expect(r.evidence).toBe("the intervals overlap");
    expect(r.tier).toBe("reproduced result");
    expect(r.thesisCI).toMatch(/^\[\d+(\.\d)?, \d+(\.\d)?\]$/);
  });
  it("says when ours was not computed", () => {
    const r = scoreRow("Table 18", "TTS_1A", [1, 2], undefined, { note: "wall clock" });
    expect(r.verdict).toBe("not computed");
    expect(r.evidence).toBe("wall clock; ours not computed");
    expect(Number.isNaN(r.ratio)).toBe(true);
  });
  it("rejects an empty thesis side", () => {
    expect(() => scoreRow("Table 1", "x", [], [1])).toThrow(
      /^invalid thesisValues: "\[\]"; expected at least one published value for Table 1 x$/,
    );
  });
  it("counts every verdict", () => {
    expect(
      verdictCounts([{ verdict: "exact" }, { verdict: "exact" }, { verdict: "differs — explained" }]),
    ).toMatchObject({
      exact: 2,
      "within noise": 0,
      "differs — explained": 1,
      "differs — unexplained": 0,
      holds: 0,
    });
  });
});

describe("withSummaryRows", () => {
  const rows = [
    { sample: "sample_1.txt", TV: 10, "TV (thesis)": 11 },
    { sample: "sample_2.txt", TV: 12, "TV (thesis)": 13 },
    { sample: "sample_3.txt", TV: 14, "TV (thesis)": null },
    { sample: "sample_20.txt", TV: 99, "TV (thesis)": 99 },
  ];
  it("appends means, intervals, ratio and the scorecard's verdict, leaving the special sample out", () => {
    const out = withSummaryRows(rows, { verdict: (c) => (c === "TV" ? "within noise" : undefined) });
    expect(out.length).toBe(8);
    expect(out[4]).toEqual({ sample: "mean, 3 ordinary samples", TV: 12, "TV (thesis)": 12 });
    expect(out[6].TV).toBe("1.000");
    expect(out[7].TV).toBe("within noise");
  });
  it("computes no verdict of its own (one verdict per quantity: the scorecard's)", () => {
    expect(withSummaryRows(rows)[7].TV).toBe("—");
  });
  it("uses the statistics samples when given", () => {
    const out = withSummaryRows(rows, { many: () => [30, 31, 32, 30, 31] });
    expect(out[5].TV).toMatch(/^30\.8 \[30(\.\d)?, 31\.\d\] \(n = 5\)$/);
  });
});

describe("summaryTable", () => {
  const rows = [
    { sample: "sample_1.txt", TV: 410000, "TV (thesis)": 12, AD: 1 },
    { sample: "sample_2.txt", TV: 430000, "TV (thesis)": 12, AD: 2 },
    { sample: "sample_20.txt", TV: 99, "TV (thesis)": 99, AD: 3 },
  ];
  it("gives one row per compared column: means, intervals with separators, ratio, the given verdict", () => {
    const out = summaryTable(rows, { verdict: () => "differs — unexplained" });
    expect(out.map((r) => r.quantity)).toEqual(["TV"]); // AD has no thesis column
    expect(out[0]).toMatchObject({ ours: 420000, "ours, samples": 2, thesis: 12, "thesis, samples": 2 });
    expect(out[0]["ours, 95% interval"]).toMatch(/^4[12]\d,\d{3} – 4[23]\d,\d{3}$/);
    expect(out[0]["thesis, 95% interval"]).toBe("— (all equal)");
    expect(out[0]["ours / thesis"]).toBe("35000.000");
    expect(out[0].verdict).toBe("differs — unexplained");
  });
  it("agrees with the summary rows under the per-sample table", () => {
    const many = () => [5, 6, 7];
    const below = withSummaryRows(rows, { many });
    const table = summaryTable(rows, { many });
    expect(table[0].ours).toBe(6);
    expect(below[below.length - 3].TV).toMatch(/^6 \[/);
    expect(table[0]["ours / thesis"]).toBe(below[below.length - 2].TV);
  });
});

describe("results files", () => {
  it("round-trip with NaN as null, byte-identically", () => {
    const f = {
      notebook: "07-main-experiments",
      parameters: { SEED: 1 },
      tables: { many: [{ sample: "a", TV: 1.5, AD: NaN }] },
    };
    const text = formatResults(f);
    expect(text).toContain('"AD": null');
    const back = parseResults(text);
    expect(Number.isNaN(back.tables.many[0].AD)).toBe(true);
    expect(formatResults(back)).toBe(text);
  });
  it("names the file on malformed input", () => {
    expect(() => parseResults("{", "x.json")).toThrow(/^x\.json:1: invalid JSON: /);
    expect(() => parseResults("{}", "x.json")).toThrow(
      /^x\.json:1: invalid results: expected an object with notebook, parameters and tables$/,
    );
  });
});
