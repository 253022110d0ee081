import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JobSizeFormula, usagePoolHours } from "../../lib/operators/job-size";
import { _jobSizeReadings, jobSizeAnalysis, jobSizeReadings } from "../../lib/operators/job-size-analysis";
import { bisectionInverter } from "./oracles/bisection-inverse";
import { PAPER_CONTEXTS, allReadings, readingIndex } from "../../lib/operators/job-size-readings";
import { absoluteOperator, paperOperators, relativeOperator } from "../../lib/operators/operator";
import {
  compareOrderings,
  minimumResolutionBits,
  operatorOrderings,
} from "../../lib/operators/resolution-bits";

/** k: the job share of the usage pool that moves the state from s by d, as the analysis computes it. */
function jobShare(formula: JobSizeFormula, s: number, d: number): number {
  if (formula === "paper") return (2 * d) / (1 + s + Math.sqrt((1 + s) ** 2 + 4 * d));
  return 1 - s - d > 0 ? d / (1 - s - d) : Infinity;
}
/** The state after a job of share k at state s (the corrected algebra of Eq. 23). */
const stateAfterJob = (s: number, k: number) => (k === Infinity ? 1 : (s + k) / (1 + k));

describe("job share k (Eqs. 23–25)", () => {
  it("the corrected k moves the state by exactly D", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.98, noNaN: true }),
        fc.double({ min: 1e-6, max: 1, noNaN: true }),
        (s, f) => {
          const d = f * (1 - s) * 0.99;
          expect(stateAfterJob(s, jobShare("corrected", s, d)) - s).toBeCloseTo(d, 10);
        },
      ),
    );
  });
  it("the paper's k solves the paper's Eq. 24: (1 + k)(s + k) − s = D", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (s, d) => {
          const k = jobShare("paper", s, d);
          expect((1 + k) * (s + k) - s).toBeCloseTo(d, 12);
        },
      ),
    );
  });
  it("no job reaches state 1 under the corrected algebra", () => {
    expect(jobShare("corrected", 0.5, 0.5)).toBe(Infinity);
    expect(stateAfterJob(0.5, 1)).toBe(0.75);
  });
  it("the paper's grid holds 5,256,000 node·hours", () => {
    expect(usagePoolHours()).toBe(5256000);
    expect(usagePoolHours({ windowHours: 24, nodes: 10 })).toBe(240);
  });
  it("rejects bad inputs", () => {
    expect(() => usagePoolHours({ nodes: 0 })).toThrow(/^invalid nodes: 0;/);
  });
});

describe("job-size analysis (Figs. 14–17)", () => {
  const opts = { bits: [3], targets: [0.5], contexts: [PAPER_CONTEXTS[0]] };
  it("Absolute, 3 bits, target 0.5, balance: literal cells", () => {
    // levels −0.25, 0, 0.25 span states [0.5, 0.75], [0.25, 0.5], [0, 0.25]; D = 0.25 each.
    const [worst] = jobSizeAnalysis([absoluteOperator()], {}, opts);
    expect(worst.share).toBeCloseTo(1, 14); // 0.25 / (1 − 0.75)
    expect(worst.jobHours).toBeCloseTo(5256000, 6);
    expect(worst.level).toBe(-0.25);
    expect(worst.cells).toBe(3);
    const rows = jobSizeReadings(
      [absoluteOperator()],
      [{ aggregate: "min" }, { aggregate: "mean" }, { formula: "paper" }],
      opts,
    );
    expect(rows[0].share).toBeCloseTo(1 / 3, 14);
    expect(rows[1].share).toBeCloseTo((1 + 0.5 + 1 / 3) / 3, 14);
    expect(rows[2].share).toBeCloseTo((Math.SQRT2 - 1) / 2, 14);
    expect(rows[2].level).toBe(0.25);
  });
  it("counts unreachable and stuck levels", () => {
    // Relative at target 0.5 reaches down to F(0.5, 1) = −0.5: level −0.75 is unreachable and
    // level −0.5 spans s ∈ [2/3, 1], so no job moves a user out of it.
    const ctx = { name: "low", lo: -0.75, hi: -0.5 };
    const [row] = jobSizeAnalysis([relativeOperator()], {}, { bits: [3], targets: [0.5], contexts: [ctx] });
    expect([row.unreachable, row.stuck, row.cells]).toEqual([1, 1, 0]);
    expect(Number.isNaN(row.jobHours)).toBe(true);
  });
  it("gives the job sizes of the bisection oracle's inverses", () => {
    const o = { bits: [3, 6, 9], targets: [0, 0.3, 0.9] };
    const a = jobSizeAnalysis(paperOperators(), {}, o);
    const b = _jobSizeReadings(paperOperators(), [{}], o, bisectionInverter);
    a.forEach((r, i) => {
      if (Number.isFinite(r.jobHours))
        expect(Math.abs(r.jobHours - b[i].jobHours) / r.jobHours).toBeLessThan(1e-6);
      else expect(b[i].jobHours).toBe(r.jobHours);
    });
  });
  it("a resolution gives the same rows alone as within a finer sweep (shared state bounds)", () => {
    const alone = jobSizeReadings(paperOperators(), allReadings(), { bits: [4] });
    const shared = jobSizeReadings(paperOperators(), allReadings(), { bits: [9, 4] }).filter(
      (r) => r.bits === 4,
    );
    expect(shared.length).toBe(alone.length);
    shared.forEach((r, i) => {
      expect([r.operator, r.context, r.reading, r.cells, r.stuck, r.unreachable]).toEqual([
        alone[i].operator,
        alone[i].context,
        alone[i].reading,
        alone[i].cells,
        alone[i].stuck,
        alone[i].unreachable,
      ]);
      if (Number.isFinite(r.share))
        expect(Math.abs(r.share - alone[i].share)).toBeLessThanOrEqual(1e-12 * Math.abs(r.share));
      else expect(r.share).toBe(alone[i].share);
    });
  });
  it("lists and finds readings", () => {
    expect(allReadings().length).toBe(18);
    expect(readingIndex(allReadings(), {})).toBe(0);
    expect(readingIndex(allReadings(), { formula: "paper", stateAt: "target", aggregate: "min" })).toBe(16);
    expect(() => readingIndex([{}], { aggregate: "min" })).toThrow(
      /^invalid reading: \{"aggregate":"min"\}; expected one of corrected\/lower\/max$/,
    );
  });
  it("minimum bits, overall and orderings", () => {
    const rows = jobSizeAnalysis(
      paperOperators(),
      { formula: "paper", aggregate: "min" },
      { bits: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    );
    const bits = minimumResolutionBits(rows, 2000);
    for (const b of bits) {
      const vals = Object.values(b.bits);
      expect(b.overall).toBe(vals.some((v) => v === null) ? null : Math.max(...(vals as number[])));
    }
    const ord = operatorOrderings(rows);
    expect(ord.length).toBe(30);
    for (const o of ord)
      expect([...o.order].sort()).toEqual(
        paperOperators()
          .map((x) => x.name)
          .sort(),
      );
    expect(() => minimumResolutionBits(rows, 0)).toThrow(/^invalid jobHours: 0;/);
  });
  it("compares orderings pair by pair", () => {
    expect(compareOrderings([["A"], ["B", "C"], ["D"]], ["A", "B", "C", "D"])).toEqual({
      common: 4,
      concordantPairs: 5,
      pairs: 6,
      identical: false,
    });
    expect(compareOrderings([["A"], ["B"]], ["A", "X", "B"])).toEqual({
      common: 2,
      concordantPairs: 1,
      pairs: 1,
      identical: true,
    });
  });
  it("rejects bad options", () => {
    expect(() => jobSizeAnalysis(paperOperators(), { aggregate: "median" as never })).toThrow(
      /^invalid aggregate: "median"; expected one of "max", "min", "mean"$/,
    );
    expect(() => jobSizeAnalysis(paperOperators(), { stateAt: "mid" as never })).toThrow(
      /^invalid stateAt: "mid";/,
    );
    expect(() => jobSizeAnalysis(paperOperators(), {}, { bits: [30] })).toThrow(/^invalid bits: 30;/);
    expect(() =>
      jobSizeAnalysis(paperOperators(), {}, { contexts: [{ name: "x", lo: 0.5, hi: 0.1 }] }),
    ).toThrow(/^invalid contexts:/);
  });
});
