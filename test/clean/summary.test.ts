import * as aq from "arquero";
import { describe, expect, it } from "vitest";
import { categoryCounts, compareCounts, compareSummaries, rRound, rSummary } from "../../lib/clean/summary";
import { byMonth, monthOf } from "../../lib/clean/monthly";

describe("rSummary", () => {
  it("matches R's summary(c(1, 2, 3, 4, 100)) and leaves NaN out", () => {
    const t = aq.table({ x: [1, 2, 3, 4, 100, NaN] });
    expect(rSummary(t, "x")).toEqual({ min: 1, q1: 2, median: 3, mean: 22, q3: 4, max: 100, n: 5 });
  });
  it("uses type-7 quantiles: summary(c(1, 2, 3, 4)) gives 1.75 and 3.25", () => {
    expect(rSummary(aq.table({ x: [4, 1, 3, 2] }), "x")).toMatchObject({ q1: 1.75, median: 2.5, q3: 3.25 });
  });
  it("names a missing column", () => {
    expect(() => rSummary(aq.table({ x: [1] }), "y")).toThrow(
      /^invalid field: "y"; expected a column of the table \(x\)$/,
    );
  });
});

describe("categoryCounts", () => {
  it("gives the top values by count and (Other)", () => {
    const t = aq.table({ m: ["a", "b", "b", "c", "c", "c", "d"] });
    expect(categoryCounts(t, "m", 2)).toEqual([
      { value: "c", count: 3 },
      { value: "b", count: 2 },
      { value: "(Other)", count: 2 },
    ]);
    expect(categoryCounts(t, "m", 4)).toEqual([
      { value: "c", count: 3 },
      { value: "b", count: 2 },
      { value: "a", count: 1 },
      { value: "d", count: 1 },
    ]);
  });
  it("matches the thesis's truncated names by prefix", () => {
    const rows = compareCounts([{ value: "auto-caliope", count: 86 }], [{ value: "auto-caliop", count: 86 }]);
    expect(rows).toEqual([
      { value: "auto-caliop", ours: "auto-caliope", oursCount: 86, thesis: 86, match: true },
    ]);
  });
});

describe("rRound and compareSummaries", () => {
  it("rounds to 4 significant digits like R's summary print", () => {
    expect([
      rRound(769.2000039),
      rRound(16.837893),
      rRound(33.33999),
      rRound(1004533),
      rRound(0.123456),
    ]).toEqual([769.2, 16.84, 33.34, 1004533, 0.1235]);
  });
  it("marks agreement at the printed precision", () => {
    const rows = compareSummaries(aq.table({ x: [1, 2, 3, 4, 100] }), {
      x: { min: 1, q1: 2, median: 3, mean: 22, q3: 4, max: 101 },
    });
    expect(rows.map((r) => r.match)).toEqual([true, true, true, true, true, false]);
  });
});

describe("byMonth", () => {
  it("sets each datetime to the first of its month and fills empty months", () => {
    const t = aq.table({
      created: ["2019-05-17 10:00:00", "2019-05-02 00:00:00", "2019-07-01 00:00:00"],
      total: [10, 5, 1],
    });
    expect(byMonth(t, "created", { sum: "total" })).toEqual([
      { month: "2019-05-01", count: 2, sum: 15 },
      { month: "2019-06-01", count: 0, sum: 0 },
      { month: "2019-07-01", count: 1, sum: 1 },
    ]);
  });
  it("groups by a column and takes epoch seconds (UTC)", () => {
    expect(monthOf(1588291199)).toBe("2020-04-01");
    const t = aq.table({ submit: [1588291199, 1588291200], model: ["a", "b"] });
    expect(byMonth(t, "submit", { by: "model" })).toEqual([
      { month: "2020-04-01", model: "a", count: 1 },
      { month: "2020-04-01", model: "b", count: 0 },
      { month: "2020-05-01", model: "a", count: 0 },
      { month: "2020-05-01", model: "b", count: 1 },
    ]);
  });
});
