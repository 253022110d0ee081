/**
 * The inputs of notebook 01's walkthrough (views/slurm/priority-walkthrough.ts): its options, the
 * thesis's inputs by default (Tables 1–4, the example jobs, the decay and LEVEL_BASED examples, the
 * random tree, a real Slurm 22.05 run's sshare and sprio dumps), each checked by name.
 */
import type { PriorityJob } from "../../lib/slurm/multifactor";
import type { FairTreeVariant } from "../../lib/slurm/compiled-fair-tree";
import type { QosNormalization } from "../../lib/slurm/qos";
import { invalidArgument } from "../../lib/util/errors";
import { finiteNumber, integer } from "../../lib/util/options";

/** Pending jobs of the priority example (ageSeconds since eligible). */
export const EXAMPLE_PRIORITY_JOBS: readonly PriorityJob[] = Object.freeze([
  {
    id: "1001",
    user: "bsc3090",
    qos: "bsc_es",
    ageSeconds: 86400,
    cpus: 480,
    nodes: 10,
    timeLimitMinutes: 720,
  },
  {
    id: "1002",
    user: "bsc3092",
    qos: "bsc_es",
    ageSeconds: 3 * 86400,
    cpus: 2400,
    nodes: 50,
    timeLimitMinutes: 2880,
  },
  { id: "1003", user: "bsc3285", qos: "debug", ageSeconds: 600, cpus: 96, nodes: 2, timeLimitMinutes: 60 },
  {
    id: "1004",
    user: "bsc3200",
    qos: "interactive",
    ageSeconds: 12 * 86400,
    cpus: 4,
    nodes: 1,
    timeLimitMinutes: 120,
  },
]);

/** Options of slurmPriorityWalkthrough (views/slurm/priority-walkthrough.ts): the thesis's inputs by default. */
export interface PriorityWalkthroughOptions {
  /** Association table in Table 1's form. Defaults to "data/reference/thesis/table01.csv". */
  treeFile?: string;
  /** Root account of that table. Defaults to "bsc_es". */
  treeRoot?: string;
  /** Usage (CPU·s) replacing some associations' own usage. Defaults to none. */
  usageOverrides?: Readonly<Record<string, number>>;
  /** Fair Tree variant: "thesis" (Algorithms 1–2) or "slurm" (ties share a rank). Defaults to "thesis". */
  variant?: FairTreeVariant;
  /** Priority weights (Table 2's form). Defaults to "data/reference/thesis/table02.csv". */
  weightsFile?: string;
  /** QoS definitions and Table 4's values. Defaults to "data/reference/thesis/table03-04.csv". */
  qosFile?: string;
  /** QoS priority normalised by "max" (Slurm, the thesis's text) or "sum" (Table 4's numbers). Defaults to "max". */
  qosNormalization?: QosNormalization;
  /** PriorityMaxAge, days (the thesis: 10; Slurm's default 7). Defaults to 10. */
  maxAgeDays?: number;
  /** Cluster size, nodes (MareNostrum4). Defaults to 3456. */
  clusterNodes?: number;
  /** Cores per node. Defaults to 48. */
  coresPerNode?: number;
  /** Jobs of the priority example. Defaults to {@link EXAMPLE_PRIORITY_JOBS}. */
  exampleJobs?: readonly PriorityJob[];
  /** PriorityDecayHalfLife, days. Defaults to 7. */
  halfLifeDays?: number;
  /** The decay example starts from Table 1's usage × this (CPU·s). Defaults to 100. */
  timelineUsageScale?: number;
  /** The job running in the decay example (seconds). Defaults to bsc3090, 1 CPU, days 0–7. */
  timelineJob?: { association: string; cpus: number; start: number; end: number };
  /** Length of the decay example, days. Defaults to 21. */
  timelineDays?: number;
  /** LEVEL_BASED PriorityLevels. Defaults to 4 (the post's 4 × 16-bit buckets). */
  priorityLevels?: number;
  /** Shares of the asymptote plot (150 accounts; 150 accounts × 40 users; 0.1). Defaults to [1/150, 1/6000, 0.1]. */
  tinyShares?: readonly number[];
  /** Seed of the random tree. Defaults to 1. */
  randomSeed?: number | string;
  /** Account levels of the random tree. Defaults to 3. */
  randomDepth?: number;
  /** Children per account of the random tree, uniform in [1, this]. Defaults to 5. */
  randomMaxChildren?: number;
  /** A cluster's `sshare -a -l -P` output; "" (or a missing file) leaves it out. Defaults to a real Slurm 22.05 run's. */
  sshareFile?: string;
  /** A cluster's `sprio -l` output; "" (or a missing file) leaves it out. Defaults to a real Slurm 22.05 run's. */
  sprioFile?: string;
  /** Project root the files are relative to. Defaults to the working directory. */
  root?: string;
}

/**
 * The options with their defaults filled in.
 * @throws `invalid variant: …`, `invalid qosNormalization: …` and the numeric options' errors
 */
export function resolvePriorityWalkthroughOptions(
  options: PriorityWalkthroughOptions,
): Required<PriorityWalkthroughOptions> {
  const variant = options.variant ?? "thesis";
  if (variant !== "thesis" && variant !== "slurm")
    throw invalidArgument("variant", variant, '"thesis" or "slurm"');
  const qosNormalization = options.qosNormalization ?? "max";
  if (qosNormalization !== "max" && qosNormalization !== "sum")
    throw invalidArgument("qosNormalization", qosNormalization, '"max" or "sum"');
  return {
    treeFile: options.treeFile ?? "data/reference/thesis/table01.csv",
    treeRoot: options.treeRoot ?? "bsc_es",
    usageOverrides: options.usageOverrides ?? {},
    variant,
    weightsFile: options.weightsFile ?? "data/reference/thesis/table02.csv",
    qosFile: options.qosFile ?? "data/reference/thesis/table03-04.csv",
    qosNormalization,
    maxAgeDays: finiteNumber(options.maxAgeDays ?? 10, "maxAgeDays", 0),
    clusterNodes: integer(options.clusterNodes ?? 3456, "clusterNodes", 1),
    coresPerNode: integer(options.coresPerNode ?? 48, "coresPerNode", 1),
    exampleJobs: options.exampleJobs ?? EXAMPLE_PRIORITY_JOBS,
    halfLifeDays: finiteNumber(options.halfLifeDays ?? 7, "halfLifeDays", 0),
    timelineUsageScale: finiteNumber(options.timelineUsageScale ?? 100, "timelineUsageScale", 0),
    timelineJob: options.timelineJob ?? { association: "bsc3090", cpus: 1, start: 0, end: 7 * 86400 },
    timelineDays: finiteNumber(options.timelineDays ?? 21, "timelineDays", 0),
    priorityLevels: integer(options.priorityLevels ?? 4, "priorityLevels", 1, 64),
    tinyShares: options.tinyShares ?? [1 / 150, 1 / 6000, 0.1],
    randomSeed: options.randomSeed ?? 1,
    randomDepth: integer(options.randomDepth ?? 3, "randomDepth", 1),
    randomMaxChildren: integer(options.randomMaxChildren ?? 5, "randomMaxChildren", 1),
    sshareFile: options.sshareFile ?? "test/fixtures/slurm/sshare.txt",
    sprioFile: options.sprioFile ?? "test/fixtures/slurm/sprio.txt",
    root: options.root ?? process.cwd(),
  };
}
