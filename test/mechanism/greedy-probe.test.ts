import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { greedyOrder, greedyRule, type GreedyRule } from "../../lib/mechanism/greedy";
import { greedyBidProbes } from "../../lib/mechanism/greedy-probe";
import { criticalPayments } from "../../lib/mechanism/critical-payments";
import { makeInstance, type Instance } from "../../lib/mechanism/instance";
import { priorityRule } from "../../lib/mechanism/priority";
import { smallInstance } from "./arbitraries";
import { criticalPaymentsByScans, greedyWinsWithBid } from "./oracles/greedy-wins";

/** Instances full of key ties: keys from a small set, bids k·w (or k·w·r), optionally ×1.1 (not whole). */
function tieInstance(maxN = 14, maxCap = 40): fc.Arbitrary<Instance> {
  return fc
    .record({
      capacity: fc.integer({ min: 1, max: maxCap }),
      players: fc.array(
        fc.record({
          w: fc.integer({ min: 1, max: maxCap }),
          k: fc.integer({ min: 0, max: 4 }),
          r: fc.integer({ min: 1, max: 5 }),
        }),
        { minLength: 1, maxLength: maxN },
      ),
      byR: fc.boolean(),
      scale: fc.constantFrom(1, 1.1, 0.3),
    })
    .map(({ capacity, players, byR, scale }) => {
      const w = players.map((p) => Math.min(p.w, capacity));
      return makeInstance({
        capacity,
        weights: w,
        rtimes: players.map((p) => p.r),
        bids: players.map((p, i) => (byR ? scale * w[i] * p.r : w[i] * scale) * p.k),
      });
    });
}

const rules = fc
  .record({ useR: fc.boolean(), skip: fc.boolean(), fallback: fc.boolean() })
  .map(({ useR, skip, fallback }) => greedyRule({ key: useR ? "b/(w*rtime)" : "b/w", skip, fallback }));

/** Every probe of a bisection from b_i down (the bids criticalPayments asks about), plus tie bids. */
function probeBids(inst: Instance, rule: GreedyRule, i: number): number[] {
  const out = [0, inst.b[i], inst.b[i] * 2 + 1];
  for (let j = 0; j < inst.w.length; j++)
    out.push(
      inst.b[j],
      (inst.b[j] / inst.w[j]) * inst.w[i],
      rule.key.source === "b/w" ? inst.b[j] : (inst.b[j] / (inst.w[j] * inst.r[j])) * inst.w[i] * inst.r[i],
    );
  const order = greedyOrder(inst, rule.key);
  const keys = rule.key.prepare(inst).keys;
  let lo = 0,
    hi = inst.b[i];
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    out.push(mid);
    if (greedyWinsWithBid(rule, inst, order, keys, i, mid)) hi = mid;
    else lo = mid;
  }
  return out;
}

describe("greedyBidProbes", () => {
  it("answers like the oracle's O(n) scan for every bid (property: random and tie-heavy instances, every rule variant)", () => {
    fc.assert(
      fc.property(fc.oneof(smallInstance(12, 30), tieInstance()), rules, (inst, rule) => {
        const order = greedyOrder(inst, rule.key);
        const keys = rule.key.prepare(inst).keys;
        const probes = greedyBidProbes(rule, inst);
        for (let i = 0; i < inst.w.length; i++) {
          const probe = probes(i);
          for (const z of probeBids(inst, rule, i))
            expect(probe(z)).toBe(greedyWinsWithBid(rule, inst, order, keys, i, z));
        }
      }),
      { numRuns: 150 },
    );
  });

  it("finds the place of a tied bid by the lower index, as the scan does", () => {
    // All keys b/w = 10; capacity 4 holds two of the four. Player 2 bidding 10·w ties with everyone:
    // it goes after 0 and 1 (lower indices) and before 3, so with 0 and 1 picked it does not fit.
    const inst = makeInstance({ weights: [2, 2, 2, 2], bids: [20, 20, 20, 20], capacity: 4 });
    const rule = greedyRule({ fallback: false });
    const probe = greedyBidProbes(rule, inst)(2);
    expect(probe(20)).toBe(false);
    expect(probe(20.000001)).toBe(true);
    expect(greedyBidProbes(rule, inst)(0)(20)).toBe(true);
  });
});

describe("criticalPayments against the oracle: the bisection over full scans (criticalPaymentsByScans)", () => {
  it("gives the same payments to the last bit (property)", () => {
    fc.assert(
      fc.property(fc.oneof(smallInstance(12, 30), tieInstance()), rules, (inst, rule) => {
        const a = criticalPayments(rule, inst);
        const b = criticalPaymentsByScans(rule, inst);
        expect(Array.from(a, (v) => (Object.is(v, -0) ? "-0" : v))).toEqual(
          Array.from(b, (v) => (Object.is(v, -0) ? "-0" : v)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same payments for the priority list, whose order is sorted once (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(10, 30),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 10, maxLength: 10 }),
        fc.boolean(),
        (i, pr, skip) => {
          const inst = { ...i, priority: Float64Array.from(pr.slice(0, i.w.length)) };
          expect(Array.from(criticalPayments(priorityRule({ skip }), inst))).toEqual(
            Array.from(criticalPaymentsByScans(priorityRule({ skip }), inst)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives the literal critical bids of a small instance", () => {
    // keys b/w: 2, 10, 5, 16.67; halting greedy picks 3 and 1 (7 of 10 nodes), then 2 (6) halts.
    // Player 1 keeps its place while its key stays above player 2's (5): critical bid 4·5 = 20,
    // and above 20 its set {3, 1} (value 50 + b) beats the best single bid 50.
    const inst = makeInstance({ weights: [5, 4, 6, 3], bids: [10, 40, 30, 50], capacity: 10 });
    const p = criticalPayments(greedyRule(), inst);
    expect(p[0]).toBe(0);
    expect(p[2]).toBe(0);
    expect(p[1]).toBeCloseTo(20, 9);
    expect(p[1]).toBe(criticalPaymentsByScans(greedyRule(), inst)[1]);
    expect(p[3]).toBe(criticalPaymentsByScans(greedyRule(), inst)[3]);
  });

  it("refuses a non-monotone rule", () => {
    const rule = {
      kind: "custom" as const,
      name: "odd",
      monotone: false,
      allocate: (i: Instance) => new Uint8Array(i.w.length),
    };
    const inst = makeInstance({ weights: [1], bids: [1], capacity: 1 });
    expect(() => criticalPayments(rule, inst)).toThrow(/^invalid rule: "odd"; expected a monotone rule/);
  });
});
