import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  absoluteOperator,
  combinedOperator,
  paperOperators,
  relativeOperator,
} from "../../lib/operators/operator";
import {
  discordantPairs,
  randomUsers,
  redistributionOrderingTrials,
  simulateRedistribution,
  virtualTargets,
} from "../../lib/operators/ordering";
import { createRng } from "../../lib/util/rng";

const user = fc.record({
  target: fc.double({ min: 0.01, max: 1, noNaN: true }),
  state: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe("equivalence: identical orderings (§4.6)", () => {
  const [abs, rel, rel2, sig, sig2, slurm, comb] = paperOperators();
  for (const op of [rel2, sig, sig2, slurm]) {
    it(`${op.name} orders random user sets exactly as Relative`, () => {
      fc.assert(
        fc.property(fc.array(user, { minLength: 2, maxLength: 30 }), (users) => {
          expect(discordantPairs(op, rel, users)).toBe(0);
        }),
      );
    });
  }
  it("Absolute and Combined do not (a literal set, and most random sets of 20 users)", () => {
    const users = [
      { target: 0.5, state: 0.3 },
      { target: 0.1, state: 0.0 },
    ];
    // Relative: 0.4 vs 1 → user 1 first; Absolute: 0.2 vs 0.1 → user 0 first.
    expect(rel.value(0.5, 0.3)).toBeLessThan(rel.value(0.1, 0)); // 0.4 < 1: user 1 first
    expect(abs.value(0.5, 0.3)).toBeGreaterThan(abs.value(0.1, 0)); // 0.2 > 0.1: user 0 first
    expect(discordantPairs(abs, rel, users)).toBe(1);
    // Combined(0.5): (0.9, 0.5) → 0.2 + 0.0988 = 0.299 beats (0.05, 0.02) → 0.015 + 0.18 = 0.195; Relative: 0.444 < 0.6.
    expect(
      discordantPairs(comb, rel, [
        { target: 0.9, state: 0.5 },
        { target: 0.05, state: 0.02 },
      ]),
    ).toBe(1);
    const rng = createRng(7);
    let absDiffers = 0,
      combDiffers = 0;
    for (let k = 0; k < 50; k++) {
      const set = Array.from({ length: 20 }, () => ({ target: rng.uniform(0.01, 1), state: rng.next() }));
      if (discordantPairs(abs, rel, set) > 0) absDiffers++;
      if (discordantPairs(comb, rel, set) > 0) combDiffers++;
    }
    expect(absDiffers).toBeGreaterThan(40);
    expect(combDiffers).toBeGreaterThan(40);
  });
});

describe("proportional redistribution of unused share (§4.4, Eq. 15)", () => {
  const targets = [0.4, 0.3, 0.2, 0.1];
  const active = [true, false, true, true];
  it("virtual targets divide by the active sum", () => {
    expect(virtualTargets(targets, active).map((x) => +x.toFixed(12))).toEqual([
      0.571428571429, 0, 0.285714285714, 0.142857142857,
    ]);
    expect(() => virtualTargets(targets, [false, false, false, false])).toThrow(
      /^invalid active: \[false,false,false,false\]; expected at least one active user with a positive target$/,
    );
  });
  it("the Relative family converges to the virtual targets, Absolute does not", () => {
    for (const op of paperOperators().slice(1, 6))
      expect(simulateRedistribution(op, targets, active, 7000).distance).toBeLessThan(1e-3);
    // Absolute equalises t − s: shares 0.5, 0.3, 0.2 (each 0.1 above its target).
    const abs = simulateRedistribution(absoluteOperator(), targets, active, 10000);
    expect(abs.shares.map((x) => +x.toFixed(3))).toEqual([0.5, 0, 0.3, 0.2]);
  });
  it("orderings under original and virtual targets agree for Relative, not for Absolute/Combined", () => {
    expect(
      redistributionOrderingTrials(relativeOperator(), targets, active, createRng(1), 500).discordantTrials,
    ).toBe(0);
    expect(
      redistributionOrderingTrials(absoluteOperator(), targets, active, createRng(1), 500).discordantTrials,
    ).toBeGreaterThan(0);
    expect(
      redistributionOrderingTrials(combinedOperator(0.5), targets, active, createRng(1), 500)
        .discordantTrials,
    ).toBeGreaterThan(0);
  });
  it("random users are reproducible from the seed and within range", () => {
    const a = randomUsers(5, createRng(9));
    expect(randomUsers(5, createRng(9))).toEqual(a);
    for (const u of a) expect(u.target >= 0.01 && u.target < 1 && u.state >= 0 && u.state < 1).toBe(true);
    expect(() => randomUsers(-1, createRng(1))).toThrow(/^invalid n: -1;/);
  });
  it("same seed, same trials", () => {
    const a = redistributionOrderingTrials(absoluteOperator(), targets, active, createRng(3), 200);
    const b = redistributionOrderingTrials(absoluteOperator(), targets, active, createRng(3), 200);
    expect(a).toEqual(b);
  });
});
