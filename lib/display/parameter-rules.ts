/**
 * The rule of every notebook parameter, by name. A notebook's setup call checks its parameters
 * against these, so a parameters cell holds only the values.
 */
import { BID_SYMBOLS } from "../mechanism/experiments";
import { OPERATOR_SYMBOLS } from "../operators/operator";
import { PRIORITY_FORMULA_SYMBOLS } from "../slurm/multifactor";

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
  ALLOCATION_TIME: "positive",
  ALPHAS: "shares",
  AUDIT_PLAYERS: "count",
  BIG_HOURS: "positive",
  BIG_SHARE: "share",
  BUDGET_LEVELS: "positives",
  BUDGET_PERIOD: "positive",
  BUSY_SHARE: "share",
  CALIBRATION_RUNS: "count",
  CALIBRATION_STEPS: "count",
  CAP_HOURS: "positive",
  CF_SAMPLES: "count",
  CHUNKS: "count",
  CLUSTER_NODES: "count",
  COALITION_BUDGET_SHARE: "positive",
  COALITION_HOURS: "positive",
  COALITION_SAMPLES: "count",
  COALITION_USERS: "count",
  CORES_PER_NODE: "count",
  COUNT: "count",
  DECOMP_SAMPLES: "count",
  DENSITY_BITS: "count",
  DENSITY_TARGET_STEPS: "count",
  DEVIATION_FACTORS: "nonnegatives",
  DEVIATION_PLAYERS: "count",
  DYNAMICS_RUNS: "count",
  EQUIVALENCE_USERS: "count",
  EXPERIENCED_BID: { expression: BID_SYMBOLS },
  EXPERIMENTS: "count",
  FACTOR: "positive",
  FALLBACK_SEEDS: "seeds",
  FEW_SAMPLES: "count",
  FIG4_RESOLUTION: "count",
  FIG5_RESOLUTIONS: "counts",
  FIG9_TARGETS: "shares",
  GA_GENERATIONS: "count",
  GA_POPULATION: "count",
  GA_SCENARIOS: "count",
  GA_WORKERS: "count",
  HALF_LIFE_DAYS: "positive",
  INEXPERIENCED_BID: { expression: BID_SYMBOLS },
  JOB_HOURS: "positive",
  K: "positive",
  KAPPAS: "positives",
  MAX_AGE_DAYS: "positive",
  MAX_QTIME: "nonnegative",
  NODES: "count",
  N_POA_SAMPLES: "count",
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
  RANDOM_DEPTH: "count",
  RANDOM_INSTANCES: "count",
  RANDOM_MAX_CHILDREN: "count",
  RANDOM_N: "count",
  RANDOM_SEED: "seed",
  RECOMPUTE_SAMPLES: "count0",
  REDISTRIBUTION_STEPS: "count",
  REDISTRIBUTION_TARGETS: "shares",
  RUNS: "count",
  SAMPLE_SEED: "seed",
  SEED: "seed",
  SENS_BF_MAX_JOB_TEST: "counts",
  SENS_BF_WINDOW: "counts",
  SENS_PLANNED: "positives",
  SENS_QUEUE_DEPTH: "counts",
  SENS_SAMPLES: "count",
  SHAPE_CVS: "positives",
  SHOW_SAMPLES: "count0s",
  SMALL_BETA: "positive",
  SMALL_JOBS: "count",
  SMALL_MINUTES: "positives",
  SMALL_SAMPLES: "count",
  SMALL_SEEDS: "seeds",
  SMALL_SHARE: "shares",
  STATS_SAMPLES: "count",
  TARGET: "positive",
  TARGETS: "shares",
  THESIS_BETA: "positive",
  TIMELINE_DAYS: "count",
  TIMELINE_USAGE_SCALE: "positive",
  TINY_SHARES: "shares",
  TOP: "count",
  TRACE_JOBS: "count",
  UNDER_TARGET: "positive",
  URGENT_AFTER_HOURS: "nonnegative",
  USERS_ALPHAS: "shares",
  USERS_SEED: "seed",
  VICKREY_VALUES: "nonnegatives",
  W: "count",
  WINDOW_HOURS: "positive",
});
