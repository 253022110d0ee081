import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { _localDensities, inputDensity, localDensities, operatorProfiles } from "../../lib/operators/density";
import { bisectionInverter } from "./oracles/bisection-inverse";
import { absoluteOperator, paperOperators, relativeOperator } from "../../lib/operators/operator";

describe("input local density D(F, p, t, r) (Eqs. 18–21)", () => {
  it("Absolute has a constant density 2/r on its reachable levels", () => {
    // target 0.5: F = 0.5 − s covers [−0.5, 0.5]; levels −0.5, −0.25, 0, 0.25 at 3 bits.
    expect(Array.from(localDensities(absoluteOperator(), 0.5, 8))).toEqual([
      0, 0, 0.25, 0.25, 0.25, 0.25, 0, 0,
    ]);
  });
  it("Relative at target 0.5, 3 bits, literal", () => {
    const d = Array.from(localDensities(relativeOperator(), 0.5, 8));
    // levels ≥ 0: s = 0.5(1 − p) steps of 0.125; level −0.25: 0.5/0.75 − 0.5; level −0.5: 1 − 0.5/0.75.
    expect(d.slice(4)).toEqual([0.125, 0.125, 0.125, 0.125]);
    expect(d[3]).toBeCloseTo(1 / 6, 15);
    expect(d[2]).toBeCloseTo(1 / 3, 15);
    expect(d[0] + d[1]).toBe(0);
  });
  for (const op of paperOperators()) {
    it(`${op.name}: densities are non-negative and sum to 1 for every target and resolution`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: 1, max: 12 }),
          (t, bits) => {
            const d = localDensities(op, t, 2 ** bits);
            let sum = 0;
            for (const x of d) {
              expect(x).toBeGreaterThanOrEqual(0);
              sum += x;
            }
            expect(sum).toBeCloseTo(1, 12);
          },
        ),
        { numRuns: 60 },
      );
    });
    it(`${op.name}: equal to the densities from the bisection oracle`, () => {
      const a = localDensities(op, 0.3, 64);
      const b = _localDensities(bisectionInverter(op, 0.3), 64);
      for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThan(1e-12);
    });
  }
  it("checks its inputs", () => {
    expect(() => localDensities(relativeOperator(), 2, 8)).toThrow(/^invalid t: 2;/);
    expect(() => localDensities(relativeOperator(), 0.5, 3.5)).toThrow(/^invalid r: 3\.5;/);
  });
});

describe("input density (Fig. 8)", () => {
  it("Relative is uniform, Absolute is a triangle, all sum to 1", () => {
    const [abs, rel] = inputDensity([absoluteOperator(), relativeOperator()], { bits: 2, targetSteps: 400 });
    for (const x of rel.density) expect(x).toBeCloseTo(0.25, 6);
    // Absolute at 4 levels: areas of t − s in [−1,−0.5), [−0.5,0), [0,0.5), [0.5,1] = 1/8, 3/8, 3/8, 1/8.
    expect(abs.density.map((x) => +x.toFixed(4))).toEqual([0.125, 0.375, 0.375, 0.125]);
    expect(abs.density.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it("profiles carry the curve and the densities", () => {
    const [p] = operatorProfiles([relativeOperator()], 0.5, 3, 5);
    expect(p.states).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(p.values).toEqual([1, 0.5, 0, -1 / 3, -0.5]);
    expect(p.density.length).toBe(8);
  });
});
