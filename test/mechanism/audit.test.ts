import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { auditMechanism } from "../../lib/mechanism/audit";
import { exactRule } from "../../lib/mechanism/exact";
import { greedyRule } from "../../lib/mechanism/greedy";
import { makeInstance, withBid } from "../../lib/mechanism/instance";
import { runMechanism } from "../../lib/mechanism/mechanism";
import { smallInstance } from "./arbitraries";

describe("auditor", () => {
  // Modified greedy, W = 10: keys 3.375, 3.6, 0.5 → takes 1, skips 0, takes 2 (value 19); the
  // fallback to player 0 (27) wins and she pays 19 (utility 8). Bidding 28.8 ties her key with
  // player 1 and puts her first: {0, 2}, and the Clarke re-run charges only 18 (utility 9).
  const inst = makeInstance({ weights: [8, 5, 2], bids: [27, 18, 1], capacity: 10 });

  it("finds a profitable misreport for the modified greedy with Clarke payments", () => {
    for (const rerunCapacity of ["covered", "W"] as const) {
      const mech = {
        rule: greedyRule({ skip: true }),
        payment: "clarke" as const,
        clarke: { rerunCapacity },
      };
      const rep = auditMechanism(mech, inst);
      const w = rep.profitable.find((d) => d.player === 0);
      expect(w).toBeDefined();
      expect(w!.truthfulUtility).toBeCloseTo(8, 9);
      expect(w!.deviationUtility).toBeGreaterThan(w!.truthfulUtility);
      // the witness is genuine
      const o = runMechanism(mech, withBid(inst, 0, w!.bid));
      expect(27 * o.x[0] - o.p[0]).toBeCloseTo(w!.deviationUtility, 9);
    }
  });

  it("finds IR and no-positive-transfer violations with witnesses", () => {
    const rep = auditMechanism(
      { rule: greedyRule({ skip: true }), payment: "clarke", clarke: { rerunCapacity: "W" } },
      makeInstance({ weights: [10, 6, 2, 7, 4, 7], bids: [6, 22, 11, 25, 17, 14], capacity: 10 }),
    );
    expect(rep.irViolations).toEqual([
      { player: 2, bid: 11, payment: 22 },
      { player: 4, bid: 17, payment: 22 },
    ]);
    expect(rep.positiveTransfers).toEqual([]);
  });

  it("finds nothing for the exact rule with exact VCG (property)", () => {
    fc.assert(
      fc.property(smallInstance(7, 20), (i) => {
        const rep = auditMechanism({ rule: exactRule(), payment: "vcg" }, i);
        expect(rep.profitable).toEqual([]);
        expect(rep.irViolations).toEqual([]);
        expect(rep.positiveTransfers).toEqual([]);
        expect(rep.monotonicity).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("finds nothing for the greedy (halting or modified) with critical payments (property)", () => {
    fc.assert(
      fc.property(smallInstance(7, 20), fc.boolean(), (i, skip) => {
        const rep = auditMechanism({ rule: greedyRule({ skip }), payment: "critical" }, i, {
          tolerance: 1e-6,
        });
        expect(rep.profitable).toEqual([]);
        expect(rep.monotonicity).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it("validates its options", () => {
    expect(() => auditMechanism({ rule: exactRule(), payment: "vcg" }, inst, { players: [5] })).toThrow(
      /^invalid players\[0\]: 5; expected an integer >= 0 and <= 2/,
    );
  });
});
