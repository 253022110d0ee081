import { describe, expect, it } from "vitest";
import {
  accuracyAcrossMachines,
  accuracyMachinesFigure,
  accuracyMachinesSummary,
  type AccuracyStudyRow,
} from "../../lib/coop/accuracy-machines";

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
  row("C", 1, 99.5, 9), // wait −0.5% (within 1%): mixed
  row("D", 0, 100, 10),
  row("D", 1, 50, 5, { mode: "users" }), // no "all" row at α = 1: left out
];

describe("accuracyAcrossMachines", () => {
  it("applies the stated rule per machine (±1% is no change)", () => {
    const m = accuracyAcrossMachines(ROWS);
    expect(m.map((r) => [r.source, r.verdict])).toEqual([
      ["A", "helps"],
      ["B", "hurts"],
      ["C", "mixed"],
    ]);
    expect(m[0].waitChange).toBeCloseTo(-0.1, 12);
    expect(m[0].bsldChange).toBeCloseTo(-0.2, 12);
    expect(accuracyMachinesSummary(m)).toMatch(
      /^\*\*Across 3 machines\*\* .*\*helps\* on 1 \(A\), \*hurts\* on 1 \(B\) and is \*mixed\* on 1\. Median change α 0 → 1: wait -0\.5%, bounded slowdown -20\.0%\.$/,
    );
  });
  it("a figure line per machine, relative to α = 0", () => {
    const f = accuracyMachinesFigure(ROWS);
    expect(f.data.map((t) => (t as { name: string }).name)).toEqual(["A", "B", "C", "D"]);
    expect((f.data[0] as { y: number[] }).y).toEqual([1, 0.9, 0.8]);
  });
  it("zero usable rows is an error naming the cause", () => {
    expect(() => accuracyAcrossMachines(ROWS, 0.8)).toThrow(
      /^invalid rows: "9 rows"; expected rows with mode "all", target 0\.8 and α = 0 and 1 \(run studies\/planned-accuracy\.json\)$/,
    );
  });
});
