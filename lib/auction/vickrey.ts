/**
 * The Generalized Vickrey (GV) auction of seed 004 (Section 3.3.2, Eq. 2). Each agent bids a vector
 * (b(1), …, b(N)): b(j) is the most it would pay for exactly j servers. The allocation maximises the
 * total S = Σ_a b_a(N_a) subject to Σ N_a ≤ N (an agent may get 0 servers, b(0) = 0); agent a pays the
 * externality it imposes on the others (VCG): S_{−a}(best allocation without a) − (S − b_a(N_a)).
 *
 * Ties: among allocations with the maximal S the mechanism keeps those that minimise the difference
 * between agents (here: the smallest Σ N_a², which for the seed's example — two agents bidding
 * (10, 20, 30) for 3 servers — leaves exactly (1, 2) and (2, 1)), and cycles between them, moving
 * to the next one every `period` rounds (seed: 3). Bids are truncated to [0, B], B the balance.
 *
 * Solved exactly by dynamic programming over agents (O(A·N²) per solve, A + 1 solves per round).
 */
import { invariantViolated } from "../util/errors";

/** The outcome of one GV round. */
export interface VickreyResult {
  /** Servers allocated to each bidder, in input order. */
  allocation: number[];
  /** VCG price paid by each bidder (0 ≤ price ≤ its truncated bid for what it got). */
  prices: number[];
  /** The maximal total S of truncated bids. */
  welfare: number;
  /** How many maximal, most-even allocations tied (the cycle length; capped at maxTies). */
  ties: number;
}

interface Cell {
  w: number;
  sq: number;
}

const tol = (w: number) => 1e-9 * Math.max(1, Math.abs(w));

function better(a: Cell, b: Cell): boolean {
  const d = a.w - b.w;
  if (d > tol(b.w)) return true;
  if (d < -tol(b.w)) return false;
  return a.sq < b.sq;
}

function same(a: Cell, b: Cell): boolean {
  return Math.abs(a.w - b.w) <= tol(b.w) && a.sq === b.sq;
}

/** best[i][m]: the best (welfare, −evenness) of bidders i… with at most m servers. */
function table(bids: readonly number[][], servers: number): Cell[][] {
  const A = bids.length;
  const best: Cell[][] = new Array(A + 1);
  best[A] = new Array(servers + 1).fill(null).map(() => ({ w: 0, sq: 0 }));
  for (let i = A - 1; i >= 0; i--) {
    const row: Cell[] = new Array(servers + 1);
    for (let m = 0; m <= servers; m++) {
      let cell: Cell = { w: best[i + 1][m].w, sq: best[i + 1][m].sq };
      for (let n = 1; n <= m; n++) {
        const c = { w: bids[i][n - 1] + best[i + 1][m - n].w, sq: n * n + best[i + 1][m - n].sq };
        if (better(c, cell)) cell = c;
      }
      row[m] = cell;
    }
    best[i] = row;
  }
  return best;
}

const value = (b: readonly number[], n: number) => (n === 0 ? 0 : b[n - 1]);

/**
 * Pure welfare tables (no tie-breaking, no tolerance): pre[i][m] is the most the bidders 0 … i − 1 can
 * bid in total for at most m servers, suf[i][m] the same for the bidders i … A − 1.
 */
function welfareTables(
  bids: readonly number[][],
  servers: number,
): { pre: Float64Array[]; suf: Float64Array[] } {
  const A = bids.length;
  const step = (prev: Float64Array, b: readonly number[]) => {
    const row = new Float64Array(servers + 1);
    for (let m = 0; m <= servers; m++) {
      let best = prev[m];
      for (let n = 1; n <= m; n++) best = Math.max(best, b[n - 1] + prev[m - n]);
      row[m] = best;
    }
    return row;
  };
  const pre: Float64Array[] = [new Float64Array(servers + 1)];
  for (let i = 0; i < A; i++) pre.push(step(pre[i], bids[i]));
  const suf: Float64Array[] = new Array(A + 1);
  suf[A] = new Float64Array(servers + 1);
  for (let i = A - 1; i >= 0; i--) suf[i] = step(suf[i + 1], bids[i]);
  return { pre, suf };
}

/**
 * Runs one GV round (inputs unchecked: the simulator validates a run once).
 * @param rawBids each bidder's vector b(1) … b(N), money units (truncated to [0, balance])
 * @param balances each bidder's remaining balance, money units
 * @param servers N, the number of servers
 * @param round, period cycle between tied allocations every `period` rounds (seed 004: 3); `maxTies` caps their enumeration
 * @returns the allocation, VCG prices, the maximal welfare and the number of tied allocations
 */
export function _generalizedVickrey(
  rawBids: readonly (readonly number[])[],
  balances: readonly number[],
  servers: number,
  round = 0,
  period = 3,
  maxTies = 720,
): VickreyResult {
  const A = rawBids.length;
  const bids = rawBids.map((b, i) => b.map((x) => Math.min(Math.max(x, 0), balances[i])));
  if (A === 0) return { allocation: [], prices: [], welfare: 0, ties: 1 };
  const best = table(bids, servers);
  // Enumerate the tied optimal allocations in lexicographic order (capped).
  const tied: number[][] = [];
  const current: number[] = new Array(A).fill(0);
  const walk = (i: number, m: number) => {
    if (tied.length >= maxTies) return;
    if (i === A) {
      tied.push(current.slice());
      return;
    }
    for (let n = 0; n <= m; n++) {
      const c = { w: value(bids[i], n) + best[i + 1][m - n].w, sq: n * n + best[i + 1][m - n].sq };
      if (!same(c, best[i][m])) continue;
      current[i] = n;
      walk(i + 1, m - n);
    }
  };
  walk(0, servers);
  if (tied.length === 0) throw invariantViolated("no optimal GV allocation found");
  const allocation = tied[Math.floor(round / period) % tied.length];
  const welfare = allocation.reduce((s, n, i) => s + value(bids[i], n), 0);
  const { pre, suf } = welfareTables(bids, servers);
  const prices = allocation.map((n, a) => {
    // The best the others can do without a: split the servers between the bidders before and after it.
    let without = 0;
    for (let m = 0; m <= servers; m++) without = Math.max(without, pre[a][m] + suf[a + 1][servers - m]);
    const own = value(bids[a], n);
    const p = without - (welfare - own);
    // VCG guarantees 0 ≤ p ≤ own bid; only float noise (and the tie tolerance) is clamped, anything else is a bug.
    const slack = 1e-7 * Math.max(1, Math.abs(without));
    if (p < -slack || p > own + slack)
      throw invariantViolated(`GV price ${p} of bidder ${a} outside [0, ${own}]`);
    return Math.min(own, Math.max(0, p));
  });
  return { allocation, prices, welfare, ties: tied.length };
}
