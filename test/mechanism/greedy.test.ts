import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { greedyRule, greedyOrder } from "../../lib/mechanism/greedy";
import { greedyKey } from "../../lib/mechanism/greedy-key";
import { greedyWinsWithBid } from "./oracles/greedy-wins";
import { allocationValue, allocationWeight, makeInstance, withBid } from "../../lib/mechanism/instance";
import { priorityRule, thesisPriorities } from "../../lib/mechanism/priority";
import { createRng } from "../../lib/util/rng";
import { bruteForce, smallInstance } from "./arbitraries";

describe("greedy rule", () => {
  // keys b/w: 2, 10, 5, 16.67 → order 3, 1, 2, 0
  const inst = makeInstance({
    weights: [5, 4, 6, 3],
    bids: [10, 40, 30, 50],
    capacity: 10,
    rtimes: [1, 10, 1, 1],
  });

  it("sorts by b/w and halts at the first job that does not fit", () => {
    expect(Array.from(greedyOrder(inst, greedyKey("b/w")))).toEqual([3, 1, 2, 0]);
    expect(Array.from(greedyRule().allocate(inst))).toEqual([0, 1, 0, 1]); // 3, 1 fit (7), 2 does not → halt
  });

  it("the modified greedy skips non-fitting jobs", () => {
    const i2 = makeInstance({ weights: [5, 4, 6, 2], bids: [10, 40, 30, 50], capacity: 10 });
    expect(Array.from(greedyRule().allocate(i2))).toEqual([0, 1, 0, 1]);
    expect(Array.from(greedyRule({ skip: true }).allocate(i2))).toEqual([0, 1, 0, 1]);
    const i3 = makeInstance({ weights: [3, 8, 2], bids: [30, 40, 1], capacity: 10 });
    // keys 10, 5, 0.5: halting takes 0 then stops at 1; skipping also takes 2
    expect(Array.from(greedyRule({ fallback: false }).allocate(i3))).toEqual([1, 0, 0]);
    expect(Array.from(greedyRule({ skip: true, fallback: false }).allocate(i3))).toEqual([1, 0, 1]);
  });

  it("falls back to the single highest bidder", () => {
    const i4 = makeInstance({ weights: [1, 10], bids: [2, 10], capacity: 10 });
    // keys 2, 1 → greedy takes 0 (value 2) and halts; the highest bidder alone (10) is better
    expect(Array.from(greedyRule().allocate(i4))).toEqual([0, 1]);
    expect(Array.from(greedyRule({ fallback: false }).allocate(i4))).toEqual([1, 0]);
  });

  it("can sort by b/(w·rtime)", () => {
    // keys 2, 1, 5, 16.67
    expect(Array.from(greedyOrder(inst, greedyKey("b/(w*rtime)")))).toEqual([3, 2, 0, 1]);
    expect(Array.from(greedyRule({ key: "b/(w*rtime)" }).allocate(inst))).toEqual([0, 0, 1, 1]);
  });

  it("sorts by any key formula: b/w² puts the narrow job first where b/w does not", () => {
    // player 0: w = 1, b = 2; player 1: w = 3, b = 9 → b/w = 2, 3; b/w² = 2, 1; w = 1, 3
    const two = makeInstance({ weights: [1, 3], bids: [2, 9], capacity: 3 });
    expect(Array.from(greedyOrder(two, greedyKey("b/w")))).toEqual([1, 0]);
    expect(Array.from(greedyOrder(two, greedyKey("b/w^2")))).toEqual([0, 1]);
    expect(Array.from(greedyOrder(two, greedyKey("w")))).toEqual([1, 0]); // widest first, bids ignored
    expect(Array.from(greedyRule({ key: "b/w^2" }).allocate(two))).toEqual([0, 1]); // 0 (2), 1 does not fit; 9 > 2
    expect(Array.from(greedyRule({ key: "b/w^2", fallback: false }).allocate(two))).toEqual([1, 0]);
    expect(greedyRule({ key: "b/w^2", skip: true }).name).toBe("greedy b/w^2 skip+fallback");
  });

  it("refuses a key formula that does not compile, naming the symbol", () => {
    expect(() => greedyRule({ key: "b/x" })).toThrow(
      /^invalid key: "b\/x"; unknown symbol "x"; expected an expression in b, w, min, rtime$/,
    );
    expect(() => greedyRule({ key: "b/(w·rtime)" })).toThrow(/^invalid key: "b\/\(w·rtime\)"; syntax error/);
  });

  it("greedy + fallback reaches at least half the optimum (property)", () => {
    fc.assert(
      fc.property(smallInstance(12, 30), fc.boolean(), (i, useR) => {
        const x = greedyRule({ key: useR ? "b/(w*rtime)" : "b/w" }).allocate(i);
        expect(allocationWeight(i, x)).toBeLessThanOrEqual(i.capacity);
        if (!useR) expect(2 * allocationValue(i, x)).toBeGreaterThanOrEqual(bruteForce(i));
      }),
      { numRuns: 200 },
    );
  });

  it("greedy + fallback reaches 1 − β of the optimum when every w_i ≤ β·W, β ≤ ½ (property)", () => {
    fc.assert(
      fc.property(smallInstance(14, 40), (i) => {
        const beta = Math.max(...i.w) / i.capacity;
        if (beta > 0.5) return;
        const x = greedyRule().allocate(i);
        expect(allocationValue(i, x)).toBeGreaterThanOrEqual((1 - beta) * bruteForce(i) - 1e-9);
      }),
      { numRuns: 300 },
    );
  });

  it("the greedy (halting or skipping, either key) is monotone in each bid (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(10, 30),
        fc.nat(),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.boolean(),
        fc.boolean(),
        (i, k, raise, useR, skip) => {
          const rule = greedyRule({ key: useR ? "b/(w*rtime)" : "b/w", skip });
          const p = k % i.w.length;
          const x = rule.allocate(i);
          if (!x[p]) return;
          expect(rule.allocate(withBid(i, p, i.b[p] + raise))[p]).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("greedyWinsWithBid (the oracle of the O(log n) probes)", () => {
  it("agrees with re-running the rule at the new bid (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(9, 20),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (i, k, zpick, useR, skip, fallback) => {
          const rule = greedyRule({ key: useR ? "b/(w*rtime)" : "b/w", skip, fallback });
          const p = k % i.w.length;
          // probe ties as well: other players' bids and key-equal bids
          const j = zpick % i.w.length;
          const cands = [0, i.b[p] / 2, i.b[j], (i.b[j] / i.w[j]) * i.w[p], i.b[p] * 3 + 1];
          const order = greedyOrder(i, rule.key);
          const keys = rule.key.prepare(i).keys;
          for (const z of cands)
            expect(greedyWinsWithBid(rule, i, order, keys, p, z)).toBe(
              rule.allocate(withBid(i, p, z))[p] === 1,
            );
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("priority rule", () => {
  it("draws thesis priorities from the seeded stream", () => {
    const a = thesisPriorities([3456, 1], 3456, createRng(5));
    const b = thesisPriorities([3456, 1], 3456, createRng(5));
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a[0]).toBeGreaterThanOrEqual(10001);
    expect(a[0]).toBeLessThanOrEqual(20000);
    expect(a[1]).toBeGreaterThan(1);
    expect(a[1]).toBeLessThanOrEqual(10001);
  });

  it("allocates in priority order, skipping by default", () => {
    const inst = makeInstance({ weights: [6, 6, 2], bids: [1, 100, 1], capacity: 10, priorities: [3, 2, 1] });
    expect(Array.from(priorityRule().allocate(inst))).toEqual([1, 0, 1]);
    expect(Array.from(priorityRule({ skip: false }).allocate(inst))).toEqual([1, 0, 0]);
  });

  it("needs priorities", () => {
    const inst = makeInstance({ weights: [1], bids: [1], capacity: 1 });
    expect(() => priorityRule().allocate(inst)).toThrow(
      /^invalid instance priorities: 0; expected 1 priorities/,
    );
  });
});

describe("greedyOrder against sorting with the key's whole comparison alone", () => {
  it("gives the same order, ties and unrounded bids included (property)", () => {
    fc.assert(
      fc.property(smallInstance(14, 30), fc.constantFrom(1, 1.1, 0.3), fc.boolean(), (i, scale, useR) => {
        const key = greedyKey(useR ? "b/(w*rtime)" : "b/w");
        const inst = { ...i, b: i.b.map((v, j) => (v % 3) * i.w[j] * (useR ? i.r[j] : 1) * scale) };
        const pk = key.prepare(inst);
        const plain = Int32Array.from({ length: inst.w.length }, (_, k) => k).sort(
          (a, c) => pk.compare(c, inst.b[c], a, inst.b[a]) || a - c,
        );
        expect(Array.from(greedyOrder(inst, key))).toEqual(Array.from(plain));
      }),
      { numRuns: 300 },
    );
  });
});
