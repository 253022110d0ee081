import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ispRoutingGame, matchingPennies, type BimatrixGame } from "../../lib/mechanism/games";
import { mixedEquilibrium } from "../../lib/mechanism/mixed-equilibrium";

const game = (c: number[]): BimatrixGame => ({
  strategies: [
    ["A", "B"],
    ["A", "B"],
  ],
  cost: [
    [
      [c[0], c[1]],
      [c[2], c[3]],
    ],
    [
      [c[4], c[5]],
      [c[6], c[7]],
    ],
  ],
});

describe("mixedEquilibrium", () => {
  it("solves matching pennies: p = q = ½, payoffs 0", () => {
    expect(mixedEquilibrium(matchingPennies())).toEqual({ p: 0.5, q: 0.5, cost1: 0, cost2: 0 });
  });
  it("refuses a game with a dominant strategy (the ISP game) and other shapes", () => {
    expect(() => mixedEquilibrium(ispRoutingGame())).toThrow(
      /invalid game: .*expected a 2×2 game with a fully mixed equilibrium/,
    );
    expect(() => mixedEquilibrium({ strategies: [["A"], ["A"]], cost: [[[1, 1]]] })).toThrow(
      /invalid game: .*expected a 2×2 game of finite/,
    );
  });
  it("property: at the equilibrium each player is indifferent between its pure strategies; p, q in (0, 1)", () => {
    const cost = fc.integer({ min: -20, max: 20 });
    fc.assert(
      fc.property(fc.array(cost, { minLength: 8, maxLength: 8 }), (c) => {
        const g = game(c);
        let e;
        try {
          e = mixedEquilibrium(g);
        } catch (err) {
          expect(String(err)).toMatch(/invalid game/);
          return;
        }
        const a = (i: number, j: number) => g.cost[i][j][0];
        const b = (i: number, j: number) => g.cost[i][j][1];
        expect(e.p).toBeGreaterThan(0);
        expect(e.p).toBeLessThan(1);
        expect(e.q).toBeGreaterThan(0);
        expect(e.q).toBeLessThan(1);
        expect(e.p + (1 - e.p)).toBeCloseTo(1, 12);
        const row0 = e.q * a(0, 0) + (1 - e.q) * a(0, 1);
        const row1 = e.q * a(1, 0) + (1 - e.q) * a(1, 1);
        const col0 = e.p * b(0, 0) + (1 - e.p) * b(1, 0);
        const col1 = e.p * b(0, 1) + (1 - e.p) * b(1, 1);
        expect(row0).toBeCloseTo(row1, 9);
        expect(col0).toBeCloseTo(col1, 9);
        expect(e.cost1).toBeCloseTo(row0, 9);
        expect(e.cost2).toBeCloseTo(col0, 9);
      }),
      { numRuns: 500, seed: 5 },
    );
  });
  it("property: matching pennies with any positive stake keeps p = q = ½", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (k) => {
        const e = mixedEquilibrium(game([-k, k, k, -k, k, -k, -k, k]));
        expect([e.p, e.q, e.cost1, e.cost2]).toEqual([0.5, 0.5, 0, 0]);
      }),
      { seed: 6 },
    );
  });
});
