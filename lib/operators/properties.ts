/**
 * Checks of the operator definition and characteristics (seed 001, §3.1–3.2 and §4): range,
 * zero exactly at balance with the sign of t − s, strict monotonicity in t and s (Eqs. 1–3), and
 * the boundary behaviour F(0, s) = −1, F(t, 0) = 1 (Eq. 4, Table 1), all evaluated on a grid.
 */
import { integer } from "../util/options";
import type { PriorityOperator } from "./operator";

/** A failed check with the first counterexample found. */
export interface CheckFailure {
  /** The check that failed. */
  check:
    | "range"
    | "balance"
    | "sign"
    | "increasing in t"
    | "decreasing in s"
    | "boundary t=0"
    | "boundary s=0"
    | "saturates in double precision";
  /** Inputs of the counterexample. */
  t: number;
  s: number;
  /** The value found there. */
  value: number;
}

/** Result of {@link checkOperator}. */
export interface OperatorCheck {
  operator: string;
  /** Eqs. 1–3: range [−1, 1], sign of t − s, zero only at balance, strictly monotone. */
  definition: boolean;
  /** Eq. 4: F(0, s) = −1 for s ∈ (0, 1] and F(t, 0) = 1 for t ∈ (0, 1]. */
  boundary: boolean;
  /** The first failure of each failed check (a "saturates in double precision" entry is a note, not a failure). */
  failures: CheckFailure[];
}

/** Both values within a few ulps of the same end of [−1, 1]: rounding, not the formula, breaks strictness. */
function saturated(v: number, w: number): boolean {
  return Math.sign(v) === Math.sign(w) && 1 - Math.abs(v) < 1e-15 && 1 - Math.abs(w) < 1e-15;
}

/**
 * Checks an operator on the grid {0, 1/g, …, 1}² (monotonicity on neighbouring grid points).
 * @param gridSteps g, the number of grid intervals per axis. Defaults to 200.
 * @throws `invalid gridSteps: …` unless an integer in 2 … 5000
 */
export function checkOperator(op: PriorityOperator, gridSteps = 200): OperatorCheck {
  const g = integer(gridSteps, "gridSteps", 2, 5000);
  const failures: CheckFailure[] = [];
  const seen = new Set<string>();
  const fail = (check: CheckFailure["check"], t: number, s: number, value: number) => {
    if (seen.has(check)) return;
    seen.add(check);
    failures.push({ check, t, s, value });
  };
  const eps = 1e-12;
  for (let a = 0; a <= g; a++) {
    const t = a / g;
    for (let b = 0; b <= g; b++) {
      const s = b / g;
      const v = op.value(t, s);
      if (!(v >= -1 - eps && v <= 1 + eps)) fail("range", t, s, v);
      if (a === b && v !== 0) fail("balance", t, s, v);
      if (a !== b && Math.sign(v) !== Math.sign(t - s)) fail("sign", t, s, v);
      // Eq. 3 is stated on (0, 1]; the boundary t = 0 or s = 0 is Eq. 4's business.
      if (a > 0 && b > 0 && a < g) {
        const w = op.value((a + 1) / g, s);
        if (!(w > v)) fail(saturated(v, w) ? "saturates in double precision" : "increasing in t", t, s, v);
      }
      if (a > 0 && b > 0 && b < g) {
        const w = op.value(t, (b + 1) / g);
        if (!(w < v)) fail(saturated(v, w) ? "saturates in double precision" : "decreasing in s", t, s, v);
      }
      if (a === 0 && b > 0 && Math.abs(v + 1) > eps) fail("boundary t=0", t, s, v);
      if (b === 0 && a > 0 && Math.abs(v - 1) > eps) fail("boundary s=0", t, s, v);
    }
  }
  const defChecks = new Set(["range", "balance", "sign", "increasing in t", "decreasing in s"]);
  return {
    operator: op.name,
    definition: !failures.some((f) => defChecks.has(f.check)), // saturation is reported, not counted
    boundary: !failures.some((f) => f.check.startsWith("boundary")),
    failures,
  };
}

/** One row of the boundary table (Table 1): F(0, s) and F(t, 0) at a few points. */
export interface BoundaryRow {
  operator: string;
  /** F(0, s) at each probe s. */
  atTargetZero: number[];
  /** F(t, 0) at each probe t. */
  atStateZero: number[];
  /** Whether F(0, s) = −1 at every probe. */
  lowestAtTargetZero: boolean;
  /** Whether F(t, 0) = 1 at every probe. */
  highestAtStateZero: boolean;
}

/** Boundary behaviour (Table 1) at the probe points (default 0.25, 0.5, 1). */
export function boundaryBehaviour(
  ops: readonly PriorityOperator[],
  probes: readonly number[] = [0.25, 0.5, 1],
): BoundaryRow[] {
  for (const x of probes)
    if (!(x > 0 && x <= 1)) throw new Error(`invalid probes: ${x}; expected values in (0, 1]`);
  return ops.map((op) => {
    const atTargetZero = probes.map((s) => op.value(0, s));
    const atStateZero = probes.map((t) => op.value(t, 0));
    return {
      operator: op.name,
      atTargetZero,
      atStateZero,
      lowestAtTargetZero: atTargetZero.every((v) => Math.abs(v + 1) < 1e-12),
      highestAtStateZero: atStateZero.every((v) => Math.abs(v - 1) < 1e-12),
    };
  });
}
