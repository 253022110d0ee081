/**
 * The rule of every notebook parameter, by name. A notebook's setup call checks its parameters
 * against these, so a parameters cell holds only the values.
 */
import { BID_SYMBOLS } from "../../lib/mechanism/experiments";
import { OPERATOR_SYMBOLS } from "../../lib/operators/operator";
import { PRIORITY_FORMULA_SYMBOLS } from "../../lib/slurm/multifactor";

/** What a parameter must be. The plural forms apply to every element of an array. */
export type ParameterRule =
  | "count" // a whole number >= 1 (sizes, samples, jobs, nodes)
  | "count0" // a whole number >= 0
  | "seed" // a whole number (any sign) or a string
  | "positive" // a finite number > 0
  | "nonnegative" // a finite number >= 0
  | "share" // a finite number in [0, 1]
  | "counts"
  | "count0s"
  | "seeds"
  | "positives"
  | "nonnegatives"
  | "shares"
  | { expression: readonly string[] }; // a formula string in these symbols, or "" for the default (lib/expr)

/** Each notebook parameter's rule; a new parameter gets its line here. */
export const PARAMETER_RULES: Readonly<Record<string, ParameterRule>> = Object.freeze({
  ALPHAS: "shares",
  AUDIT_PLAYERS: "count",
  BIG_HOURS: "positive",
  BIG_SHARE: "share",
  BUDGET_PERIOD: "positive",
  BUSY_SHARE: "share",
  CF_SAMPLES: "count",
  CHUNKS: "count",
  COUNT: "count",
  DECOMP_SAMPLES: "count",
  DENSITY_BITS: "count",
  EXPERIENCED_BID: { expression: BID_SYMBOLS },
  EXPERIMENTS: "count",
  FACTOR: "positive",
  FEW_SAMPLES: "count",
  GA_GENERATIONS: "count",
  GA_POPULATION: "count",
  GA_SCENARIOS: "count",
  HALF_LIFE_DAYS: "positive",
  HALF_LIVES_DAYS: "positives",
  INEXPERIENCED_BID: { expression: BID_SYMBOLS },
  JITTER_INTERVALS: "nonnegative",
  JOB_HOURS: "positive",
  K: "positive",
  KAPPAS: "positives",
  MAX_AGE_DAYS: "positive",
  MAX_QTIME: "nonnegative",
  N: "count",
  NODES: "count",
  N_SAMPLES: "count",
  OPERATOR: { expression: OPERATOR_SYMBOLS },
  OPERATOR_BITS: "count",
  PADDING_FACTORS: "positives",
  PERIOD: "count",
  PLANNED_MINUTES: "count",
  PRIORITY_FORMULA: { expression: PRIORITY_FORMULA_SYMBOLS },
  PRIORITY_LEVELS: "count",
  PRIORITY_SEED: "seed",
  PROFILE_TARGETS: "shares",
  QTIME_POINTS: "count",
  RANDOM_CAPACITY: "count",
  RANDOM_INSTANCES: "count",
  RANDOM_N: "count",
  RANDOM_SEED: "seed",
  RECOMPUTE_SAMPLES: "count0",
  RUNS: "count",
  SAMPLE_SEED: "seed",
  SEED: "seed",
  SENS_SAMPLES: "count",
  SHOW_SAMPLES: "count0s",
  SMALL_BETA: "positive",
  SMALL_JOBS: "count",
  SMALL_MINUTES: "positives",
  SMALL_SAMPLES: "count0",
  SMALL_SEEDS: "seeds",
  SMALL_SHARE: "shares",
  TOP: "count",
  TRACE_JOBS: "count",
  UNDER_TARGET: "positive",
  URGENT_AFTER_HOURS: "nonnegative",
  USERS_SEED: "seed",
  VICKREY_VALUES: "nonnegatives",
  W: "count0",
});
