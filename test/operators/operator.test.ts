import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  absoluteOperator,
  combinedOperator,
  paperOperators,
  relativeNOperator,
  relativeOperator,
  sigmoidNOperator,
  sigmoidOperator,
  slurmOperator,
  slurmOriginalOperator,
} from "../../lib/operators/operator";

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const positive = fc.double({ min: 1e-3, max: 1, noNaN: true });

describe("operator values", () => {
  it("match the paper's formulas at literal points", () => {
    expect(absoluteOperator().value(0.5, 0.2)).toBeCloseTo(0.3, 15);
    expect(relativeOperator().value(0.5, 0.25)).toBe(0.5);
    expect(relativeOperator().value(0.25, 0.5)).toBe(-0.5);
    expect(relativeNOperator(2).value(0.5, 0.25)).toBe(0.25);
    expect(relativeNOperator(2).value(0.25, 0.5)).toBe(-0.25);
    expect(sigmoidOperator().value(0.5, 0.25)).toBeCloseTo(Math.SQRT1_2, 15);
    expect(sigmoidNOperator(2).value(0.5, 0.25)).toBeCloseTo(Math.SQRT1_2 ** 0.5, 15);
    expect(slurmOperator().value(0.5, 1)).toBe(-0.5);
    expect(slurmOperator().value(0.5, 0)).toBe(1);
    expect(slurmOriginalOperator().value(0.5, 0.5)).toBe(0.5);
    // Combined(0.5): 0.5·0.25 + 0.5·0.25 at (0.5, 0.25)
    expect(combinedOperator(0.5).value(0.5, 0.25)).toBe(0.25);
  });

  it("names the paper's seven operators in figure order", () => {
    expect(paperOperators().map((o) => o.name)).toEqual([
      "Absolute",
      "Relative",
      "Relative-2",
      "Sigmoid",
      "Sigmoid-2",
      "SLURM",
      "Combined",
    ]);
    expect(paperOperators({ n: 3, k: 0.25 }).map((o) => o.name)).toEqual([
      "Absolute",
      "Relative",
      "Relative-3",
      "Sigmoid",
      "Sigmoid-3",
      "SLURM",
      "Combined(k=0.25, n=3)",
    ]);
  });

  it("rejects bad parameters and inputs with the house message", () => {
    expect(() => combinedOperator(1.5)).toThrow(/^invalid k: 1\.5; expected a finite number in \[0, 1\]$/);
    expect(() => relativeNOperator(0)).toThrow(/^invalid n: 0; expected a finite number in/);
    expect(() => sigmoidNOperator(-1)).toThrow(/^invalid n: -1;/);
  });
});

describe("operator definition (Eqs. 1–3), property-based", () => {
  for (const op of paperOperators()) {
    it(`${op.name}: range [−1, 1], sign of t − s, zero exactly at balance`, () => {
      fc.assert(
        fc.property(unit, unit, (t, s) => {
          const v = op.value(t, s);
          expect(v).toBeGreaterThanOrEqual(-1);
          expect(v).toBeLessThanOrEqual(1);
          if (t === s) expect(v).toBe(0);
          else if (t > s) expect(v).toBeGreaterThan(0);
          else expect(v).toBeLessThan(0);
        }),
      );
    });
    it(`${op.name}: strictly increasing in t and decreasing in s on (0, 1]`, () => {
      // Steps of at least 1e-3 with s/t ≤ 20 keep the values away from double-precision saturation.
      fc.assert(
        fc.property(positive, positive, fc.double({ min: 1e-3, max: 0.5, noNaN: true }), (t, s, h) => {
          fc.pre(s / t <= 20 && t + h <= 1 && s + h <= 1);
          expect(op.value(t + h, s)).toBeGreaterThan(op.value(t, s));
          expect(op.value(t, s + h)).toBeLessThan(op.value(t, s));
        }),
      );
    });
  }
});

describe("boundary behaviour (Eq. 4, Table 1)", () => {
  const complying = paperOperators().filter((o) => o.name !== "Absolute" && o.name !== "Combined");
  for (const op of complying) {
    it(`${op.name}: F(0, s) = −1 and F(t, 0) = 1`, () => {
      fc.assert(
        fc.property(positive, (x) => {
          expect(op.value(0, x)).toBe(-1);
          expect(op.value(x, 0)).toBe(1);
        }),
      );
    });
  }
  it("Absolute gives −s and t; Combined(0.5) gives −0.5 − s/2 and 0.5 + t/2 (the paper's Table 1)", () => {
    fc.assert(
      fc.property(positive, (x) => {
        expect(absoluteOperator().value(0, x)).toBe(-x);
        expect(absoluteOperator().value(x, 0)).toBe(x);
        expect(combinedOperator(0.5).value(0, x)).toBeCloseTo(-0.5 - x / 2, 14);
        expect(combinedOperator(0.5).value(x, 0)).toBeCloseTo(0.5 + x / 2, 14);
      }),
    );
  });
});
