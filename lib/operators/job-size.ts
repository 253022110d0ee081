/**
 * Job-size analysis (seed 001, §5.4, Eqs. 22–25): how big a job must be to move a user from one
 * effective priority level to the next. A job J = k·U added to a user with normalised state s
 * (U = all usage recorded in the window) gives the new state
 *   corrected:  s' = (s·U + k·U)/(U + k·U) = (s + k)/(1 + k)   ⇒  k = D/(1 − s − D)
 *   paper:      s' = (1 + k)(s + k)  (the paper's Eq. 23)        ⇒  k = (−(1+s) + √((1+s)² + 4D))/2  (Eq. 25)
 * where D = D(F, p_i, t, r) is the local density (the state step that changes the level).
 * The paper's Eq. 23 multiplies by (1 + k) where the algebra divides, so both are offered.
 */
import { keyword } from "../util/options";

/** Which new-state formula turns a state step into a job share k. */
export type JobSizeFormula = "corrected" | "paper";
/** Which state enters Eq. 25: the level's lower state bound (where the user enters it), its upper bound, or the target. */
export type JobStateChoice = "lower" | "upper" | "target";

/** The job-size formulas. */
export const JOB_SIZE_FORMULAS: readonly JobSizeFormula[] = ["corrected", "paper"];
/** The state choices. */
export const JOB_STATE_CHOICES: readonly JobStateChoice[] = ["lower", "upper", "target"];

/**
 * k: the job as a share of the recorded usage U that moves the state from s by D (unchecked).
 * Infinity when no job can (corrected formula with s + D ≥ 1).
 */
export function _jobShare(formula: JobSizeFormula, s: number, d: number): number {
  if (formula === "paper") {
    const b = 1 + s;
    // Stable root of k² + b·k − D = 0.
    return (2 * d) / (b + Math.sqrt(b * b + 4 * d));
  }
  const room = 1 - s - d;
  return room > 0 ? d / room : Infinity;
}

/**
 * k = K(F, p_i, t, r, s) (Eq. 25, or its corrected form): the job share of the usage pool that
 * changes the state by `d` starting from state `s`.
 * @throws `invalid formula: …`, `invalid s: …`, `invalid d: …`
 */
export function jobShare(formula: JobSizeFormula, s: number, d: number): number {
  keyword(formula, "formula", JOB_SIZE_FORMULAS);
  if (!(s >= 0 && s <= 1)) throw new Error(`invalid s: ${s}; expected a state in [0, 1]`);
  if (!(d >= 0 && d <= 1)) throw new Error(`invalid d: ${d}; expected a state step in [0, 1]`);
  return _jobShare(formula, s, d);
}

/** New state after a job of share k at state s (the corrected algebra of Eq. 23): (s + k)/(1 + k). */
export function stateAfterJob(s: number, k: number): number {
  if (!(s >= 0 && s <= 1)) throw new Error(`invalid s: ${s}; expected a state in [0, 1]`);
  if (!(k >= 0)) throw new Error(`invalid k: ${k}; expected a job share >= 0`);
  return k === Infinity ? 1 : (s + k) / (1 + k);
}

/** The synthetic grid of the paper's job-size study. */
export interface GridScenario {
  /** Time window, hours. Defaults to 8760 (1 year). */
  windowHours?: number;
  /** Resources, nodes. Defaults to 600 (the paper's Swegrid-like example). */
  nodes?: number;
}

/** U: the usage pool of the window in node·hours (window × nodes; 5,256,000 for the paper's grid). */
export function usagePoolHours(scenario: GridScenario = {}): number {
  const { windowHours = 8760, nodes = 600 } = scenario;
  if (!(windowHours > 0 && Number.isFinite(windowHours)))
    throw new Error(`invalid windowHours: ${windowHours}; expected a positive number of hours`);
  if (!(nodes > 0 && Number.isFinite(nodes)))
    throw new Error(`invalid nodes: ${nodes}; expected a positive number of nodes`);
  return windowHours * nodes;
}

/** Checks the choice names (exported for the analysis). */
export function _checkJobChoices(formula: unknown, state: unknown): void {
  keyword(formula, "formula", JOB_SIZE_FORMULAS);
  keyword(state, "stateAt", JOB_STATE_CHOICES);
}
