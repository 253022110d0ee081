import { describe, expect, it } from "vitest";
import { buildAssociationTree } from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { exactLevelFs } from "../../lib/slurm/exact-level-fs";
import { fractionText } from "../../lib/expr/fractions";
import { exactLevelFsTable } from "../../views/slurm/tables";

describe("exactLevelFs: Section 2's worked example in exact arithmetic", () => {
  const tree = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
    root: "bsc_es",
  });
  it("gives Table 1's S, U and Level FS as fractions, and the exact tie", () => {
    const rows = exactLevelFs(tree);
    expect(
      rows.map((r) => [
        r.association,
        fractionText(r.S),
        fractionText(r.U),
        r.levelFs && fractionText(r.levelFs),
        r.tiesWith,
      ]),
    ).toEqual([
      ["bsc30", "3/8", "1/7", "21/8", []],
      ["bsc32", "5/8", "6/7", "35/48", []],
      ["bsc3090", "1/2", "1/3", "3/2", []],
      ["bsc3092", "1/2", "2/3", "3/4", []],
      ["bsc3285", "1/2", "1/3", "3/2", []],
      ["bsc3288", "1/4", "1/3", "3/4", ["bsc3200"]],
      ["bsc3200", "1/4", "1/3", "3/4", ["bsc3288"]],
    ]);
    expect([rows[0].float, rows[0].floatExact]).toEqual([2.625, true]);
    // (5/8)/(6/7) in floating point lands one ulp above the double nearest 35/48
    expect([rows[1].float, rows[1].floatExact]).toEqual([0.7291666666666667, false]);
    // the table indents each association by its depth and writes ∞ and the ties as text
    const table = exactLevelFsTable(rows);
    expect(table.map((r) => r.entity)).toEqual([
      "bsc30",
      "bsc32",
      " bsc3090",
      " bsc3092",
      " bsc3285",
      " bsc3288",
      " bsc3200",
    ]);
    expect(table[5]["ties with"]).toBe("bsc3200");
  });
  it("zero usage gives ∞, as Algorithm 2", () => {
    const rows = exactLevelFsTable(
      exactLevelFs(
        tree,
        new Map([
          ["bsc3090", 0],
          ["bsc3092", 0],
          ["bsc3285", 10],
          ["bsc3288", 0],
          ["bsc3200", 0],
        ]),
      ),
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
