/** The games of lib/mechanism/games.ts as display rows: a cost game's matrix, its analysis in one row, the Braess paradox's equilibria and optima. */
import {
  type BimatrixGame,
  type GameAnalysis,
  type BraessResult,
  braessParadox,
} from "../../lib/mechanism/games";

/** A cost game as display rows: one row per strategy of player 1, cells `[c1, c2]`. */
export function gameTable(g: BimatrixGame): Record<string, string>[] {
  return g.strategies[0].map((s1, a) => ({
    "player 1 \\ player 2": s1,
    ...Object.fromEntries(g.strategies[1].map((s2, b) => [s2, JSON.stringify(g.cost[a][b])])),
  }));
}

/** One display row of a {@link GameAnalysis}. */
export function gameAnalysisRow(name: string, a: GameAnalysis): Record<string, string | number> {
  return {
    game: name,
    "dominant (1)": a.dominant1 ?? "none",
    "dominant (2)": a.dominant2 ?? "none",
    "pure equilibria": a.equilibria.length
      ? a.equilibria.map((e) => `${e.profile.join(",")} (total ${e.totalCost})`).join("; ")
      : "none",
    optimum: `${a.optimum.profile.join(",")} (total ${a.optimum.totalCost})`,
    "PoA (cost)": a.priceOfAnarchy,
  };
}

/** {@link braessParadox} as display rows. */
export function braessTable(results: readonly BraessResult[]): Record<string, string | number>[] {
  return results.map((r) => ({
    network: r.network,
    "flows (s→v→t, s→w→t, s→v→w→t)": r.equilibriumFlows.map((f) => f.toFixed(2)).join(", "),
    "equilibrium delay": r.equilibriumDelay,
    "optimal delay": r.optimalDelay,
    PoA: r.priceOfAnarchy,
  }));
}
