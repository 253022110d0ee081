/**
 * Greedy key formulas against their definitions: the thesis's two keys against the fixed-ratio
 * oracle (oracles/ratio-greedy.ts), any exact key c·b^p·Π s^e against cross-products in BigInt
 * (exact for whole numbers, so a tie is a tie), any other key against sorting its plain value.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { greedyKey } from "../../lib/mechanism/greedy-key";
import { greedyRule, greedyOrder } from "../../lib/mechanism/greedy";
import { criticalPayments } from "../../lib/mechanism/critical-payments";
import { makeInstance, type Instance } from "../../lib/mechanism/instance";
import { smallInstance } from "./arbitraries";
import { ratioGreedy, ratioOrder } from "./oracles/ratio-greedy";

/** Players by decreasing b·w^-2 compared as whole-number cross-products b_a·w_c² vs b_c·w_a², ties by index. */
function byBigIntCross(inst: Instance): number[] {
  const big = (v: number) => BigInt(v);
  return Array.from({ length: inst.w.length }, (_, i) => i).sort((a, c) => {
    const l = big(inst.b[c]) * big(inst.w[a]) ** 2n,
      r = big(inst.b[a]) * big(inst.w[c]) ** 2n;
    return l === r ? a - c : l > r ? 1 : -1;
  });
}

describe("greedy key formulas", () => {
  it("b/w and b/(w*rtime) order and allocate as the fixed-ratio oracle, ties and unrounded bids included (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(14, 30),
        fc.constantFrom(1, 1.1, 0.3),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (i, scale, useR, skip, fallback) => {
          // bids on a few key levels, so equal keys are common
          const inst = { ...i, b: i.b.map((v, j) => (v % 3) * i.w[j] * (useR ? i.r[j] : 1) * scale) };
          const formula = useR ? "b/(w*rtime)" : "b/w";
          const ratio = useR ? "b/(w·rtime)" : "b/w";
          expect(Array.from(greedyOrder(inst, greedyKey(formula)))).toEqual(ratioOrder(inst, ratio));
          expect(Array.from(greedyRule({ key: formula, skip, fallback }).allocate(inst))).toEqual(
            ratioGreedy(inst, ratio, skip, fallback),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("b/w^2 orders as its whole-number cross-products: equal keys tie and go by index (property)", () => {
    fc.assert(
      fc.property(smallInstance(14, 30), fc.boolean(), (i, onLevels) => {
        // on levels: b = k·w², so many keys are exactly equal
        const inst = onLevels ? { ...i, b: i.b.map((v, j) => (v % 3) * i.w[j] * i.w[j]) } : i;
        const key = greedyKey("b/w^2");
        expect(key.exact).toBe(true);
        expect(Array.from(greedyOrder(inst, key))).toEqual(byBigIntCross(inst));
      }),
      { numRuns: 400 },
    );
  });

  it("a key outside the product form orders by its value, ties by index (property)", () => {
    fc.assert(
      fc.property(smallInstance(14, 30), (inst) => {
        const key = greedyKey("log(1 + b) / (w + rtime)");
        expect(key.exact).toBe(false);
        const value = (j: number) => Math.log(1 + inst.b[j]) / (inst.w[j] + inst.r[j]);
        const want = Array.from({ length: inst.w.length }, (_, j) => j).sort((a, c) => {
          const d = value(c) - value(a);
          return Math.abs(d) > 1e-9 * Math.max(value(a), value(c)) ? d : a - c;
        });
        expect(Array.from(greedyOrder(inst, key))).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });

  it("says which keys are monotone in the bid, and critical payments follow", () => {
    expect(greedyKey("b/w^2").monotone).toBe(true);
    expect(greedyKey("2*b*rtime/w").monotone).toBe(true);
    expect(greedyKey("w").monotone).toBe(true); // constant in the bid
    expect(greedyKey("-b/w").monotone).toBe(false);
    expect(greedyKey("log(1 + b)/w").monotone).toBe(false); // claims nothing outside the product form
    const inst = makeInstance({ weights: [1, 2], bids: [3, 8], capacity: 2 });
    expect(() => criticalPayments(greedyRule({ key: "log(1 + b)/w" }), inst)).toThrow(/monotone/);
    expect(() => criticalPayments(greedyRule({ key: "b/w^2" }), inst)).not.toThrow();
  });

  it("names the missing column when a key reads planned minutes the instance lacks", () => {
    const inst = makeInstance({ weights: [1, 2], bids: [3, 8], capacity: 2 });
    expect(() => greedyRule({ key: "b/min" }).allocate(inst)).toThrow(
      /^invalid key: "b\/min" reads min \(planned minutes\), which this instance lacks/,
    );
    const withMinutes = makeInstance({ weights: [1, 2], bids: [3, 8], minutes: [3, 2], capacity: 2 });
    expect(Array.from(greedyRule({ key: "b/min" }).allocate(withMinutes))).toEqual([0, 1]); // 1 vs 4
  });
});
