import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clarkePayments } from "../../lib/mechanism/clarke-payments";
import { exactRule } from "../../lib/mechanism/exact";
import { greedyRule } from "../../lib/mechanism/greedy";
import type { Instance } from "../../lib/mechanism/instance";
import { firstPrinted } from "../../lib/scorecard/tiers";
import { thesisColumn } from "../../lib/scorecard/mechanism-rows";
import { smallInstance } from "../mechanism/arbitraries";

const positive = smallInstance(9, 30).filter((i) => Array.from(i.b).every((b) => b >= 1));
const leftoverFits = (inst: Instance, x: Uint8Array) => {
  let used = 0;
  for (let i = 0; i < x.length; i++) used += x[i] * inst.w[i];
  return Array.from(x).some((xi, i) => !xi && inst.w[i] <= inst.capacity - used);
};

// Each identity of lib/scorecard/tiers.ts is a theorem of the model; these properties check it.
describe("the identities hold on every instance", () => {
  it("VCG charges no winner more than her bid, and never pays one (PM_1A = 0, NC_1A = 0)", () => {
    fc.assert(
      fc.property(positive, fc.constantFrom("covered" as const, "W" as const), (inst, rerunCapacity) => {
        const x = exactRule().allocate(inst);
        const p = clarkePayments(exactRule(), inst, x, { rerunCapacity });
        for (let i = 0; i < x.length; i++) {
          expect(p[i]).toBeGreaterThanOrEqual(0);
          if (x[i]) expect(p[i]).toBeLessThanOrEqual(inst.b[i]);
        }
      }),
      { numRuns: 200 },
    );
  });
  it("the halting greedy never pays a winner (NC = 0), either key, either re-run capacity", () => {
    fc.assert(
      fc.property(
        positive,
        fc.constantFrom("b/w", "b/(w*rtime)"),
        fc.constantFrom("covered" as const, "W" as const),
        (inst, key, rerunCapacity) => {
          const rule = greedyRule({ key });
          for (const v of clarkePayments(rule, inst, undefined, { rerunCapacity }))
            expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("the halting greedy by b/w with the re-run capped at the covered nodes charges no winner more than her bid (PM_1B = PM_4B = 0) where its own solution beats the highest single bid", () => {
    fc.assert(
      fc.property(positive, (inst) => {
        const rule = greedyRule({ key: "b/w" });
        const x = rule.allocate(inst);
        // where the fallback to the single highest bidder wins, the re-run may refill her nodes better
        const own = greedyRule({ key: "b/w", fallback: false }).allocate(inst);
        fc.pre(Array.from(own).every((v, i) => v === x[i]));
        const p = clarkePayments(rule, inst, x, { rerunCapacity: "covered" });
        for (let i = 0; i < x.length; i++) if (x[i]) expect(p[i]).toBeLessThanOrEqual(inst.b[i]);
      }),
      { numRuns: 300 },
    );
  });
  it("the optimum leaves no free nodes an unselected job fits (TW_1A = W when such jobs exist)", () => {
    fc.assert(
      fc.property(positive, (inst) => {
        expect(leftoverFits(inst, exactRule().allocate(inst))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe("tiers", () => {
  it("a repeated column has the same published values as where it first appears", () => {
    for (const [t, c] of [
      [19, "TV_1B1"],
      [24, "TV_4B1"],
      [25, "TP_1B1"],
      [27, "NC_4B1"],
    ] as const) {
      const first = firstPrinted(t, c)!;
      expect(thesisColumn(t, c)).toEqual(thesisColumn(first.table, first.column));
    }
    expect(firstPrinted(10, "TV_1B")).toBeUndefined();
  });
});
