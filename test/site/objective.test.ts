import { describe, expect, it } from "vitest";
import { OWN_SETTINGS } from "../../lib/site/config-diff";
import { readGridRows } from "../../lib/site/grid-rows";
import { chooseCell, rankCells } from "../../lib/site/objective";

const row = (cell: string, figure: string, change: number, outcome: string) =>
  readGridRows([
    {
      cell,
      account: "(all)",
      figure,
      jobs: 9,
      base: 0.5,
      value: 0.5 * (1 + change),
      change,
      low: change - 0.01,
      high: change + 0.01,
      outcome,
      runs: 10,
    },
  ])[0];

describe("the grid ranked by an objective", () => {
  const rows = [
    row("a", "wait fairness", 0.1, "higher"),
    row("b", "wait fairness", 0.3, "higher"),
    row("c", "wait fairness", 0.9, "inconclusive"),
    row("d", "wait fairness", -0.2, "lower"),
    row("e", "wait fairness", 0, "equivalent"),
    row("a", "mean bounded slowdown", -0.4, "lower"),
    row("b", "mean bounded slowdown", 0.2, "higher"),
  ];
  it("better cells first, by their change; a larger inconclusive change does not rank above them", () => {
    expect(rankCells(rows).map((r) => [r.rank, r.cell, r.outcome])).toEqual([
      [1, "b", "better"],
      [2, "a", "better"],
      [3, "e", "no change"],
      [4, "c", "inconclusive"],
      [5, "d", "worse"],
    ]);
  });
  it("lower is better for the mean bounded slowdown", () => {
    expect(rankCells(rows, "mean bounded slowdown").map((r) => [r.cell, r.outcome])).toEqual([
      ["a", "better"],
      ["b", "worse"],
    ]);
  });
  it("chooses the given cell, else the best better one, else the site's own", () => {
    expect(chooseCell(rows)).toBe("b");
    expect(chooseCell(rows, "mean bounded slowdown")).toBe("a");
    expect(chooseCell(rows, "wait fairness", "c")).toBe("c");
    expect(chooseCell([row("c", "wait fairness", 0.9, "inconclusive")])).toBe(OWN_SETTINGS);
    expect(() => chooseCell(rows, "wait fairness", "z")).toThrow(
      /^invalid CHOSEN: "z"; expected "" or one of the grid's settings/,
    );
    expect(() => rankCells(rows, "makespan")).toThrow(
      /^invalid OBJECTIVE: "makespan"; expected "wait fairness", /,
    );
  });
});
