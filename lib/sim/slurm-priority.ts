/**
 * Slurm's multifactor priority inside the simulator, built from lib/slurm: every
 * PriorityCalcPeriod the usage state is advanced with the jobs that ran (lib/slurm advanceUsage:
 * decay, then run_delta · decay^run_delta · CPUs), fair share is recomputed on the association
 * tree (Fair Tree, SchedMD's code by default, or classic), and each pending job's priority is
 * lib/slurm jobPriorities (age from submit, job size, fair share, QoS).
 *
 * Two implementations with bit-identical results: "fast" (default; slurm-priority-fast.ts: typed
 * arrays, Fair Tree compiled once, about 10× faster on the Curie trace) and "reference"
 * (slurm-priority-reference.ts: lib/slurm's public functions on Maps, the definition the fast one
 * is tested against in test/sim/slurm-priority.test.ts).
 */
import { type AssociationRow, type PriorityWeights, type QosDefinition, type UsageConfig, THESIS_WEIGHTS, normalizedQosPriorities, priorityFormula } from "../slurm/index";
import type { NumericExpression } from "../expr/index";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import type { SimJob } from "./job";
import type { PriorityModel } from "./priority";
import { fastSlurmPriority } from "./slurm-priority-fast";
import { referenceSlurmPriority } from "./slurm-priority-reference";

/** Options of {@link slurmPriority}. */
export interface SlurmPriorityOptions {
  /** PriorityWeight*. Defaults to the thesis's Table 2 (age 1e5, size 1e5, fair share 1e4, QoS 1e6). */
  weights?: PriorityWeights;
  /** Association rows (Table 1 form). Defaults to root → one account per job account → its users, shares 1 (a user is placed under the first account it submits with). */
  associations?: readonly AssociationRow[];
  /** Fair-share algorithm: "fair-tree" (SchedMD's code), "fair-tree-thesis" (Algorithms 1–2 as printed) or "classic". Defaults to "fair-tree". */
  fairShare?: "fair-tree" | "fair-tree-thesis" | "classic";
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
   * A custom priority formula replacing Σ weight · factor: a mathjs expression in the normalised
   * factors `age`, `fairshare`, `size`, `partition`, `qos` (each in [0, 1]), e.g.
   * `"1000*age + 2000*fairshare + 500*size"`; priority = formula − nice, floored at 1, capped,
   * truncated (lib/slurm priorityFormula). Defaults to "" (none: Slurm's weighted sum with `weights`).
   */
  formula?: string;
  /** "fast" (typed arrays, Fair Tree compiled once; slurm-priority-fast.ts) or "reference" (lib/slurm's public functions on Maps; slurm-priority-reference.ts). Both give bit-identical priorities. Defaults to "fast". */
  implementation?: "fast" | "reference";
  /**
   * Whether the cluster keeps accounting (AccountingStorageType=accounting_storage/slurmdbd): with
   * `false` (no database) Slurm has no associations, so every job's fair-share factor is 0 (what
   * slurmctld does without slurmdbd); usage is still tracked but never reaches the priority.
   * Defaults to true (the thesis's fair-share model needs the association tree).
   */
  accounting?: boolean;
}

const userName = (j: SimJob) => j.user || "(none)";
const accountName = (j: SimJob) => "acct:" + (j.account || "(none)");

const qualifiedUserName = (j: SimJob) => `${j.user || "(none)"}@${j.account || "(none)"}`;

/**
 * Whether users must be named per account (`user@account`): a user in two accounts (Slurm keeps one
 * association per user and account) or a user called like the tree's root ("root", as on real clusters).
 */
export function needsQualifiedUsers(jobs: readonly SimJob[]): boolean {
  const accountOf = new Map<string, string>();
  for (const j of jobs) {
    const u = userName(j), a = accountName(j);
    if (u === "root") return true;
    const had = accountOf.get(u);
    if (had !== undefined && had !== a) return true;
    accountOf.set(u, a);
  }
  return false;
}

/**
 * Default association rows for a workload: root → accounts → users, all shares 1. Users are named
 * `user@account` when `qualified` (see {@link needsQualifiedUsers}).
 */
export function associationsFromJobs(jobs: readonly SimJob[], qualified = false): AssociationRow[] {
  const rows: AssociationRow[] = [];
  const seen = new Set<string>();
  for (const j of jobs) {
    const a = accountName(j), u = qualified ? qualifiedUserName(j) : userName(j);
    if (!seen.has(a)) {
      seen.add(a);
      rows.push({ entity: a, parent: "root", kind: "account", shares: 1 });
    }
    if (!seen.has(u)) {
      seen.add(u);
      rows.push({ entity: u, parent: a, kind: "user", shares: 1 });
    }
  }
  return rows;
}

/** Options resolved by {@link slurmPriority}, shared by its two implementations. */
export interface ResolvedSlurmPriority {
  /** The fair-share algorithm. */
  fsKind: "fair-tree" | "fair-tree-thesis" | "classic";
  /** The weights. */
  weights: PriorityWeights;
  /** Normalised QoS priority per QoS name. */
  qosMap: Map<string, number>;
  /** The compiled custom formula, or undefined for Slurm's weighted sum. */
  formula: NumericExpression | undefined;
  /** The options as given. */
  options: SlurmPriorityOptions;
  /** The association (user) a job is charged to. */
  userName: (job: SimJob) => string;
  /** The association rows for a workload. */
  associations: (jobs: readonly SimJob[]) => readonly AssociationRow[];
  /** False when there is no accounting database: every fair-share factor is 0. */
  accounting: boolean;
}

/**
 * A Slurm multifactor priority model for {@link simulate} (fresh state at every run).
 * @example simulate(jobs, { nodes: 5544, scheduler: createScheduler({ name: "slurm" }), priority: slurmPriority() })
 */
export function slurmPriority(options: SlurmPriorityOptions = {}): PriorityModel {
  const fsKind = keyword(options.fairShare ?? "fair-tree", "fairShare", ["fair-tree", "fair-tree-thesis", "classic"] as const);
  const impl = keyword(options.implementation ?? "fast", "implementation", ["fast", "reference"] as const);
  const accounting = options.accounting ?? true;
  if (typeof accounting !== "boolean") throw invalidArgument("accounting", accounting, "true or false");
  // With the default tree, users are named per account when the workload needs it (decided when the tree is built).
  let qualified = false;
  const resolved: ResolvedSlurmPriority = {
    fsKind,
    weights: options.weights ?? THESIS_WEIGHTS,
    qosMap: normalizedQosPriorities(options.qos ?? []),
    formula: options.formula === undefined || options.formula.trim() === "" ? undefined : priorityFormula(options.formula),
    options,
    accounting,
    userName: (job) => (qualified ? qualifiedUserName(job) : userName(job)),
    associations: (jobs) => {
      if (options.associations) return options.associations;
      qualified = needsQualifiedUsers(jobs);
      return associationsFromJobs(jobs, qualified);
    },
  };
  const model = impl === "fast" ? fastSlurmPriority(resolved) : referenceSlurmPriority(resolved);
  return resolved.formula ? { ...model, name: `${model.name} formula ${resolved.formula.source}` } : model;
}
