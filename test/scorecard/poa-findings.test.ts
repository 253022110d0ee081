import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SIM_RESULTS } from "./fixtures";
import {
  decompositionFinding,
  orderEffect,
  poaCauses,
  simFindings,
  sweepFinding,
  thesisPoa,
} from "../../lib/scorecard/poa-findings";
import type { PoaDecompositionRow } from "../../lib/sim/poa-decomposition";
import type { PoaSensitivity, SweepPoint } from "../../lib/sim/sensitivity";

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
// the thesis's Table 29 as printed: its PoA column, the special sample_20 left out
const TABLE29_ORDINARY = fs
  .readFileSync(path.join(__dirname, "../../data/reference/thesis/table29.csv"), "utf8")
  .split("\n")
  .filter((l) => /^sample_\d+\.txt,/.test(l) && !l.startsWith("sample_20.txt,"))
  .map((l) => Number(l.split(",")[3]));
const B3 = [1.6, 1.7, 1.5];
const B40 = Array.from({ length: 40 }, (_, k) => 1.6 + (k % 2 ? 0.01 : -0.01));
const pt = (series: string, x: number, values: number[]): SweepPoint => ({
  x,
  y: mean(values),
  err: 0,
  series,
  values,
});
const dec = (
  step: PoaDecompositionRow["step"],
  factor: string,
  values: number[],
  from = "a",
  value = "b",
) => ({
  step,
  factor,
  from,
  value,
  mean: mean(values),
  ciLow: NaN,
  ciHigh: NaN,
  delta: NaN,
  values,
});

describe("orderEffect", () => {
  it("pairs the flipped order's PoA with ours sample by sample: the relative change of the means", () => {
    const e = orderEffect(
      B3,
      B3.map((v) => v + 0.05),
    );
    expect(e.ours.mean).toBeCloseTo(1.6, 12);
    expect(e.flipped.mean).toBeCloseTo(1.65, 12);
    // every sample moves by +0.05 on a mean of 1.6: +3.125%, a constant change, beyond the ±1% band
    expect(e.change.mean).toBeCloseTo(0.05 / 1.6, 12);
    expect(e.change.outcome).toBe("higher");
    // the same values in another order: no paired change is told apart from noise
    expect(orderEffect(B3, [1.7, 1.6, 1.5]).change.outcome).toBe("inconclusive");
  });
  it("refuses runs of different samples", () => {
    expect(() => orderEffect(B3, [1])).toThrow(/^invalid flipped: "1 values"; expected 3 values/);
    expect(() => orderEffect([], [])).toThrow(/^invalid flipped/);
  });
});

describe("decompositionFinding", () => {
  it("judges each factor alone against the base and keeps the rows' range and widest interval", () => {
    const d = decompositionFinding([
      dec("base", "—", B40),
      dec(
        "one",
        "weights",
        B40.map((v) => v + 0.1),
      ),
      dec(
        "one",
        "bfPhase",
        B40.map((v) => v + 0.0001),
      ),
      dec(
        "cumulative",
        "weights",
        B40.map((v) => v + 0.1),
      ),
    ]);
    expect([d.rows, d.samples]).toEqual([4, 40]);
    expect(d.lowestMean).toBeCloseTo(1.6, 12);
    expect(d.highestMean).toBeCloseTo(1.7, 12);
    // the cumulative step is not a factor alone
    expect(d.factors.map((f) => [f.factor, f.change.outcome])).toEqual([
      ["weights", "higher"],
      ["bfPhase", "equivalent"],
    ]);
    // B40 alternates ±0.01 around 1.6: its interval is narrow but not empty
    expect(d.halfWidth).toBeGreaterThan(0);
    expect(d.halfWidth).toBeLessThan(0.01);
  });
  it("refuses no rows, and a row that switches a factor to the setting it had", () => {
    expect(() => decompositionFinding([])).toThrow(/^invalid rows: .*; expected poaDecomposition's rows/);
    expect(() =>
      decompositionFinding([dec("base", "—", B3), dec("one", "favorSmall", B3, "YES", "YES")]),
    ).toThrow(/invalid rows\[1\]: "favorSmall from YES to YES"/);
  });
});

describe("sweepFinding", () => {
  it("sets every point against its own job-size order's baseline and leaves out empty families", () => {
    const s: PoaSensitivity = {
      backfill: [
        pt("bf_max_job_test, favour small", 1, B3),
        pt(
          "bf_max_job_test, favour large",
          1,
          B3.map((v) => v * 1.1),
        ),
      ],
      contenders: [],
      queueDepth: [],
      planned: [pt("planned factor, favour small", 1, B3)],
      baseline: [
        pt("baseline, favour small", NaN, B3),
        pt(
          "baseline, favour large",
          NaN,
          B3.map((v) => v * 1.1),
        ),
      ],
    };
    const f = sweepFinding(s);
    expect(f.samples).toBe(3);
    expect(f.baselines.map((b) => [b.order, b.interval.n])).toEqual([
      ["favour small", 3],
      ["favour large", 3],
    ]);
    expect(f.families.map((x) => x.family)).toEqual(["backfill", "planned"]);
    // the favour-large point equals its own baseline (not the favour-small one, 10% lower): no change
    expect(f.families[0].points.map(({ change }) => change.mean)).toEqual([0, 0]);
    expect(f.families[0].points.map(({ change }) => change.outcome)).toEqual(["equivalent", "equivalent"]);
  });
  it("refuses a point whose order has no baseline", () => {
    expect(() =>
      sweepFinding({
        backfill: [pt("bf_window, favour large", 1, B3)],
        contenders: [],
        queueDepth: [],
        planned: [],
        baseline: [pt("baseline, favour small", NaN, B3)],
      }),
    ).toThrow(/^invalid sensitivity\.baseline: "bf_window, favour large"/);
  });
});

const results = SIM_RESULTS;

describe("simFindings", () => {
  it("judges each stored counterfactual's PoA against the thesis's ordinary samples, with its basis", () => {
    const f = simFindings({ results, source: "twin" });
    const thesis = thesisPoa();
    expect(TABLE29_ORDINARY).toHaveLength(15);
    expect(f.thesis.values).toEqual(TABLE29_ORDINARY);
    expect(f.counterfactuals.map((c) => [c.name, c.basis, c.interval.mean, c.versusThesis.outcome])).toEqual([
      // 4 samples are too few to agree (lib/agreement MIN_SAMPLES_TO_AGREE): 1.8 is inside the thesis's interval
      ["input: twin v3 (test)", "post-hoc", 1.8, "inconclusive"],
      ["PriorityFavorSmall = NO (test)", "fixed in advance", 1.6, "differs"],
    ]);
    expect(f.poa?.id).toBe("Table 29");
    expect(f.statements.of).toBe(3);
    // the thesis's headline: every Table 29 sample, the special one included, as printed (2 decimals)
    expect(f.thesisHeadline.samples).toBe(thesis.values.length + 1);
    expect(f.planned).toBeUndefined();
  });
  it("reads the planned-time sweep per order: raises when every order's change is higher, mixed otherwise", () => {
    const up = B40.map((v) => v * 1.1),
      down = B40.map((v) => v * 0.9);
    const sweep = (large: number[]): PoaSensitivity => ({
      backfill: [],
      contenders: [],
      queueDepth: [],
      planned: [pt("planned factor, favour small", 1, up), pt("planned factor, favour large", 1, large)],
      baseline: [pt("baseline, favour small", NaN, B40), pt("baseline, favour large", NaN, B40)],
    });
    const raises = simFindings({ results, source: "twin", sensitivity: sweep(up), favorSmall: false });
    // the notebook's order first
    expect(raises.planned?.orders.map((o) => o.order)).toEqual(["favour large", "favour small"]);
    expect(raises.planned?.direction).toBe("raises");
    expect(raises.planned?.orders[0].change.mean).toBeCloseTo(0.1, 12);
    expect(simFindings({ results, source: "twin", sensitivity: sweep(down) }).planned?.direction).toBe(
      "mixed",
    );
  });
});

describe("poaCauses", () => {
  it("has no causes when nothing is stored: the Table 29 row is not computed", () => {
    const found = poaCauses({ notebook: "10-slurm-simulator", parameters: {}, tables: {} });
    expect(found?.poa.verdict).toBe("not computed");
    expect(found?.causes).toEqual([]);
  });
  it("gives each tried experiment ours under it against the thesis's when its run is stored", () => {
    const found = poaCauses(results);
    expect(found?.poa.id).toBe("Table 29");
    for (const c of found?.causes ?? []) {
      const stored = results.tables[`cf:${c.explanation.experiment}`];
      expect(c.underIt === undefined).toBe(stored === undefined);
    }
  });
});
