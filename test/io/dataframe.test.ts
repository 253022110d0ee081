import * as aq from "arquero";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  danfo,
  fromDataFrame,
  hasLabelledIndex,
  isDataFrame,
  isSeries,
  toDataFrame,
} from "../../lib/io/dataframe";

describe("arquero tables and danfo.js DataFrames", () => {
  const jobs = aq.table({ queue: ["a", "b", "a", "c"], nnodes: [1, 16, 4, 16], rtime: [10, 20, 30, 40] });

  it("round-trips a table column by column, in order", () => {
    const df = toDataFrame(jobs);
    expect(isDataFrame(df)).toBe(true);
    expect(df.columns).toEqual(["queue", "nnodes", "rtime"]);
    expect(fromDataFrame(df).objects()).toEqual(jobs.objects());
    expect(toDataFrame(jobs.objects()).shape).toEqual([4, 3]);
  });

  it("property: any table of numbers and strings round-trips unchanged", () => {
    const row = fc.record({ x: fc.integer({ min: -1e6, max: 1e6 }), s: fc.constantFrom("p", "q", "r") });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), (rows) => {
        expect(fromDataFrame(toDataFrame(rows)).objects()).toEqual(rows);
      }),
      { seed: 5, numRuns: 40 },
    );
  });

  it("describe(), valueCounts() and groupby().agg() come back as tables with their index", () => {
    const df = toDataFrame(jobs);
    const d = fromDataFrame(df.describe(), { index: "statistic" });
    expect(d.columnNames()).toEqual(["statistic", "nnodes", "rtime"]);
    const row = (s: string) => (d.objects() as Record<string, unknown>[]).find((r) => r.statistic === s);
    expect(row("count")).toEqual({ statistic: "count", nnodes: 4, rtime: 4 });
    expect(row("mean")).toEqual({ statistic: "mean", nnodes: 9.25, rtime: 25 });
    expect(row("max")).toEqual({ statistic: "max", nnodes: 16, rtime: 40 });
    const counts = df["queue"].valueCounts();
    expect(isSeries(counts) && hasLabelledIndex(counts)).toBe(true);
    expect(fromDataFrame(counts, { index: "queue" }).objects()).toEqual([
      { queue: "a", value: 2 },
      { queue: "b", value: 1 },
      { queue: "c", value: 1 },
    ]);
    const g = fromDataFrame(df.groupby(["queue"]).agg({ nnodes: "mean" }));
    expect(g.objects()).toEqual([
      { queue: "a", nnodes_mean: 2.5 },
      { queue: "b", nnodes_mean: 16 },
      { queue: "c", nnodes_mean: 16 },
    ]);
    expect(hasLabelledIndex(df)).toBe(false);
  });

  it("TensorFlow.js prints no banner or warning", () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    try {
      const df = toDataFrame(jobs.select("nnodes", "rtime"));
      df.tensor.dispose();
      df.add(df);
      expect(warn).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it("refuses what is not a table or a frame, naming the argument", () => {
    expect(() => toDataFrame(42 as never)).toThrow(
      /^invalid rows: 42; expected an arquero table or an array of row objects$/,
    );
    expect(() => fromDataFrame({} as never)).toThrow(
      /^invalid frame: .*; expected a danfo\.js DataFrame or Series$/,
    );
    const df = toDataFrame(jobs);
    expect(() => fromDataFrame(df, { index: "" })).toThrow(/^invalid index: .*; expected a column name/);
    expect(() => fromDataFrame(df, { index: "queue" })).toThrow(
      /^invalid index: "queue"; expected a name other than the column "queue"$/,
    );
    expect(danfo()).toBe(danfo());
  });
});
