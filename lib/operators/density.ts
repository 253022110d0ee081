/**
 * Input local density D(F, p, t, r) (seed 001, §5.3, Eqs. 18–21) and input density (§5.2, Fig. 8).
 * D(F, p_i, t, r) is the length of the set of states s ∈ [0, 1] whose effective priority at
 * resolution r is p_i: Ĩ(p_i) − Ĩ(p_{i+1}) with the clamped inverse of inverse.ts (the top level
 * also takes F = 1). Levels unreachable at target t get 0, and the levels of one target sum to 1.
 * The input density of p_i is the share of the whole input square (t, s) ∈ [0, 1]² whose
 * effective priority is p_i: ∫₀¹ D(F, p_i, t, r) dt, by the midpoint rule.
 */
import { finiteNumber, integer } from "../util/options";
import { stateInverter } from "./inverse";
import type { PriorityOperator } from "./operator";
import { resolutionOfBits } from "./resolution";

/**
 * D(F, p_i, t, r) for every level p_i = −1 + 2i/r, i = 0 … r − 1 (normalised state units).
 * @param op the operator
 * @param t the target in [0, 1]
 * @param r the resolution (number of levels), 2 … 2^22
 * @throws `invalid t: …`, `invalid r: …`
 */
export function localDensities(op: PriorityOperator, t: number, r: number): Float64Array {
  finiteNumber(t, "t", 0, 1);
  integer(r, "r", 2, 2 ** 22);
  return _localDensities(stateInverter(op, t), r);
}

/** Unchecked {@link localDensities}, from the clamped inverse `inv` of one target (stateInverter's). */
export function _localDensities(inv: (p: number) => number, r: number): Float64Array {
  const out = new Float64Array(r);
  let upper = inv(-1); // Ĩ(p_0)
  for (let i = 0; i < r; i++) {
    // The top level is closed at 1: its lower state bound is Ĩ of anything above 1, i.e. 0.
    // min() keeps the bounds monotone when rounding makes Ĩ wobble by an ulp (sums stay exactly 1).
    const lower = i + 1 < r ? Math.min(upper, inv(-1 + (2 * (i + 1)) / r)) : 0;
    out[i] = upper - lower;
    upper = lower;
  }
  return out;
}

/** One operator's input density at one resolution. */
export interface InputDensity {
  /** Operator name. */
  operator: string;
  /** The levels p_i. */
  levels: number[];
  /** The share of the input square (t, s) ∈ [0, 1]² mapping to each level (sums to 1). */
  density: number[];
}

/** Options of {@link inputDensity}. */
export interface InputDensityOptions {
  /** Resolution in bits (r = 2^bits). Defaults to 3 (the paper's Fig. 8). */
  bits?: number;
  /** Number of target values of the midpoint rule over t ∈ [0, 1]. Defaults to 2000. */
  targetSteps?: number;
}

/**
 * Input density of each operator (Fig. 8): for every level, the share of all (t, s) pairs whose
 * effective priority is that level.
 * @throws `invalid bits: …` unless an integer in 1 … 16, `invalid targetSteps: …`
 */
export function inputDensity(
  ops: readonly PriorityOperator[],
  options: InputDensityOptions = {},
): InputDensity[] {
  const bits = integer(options.bits ?? 3, "bits", 1, 16);
  const steps = integer(options.targetSteps ?? 2000, "targetSteps", 1, 1e6);
  const r = resolutionOfBits(bits);
  const levels = Array.from({ length: r }, (_, i) => -1 + (2 * i) / r);
  return ops.map((op) => {
    const acc = new Float64Array(r);
    for (let j = 0; j < steps; j++) {
      const d = _localDensities(stateInverter(op, (j + 0.5) / steps), r);
      for (let i = 0; i < r; i++) acc[i] += d[i] / steps;
    }
    return { operator: op.name, levels, density: Array.from(acc) };
  });
}

/** One operator's profile at one target (Figs. 10–11): its curve F(t, s) and its local densities. */
export interface OperatorProfile {
  /** Operator name. */
  operator: string;
  /** The target. */
  target: number;
  /** State grid of the curve. */
  states: number[];
  /** F(t, s) on the grid. */
  values: number[];
  /** The levels p_i. */
  levels: number[];
  /** D(F, p_i, t, r) per level (normalised state). */
  density: number[];
}

/**
 * Operator profiles at one target and resolution: the operator curve over s ∈ [0, 1] and the
 * local density of each level.
 * @param points number of points of the curve. Defaults to 401.
 */
export function operatorProfiles(
  ops: readonly PriorityOperator[],
  target: number,
  bits = 3,
  points = 401,
): OperatorProfile[] {
  finiteNumber(target, "target", 0, 1);
  const r = resolutionOfBits(integer(bits, "bits", 1, 16));
  integer(points, "points", 2, 1e6);
  const states = Array.from({ length: points }, (_, i) => i / (points - 1));
  const levels = Array.from({ length: r }, (_, i) => -1 + (2 * i) / r);
  return ops.map((op) => ({
    operator: op.name,
    target,
    states,
    values: states.map((s) => op.value(target, s)),
    levels,
    density: Array.from(_localDensities(stateInverter(op, target), r)),
  }));
}
