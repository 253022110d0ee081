/**
 * The exact optimum of the knapsack auction (max Σ b_i x_i s.t. Σ w_i x_i ≤ W) by dynamic
 * programming over integer capacity: O(n·W) time, pseudo-polynomial, so no sample is ever too slow
 * (the thesis's OR-Tools branch and bound had to drop 5 of 21 samples). The prefix table
 * F[i][c] (best total bid of players 0..i-1 within c nodes) is kept so the winners can be
 * recovered and, with a rolling suffix row, all VCG payments computed in one pass (vcg-payments.ts).
 * Ties are broken towards leaving the later player out, so the result is deterministic.
 */
import type { Instance } from "./instance";
import { type AllocateOptions, type AllocationRule, resolveAllocate } from "./rule";

/** The DP table of one instance: row i of `prefix` covers players 0..i-1. */
export interface ExactTables {
  /** Players. */
  n: number;
  /** Capacity the tables cover, nodes. */
  capacity: number;
  /** (n+1)·(capacity+1) prefix table, row-major. */
  prefix: Float64Array;
}

/**
 * Builds the prefix table. Player `exclude` is treated as absent.
 * @param capacity nodes; defaults to the instance's
 */
export function exactTables(
  inst: Instance,
  options: { capacity?: number; exclude?: number } = {},
): ExactTables {
  const n = inst.w.length;
  const C = Math.min(options.capacity ?? inst.capacity, inst.capacity);
  const exclude = options.exclude ?? -1;
  const stride = C + 1;
  const prefix = new Float64Array((n + 1) * stride);
  for (let i = 0; i < n; i++)
    fillRow(prefix, i * stride, (i + 1) * stride, C, i === exclude ? C + 1 : inst.w[i], inst.b[i]);
  return { n, capacity: C, prefix };
}

function fillRow(t: Float64Array, from: number, to: number, C: number, w: number, b: number): void {
  const lim = Math.min(w, C + 1);
  for (let c = 0; c < lim; c++) t[to + c] = t[from + c];
  for (let c = w; c <= C; c++) {
    const keep = t[from + c];
    const take = t[from + c - w] + b;
    t[to + c] = take > keep ? take : keep;
  }
}

/** Recovers the winners from a prefix table (capacity `capacity` ≤ the table's). */
export function exactWinners(inst: Instance, tables: ExactTables, capacity = tables.capacity): Uint8Array {
  const stride = tables.capacity + 1;
  const x = new Uint8Array(tables.n);
  let c = capacity;
  for (let i = tables.n - 1; i >= 0; i--) {
    if (tables.prefix[(i + 1) * stride + c] !== tables.prefix[i * stride + c]) {
      x[i] = 1;
      c -= inst.w[i];
    }
  }
  return x;
}

/** The optimal total bid alone, with one rolling row: O(n·W) time, O(W) memory. */
export function exactValue(inst: Instance, options: AllocateOptions = {}): number {
  const { exclude, capacity } = resolveAllocate(inst, options);
  const dp = new Float64Array(capacity + 1);
  for (let i = 0; i < inst.w.length; i++) {
    if (i === exclude) continue;
    const w = inst.w[i];
    const b = inst.b[i];
    for (let c = capacity; c >= w; c--) {
      const take = dp[c - w] + b;
      if (take > dp[c]) dp[c] = take;
    }
  }
  return dp[capacity];
}

/** The exact-optimum allocation rule (experiment 1A). */
export function exactRule(): AllocationRule {
  return {
    kind: "exact",
    name: "exact optimum (DP)",
    monotone: true,
    allocate(inst: Instance, opts?: AllocateOptions): Uint8Array {
      const { exclude, capacity } = resolveAllocate(inst, opts);
      return exactWinners(inst, exactTables(inst, { capacity, exclude }));
    },
  };
}
