import { describe, expect, it } from "vitest";
import { analyseGame, braessParadox, ispRoutingGame, matchingPennies } from "../../../lib/mechanism/games";
import { mixedEquilibrium } from "../../../lib/mechanism/mixed-equilibrium";
import { gamesFindings } from "../../../views/mechanism/games-findings";
import { auditMechanism } from "../../../lib/mechanism/audit";
import { exactRule } from "../../../lib/mechanism/exact";
import { makeInstance } from "../../../lib/mechanism/instance";

/** The games and the two auctions of `bids` on one node, as notebook 05 computes them. */
function computed(bids: number[]) {
  const vick = makeInstance({ weights: bids.map(() => 1), bids, capacity: 1 });
  return {
    isp: analyseGame(ispRoutingGame()),
    pennies: mixedEquilibrium(matchingPennies()),
    braess: braessParadox(),
    secondPrice: auditMechanism({ rule: exactRule(), payment: "vcg" }, vick),
    firstPrice: auditMechanism({ rule: exactRule(), payment: "first-price" }, vick),
  };
}

describe("gamesFindings", () => {
  it("states the computed examples with their sizes", () => {
    const row = { ratio: 0.9, holds: true };
    const md = gamesFindings({
      ...computed([7, 10, 4]),
      wide: [row, row],
      narrow: [row],
      thesisBeta: 0.0174,
    });
    expect(md).toMatch(/p = 0\.5, q = 0\.5, expected payoffs 0 and 0\./);
    expect(md).toMatch(/on 2 random instances with w ≤ W\/2: lowest 0\.9 \(guarantee ½ holds in all\)/);
    expect(md).toMatch(/1 − β = 0\.9826/);
  });
  it("reads the thesis's β from data/reference when none is given", () => {
    const md = gamesFindings({
      ...computed([7, 10]),
      wide: [{ ratio: 1, holds: true }],
      narrow: [{ ratio: 1, holds: true }],
    });
    expect(md).toMatch(/At the thesis's β ≈ 0\.0174 the greedy loses at most 1\.74 % of the optimum/);
  });
});
