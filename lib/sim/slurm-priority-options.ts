/**
 * The options of the simulator's Slurm multifactor priority ({@link slurmPriority}) and their
 * resolution: validated keywords, weights, normalised QoS priorities, the compiled formula and the
 * association tree's naming of users.
 */
import type { AssociationRow } from "../slurm/associations";
import { PRIORITY_FORMULA_SYMBOLS, type PriorityWeights, THESIS_WEIGHTS } from "../slurm/multifactor";
import { type QosDefinition, normalizedQosPriorities } from "../slurm/qos";
import type { UsageConfig } from "../slurm/usage";
import { type NumericExpression, optionalExpression } from "../expr/expression";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import type { SimJob } from "./job";
import { associationsFromJobs, needsQualifiedUsers, qualifiedUserName, userName } from "./slurm-associations";

/** The fair-share algorithms of {@link SlurmPriorityOptions.fairShare}. */
export type FairShareAlgorithm = "fair-tree" | "fair-tree-thesis" | "classic" | "level-based";

/**
 * A priority factor of one's own, as Slurm's PrioritySiteFactorPlugin gives one: its value is added
 * to a job's priority as it is, unweighted, after the weighted factors and before nice
 * (priority_multifactor.c `_get_priority_internal`), and asked again at every recalculation
 * (`site_factor_g_update` in `_decay_thread`).
 */
export interface SiteFactor {
  /** Its name, shown in the model's name. */
  readonly name: string;
  /** The job's site factor at `now` (seconds): a finite number, larger = sooner. */
  value(job: SimJob, now: number): number;
}

/** Options of {@link slurmPriority}. */
export interface SlurmPriorityOptions {
  /** PriorityWeight*. Defaults to the thesis's Table 2 (age 1e5, size 1e5, fair share 1e4, QoS 1e6). */
  weights?: PriorityWeights;
  /** Association rows (Table 1 form). Defaults to root → one account per job account → its users, shares 1 (a user is placed under the first account it submits with). */
  associations?: readonly AssociationRow[];
  /**
   * Fair-share algorithm: "fair-tree" (SchedMD's code), "fair-tree-thesis" (Algorithms 1–2 as
   * printed), "classic" or "level-based" (LEVEL_BASED, seed 002: lib/slurm levelBased with its
   * default 4 PriorityLevels). Defaults to "fair-tree".
   */
  fairShare?: FairShareAlgorithm;
  /** QoS definitions (priorities normalised by the maximum). Defaults to none (QoS factor 0). */
  qos?: readonly QosDefinition[];
  /** Usage decay (PriorityDecayHalfLife, reset period). Defaults to lib/slurm's (7 days, no reset). */
  usage?: UsageConfig;
  /** PriorityMaxAge, seconds. Defaults to 7 days (Slurm; the thesis says 10 days). */
  maxAgeSeconds?: number;
  /** PriorityFavorSmall. Defaults to false. */
  favorSmall?: boolean;
  /** PriorityCalcPeriod, seconds. Defaults to 300. */
  calcPeriod?: number;
  /**
   * Seconds from the first submit to the first recalculation, in [0, calcPeriod] (slurmctld's decay
   * thread runs at its start and every PriorityCalcPeriod after: priority_multifactor.c _decay_thread).
   * Defaults to calcPeriod.
   */
  calcPhase?: number;
  /**
   * A custom priority formula replacing Σ weight · factor: a mathjs expression in the normalised
   * factors `age`, `fairshare`, `size`, `partition`, `qos` (each in [0, 1]), e.g.
   * `"1000*age + 2000*fairshare + 500*size"`; priority = formula − nice, floored at 1, capped,
   * truncated (lib/slurm PRIORITY_FORMULA_SYMBOLS). Defaults to "" (none: Slurm's weighted sum with `weights`).
   */
  formula?: string;
  /**
   * Whether the cluster keeps accounting (AccountingStorageType=accounting_storage/slurmdbd): with
   * `false` (no database) Slurm has no associations, so every job's fair-share factor is 0 (what
   * slurmctld does without slurmdbd); usage is still tracked but never reaches the priority.
   * Defaults to true (the thesis's fair-share model needs the association tree).
   */
  accounting?: boolean;
  /** A site factor of one's own ({@link SiteFactor}). Defaults to none (0 for every job). */
  siteFactor?: SiteFactor;
  /**
   * The job-size factor counts the CPUs of each job's last select test (job_ptr->total_cpus:
   * cons_common job_test.c sets them at a test-only or will-run test, the whole nodes' CPUs for an
   * `--exclusive` job; priority_multifactor.c reads them), from the CPUs it asked (SimJob.sizeCpus)
   * until a test counts them; the pending priorities are then all written at each recalculation (no
   * queue groups: a job's size may change). Defaults to false: the job's CPUs, never changed.
   */
  sizeFromTests?: boolean;
}

/** {@link SlurmPriorityOptions} validated and resolved. */
export interface ResolvedSlurmPriority {
  /** The fair-share algorithm. */
  fsKind: FairShareAlgorithm;
  /** The weights. */
  weights: PriorityWeights;
  /** Normalised QoS priority per QoS name. */
  qosMap: Map<string, number>;
  /** The compiled custom formula, or undefined for Slurm's weighted sum. */
  formula: NumericExpression | undefined;
  /** The options as given. */
  options: SlurmPriorityOptions;
  /** The association (user) a job is charged to (call `associations` first). */
  userName: (job: SimJob) => string;
  /** The association rows for a workload (decides how users are named when the tree is the default one). */
  associations: (jobs: readonly SimJob[]) => readonly AssociationRow[];
  /** False when there is no accounting database: every fair-share factor is 0. */
  accounting: boolean;
  /** The site factor, or undefined for none. */
  siteFactor: SiteFactor | undefined;
  /** The model's name: `slurm-multifactor(<fairShare>)`, plus ` formula <source>` with a formula and ` site <name>` with a site factor. */
  name: string;
}

/** Validates and resolves {@link SlurmPriorityOptions} (one resolution per model: it keeps the users' naming). */
export function resolveSlurmPriority(options: SlurmPriorityOptions = {}): ResolvedSlurmPriority {
  const fsKind = keyword(options.fairShare ?? "fair-tree", "fairShare", [
    "fair-tree",
    "fair-tree-thesis",
    "classic",
    "level-based",
  ] as const);
  const accounting = options.accounting ?? true;
  if (typeof accounting !== "boolean") throw invalidArgument("accounting", accounting, "true or false");
  const weights = options.weights ?? THESIS_WEIGHTS;
  const qosMap = normalizedQosPriorities(options.qos ?? []);
  const formula = optionalExpression("formula", options.formula, PRIORITY_FORMULA_SYMBOLS);
  const site = options.siteFactor;
  if (
    site !== undefined &&
    (!site || typeof site.value !== "function" || typeof site.name !== "string" || site.name === "")
  )
    throw invalidArgument("siteFactor", site, "{ name, value(job, now) } with a name");
  // With the default tree, users are named per account when the workload needs it (decided when the tree is built).
  let qualified = false;
  return {
    fsKind,
    weights,
    qosMap,
    formula,
    options,
    accounting,
    siteFactor: site,
    userName: (job) => (qualified ? qualifiedUserName(job) : userName(job)),
    associations: (jobs) => {
      if (options.associations) return options.associations;
      qualified = needsQualifiedUsers(jobs);
      return associationsFromJobs(jobs, qualified);
    },
    name: `slurm-multifactor(${fsKind})${formula ? ` formula ${formula.source}` : ""}${site ? ` site ${site.name}` : ""}`,
  };
}
