/**
 * From the job-size analysis to the paper's summaries: the minimum output resolution (bits) for a
 * given job to change a user's effective priority (Fig. 17), and the ordering of operators by job
 * size (best resolving power first) at each resolution (§5.4 text).
 */
import { finiteNumber } from "../util/options";
import type { JobSizeRow } from "./job-size-analysis";

/** Minimum bits per context for one operator (Fig. 17); null when no studied resolution suffices. */
export interface ResolutionBitsRow {
  operator: string;
  /** Context name → minimum bits (null: more than the largest studied). */
  bits: Record<string, number | null>;
  /** The largest over the contexts (the paper's "Overall"); null when any context is null. */
  overall: number | null;
}

/**
 * The minimum resolution in bits at which the aggregated job size is at most `jobHours`
 * (Fig. 17: 2,000 h), per operator and context, from rows of one reading.
 * @throws `invalid jobHours: …` unless positive
 */
export function minimumResolutionBits(rows: readonly JobSizeRow[], jobHours = 2000): ResolutionBitsRow[] {
  finiteNumber(jobHours, "jobHours", Number.MIN_VALUE);
  const ops = [...new Set(rows.map((r) => r.operator))];
  const contexts = [...new Set(rows.map((r) => r.context))];
  return ops.map((operator) => {
    const bits: Record<string, number | null> = {};
    for (const c of contexts) {
      const ok = rows
        .filter((r) => r.operator === operator && r.context === c && r.jobHours <= jobHours)
        .map((r) => r.bits);
      bits[c] = ok.length ? Math.min(...ok) : null;
    }
    const vals = contexts.map((c) => bits[c]);
    const overall = vals.some((v) => v === null) ? null : Math.max(...(vals as number[]));
    return { operator, bits, overall };
  });
}

/** Operators ordered by job size at one resolution (smallest job = best resolving power first). */
export interface OperatorOrdering {
  context: string;
  bits: number;
  /** Operator names, best first (ties keep the input operator order). */
  order: string[];
  /** Groups of operators with equal job size (relative difference < 1e-9), best first. */
  groups: string[][];
}

/**
 * Orderings of the operators per context and resolution, from rows of one reading. NaN job sizes
 * (no cell) sort last.
 */
export function operatorOrderings(rows: readonly JobSizeRow[]): OperatorOrdering[] {
  const keys = [...new Set(rows.map((r) => `${r.context}\u0000${r.bits}`))];
  return keys.map((key) => {
    const [context, b] = key.split("\u0000");
    const bits = Number(b);
    const sel = rows.filter((r) => r.context === context && r.bits === bits);
    const size = (r: JobSizeRow) => (Number.isNaN(r.jobHours) ? Infinity : r.jobHours);
    const sorted = sel.map((r, i) => ({ r, i })).sort((a, b) => size(a.r) - size(b.r) || a.i - b.i);
    const groups: string[][] = [];
    let last = NaN;
    for (const { r } of sorted) {
      const v = size(r);
      const same =
        groups.length > 0 &&
        (v === last || Math.abs(v - last) <= 1e-9 * Math.max(Math.abs(v), Math.abs(last)));
      if (same) groups[groups.length - 1].push(r.operator);
      else groups.push([r.operator]);
      last = v;
    }
    return { context, bits, order: sorted.map((x) => x.r.operator), groups };
  });
}

/** Agreement of an ordering with a reference ordering, on the operators both list. */
export interface OrderingAgreement {
  /** Operators common to both. */
  common: number;
  /** Pairs ordered the same way / all pairs of common operators (ties in ours count as disagreement). */
  concordantPairs: number;
  pairs: number;
  /** Whether the orders of the common operators are identical. */
  identical: boolean;
}

/** Compares our ordering (with tie groups) to a reference list, pair by pair. */
export function compareOrderings(
  groups: readonly (readonly string[])[],
  reference: readonly string[],
): OrderingAgreement {
  const rank = new Map<string, number>();
  groups.forEach((g, i) => g.forEach((name) => rank.set(name, i)));
  const common = reference.filter((n) => rank.has(n));
  let concordant = 0,
    pairs = 0;
  for (let a = 0; a < common.length; a++) {
    for (let b = a + 1; b < common.length; b++) {
      pairs++;
      if (rank.get(common[a])! < rank.get(common[b])!) concordant++;
    }
  }
  return { common: common.length, concordantPairs: concordant, pairs, identical: concordant === pairs };
}

/** Context cells (operator × context) for which no studied resolution suffices, and all such cells. */
export function unresolvedCells(rows: readonly ResolutionBitsRow[]): { unresolved: number; cells: number } {
  let unresolved = 0,
    cells = 0;
  for (const r of rows) {
    for (const v of Object.values(r.bits)) {
      cells++;
      if (v === null) unresolved++;
    }
  }
  return { unresolved, cells };
}
