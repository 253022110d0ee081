import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compareCrossProducts, compareKeyValues, exactFraction } from "../../lib/mechanism/exact-key";
import { greedyKey } from "../../lib/mechanism/greedy-key";
import { experiencedBid, jobBids, jobsInstance } from "../../lib/mechanism/experiments";
import { greedyOrder } from "../../lib/mechanism/greedy";
import { makeInstance } from "../../lib/mechanism/instance";
import type { JobRecord } from "../../lib/io/job-record";

const job = (id: number, nnodes: number, rtime: number, minutes = 40): JobRecord =>
  ({
    id: `j${id}`,
    type: "SIM",
    submit: 0,
    nprocs: 48 * nnodes,
    nnodes,
    minutes,
    qtime: 0,
    rtime,
    user: "",
    account: "",
  }) as JobRecord;

// A literal sample: (w, rtime) = (16, 20), (3, 7), (5, 3), (10, 4), (2, 15).
const SAMPLE = [job(0, 16, 20), job(1, 3, 7), job(2, 5, 3), job(3, 10, 4), job(4, 2, 15)];

describe("exactFraction and the key comparison", () => {
  it("float noise in the last bits disappears (1.1·50 = 55.00000000000001 reads 55); decimals are exact", () => {
    expect(1.1 * 50).not.toBe(55);
    expect(exactFraction(1.1 * 50)).toEqual([55n, 1n]);
    expect(exactFraction(0.1)).toEqual([1n, 10n]);
    expect(exactFraction(23.1)).toEqual([231n, 10n]);
    expect(exactFraction(-2.5e-7)).toEqual([-25n, 100000000n]);
    expect(exactFraction(0)).toEqual([0n, 1n]);
    expect(exactFraction(1e20)).toEqual([100000000000000000000n, 1n]);
    expect(() => exactFraction(NaN)).toThrow(/^invalid key part: NaN; expected a finite number$/);
  });
  it("doubles order keys more than 1e-9 apart; closer ones go to the cross-products", () => {
    expect(compareKeyValues(2, 1)).toBe(1);
    expect(compareKeyValues(1, 2)).toBe(-1);
    expect(compareKeyValues(1 + 2e-9, 1)).toBe(1);
    expect(compareKeyValues(1 + 1e-10, 1)).toBe(0);
    expect(compareKeyValues(0, 0)).toBe(0);
  });
  it("cross-products: whole numbers compare exactly; others tie within a relative 1e-12", () => {
    expect(compareCrossProducts(40 * 16 * 3, 40 * 3 * 16, true)).toBe(0);
    expect(compareCrossProducts(641 * 3, 120 * 16, true)).toBe(1);
    expect(compareCrossProducts(55.00000000000001, 55, false)).toBe(0);
    expect(compareCrossProducts(55.000001, 55, false)).toBe(1);
    expect(compareCrossProducts(1e15 + 1, 1e15, true)).toBe(1); // whole and safe: exact even 1e-15 apart
    expect(compareCrossProducts(2 ** 60 + 2 ** 9, 2 ** 60, true)).toBe(0); // beyond 2^53: within 1e-12
  });
  it("b/(w·rtime): 1.1·w·r over w·r ties for every w, r, whatever the float product", () => {
    const key = greedyKey("b/(w*rtime)");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3456 }),
        fc.integer({ min: 1, max: 3600 }),
        fc.integer({ min: 1, max: 3456 }),
        fc.integer({ min: 1, max: 3600 }),
        (w1, r1, w2, r2) => {
          const inst = makeInstance({
            weights: [w1, w2],
            bids: [w1 * r1 + w1 * r1 * 0.1, w2 * r2 + w2 * r2 * 0.1],
            rtimes: [r1, r2],
            capacity: 1,
          });
          expect(key.prepare(inst).compare(0, inst.b[0], 1, inst.b[1])).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("experienced bids and the 2B/4B orders on a literal sample", () => {
  it("per node (default): w·⌊1.1·rtime⌋ = 16·22, 3·7, 5·3, 10·4, 2·16; floor: ⌊1.1·w·rtime⌋ = 352, 23, 16, 44, 33", () => {
    expect(Array.from(jobBids(SAMPLE, "experienced"))).toEqual([352, 21, 15, 40, 32]);
    expect(Array.from(jobBids(SAMPLE, "experienced", { experiencedRounding: "floor" }))).toEqual([
      352, 23, 16, 44, 33,
    ]);
    expect(experiencedBid(3, 7, 0.1)).toBe(23);
    expect(experiencedBid(3, 7, 0.1, "per-node")).toBe(21);
    expect(experiencedBid(50, 1, 0.1, "per-node")).toBe(50); // ⌊1.1⌋ = 1 node·minute per node
    expect(experiencedBid(3, 7, 0.1, "none")).toBeCloseTo(23.1, 12);
  });
  it("2B, per node: keys b/(w·rtime) = 1.1, 1, 1, 1, 16/15 → 0, 4, then the three exact 1 keys by index", () => {
    expect(
      Array.from(greedyOrder(jobsInstance(SAMPLE, "experienced", 100), greedyKey("b/(w*rtime)"))),
    ).toEqual([0, 4, 1, 2, 3]);
  });
  it("4B, per node: keys b/w = ⌊1.1·rtime⌋ = 22, 7, 3, 4, 16 → 0, 4, 1, 3, 2; jobs of one run time tie whatever their width", () => {
    expect(Array.from(greedyOrder(jobsInstance(SAMPLE, "experienced", 100), greedyKey("b/w")))).toEqual([
      0, 4, 1, 3, 2,
    ]);
    const same = [job(0, 16, 19), job(1, 11, 19), job(2, 3, 19)];
    expect(Array.from(greedyOrder(jobsInstance(same, "experienced", 100), greedyKey("b/w")))).toEqual([
      0, 1, 2,
    ]);
    expect(
      Array.from(greedyOrder(jobsInstance([...same].reverse(), "experienced", 100), greedyKey("b/w"))),
    ).toEqual([0, 1, 2]);
    // floored whole bids break that tie by width: ⌊334.4⌋/16 = 20.875, ⌊229.9⌋/11 = 20.82, ⌊62.7⌋/3 = 20.67
    expect(
      Array.from(
        greedyOrder(
          jobsInstance([...same].reverse(), "experienced", 100, { experiencedRounding: "floor" }),
          greedyKey("b/w"),
        ),
      ),
    ).toEqual([2, 1, 0]);
  });
  it("2B, floor: keys b/(w·rtime) = 1.1, 23/21, 16/15, 1.1, 1.1 → the three exact 1.1 keys by index, then 23/21, 16/15", () => {
    expect(
      Array.from(
        greedyOrder(
          jobsInstance(SAMPLE, "experienced", 100, { experiencedRounding: "floor" }),
          greedyKey("b/(w*rtime)"),
        ),
      ),
    ).toEqual([0, 3, 4, 1, 2]);
  });
  it("4B, floor: keys b/w = 22, 23/3, 16/5, 4.4, 16.5 → 0, 4, 1, 3, 2", () => {
    expect(
      Array.from(
        greedyOrder(
          jobsInstance(SAMPLE, "experienced", 100, { experiencedRounding: "floor" }),
          greedyKey("b/w"),
        ),
      ),
    ).toEqual([0, 4, 1, 3, 2]);
  });
  it("2B, none: every key is exactly 1.1, so the tie rule (lower index first) orders all", () => {
    expect(
      Array.from(
        greedyOrder(
          jobsInstance(SAMPLE, "experienced", 100, { experiencedRounding: "none" }),
          greedyKey("b/(w*rtime)"),
        ),
      ),
    ).toEqual([0, 1, 2, 3, 4]);
    // Reversing the job order reverses the 2B order: nothing but the index decides.
    const rev = [...SAMPLE].reverse();
    expect(
      Array.from(
        greedyOrder(
          jobsInstance(rev, "experienced", 100, { experiencedRounding: "none" }),
          greedyKey("b/(w*rtime)"),
        ),
      ),
    ).toEqual([0, 1, 2, 3, 4]);
  });
  it("4B, none: keys 1.1·rtime = 22, 7.7, 3.3, 4.4, 16.5 → 0, 4, 1, 3, 2", () => {
    expect(
      Array.from(
        greedyOrder(
          jobsInstance(SAMPLE, "experienced", 100, { experiencedRounding: "none" }),
          greedyKey("b/w"),
        ),
      ),
    ).toEqual([0, 4, 1, 3, 2]);
  });
  it("refuses an unknown rounding", () => {
    expect(() => jobBids(SAMPLE, "experienced", { experiencedRounding: "ceil" as "floor" })).toThrow(
      /^invalid experiencedRounding: "ceil"/,
    );
  });
});

describe("property: greedyOrder is the exact rational order, ties by index", () => {
  it("for integer weights, bids and run times, consecutive players satisfy b_i·w_j·r_j ≥ b_j·w_i·r_i, with equality only in index order", () => {
    const arb = fc.array(
      fc.record({
        w: fc.integer({ min: 1, max: 50 }),
        b: fc.integer({ min: 0, max: 500 }),
        r: fc.integer({ min: 1, max: 30 }),
      }),
      { minLength: 1, maxLength: 25 },
    );
    fc.assert(
      fc.property(arb, fc.boolean(), (players, byRtime) => {
        const inst = makeInstance({
          weights: players.map((p) => p.w),
          bids: players.map((p) => p.b),
          rtimes: players.map((p) => p.r),
          capacity: 100,
        });
        const order = Array.from(greedyOrder(inst, greedyKey(byRtime ? "b/(w*rtime)" : "b/w")));
        for (let k = 1; k < order.length; k++) {
          const i = order[k - 1],
            j = order[k];
          const ri = byRtime ? players[i].r : 1,
            rj = byRtime ? players[j].r : 1;
          const left = BigInt(players[i].b * players[j].w * rj),
            right = BigInt(players[j].b * players[i].w * ri);
          expect(left >= right).toBe(true);
          if (left === right) expect(i).toBeLessThan(j);
        }
      }),
      { numRuns: 200 },
    );
  });
});
