/**
 * Small computed examples of thesis Section 5.1 (games): two-player cost games with dominant
 * strategies and pure Nash equilibria (the ISP routing game, matching pennies), Braess's paradox
 * solved as a Wardrop equilibrium, and the Price of Anarchy; plus a deliberately non-monotone
 * allocation rule for Myerson's lemma (5.2.6).
 */
import type { Instance } from "./instance";
import { type AllocateOptions, type AllocationRule, resolveAllocate } from "./rule";
import { greedyScan } from "./greedy";
import { integer } from "../util/options";

/** A two-player game in cost form: cost[s1][s2] = [cost of player 1, cost of player 2]. */
export interface BimatrixGame {
  /** Strategy names of players 1 and 2. */
  strategies: [string[], string[]];
  /** cost[s1][s2] = [c1, c2]. */
  cost: [number, number][][];
}

/** Dominant strategies and pure Nash equilibria of a cost game. */
export interface GameAnalysis {
  /** Player 1's (weakly) dominant strategy, or null. */
  dominant1: string | null;
  /** Player 2's (weakly) dominant strategy, or null. */
  dominant2: string | null;
  /** Pure Nash equilibria with their total cost. */
  equilibria: { profile: [string, string]; totalCost: number }[];
  /** Lowest total cost over all profiles and the profile reaching it. */
  optimum: { profile: [string, string]; totalCost: number };
  /** Price of Anarchy (worst equilibrium cost / optimum cost); NaN without pure equilibria. */
  priceOfAnarchy: number;
}

/** The ISP routing game of thesis Figure 16: C costs 1 to oneself and 4 to the other, S 2 and 1. */
export function ispRoutingGame(): BimatrixGame {
  const own = { C: 1, S: 2 };
  const other = { C: 4, S: 1 };
  const names = ["C", "S"] as const;
  return {
    strategies: [
      ["C", "S"],
      ["C", "S"],
    ],
    cost: names.map((a) => names.map((b) => [own[a] + other[b], own[b] + other[a]] as [number, number])),
  };
}

/** Matching pennies as a cost game (the loser pays 1, the winner gains 1). */
export function matchingPennies(): BimatrixGame {
  return {
    strategies: [
      ["H", "T"],
      ["H", "T"],
    ],
    cost: [
      [
        [-1, 1],
        [1, -1],
      ],
      [
        [1, -1],
        [-1, 1],
      ],
    ],
  };
}

/** Finds dominant strategies, pure equilibria, the optimum and the Price of Anarchy. */
export function analyseGame(g: BimatrixGame): GameAnalysis {
  const [s1, s2] = g.strategies;
  const c = (a: number, b: number, p: 0 | 1) => g.cost[a][b][p];
  const dom1 = s1.findIndex((_, a) => s2.every((__, b) => s1.every((___, a2) => c(a, b, 0) <= c(a2, b, 0))));
  const dom2 = s2.findIndex((_, b) => s1.every((__, a) => s2.every((___, b2) => c(a, b, 1) <= c(a, b2, 1))));
  const equilibria: GameAnalysis["equilibria"] = [];
  let optimum = { profile: [s1[0], s2[0]] as [string, string], totalCost: Infinity };
  s1.forEach((n1, a) =>
    s2.forEach((n2, b) => {
      const total = c(a, b, 0) + c(a, b, 1);
      if (total < optimum.totalCost) optimum = { profile: [n1, n2], totalCost: total };
      const br1 = s1.every((_, a2) => c(a, b, 0) <= c(a2, b, 0));
      const br2 = s2.every((_, b2) => c(a, b, 1) <= c(a, b2, 1));
      if (br1 && br2) equilibria.push({ profile: [n1, n2], totalCost: total });
    }),
  );
  const worst = Math.max(...equilibria.map((e) => e.totalCost));
  return {
    dominant1: dom1 >= 0 ? s1[dom1] : null,
    dominant2: dom2 >= 0 ? s2[dom2] : null,
    equilibria,
    optimum,
    priceOfAnarchy: equilibria.length ? worst / optimum.totalCost : NaN,
  };
}

/** Braess's paradox (thesis Figure 17): equilibrium and optimal delays with and without the v→w link. */
export interface BraessResult {
  /** Network with the teleport link or not. */
  network: "(a) without v→w" | "(b) with v→w";
  /** Flow on s→v→t, s→w→t, s→v→w→t at the Wardrop equilibrium. */
  equilibriumFlows: [number, number, number];
  /** Delay every driver sees at the equilibrium. */
  equilibriumDelay: number;
  /** Lowest average delay any split achieves. */
  optimalDelay: number;
  /** equilibriumDelay / optimalDelay. */
  priceOfAnarchy: number;
}

/**
 * Solves both Braess networks on a grid of flow splits (unit traffic; edges s→v and w→t cost x,
 * v→t and s→w cost 1, v→w costs 0): the equilibrium minimises the Beckmann potential, the
 * optimum the total delay.
 * @param steps grid steps per unit of flow. Defaults to 200.
 */
export function braessParadox(steps = 200): BraessResult[] {
  integer(steps, "steps", 2, 10000);
  const out: BraessResult[] = [];
  for (const teleport of [false, true]) {
    let bestPot = Infinity,
      bestCost = Infinity;
    let eq: [number, number, number] = [0, 0, 0];
    let eqDelay = 0;
    for (let a = 0; a <= steps; a++) {
      for (let b = 0; a + b <= steps; b++) {
        const f1 = a / steps,
          f2 = b / steps,
          f3 = 1 - f1 - f2;
        if (!teleport && f3 > 1e-12) continue;
        const xsv = f1 + f3,
          xwt = f2 + f3;
        const potential = (xsv * xsv) / 2 + (xwt * xwt) / 2 + f1 + f2;
        const c1 = xsv + 1,
          c2 = 1 + xwt,
          c3 = xsv + xwt;
        const cost = f1 * c1 + f2 * c2 + f3 * c3;
        if (cost < bestCost - 1e-12) bestCost = cost;
        if (potential < bestPot - 1e-12) {
          bestPot = potential;
          eq = [f1, f2, f3];
          eqDelay = cost;
        }
      }
    }
    out.push({
      network: teleport ? "(b) with v→w" : "(a) without v→w",
      equilibriumFlows: eq,
      equilibriumDelay: eqDelay,
      optimalDelay: bestCost,
      priceOfAnarchy: eqDelay / bestCost,
    });
  }
  return out;
}

/**
 * A deliberately non-monotone rule for Myerson's lemma: consider players by increasing bid per
 * node (cheapest first) and take each that fits. Raising a bid can only push a player back.
 */
export function cheapestFirstRule(): AllocationRule {
  return {
    kind: "custom",
    name: "cheapest b/w first (non-monotone)",
    monotone: false,
    allocate(inst: Instance, opts?: AllocateOptions): Uint8Array {
      const { exclude, capacity } = resolveAllocate(inst, opts);
      const order = Int32Array.from({ length: inst.w.length }, (_, i) => i);
      order.sort((a, c) => inst.b[a] / inst.w[a] - inst.b[c] / inst.w[c] || a - c);
      return greedyScan(inst, order, capacity, true, false, exclude);
    },
  };
}
