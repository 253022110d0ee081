import { describe, expect, it } from "vitest";
import type { JobSizeRow } from "../../lib/operators/job-size-analysis";
import { fig17AgreementExcluding, fig17Deciders } from "../../lib/operators/fig17-readings";
import { fig17DeciderTable, orderingSupportTable } from "../../views/operators/fig17-readings";
import { minimumResolutionBits } from "../../lib/operators/resolution-bits";
import type { PaperResolutionBits } from "../../lib/operators/reference";

const row = (
  operator: string,
  context: string,
  bits: number,
  jobHours: number,
  level = 0.5,
  cut = false,
  reading = 0,
): JobSizeRow => ({
  reading,
  operator,
  context,
  bits,
  jobHours,
  share: jobHours / 5256000,
  target: 0.3,
  level,
  cut,
  cells: 1,
  unreachable: 0,
  stuck: 0,
});

const rows: JobSizeRow[] = [
  // A: balance decided at p = 0 (singular) at 4 bits; over target fine at 3; under target cut at 4.
  row("A", "balance", 3, 5000, 0.25),
  row("A", "balance", 4, 1500, 0),
  row("A", "over target", 3, 1000, -0.75),
  row("A", "over target", 4, 500, -0.75),
  row("A", "under target", 3, 9000, 0.75),
  row("A", "under target", 4, 1999, 0.75, true),
  // B: never below 2,000 h at balance (> max), fine elsewhere.
  row("B", "balance", 3, 9000, 0.25),
  row("B", "balance", 4, 8000, -0.125),
  row("B", "over target", 3, 1000, -0.75),
  row("B", "over target", 4, 900, -0.75),
  row("B", "under target", 3, 1000, 0.75),
  row("B", "under target", 4, 800, 0.75),
];
const paper: PaperResolutionBits[] = [
  { operator: "A", balance: 4, overTarget: 3, underTarget: 5, overall: 5 },
  { operator: "B", balance: 5, overTarget: 3, underTarget: 3, overall: 5 },
];

describe("fig17Deciders", () => {
  it("names the deciding cell and flags p = 0 and cut levels; > max takes the largest studied resolution", () => {
    const d = fig17Deciders(rows, 2000);
    expect(d.map((x) => [x.operator, x.context, x.bits, x.level, x.singular, x.cut])).toEqual([
      ["A", "balance", 4, 0, true, false],
      ["A", "over target", 3, -0.75, false, false],
      ["A", "under target", 4, 0.75, false, true],
      ["B", "balance", null, -0.125, false, false],
      ["B", "over target", 3, -0.75, false, false],
      ["B", "under target", 3, 0.75, false, false],
    ]);
    expect(fig17DeciderTable(d).map((r) => r.flag)).toEqual([
      "singular (p = 0)",
      "",
      "cut at s = 0",
      "",
      "",
      "",
    ]);
    expect(fig17DeciderTable(d)[3].bits).toBe(">max");
  });

  it("leaves out flagged contexts and their operator's overall cell", () => {
    const bits = minimumResolutionBits(rows, 2000);
    const r = fig17AgreementExcluding(bits, paper, fig17Deciders(rows, 2000));
    // A keeps only "over target" (3 = 3); B keeps all four: balance null ≠ 5, over 3 = 3, under 3 = 3, overall null ≠ 5.
    expect(r).toEqual({
      exact: 3,
      withinOne: 3,
      cells: 5,
      excluded: ["A balance", "A under target", "A overall"],
    });
  });
});

describe("orderingSupportTable", () => {
  it("applies the stated rule: identical at a majority → supports; median concordant ≥ 2/3 → partly; else contradicts", () => {
    const ord = (reading: number, a: number, b: number, c: number) => [
      row("A", "balance", 3, a, 0, false, reading),
      row("B", "balance", 3, b, 0, false, reading),
      row("C", "balance", 3, c, 0, false, reading),
    ];
    const all = [...ord(0, 1, 2, 3), ...ord(1, 2, 1, 3), ...ord(2, 3, 2, 1)];
    const paperOrder = { balance: ["A", "B", "C"], overTarget: [], underTarget: [] };
    const t = orderingSupportTable(
      all,
      [
        { name: "r0", index: 0, reading: {} },
        { name: "r1", index: 1, reading: {} },
        { name: "r2", index: 2, reading: {} },
      ],
      paperOrder,
    );
    const balance = t.filter((r) => r.context === "balance");
    expect(balance.map((r) => r.verdict)).toEqual(["supports", "partly", "contradicts"]);
    expect(balance.map((r) => r["best (ours, most resolutions)"])).toEqual([
      "A (1 of 1)",
      "B (1 of 1)",
      "C (1 of 1)",
    ]);
  });
});
