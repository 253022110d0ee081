import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clarkePayments } from "../../lib/mechanism/clarke-payments";
import { criticalPayments } from "../../lib/mechanism/critical-payments";
import { exactRule } from "../../lib/mechanism/exact";
import { greedyRule } from "../../lib/mechanism/greedy";
import { cheapestFirstRule } from "../../lib/mechanism/games";
import { makeInstance, withBid } from "../../lib/mechanism/instance";
import { type PaymentFunction, paymentApplies, runMechanism } from "../../lib/mechanism/mechanism";
import { priorityRule } from "../../lib/mechanism/priority";
import { vcgPayments } from "../../lib/mechanism/vcg-payments";
import { smallInstance } from "./arbitraries";
import { clarkePaymentsByReruns } from "./oracles/clarke-reruns";

describe("Clarke-pivot re-run", () => {
  it("computes the thesis's payment for the greedy on a literal instance", () => {
    // keys 2, 10, 5, 16.67; greedy {3, 1} (w 7, value 90). Covered = 7.
    const inst = makeInstance({ weights: [5, 4, 6, 3], bids: [10, 40, 30, 50], capacity: 10 });
    // Without 3 (cap 7): order 1, 2 → 1 fits (4), 2 (6) does not → {1}=40; fallback best single 40 → p3 = 40 − 40 = 0.
    // Without 1 (cap 7): 3 fits (3), 2 (6) does not → {3}=50 → p1 = 50 − 50 = 0.
    expect(Array.from(clarkePayments(greedyRule(), inst))).toEqual([0, 0, 0, 0]);
    // With W = 10: without 3 → {1, 2} = 70 → p3 = 70 − 40 = 30; without 1 → {3, 2} = 80 → p1 = 80 − 50 = 30.
    expect(Array.from(clarkePayments(greedyRule(), inst, undefined, { rerunCapacity: "W" }))).toEqual([
      0, 30, 0, 30,
    ]);
  });

  it("equals VCG for the exact rule (property)", () => {
    fc.assert(
      fc.property(smallInstance(10, 30), (inst) => {
        expect(Array.from(clarkePayments(exactRule(), inst, undefined, { rerunCapacity: "W" }))).toEqual(
          Array.from(vcgPayments(inst).p),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("generic re-run and the greedy shortcut agree with allocate(exclude)", () => {
    const inst = makeInstance({ weights: [2, 3, 4, 5, 1], bids: [9, 8, 20, 11, 1], capacity: 8 });
    const rule = greedyRule({ skip: true });
    const x = rule.allocate(inst);
    const p = clarkePayments(rule, inst, x, { rerunCapacity: "W" });
    const value = x.reduce((s, xi, i) => s + (xi ? inst.b[i] : 0), 0);
    for (let i = 0; i < x.length; i++) {
      if (!x[i]) continue;
      const xi = rule.allocate(inst, { exclude: i });
      const others = xi.reduce((s, v, j) => s + (v ? inst.b[j] : 0), 0);
      expect(p[i]).toBe(others - (value - inst.b[i]));
    }
  });

  it("equals the oracle (the rule re-run without each winner), for whole and unrounded bids (property: greedy and priority lists, halting and skipping)", () => {
    fc.assert(
      fc.property(
        smallInstance(12, 30),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("covered" as const, "W" as const),
        fc.constantFrom(1, 1.1, 0.3),
        (i, pr, kind, skip, fallback, rerunCapacity, scale) => {
          const inst = {
            ...i,
            b: i.b.map((v) => v * scale),
            priority: Float64Array.from(pr.slice(0, i.w.length)),
          };
          const rule =
            kind === 0
              ? priorityRule({ skip })
              : greedyRule({ key: kind % 2 ? "b/w" : "b/(w*rtime)", skip, fallback });
          const p = clarkePayments(rule, inst, undefined, { rerunCapacity });
          expect(Array.from(p, (v) => (Object.is(v, -0) ? "-0" : v))).toEqual(
            Array.from(clarkePaymentsByReruns(rule, inst, rerunCapacity), (v) =>
              Object.is(v, -0) ? "-0" : v,
            ),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never pays a winner under the halting priority rule (property)", () => {
    // Halting: removing a winner leaves the prefix and more room, so the others never lose value.
    fc.assert(
      fc.property(
        smallInstance(10, 30),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 10, maxLength: 10 }),
        (i, pr) => {
          const inst = { ...i, priority: Float64Array.from(pr.slice(0, i.w.length)) };
          const p = clarkePayments(priorityRule({ skip: false }), inst, undefined, { rerunCapacity: "W" });
          for (const v of p) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("critical payments", () => {
  it("are 0 under the priority rule (the order ignores bids)", () => {
    const inst = makeInstance({ weights: [6, 6, 2], bids: [5, 100, 7], capacity: 10, priorities: [3, 2, 1] });
    expect(Array.from(criticalPayments(priorityRule(), inst))).toEqual([0, 0, 0]);
  });

  it("refuse a non-monotone rule", () => {
    const inst = makeInstance({ weights: [1], bids: [1], capacity: 1 });
    expect(() => criticalPayments(cheapestFirstRule(), inst)).toThrow(
      /^invalid rule: "cheapest b\/w first \(non-monotone\)"; expected a monotone rule/,
    );
  });

  it("a winner wins at critical + ε and loses at critical − ε (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(10, 30),
        fc.constantFrom("b/w", "b/(w*rtime)", "exact"),
        fc.boolean(),
        (inst, kind, skip) => {
          const rule = kind === "exact" ? exactRule() : greedyRule({ key: kind, skip });
          const x = rule.allocate(inst);
          const p = criticalPayments(rule, inst, x);
          for (let i = 0; i < x.length; i++) {
            if (!x[i]) {
              expect(p[i]).toBe(0);
              continue;
            }
            const eps = 1e-6 * Math.max(1, inst.b[i]);
            expect(p[i]).toBeGreaterThanOrEqual(0);
            expect(p[i]).toBeLessThanOrEqual(inst.b[i] + 1e-9);
            expect(rule.allocate(withBid(inst, i, p[i] + eps))[i]).toBe(1);
            if (p[i] - eps >= 0) expect(rule.allocate(withBid(inst, i, p[i] - eps))[i]).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("runMechanism", () => {
  it("refuses VCG for a greedy rule", () => {
    const inst = makeInstance({ weights: [1], bids: [1], capacity: 1 });
    expect(() => runMechanism({ rule: greedyRule(), payment: "vcg" }, inst)).toThrow(
      /^invalid payment: "vcg"; expected "clarke" or "critical"/,
    );
  });
});

describe("runMechanism with the exact rule (one DP table pair)", () => {
  it("gives the allocation and payments of allocate + clarkePayments / criticalPayments (property)", () => {
    fc.assert(
      fc.property(
        smallInstance(10, 30),
        fc.constantFrom("covered" as const, "W" as const),
        fc.constantFrom(1, 1.1),
        (i, rerunCapacity, scale) => {
          const inst = { ...i, b: i.b.map((v) => v * scale) };
          const rule = exactRule();
          const x = rule.allocate(inst);
          const clarke = runMechanism({ rule, payment: "clarke", clarke: { rerunCapacity } }, inst);
          expect(Array.from(clarke.x)).toEqual(Array.from(x));
          expect(Array.from(clarke.p)).toEqual(Array.from(clarkePayments(rule, inst, x, { rerunCapacity })));
          const critical = runMechanism({ rule, payment: "critical" }, inst);
          expect(Array.from(critical.x)).toEqual(Array.from(x));
          expect(Array.from(critical.p)).toEqual(Array.from(criticalPayments(rule, inst, x)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses an unknown rerun capacity by name", () => {
    const inst = makeInstance({ weights: [1], bids: [1], capacity: 1 });
    expect(() =>
      runMechanism({ rule: exactRule(), payment: "clarke", clarke: { rerunCapacity: "all" as "W" } }, inst),
    ).toThrow(/^invalid rerunCapacity: "all"; expected/);
  });
});

describe("one's own payment rule (PaymentFunction)", () => {
  // the Clarke pivot from its definition: what the others lose by i's presence, the rule re-run
  // without i on the whole machine
  const pivot: PaymentFunction = {
    name: "pivot by definition",
    pay(rule, inst, x) {
      const others = (y: Uint8Array, i: number) =>
        y.reduce((s, yj, j) => s + (yj && j !== i ? inst.b[j] : 0), 0);
      return Float64Array.from(x, (xi, i) =>
        xi ? others(rule.allocate(inst, { exclude: i }), i) - others(x, i) : 0,
      );
    },
  };

  it("runs beside the built-in rules: the pivot written from its definition is VCG on the exact rule (property)", () => {
    fc.assert(
      fc.property(smallInstance(8, 20), (inst) => {
        const own = runMechanism({ rule: exactRule(), payment: pivot }, inst);
        const vcg = runMechanism({ rule: exactRule(), payment: "vcg" }, inst);
        expect(Array.from(own.x)).toEqual(Array.from(vcg.x));
        own.p.forEach((p, i) => expect(p).toBeCloseTo(vcg.p[i], 9));
      }),
      { numRuns: 100 },
    );
  });

  it("applies where it says, and refuses a built-in name, a missing pay and a wrong payment vector by name", () => {
    const inst = makeInstance({ weights: [2, 3], bids: [4, 9], capacity: 4 });
    const monotoneOnly: PaymentFunction = { ...pivot, applies: (rule) => rule.monotone };
    expect(paymentApplies(greedyRule(), monotoneOnly)).toBe(greedyRule().monotone);
    expect(paymentApplies(greedyRule(), pivot)).toBe(true);
    expect(() => runMechanism({ rule: greedyRule(), payment: { ...pivot, name: "clarke" } }, inst)).toThrow(
      /^invalid payment: "clarke"; expected one of "clarke", "vcg", "critical", "first-price", or \{ name, pay\(rule, inst, x\) \} with a name of its own$/,
    );
    expect(() =>
      runMechanism({ rule: greedyRule(), payment: { name: "short", pay: () => new Float64Array(1) } }, inst),
    ).toThrow(/^invalid payments of short: \[0\]; expected a Float64Array of 2 finite payments$/);
    expect(() => runMechanism({ rule: greedyRule(), payment: { name: "none" } as never }, inst)).toThrow(
      /^invalid payment: "none"; expected one of/,
    );
  });
});
