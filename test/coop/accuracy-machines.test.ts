import { describe, expect, it } from "vitest";
import { accuracyAcrossMachines, type AccuracyStudyRow } from "../../lib/coop/accuracy-machines";
import {
  accuracyMachinesFigure,
  accuracyMachinesSummary,
  accuracyRuleText,
} from "../../views/coop/accuracy-machines";

const row = (
  source: string,
  alpha: number,
  meanWait: number,
  meanBsld: number,
  extra: Partial<AccuracyStudyRow> = {},
): AccuracyStudyRow => ({
  source,
  target: 1,
  alpha,
  mode: "all",
  group: "all",
  jobs: 10,
  killed: 0,
  baselineMeanWait: 0,
  baselineMeanBsld: 0,
  meanWait,
  p95Wait: 0,
  meanBsld,
  p95Bsld: 0,
  utilisation: 0,
  backfilledShare: 0,
  ...extra,
});

const ROWS: AccuracyStudyRow[] = [
  row("A", 0, 100, 10),
  row("A", 0.5, 95, 9),
  row("A", 1, 90, 8), // −10%, −20%: helps
  row("B", 0, 100, 10),
  row("B", 1, 111, 7), // wait +11%: hurts
  row("C", 0, 100, 10),
  row("C", 1, 99.5, 9), // wait −0.5% (within ±1%: one run cannot show equivalence): inconclusive
  row("E", 0, 100, 10),
  row("E", 1, 100, 10), // no change at all: no effect
  row("D", 0, 100, 10),
  row("D", 1, 50, 5, { mode: "users" }), // no "all" row at α = 1: left out
];

describe("accuracyAcrossMachines", () => {
  it("judges each change by relativeEffect against the ±1% band of lib/agreement", () => {
    const m = accuracyAcrossMachines(ROWS);
    expect(m.map((r) => [r.source, r.wait, r.bsld, r.verdict])).toEqual([
      ["A", "lower", "lower", "helps"],
      ["B", "higher", "lower", "hurts"],
      ["C", "inconclusive", "lower", "inconclusive"],
      ["E", "equivalent", "equivalent", "no effect"],
    ]);
    expect(m[0].waitChange).toBeCloseTo(-0.1, 12);
    expect(m[0].bsldChange).toBeCloseTo(-0.2, 12);
    expect(m[0].jobs).toBe(10);
    expect(accuracyMachinesSummary(m)).toBe(
      "**Across 4 machines** (one run each on its first 10 jobs; planned times moved to 1× the run time): " +
        "accuracy *helps* on 1 (A), *hurts* on 1 (B), *no effect* on 1 (E) and *inconclusive* on 1 (C). " +
        `Median change α 0 → 1: wait -0.3%, bounded slowdown -15.0%. Rule per machine: ${accuracyRuleText()}.`,
    );
    expect(accuracyRuleText()).toContain("band ±1% of the value at α = 0");
    expect(() => accuracyMachinesSummary([])).toThrow(/^invalid machines: /);
  });
  it("a figure line per machine, relative to α = 0", () => {
    const f = accuracyMachinesFigure(ROWS);
    expect(f.data.map((t) => (t as { name: string }).name)).toEqual(["A", "B", "C", "E", "D"]);
    expect(f.layout?.title).toEqual({
      text: "Bounded slowdown relative to α = 0 (planned times towards 1× the run time, EASY, first 10 jobs)",
    });
    expect((f.data[0] as { y: number[] }).y).toEqual([1, 0.9, 0.8]);
  });
  it("zero usable rows is an error naming the cause", () => {
    expect(() => accuracyAcrossMachines(ROWS, 0.8)).toThrow(
      /^invalid rows: "11 rows"; expected rows with mode "all", target 0\.8 and α = 0 and 1 \(run studies\/planned-accuracy\.json\)$/,
    );
  });
});
