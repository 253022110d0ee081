/**
 * The oracle of lib/operators/inverse.ts: the clamped inverse Ĩ(p) = sup{ s ∈ [0, 1] : F(t, s) ≥ p }
 * by plain bisection for every operator, instead of the operator's closed form or safeguarded
 * Newton. The tests compare stateInverter, the densities and the job-size analysis with it; the
 * bench uses it as the baseline.
 */
import { STATE_TOLERANCE } from "../../../lib/operators/inverse";
import type { PriorityOperator } from "../../../lib/operators/operator";

/** sup{ s ∈ [lo, hi] : F(t, s) ≥ p } given F(t, lo) ≥ p > F(t, hi), halving [lo, hi] to the tolerance. */
export function bisectionInverse(op: PriorityOperator, p: number, t: number, lo = 0, hi = 1): number {
  while (hi - lo > STATE_TOLERANCE) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (op.value(t, mid) >= p) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Ĩ for one target by bisection: 0 above F(t, 0), 1 at or below F(t, 1) (as stateInverter clamps). */
export function bisectionInverter(op: PriorityOperator, t: number): (p: number) => number {
  const f0 = op.value(t, 0);
  const f1 = op.value(t, 1);
  return (p) => (p > f0 ? 0 : p <= f1 ? 1 : bisectionInverse(op, p, t));
}
