import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equivalenceG, stateInverter } from "../../lib/operators/inverse";
import { bisectionInverter } from "./oracles/bisection-inverse";
import { combinedOperator, paperOperators, relativeOperator } from "../../lib/operators/operator";

describe("inverse in s", () => {
  for (const op of [...paperOperators({ k: 0.3 }), ...paperOperators({ n: 3, k: 0.8 }).slice(2)]) {
    it(`${op.name}: inverse(F(t, s)) = s where F is not saturated, as the bisection oracle finds`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0.01, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (t, s) => {
            const p = op.value(t, s);
            fc.pre(Math.abs(p) <= 0.999);
            expect(Math.abs(stateInverter(op, t)(p) - s)).toBeLessThan(1e-9);
            expect(Math.abs(bisectionInverter(op, t)(p) - s)).toBeLessThan(1e-9);
          },
        ),
      );
    });
    // Equal in state, or in priority where F is almost flat (sigmoids near ±1: states 1e-8 apart
    // have the same F); at a vertical tangent (Sigmoid-2/3 at balance) equal in state.
    it(`${op.name}: stateInverter equals the bisection oracle on every level of a fine grid`, () => {
      for (const t of [0, 0.1, 0.35, 0.9, 1]) {
        const a = stateInverter(op, t),
          b = bisectionInverter(op, t);
        for (let i = 0; i <= 256; i++) {
          const p = -1 + i / 128;
          if (!op.centred && p < 0) continue;
          const sameState = Math.abs(a(p) - b(p)) < 1e-12,
            samePriority = Math.abs(op.value(t, a(p)) - op.value(t, b(p))) < 1e-10;
          expect(sameState || samePriority, `t = ${t}, p = ${p}: ${a(p)} vs ${b(p)}`).toBe(true);
        }
      }
    });
  }

  it("clamps: 0 above the reachable priorities, 1 below them", () => {
    const rel = relativeOperator();
    // target 0.5: F(0.5, 1) = −0.5, so every p ≤ −0.5 is reached only at s ≥ 1.
    expect(stateInverter(rel, 0.5)(-0.75)).toBe(1);
    expect(stateInverter(rel, 0.5)(0.5)).toBe(0.25);
    expect(stateInverter(rel, 0.5)(-0.25)).toBe(0.5 / 0.75);
    // target 0: F = −1 for every s > 0 and 0 at s = 0.
    expect(stateInverter(rel, 0)(-0.5)).toBe(0);
    expect(stateInverter(rel, 0)(-1)).toBe(1);
  });

  it("Combined below balance is inverted numerically to the tolerance, also at target 0", () => {
    const c = combinedOperator(0.5);
    const inv = stateInverter(c, 0);
    // F(0, s) = −0.5 − s/2 for s > 0: p = −0.75 ↔ s = 0.5.
    expect(inv(-0.75)).toBeCloseTo(0.5, 13);
    expect(inv(-0.25)).toBeCloseTo(0, 13);
  });

  it("checks its inputs", () => {
    expect(() => equivalenceG(relativeOperator(), 0, 0.5, 0.5)).toThrow(/^invalid t_j: 0;/);
  });
});

describe("equivalence G (Eq. 16)", () => {
  it("is s_j·t_i/t_j for the Relative family and SLURM, not for Absolute and Combined", () => {
    const [abs, rel, rel2, sig, sig2, slurm, comb] = paperOperators();
    for (const op of [rel, rel2, sig, sig2, slurm])
      expect(equivalenceG(op, 0.4, 0.3, 0.2)).toBeCloseTo(0.15, 12);
    expect(equivalenceG(abs, 0.4, 0.3, 0.2)).toBeCloseTo(0.1, 14);
    expect(Math.abs(equivalenceG(comb, 0.4, 0.3, 0.2) - 0.15)).toBeGreaterThan(1e-3);
  });
});
