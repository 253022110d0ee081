/**
 * Inverses of priority operators in the state s (the paper's I_s(F, p, t), Eq. 21). Closed forms
 * come from each operator; otherwise a safeguarded Newton iteration inside a shrinking bracket
 * (bisection whenever a Newton step leaves the bracket or shrinks it too little). Everything here
 * works with the clamped inverse Ĩ(p) = sup{ s ∈ [0, 1] : F(t, s) ≥ p } (0 when the set is empty),
 * which is what the density analysis needs: the states of [0, 1] whose priority lies in
 * [a, b) form the interval (Ĩ(b), Ĩ(a)], of length Ĩ(a) − Ĩ(b) (F is non-increasing in s).
 */
import { finiteNumber } from "../util/options";
import type { PriorityOperator } from "./operator";

/** Absolute tolerance of the numeric inversions on s. */
export const STATE_TOLERANCE = 1e-14;

/**
 * Numeric sup{ s ∈ [lo, hi] : F(t, s) ≥ p } given F(t, lo) ≥ p > F(t, hi): safeguarded Newton
 * (when the operator gives ∂F/∂s) with bisection fallback. Also correct when F jumps (t = 0).
 */
export function _numericInverse(
  op: PriorityOperator,
  p: number,
  t: number,
  lo = 0,
  hi = 1,
  guess = NaN,
): number {
  const d = op.dvalueDs;
  let s = guess >= lo && guess <= hi ? guess : 0.5 * (lo + hi);
  for (let iter = 0; iter < 200 && hi - lo > STATE_TOLERANCE; iter++) {
    const g = op.value(t, s) - p;
    if (g >= 0) lo = s;
    else hi = s;
    if (g === 0) return s;
    let next = NaN;
    if (d) {
      const slope = d(t, s);
      if (slope < 0 && Number.isFinite(slope)) {
        const step = g / slope;
        if (Math.abs(step) < 0.25 * STATE_TOLERANCE) return s - step;
        next = s - step;
      }
    }
    // Bisect when Newton leaves the bracket or would land on its edge.
    s = next > lo && next < hi ? next : 0.5 * (lo + hi);
    if (hi - lo < 64 * STATE_TOLERANCE) break;
  }
  // Settle on the largest s with F ≥ p at this tolerance.
  return op.value(t, hi) >= p ? hi : lo;
}

/**
 * The clamped inverse Ĩ(p) = sup{ s ∈ [0, 1] : F(t, s) ≥ p } for a fixed target t, as a fast
 * closure (F(t, 0) and F(t, 1) are computed once): the operator's closed form, numeric (Newton)
 * where it has none. Unchecked: t must be in [0, 1].
 */
export function stateInverter(op: PriorityOperator, t: number): (p: number) => number {
  const f0 = op.value(t, 0);
  const f1 = op.value(t, 1);
  const inv = op.inverse;
  // The last numeric solution brackets the next one (sweeps over levels are monotone).
  let lastP = NaN,
    lastS = NaN;
  return (p) => {
    if (p > f0) return 0;
    if (p <= f1) return 1;
    let s = inv ? inv(p, t) : NaN;
    if (Number.isNaN(s)) {
      if (p > lastP) s = _numericInverse(op, p, t, 0, lastS, lastS);
      else if (p < lastP) s = _numericInverse(op, p, t, lastS, 1, lastS);
      else s = _numericInverse(op, p, t);
      lastP = p;
      lastS = s;
    }
    return s < 0 ? 0 : s > 1 ? 1 : s;
  };
}

/**
 * G(F, t_j, s_j, t_i) (Eq. 16): the state s_i at which a user with target t_i has the same
 * priority as a user with (t_j, s_j), on the extended state domain [0, ∞) (may exceed 1; Infinity
 * when the priority is unreachable). Operators with the same G order users identically.
 * @throws `invalid t_j: …` etc. for inputs outside (0, 1] / [0, 1]
 */
export function equivalenceG(op: PriorityOperator, tj: number, sj: number, ti: number): number {
  finiteNumber(tj, "t_j", Number.MIN_VALUE, 1);
  finiteNumber(sj, "s_j", 0, 1);
  finiteNumber(ti, "t_i", Number.MIN_VALUE, 1);
  const p = op.value(tj, sj);
  if (op.inverse) {
    const s = op.inverse(p, ti);
    if (!Number.isNaN(s)) return s;
  }
  // Numeric on an extended bracket: grow hi until F(ti, hi) < p.
  if (p > op.value(ti, 0)) return NaN;
  let hi = 1;
  while (op.value(ti, hi) >= p) {
    hi *= 2;
    if (hi > 1e12) return Infinity;
  }
  return _numericInverse(op, p, ti, 0, hi);
}
