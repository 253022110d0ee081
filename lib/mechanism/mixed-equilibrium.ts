/**
 * The mixed Nash equilibrium of a 2×2 two-player cost game (thesis 5.1.6: matching pennies has no
 * pure equilibrium but has a mixed one). Each player mixes so that the other is indifferent between
 * its two pure strategies: player 2's probability q of its first strategy solves player 1's
 * indifference, player 1's p solves player 2's. Only non-degenerate games are accepted: both
 * indifference equations have a unique solution and it lies strictly inside (0, 1), i.e. the game
 * has a fully mixed equilibrium (no pure strategy weakly dominant).
 */
import { invalidArgument } from "../util/errors";
import type { BimatrixGame } from "./games";

/** A fully mixed equilibrium of a 2×2 cost game. */
export interface MixedEquilibrium {
  /** Probability that player 1 plays its first strategy. */
  p: number;
  /** Probability that player 2 plays its first strategy. */
  q: number;
  /** Expected cost of player 1 and of player 2 at the equilibrium (negative = a gain). */
  cost1: number;
  cost2: number;
}

/**
 * Solves the 2×2 cost game's fully mixed Nash equilibrium by indifference.
 * @param game a 2×2 bimatrix cost game (`cost[s1][s2] = [c1, c2]`, finite)
 * @returns p, q and the players' expected costs
 * @throws `invalid game: …; expected a 2×2 game …` for another shape, non-finite costs, or a game
 *   whose indifference equations are degenerate or solved outside (0, 1)
 * @example mixedEquilibrium(matchingPennies()) // { p: 0.5, q: 0.5, cost1: 0, cost2: 0 }
 */
export function mixedEquilibrium(game: BimatrixGame): MixedEquilibrium {
  const c = game?.cost;
  const ok =
    Array.isArray(c) &&
    c.length === 2 &&
    c.every(
      (row) =>
        Array.isArray(row) &&
        row.length === 2 &&
        row.every((x) => x.length === 2 && x.every(Number.isFinite)),
    );
  if (!ok) throw invalidArgument("game", JSON.stringify(c), "a 2×2 game of finite [cost 1, cost 2] pairs");
  const a = (i: number, j: number) => c[i][j][0];
  const b = (i: number, j: number) => c[i][j][1];
  // Player 1 indifferent: q·a00 + (1 − q)·a01 = q·a10 + (1 − q)·a11.
  const d1 = a(0, 0) - a(0, 1) - a(1, 0) + a(1, 1);
  // Player 2 indifferent: p·b00 + (1 − p)·b10 = p·b01 + (1 − p)·b11.
  const d2 = b(0, 0) - b(1, 0) - b(0, 1) + b(1, 1);
  const q = d1 === 0 ? NaN : (a(1, 1) - a(0, 1)) / d1;
  const p = d2 === 0 ? NaN : (b(1, 1) - b(1, 0)) / d2;
  if (!(p > 0 && p < 1 && q > 0 && q < 1))
    throw invalidArgument(
      "game",
      JSON.stringify(c),
      "a 2×2 game with a fully mixed equilibrium (indifference solved strictly inside (0, 1))",
    );
  const cost1 = q * a(0, 0) + (1 - q) * a(0, 1);
  const cost2 = p * b(0, 0) + (1 - p) * b(1, 0);
  return { p, q, cost1: cost1 === 0 ? 0 : cost1, cost2: cost2 === 0 ? 0 : cost2 };
}
