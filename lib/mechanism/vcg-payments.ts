/**
 * Exact VCG payments for the exact-optimum rule, all n in one pass. With the prefix table F and
 * the suffix rows G (one rolling row, filled from the last player backwards), the best the others
 * can do without player i within C nodes is
 *   OPT₋ᵢ(C) = max_{c ≤ C} F[i][c] + G[i+1][C − c],
 * an O(C) scan per winner, so every payment costs O(n·C) in total instead of n+1 knapsack
 * re-solves. Winner i pays p_i = OPT₋ᵢ − (OPT − b_i); losers pay 0. For the exact rule this is
 * also the Myerson critical bid.
 */
import type { Instance } from "./instance";
import { allocationValue, allocationWeight } from "./instance";
import { exactTables, exactWinners } from "./exact";

/** Result of {@link vcgPayments}. */
export interface VcgResult {
  /** Winners of the exact optimum. */
  x: Uint8Array;
  /** Payments (0 for losers). */
  p: Float64Array;
  /** The optimal total bid. */
  value: number;
}

/** Options of {@link vcgPayments}. */
export interface VcgOptions {
  /**
   * Capacity the "without i" optimum may use: "W" (textbook VCG) or "covered" (the nodes the
   * original solution covers, the thesis's remark in 6.3.1). Defaults to "W".
   */
  rerunCapacity?: "W" | "covered";
}

/**
 * The exact optimum and every VCG payment from one pair of DP tables.
 * @example const { x, p } = vcgPayments(inst)
 */
export function vcgPayments(inst: Instance, options: VcgOptions = {}): VcgResult {
  const t = exactTables(inst);
  const x = exactWinners(inst, t);
  const value = allocationValue(inst, x);
  const C = options.rerunCapacity === "covered" ? allocationWeight(inst, x) : t.capacity;
  const stride = t.capacity + 1;
  const p = new Float64Array(t.n);
  // The suffix table is never stored: a rolling row holds G[i+1] when player i is reached.
  const g = new Float64Array(C + 1);
  for (let i = t.n - 1; i >= 0; i--) {
    if (x[i]) {
      const f = i * stride;
      let best = 0;
      for (let c = 0; c <= C; c++) {
        const v = t.prefix[f + c] + g[C - c];
        if (v > best) best = v;
      }
      p[i] = best - (value - inst.b[i]);
    }
    const w = inst.w[i];
    const b = inst.b[i];
    for (let c = C; c >= w; c--) {
      const take = g[c - w] + b;
      if (take > g[c]) g[c] = take;
    }
  }
  return { x, p, value };
}
