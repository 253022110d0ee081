import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { paymentSlackNote } from "../../views/coop/deviations";
import { worstUnilateralDeviation } from "../../lib/coop/deviations";
import { exactRule } from "../../lib/mechanism/exact";
import { greedyRule } from "../../lib/mechanism/greedy";
import { makeInstance, withBid, type Instance } from "../../lib/mechanism/instance";
import { runMechanism, type Mechanism } from "../../lib/mechanism/mechanism";
import { smallInstance } from "../mechanism/arbitraries";

/** The search with every payment computed for every misreport (the definition). */
function reference(
  inst: Instance,
  mech: Mechanism,
  factors: number[],
): { worstWelfare: number; player: number; bid: number; tried: number } {
  const welfare = (x: Uint8Array) => x.reduce((s, xi, i) => s + (xi ? inst.b[i] : 0), 0);
  const truth = runMechanism(mech, inst);
  let worst = welfare(truth.x),
    player = -1,
    bid = NaN,
    tried = 0;
  for (let i = 0; i < inst.w.length; i++) {
    const v = inst.b[i];
    const u0 = truth.x[i] ? v - truth.p[i] : 0;
    for (const f of factors) {
      if (f === 1) continue;
      tried++;
      const out = runMechanism(mech, withBid(inst, i, v * f));
      const u = out.x[i] ? v - out.p[i] : 0;
      if (u < u0 - 1e-9 * Math.max(1, v)) continue;
      const w = welfare(out.x);
      if (w < worst) [worst, player, bid] = [w, i, v * f];
    }
  }
  return { worstWelfare: worst, player, bid, tried };
}

describe("worstUnilateralDeviation", () => {
  it("finds the same worst deviation as computing every payment of every misreport (property)", () => {
    const factors = [0, 0.5, 0.9, 1.1, 2, 10];
    fc.assert(
      fc.property(
        smallInstance(8, 20),
        fc.constantFrom("critical" as const, "clarke" as const),
        fc.boolean(),
        fc.boolean(),
        (inst, payment, skip, exact) => {
          const mech: Mechanism = { rule: exact ? exactRule() : greedyRule({ skip }), payment };
          const got = worstUnilateralDeviation(inst, mech, factors);
          const ref = reference(inst, mech, factors);
          expect({
            worstWelfare: got.worstWelfare,
            player: got.player,
            bid: got.bid,
            tried: got.tried,
          }).toEqual(ref);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("finds a welfare-lowering misreport that does not hurt the deviator under the Clarke re-run", () => {
    // Greedy b/w halts: keys 10, 9, 1. Truthful: 0 (w 6) fits, 1 (w 5) does not → {0}, welfare 60.
    // Player 1 bidding 2·45 = 90 goes first and halts the scan at 0: {1}; its Clarke re-run
    // (covered 5 nodes) without it gives the fallback {2} = 4, so it pays 4: utility 41 ≥ 0, welfare 45.
    const inst = makeInstance({ weights: [6, 5, 4], bids: [60, 45, 4], capacity: 10 });
    const w = worstUnilateralDeviation(inst, { rule: greedyRule(), payment: "clarke" }, [0, 2]);
    expect(w).toEqual({
      truthfulWelfare: 60,
      worstWelfare: 45,
      ratio: 60 / 45,
      player: 1,
      value: 45,
      bid: 90,
      tried: 6,
    });
  });
});

describe("paymentSlackNote", () => {
  it("reads the share paying less and the discount at both ends of κ", () => {
    const rows = [
      { kappa: 0.5, winners: 334, meanSlack: 0.618, payLessShare: 0.994 },
      { kappa: 1.5, winners: 144, meanSlack: 0.464, payLessShare: 0.868 },
    ];
    expect(paymentSlackNote(rows)).toMatch(
      /86\.8 %–99\.4 % of the winners pay less.*334 → 144.*falls \(0\.618 → 0\.464\)/,
    );
    expect(() => paymentSlackNote(rows.slice(0, 1))).toThrow(/invalid rows: .*expected at least two κ rows/);
  });
});
