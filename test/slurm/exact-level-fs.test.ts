import { describe, expect, it } from "vitest";
import { buildAssociationTree } from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { exactLevelFsTable } from "../../lib/slurm/exact-level-fs";

describe("exactLevelFsTable: Section 2's worked example in exact arithmetic", () => {
  const tree = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
    root: "bsc_es",
  });
  it("gives Table 1's S, U and Level FS as fractions, and the exact tie", () => {
    const rows = exactLevelFsTable(tree);
    expect(
      rows.map((r) => [
        r.entity.trim(),
        r["S (exact)"],
        r["U (exact)"],
        r["Level FS (exact)"],
        r["ties with"],
      ]),
    ).toEqual([
      ["bsc30", "3/8", "1/7", "21/8", ""],
      ["bsc32", "5/8", "6/7", "35/48", ""],
      ["bsc3090", "1/2", "1/3", "3/2", ""],
      ["bsc3092", "1/2", "2/3", "3/4", ""],
      ["bsc3285", "1/2", "1/3", "3/2", ""],
      ["bsc3288", "1/4", "1/3", "3/4", "bsc3200"],
      ["bsc3200", "1/4", "1/3", "3/4", "bsc3288"],
    ]);
    expect(rows[0]["Level FS (float)"]).toBe(2.625);
    expect(rows[0]["float is exact"]).toBe(true);
    // (5/8)/(6/7) in floating point lands one ulp above the double nearest 35/48
    expect(rows[1]["Level FS (float)"]).toBe(0.7291666666666667);
    expect(rows[1]["float is exact"]).toBe(false);
  });
  it("zero usage gives ∞, as Algorithm 2", () => {
    const rows = exactLevelFsTable(
      tree,
      new Map([
        ["bsc3090", 0],
        ["bsc3092", 0],
        ["bsc3285", 10],
        ["bsc3288", 0],
        ["bsc3200", 0],
      ]),
    );
    expect(rows.find((r) => r.entity.trim() === "bsc30")).toMatchObject({
      "U (exact)": "0",
      "Level FS (exact)": "∞",
      "Level FS (float)": Infinity,
      "float is exact": true,
    });
    expect(rows.find((r) => r.entity.trim() === "bsc3090")).toMatchObject({
      "U (exact)": "0",
      "Level FS (exact)": "∞",
      "ties with": "bsc3092",
    });
  });
});
