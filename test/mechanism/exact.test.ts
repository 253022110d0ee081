import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { exactRule, exactValue } from "../../lib/mechanism/exact";
import { allocationValue, allocationWeight, makeInstance } from "../../lib/mechanism/instance";
import { vcgPayments } from "../../lib/mechanism/vcg-payments";
import { vcgPaymentsByResolves } from "./oracles/vcg-resolves";
import { bruteForce, smallInstance } from "./arbitraries";

describe("exact optimum", () => {
  it("solves a literal instance", () => {
    const inst = makeInstance({ weights: [5, 4, 6, 3], bids: [10, 40, 30, 50], capacity: 10 });
    const x = exactRule().allocate(inst);
    expect(Array.from(x)).toEqual([0, 1, 0, 1]);
    expect(allocationValue(inst, x)).toBe(90);
    expect(exactValue(inst)).toBe(90);
    expect(exactValue(inst, { exclude: 3 })).toBe(70);
  });

  it("equals brute force for n ≤ 16 (property)", () => {
    fc.assert(
      fc.property(smallInstance(16, 40), (inst) => {
        const x = exactRule().allocate(inst);
        expect(allocationWeight(inst, x)).toBeLessThanOrEqual(inst.capacity);
        expect(allocationValue(inst, x)).toBe(bruteForce(inst));
        expect(exactValue(inst)).toBe(bruteForce(inst));
      }),
      { numRuns: 150 },
    );
  });

  it("leaves a player out and caps the capacity on request (property)", () => {
    fc.assert(
      fc.property(smallInstance(10, 30), fc.nat(), fc.nat(), (inst, k, c) => {
        const i = k % inst.w.length;
        const capacity = 1 + (c % inst.capacity);
        const x = exactRule().allocate(inst, { exclude: i, capacity });
        expect(x[i]).toBe(0);
        expect(allocationWeight(inst, x)).toBeLessThanOrEqual(capacity);
        expect(allocationValue(inst, x)).toBe(exactValue(inst, { exclude: i, capacity }));
      }),
      { numRuns: 150 },
    );
  });

  it("rejects bad input with the house message", () => {
    expect(() => makeInstance({ weights: [0], bids: [1], capacity: 3 })).toThrow(
      /^invalid weights\[0\]: 0; expected an integer >= 1/,
    );
    expect(() => makeInstance({ weights: [1], bids: [-1], capacity: 3 })).toThrow(
      /^invalid bids\[0\]: -1; expected a finite number in \[0, Infinity\]/,
    );
    expect(() => makeInstance({ weights: [1], bids: [1, 2], capacity: 3 })).toThrow(
      /^invalid bids.length: 2; expected 1/,
    );
    expect(() => makeInstance({ weights: [1, 2.5], bids: [1, 2], capacity: 3 })).toThrow(
      /^invalid weights\[1\]: 2\.5; expected an integer >= 1 and <= 1073741824/,
    );
    expect(() => makeInstance({ weights: [1, 2], bids: [1, NaN], capacity: 3 })).toThrow(
      /^invalid bids\[1\]: NaN; expected a finite number in \[0, Infinity\]/,
    );
    expect(() => makeInstance({ weights: [1], bids: [1], rtimes: [0], capacity: 3 })).toThrow(
      /^invalid rtimes\[0\]: 0; expected a finite number in \[5e-324, Infinity\]/,
    );
    expect(() => makeInstance({ weights: [1], bids: [1], priorities: [Infinity], capacity: 3 })).toThrow(
      /^invalid priorities\[0\]: Infinity; expected a finite number$/,
    );
    // a good instance keeps its values exactly (−0 included)
    const ok = makeInstance({ weights: [3], bids: [-0], rtimes: [0.5], priorities: [-2], capacity: 3 });
    expect([ok.w[0], Object.is(ok.b[0], -0), ok.r[0], ok.priority[0]]).toEqual([3, true, 0.5, -2]);
    expect(() => makeInstance({ weights: [1], bids: [1], capacity: 0 })).toThrow(/^invalid capacity: 0/);
  });
});

describe("exact VCG payments", () => {
  it("pays the externality on a literal instance", () => {
    // W=10: optimum {1,3} = 90. Without 1: {2,3}=80 → p1 = 80 − 50 = 30. Without 3: {1,0}? 5+4=9 → 50 vs {1,...}: best 70 (w 4+6) → p3 = 70 − 40 = 30.
    const inst = makeInstance({ weights: [5, 4, 6, 3], bids: [10, 40, 30, 50], capacity: 10 });
    const v = vcgPayments(inst);
    expect(Array.from(v.p)).toEqual([0, 30, 0, 30]);
  });

  it("one pass equals the oracle of n+1 re-solves and 0 ≤ p_i ≤ b_i (property)", () => {
    fc.assert(
      fc.property(smallInstance(14, 40), fc.constantFrom("W" as const, "covered" as const), (inst, mode) => {
        const a = vcgPayments(inst, { rerunCapacity: mode });
        const b = vcgPaymentsByResolves(inst, { rerunCapacity: mode });
        expect(Array.from(a.x)).toEqual(Array.from(b.x));
        expect(Array.from(a.p)).toEqual(Array.from(b.p));
        for (let i = 0; i < a.p.length; i++) {
          expect(a.p[i]).toBeGreaterThanOrEqual(0);
          expect(a.p[i]).toBeLessThanOrEqual(inst.b[i]);
          if (!a.x[i]) expect(a.p[i]).toBe(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});
