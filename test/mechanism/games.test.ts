import { describe, expect, it } from "vitest";
import {
  analyseGame,
  braessParadox,
  cheapestFirstRule,
  ispRoutingGame,
  matchingPennies,
} from "../../lib/mechanism/games";
import { braessTable, gameAnalysisRow, gameTable } from "../../views/mechanism/games";
import { auditMechanism } from "../../lib/mechanism/audit";
import { exactRule } from "../../lib/mechanism/exact";
import { makeInstance } from "../../lib/mechanism/instance";
import { runMechanism } from "../../lib/mechanism/mechanism";

describe("games", () => {
  it("ISP routing: C is dominant, (C, C) costs 10 against the optimum 6", () => {
    const a = analyseGame(ispRoutingGame());
    expect(a.dominant1).toBe("C");
    expect(a.dominant2).toBe("C");
    expect(a.equilibria).toEqual([{ profile: ["C", "C"], totalCost: 10 }]);
    expect(a.optimum).toEqual({ profile: ["S", "S"], totalCost: 6 });
    expect(a.priceOfAnarchy).toBeCloseTo(10 / 6, 12);
  });

  it("lays games out as display rows", () => {
    expect(gameTable(ispRoutingGame())).toEqual([
      { "player 1 \\ player 2": "C", C: "[5,5]", S: "[2,6]" },
      { "player 1 \\ player 2": "S", C: "[6,2]", S: "[3,3]" },
    ]);
    expect(gameAnalysisRow("mp", analyseGame(matchingPennies()))["pure equilibria"]).toBe("none");
    expect(braessTable(braessParadox(10))[1]["flows (s→v→t, s→w→t, s→v→w→t)"]).toBe("0.00, 0.00, 1.00");
  });

  it("matching pennies has no pure equilibrium", () => {
    const a = analyseGame(matchingPennies());
    expect(a.equilibria).toEqual([]);
    expect(a.dominant1).toBeNull();
    expect(a.priceOfAnarchy).toBeNaN();
  });

  it("Braess: delay 1.5 without the link, 2 with it", () => {
    const [a, b] = braessParadox(100);
    expect(a.equilibriumDelay).toBeCloseTo(1.5, 12);
    expect(a.equilibriumFlows).toEqual([0.5, 0.5, 0]);
    expect(b.equilibriumDelay).toBeCloseTo(2, 12);
    expect(b.equilibriumFlows).toEqual([0, 0, 1]);
    expect(b.optimalDelay).toBeCloseTo(1.5, 12);
    expect(b.priceOfAnarchy).toBeCloseTo(4 / 3, 12);
  });

  it("Vickrey = the exact rule with VCG on one unit; first price invites shading", () => {
    const inst = makeInstance({ weights: [1, 1, 1], bids: [7, 10, 4], capacity: 1 });
    const o = runMechanism({ rule: exactRule(), payment: "vcg" }, inst);
    expect(Array.from(o.x)).toEqual([0, 1, 0]);
    expect(Array.from(o.p)).toEqual([0, 7, 0]);
    expect(auditMechanism({ rule: exactRule(), payment: "vcg" }, inst).profitable).toEqual([]);
    const fp = auditMechanism({ rule: exactRule(), payment: "first-price" }, inst);
    expect(fp.profitable.map((d) => d.player)).toEqual([1]);
  });

  it("the cheapest-first rule fails the auditor's monotonicity check", () => {
    const inst = makeInstance({ weights: [5, 5, 5], bids: [10, 20, 30], capacity: 10 });
    expect(Array.from(cheapestFirstRule().allocate(inst))).toEqual([1, 1, 0]);
    const rep = auditMechanism({ rule: cheapestFirstRule(), payment: "clarke" }, inst);
    expect(rep.monotonicity.length).toBeGreaterThan(0);
    expect(rep.monotonicity[0].lowBid).toBeLessThan(rep.monotonicity[0].highBid);
  });
});
