import { describe, expect, it } from "vitest";
import { JOBS, P } from "./fixtures";
import { recomputeRoundResults } from "../../lib/scorecard/round-results";
import { counterfactualMatrix } from "../../lib/scorecard/counterfactual-matrix";
import { counterfactualMatrixRows, counterfactualTables } from "../../views/scorecard/counterfactual-matrix";

describe("counterfactualMatrix", () => {
  const file = recomputeRoundResults("07-main-experiments", P, JOBS);
  const matrix = counterfactualMatrix(file);
  const rows = counterfactualMatrixRows(matrix);
  it("has one row per published column of Tables 10–17 (not 18) and the TV_2B / TV_4B ratio last", () => {
    expect(matrix.rows[0]).toMatchObject({ table: 10, column: "TV_1A" });
    expect(matrix.rows.some((r) => r.table === 18)).toBe(false);
    expect(matrix.rows.every((r) => r.under.length === matrix.experiments.length)).toBe(true);
    expect(matrix.ratio).not.toBeNull();
    expect(rows.at(-1)!.column).toBe("TV_2B / TV_4B (ratio of means)");
    expect(Object.keys(rows[0])).toEqual([
      "table",
      "column",
      "thesis",
      "ours",
      'rerunCapacity = "W"',
      'experienced bids rounded "floor"',
      'experienced bids rounded "none"',
      "ties broken narrowest first",
    ]);
  });
  it("shows ours as the mean over the counterfactual samples, and the ratio from the same means", () => {
    const samples = [...new Set(file.tables['cf:rerunCapacity = "W"'].map((r) => r.sample))];
    const tv = file.tables
      .many!.filter((r) => r.experiment === "1A" && r.payment === "clarke" && samples.includes(r.sample))
      .map((r) => r.TV as number);
    expect(matrix.rows[0].ours).toBeCloseTo(tv.reduce((s, x) => s + x, 0) / tv.length, 9);
    expect(Number(rows[0].ours)).toBeCloseTo(tv.reduce((s, x) => s + x, 0) / tv.length, 0);
    const mean = (e: string) => {
      const v = file.tables
        .many!.filter((r) => r.experiment === e && r.payment === "clarke" && samples.includes(r.sample))
        .map((r) => r.TV as number);
      return v.reduce((s, x) => s + x, 0) / v.length;
    };
    expect(matrix.ratio!.ours).toBeCloseTo(mean("2B") / mean("4B"), 12);
    expect(rows.at(-1)!.ours).toBe((mean("2B") / mean("4B")).toFixed(3));
  });
  it("refuses a results file without counterfactuals or of notebook 10", () => {
    expect(() => counterfactualMatrix({ ...file, tables: { many: file.tables.many! } })).toThrow(
      /invalid results: "07-main-experiments"; expected the results file of notebook 07, 08 or 09 with counterfactual tables/,
    );
    expect(() => counterfactualMatrix({ ...file, notebook: "10-slurm-simulator" })).toThrow(
      /invalid results/,
    );
  });
});

describe("counterfactualTables", () => {
  it("captions each notebook's matrix with its sample count and skips files without counterfactuals", () => {
    const file = recomputeRoundResults("07-main-experiments", P, JOBS);
    const plain = { ...file, notebook: "08-greedy-modified", tables: { many: file.tables.many! } };
    const out = counterfactualTables({ "07-main-experiments": file, "08-greedy-modified": plain });
    expect(out.map((t) => t.caption)).toEqual([
      `Experiments of 07-main-experiments: means over ${P.CF_SAMPLES} samples`,
    ]);
    expect(out[0].rows).toEqual(counterfactualMatrixRows(counterfactualMatrix(file)));
  });
});
