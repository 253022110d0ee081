/**
 * A genetic run's progress on one fixed yardstick. The GA scores each generation on fresh scenarios
 * (`scenarioStart = g · scenarios`) and, with `opponents: "elite"`, against the previous generation's
 * best, so its per-generation best score is measured against a moving target and can rise although
 * elitism keeps the best individuals. Here every generation's best individual is re-scored on the
 * same held-out scenarios (a seed of their own, never used by the GA) against the same opponents
 * (the seed's default strategy), so the scores are comparable across generations.
 */
import { integer } from "../util/options";
import { invalidArgument } from "../util/errors";
import type { BidVectorFamilyName } from "./bid-vector";
import { type AuctionEnvironment, STANDARD_ENVIRONMENT } from "./environment";
import { evaluateStrategies } from "./fitness";
import type { GeneticResult } from "./genetic";
import { DEFAULT_GV_COEFFICIENTS, DEFAULT_PS_COEFFICIENTS } from "./strategies";

/** Options of {@link heldOutScores}. */
export interface HeldOutOptions {
  /** The environment the GA ran in. Defaults to STANDARD_ENVIRONMENT. */
  environment?: AuctionEnvironment;
  /** Held-out scenarios (simulated runs) per generation's best. Defaults to 120. */
  scenarios?: number;
  /** Cycling period of the mechanisms, rounds. Defaults to 3. */
  period?: number;
  /** The GV bid-vector family. Defaults to "power". */
  bidVectorFamily?: BidVectorFamilyName;
  /** What the strategies' d is. Defaults to "deadline". */
  horizon?: "deadline" | "predicted";
}

/**
 * Each generation's best individual scored (mean incomplete frames per job, lower is better) on the
 * same held-out scenarios, seeded `<GA seed>/held-out`, against the default strategy.
 * @param result a genetic run (evolveStrategy)
 * @returns one score per generation, in order
 * @example heldOutScores(await evolveStrategy({ generations: 3 }), { scenarios: 60 })
 */
export function heldOutScores(result: GeneticResult, options: HeldOutOptions = {}): number[] {
  if (!result || !Array.isArray(result.history) || result.history.length === 0)
    throw invalidArgument("result", result, "a GeneticResult with a non-empty history");
  const { environment = STANDARD_ENVIRONMENT, scenarios = 120, period = 3 } = options;
  integer(scenarios, "scenarios", 1);
  const opponents = (result.mechanism === "ps" ? DEFAULT_PS_COEFFICIENTS : DEFAULT_GV_COEFFICIENTS).slice();
  return evaluateStrategies({
    mechanism: result.mechanism,
    environment,
    candidates: result.history.map((h) => h.bestCoefficients.slice()),
    opponents,
    seed: `${String(result.seed)}/held-out`,
    scenarioStart: 0,
    scenarios,
    period,
    bidVectorFamily: options.bidVectorFamily ?? "power",
    horizon: options.horizon ?? "deadline",
  });
}
