import { describe, expect, it } from "vitest";
import { scoreRow, verdictCounts } from "../../lib/scorecard/row";
import { ratioText } from "../../views/scorecard/row-text";
import { summaryTable, withSummaryRows } from "../../views/scorecard/summary-rows";
import { formatResults, parseResults } from "../../lib/scorecard/results-file";

describe("scoreRow", () => {
  const thesis = [100, 110, 120, 105, 115, 100, 110, 120, 105, 115];
  it("fills thesis, ours, the ratio with its interval, the outcome and the tier", () => {
    const ours = Array.from({ length: 40 }, (_, k) => 105 + (k % 5));
    const r = scoreRow("Table 10", "TV_1A", thesis, ours);
    expect(r).toMatchObject({
      id: "Table 10",
      quantity: "TV_1A",
      thesis: 110,
      thesisN: 10,
      ours: 107,
      oursN: 40,
    });
    expect(r.tier).toBe("reproduced result");
    expect(r.ratio).toBeCloseTo(107 / 110, 12);
    expect(r.ratioLow).toBeLessThan(r.ratio);
    expect(r.ratioHigh).toBeGreaterThan(r.ratio);
    expect(r.verdict).toBe("inconclusive"); // the interval straddles 0.95
    expect(r.cause).toBe("—");
  });
  it("says when ours was not computed", () => {
    const r = scoreRow("Table 18", "TTS_1A", [1, 2], undefined, { provenance: { kind: "wall clock" } });
    expect(r.verdict).toBe("not computed");
    expect(r.provenance).toEqual({ kind: "wall clock" });
    expect(r.tierBasis).toEqual({ kind: "reproduced" });
    expect(Number.isNaN(r.ratio)).toBe(true);
  });
  it("does not judge a not-comparable row", () => {
    expect(scoreRow("Table 18", "TTS_1A", [1, 2], [3, 4], { tier: "not comparable" }).verdict).toBe(
      "not judged",
    );
  });
  it("tries explanations only on a differing reproduced result, preferring one fixed in advance", () => {
    const ex = (basis: "fixed in advance" | "post-hoc", holds: boolean, experiment: string) => ({
      experiment,
      shownIn: "nb",
      basis,
      holds,
      breaks: [],
      base: { mean: 1, n: 40 },
      under: { mean: 2, n: 40 },
      shift: { outcome: "higher" as const, mean: 1, low: 0.5, high: 1.5, n: 40 },
    });
    const far = Array.from({ length: 40 }, () => 50);
    const both = () => [ex("post-hoc", true, "a"), ex("fixed in advance", true, "b")];
    expect(scoreRow("T", "x", thesis, far, { explanations: both })).toMatchObject({
      verdict: "differs",
      cause: "explained",
    });
    expect(scoreRow("T", "x", thesis, far, { explanations: () => [ex("post-hoc", true, "a")] }).cause).toBe(
      "post-hoc cause",
    );
    expect(scoreRow("T", "x", thesis, far, { explanations: () => [ex("post-hoc", false, "a")] }).cause).toBe(
      "—",
    );
    const broken = () => [{ ...ex("fixed in advance", true, "b"), breaks: ["Table 13 JP_1A"] }];
    expect(scoreRow("T", "x", thesis, far, { explanations: broken }).cause).toBe("—");
    let called = false;
    scoreRow("T", "x", thesis, thesis, { explanations: () => ((called = true), []) });
    expect(called).toBe(false);
  });
  it("rejects an empty thesis side", () => {
    expect(() => scoreRow("Table 1", "x", [], [1])).toThrow(
      /^invalid thesisValues: "\[\]"; expected at least one published value for Table 1 x$/,
    );
  });
  it("counts every outcome", () => {
    expect(verdictCounts([{ verdict: "agrees" }, { verdict: "agrees" }, { verdict: "differs" }])).toEqual({
      agrees: 2,
      differs: 1,
      inconclusive: 0,
      "not computed": 0,
      "not judged": 0,
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
    const row = scoreRow(
      "Table 10",
      "TV",
      [11, 13],
      Array.from({ length: 40 }, () => 12),
    );
    const out = withSummaryRows(rows, { verdict: (c) => (c === "TV" ? row : undefined) });
    expect(out.length).toBe(8);
    expect(out[4]).toEqual({ sample: "mean, 3 ordinary samples", TV: 12, "TV (thesis)": 12 });
    expect(out[6].TV).toBe(ratioText(row));
    expect(out[7].TV).toBe(row.verdict);
  });
  it("computes no outcome of its own (one outcome per quantity: the scorecard's)", () => {
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
  it("gives one row per compared column: means, intervals with separators, and the scorecard row's ratio, tier, outcome", () => {
    const row = scoreRow("Table 10", "TV", [12, 12], [410000, 430000]);
    const out = summaryTable(rows, { verdict: () => row });
    expect(out.map((r) => r.quantity)).toEqual(["TV"]); // AD has no thesis column
    expect(out[0]).toMatchObject({ ours: 420000, "ours, samples": 2, thesis: 12, "thesis, samples": 2 });
    expect(out[0]["ours, 95% interval"]).toMatch(/^4[12]\d,\d{3} – 4[23]\d,\d{3}$/);
    expect(out[0]["thesis, 95% interval"]).toBe("— (all equal)");
    expect(out[0]["ours / thesis [95%]"]).toBe(ratioText(row));
    expect(out[0]).toMatchObject({ tier: "reproduced result", outcome: "differs", cause: "—" });
  });
  it("names where a repeated column is scored", () => {
    expect(summaryTable(rows, { verdict: () => "= Table 10 TV_1B" })[0].outcome).toBe("= Table 10 TV_1B");
  });
  it("agrees with the summary rows under the per-sample table", () => {
    const many = () => [5, 6, 7];
    const below = withSummaryRows(rows, { many });
    const table = summaryTable(rows, { many });
    expect(table[0].ours).toBe(6);
    expect(below[below.length - 3].TV).toMatch(/^6 \[/);
    expect(table[0]["ours / thesis [95%]"]).toBe(below[below.length - 2].TV);
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
