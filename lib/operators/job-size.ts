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
