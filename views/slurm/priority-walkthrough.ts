/**
 * Notebook 01's walk through thesis Section 2 and the LEVEL_BASED post (seed 002), computed in one
 * call: the association tree of Table 1 and its normalised shares and usage, Fair Tree (both
 * variants) beside the thesis's worked example, exact Level FS, usage decay, the multifactor
 * priority of example jobs under Tables 2–4, the LEVEL_BASED example and asymptotes, the three
 * fair-share algorithms compared on bsc_es and on a seeded random tree, and a cluster's own
 * sshare/sprio dumps. The sentences stating what these show are in views/slurm/walkthrough-text.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type ReferenceRecord, readReferenceCsv } from "../../lib/io/reference-csv";
import { type SprioRecord, parseSprio } from "../../lib/io/sprio";
import { invalidArgument } from "../../lib/util/errors";
import { finiteNumber, integer } from "../../lib/util/options";
import { createRng } from "../../lib/util/rng";
import {
  type AssociationTree,
  type UsageMap,
  buildAssociationTree,
  usageWithOverrides,
} from "../../lib/slurm/associations";
import { classicFairShare } from "../../lib/slurm/classic";
import type { FairTreeVariant } from "../../lib/slurm/compiled-fair-tree";
import { type ExactLevelFsRow, exactLevelFsTable } from "../../lib/slurm/exact-level-fs";
import { type FairShareResult, fairTree } from "../../lib/slurm/fair-tree";
import { type LevelBasedResult, levelBased } from "../../lib/slurm/level-based";
import {
  type PriorityBreakdown,
  type PriorityJob,
  type PriorityWeights,
  jobPriorities,
} from "../../lib/slurm/multifactor";
import { type NormalisedAssociation, normaliseAssociations } from "../../lib/slurm/normalisation";
import {
  type QosDefinition,
  type QosNormalization,
  normalizedQosPriorities,
  qosFromRecords,
} from "../../lib/slurm/qos";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import {
  type FairShareComparisonRow,
  compareSshareFairTree,
  sshareCheckSize,
} from "../../lib/slurm/sshare-check";
import { type SshareRecord, parseSshare } from "../../lib/io/sshare";
import { orderAgreement, workedExampleComparison } from "./tables";
import { weightsFromRecords } from "../../lib/slurm/thesis-setup";
import { type UsageTimelineRow, usageTimeline } from "../../lib/slurm/usage-timeline";

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

/** Options of {@link slurmPriorityWalkthrough}: the thesis's inputs by default. */
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

/** What {@link slurmPriorityWalkthrough} computes (see the module comment). */
export interface PriorityWalkthrough {
  options: Required<PriorityWalkthroughOptions>;
  tree: AssociationTree;
  usage: UsageMap;
  table1: Record<string, string>[];
  norm: Map<string, NormalisedAssociation>;
  fairTree: FairShareResult;
  slurmFairTree: FairShareResult;
  published: readonly ReferenceRecord[];
  worked: Record<string, string | number | null>[];
  exactLevelFs: ExactLevelFsRow[];
  levelBased: LevelBasedResult;
  timeline: UsageTimelineRow[];
  /** The timeline every 7 days. */
  timelineWeekly: UsageTimelineRow[];
  table2: Record<string, string>[];
  weights: PriorityWeights;
  qos: QosDefinition[];
  qosRows: Record<string, string | number | boolean>[];
  priorities: PriorityBreakdown[];
  /** The example jobs' unweighted factors. */
  factorRows: Record<string, string | number>[];
  /** Table 5 (scheduler settings) as published. */
  table5: Record<string, string>[];
  /** Fair Tree (both variants), classic and LEVEL_BASED on the tree. */
  results: FairShareResult[];
  /** How far each of the others agrees with Fair Tree (thesis) on the user order. */
  agreementRows: Record<string, string | number>[];
  /** The random tree: Fair Tree (slurm), the other algorithms, their agreement with it. */
  random: {
    tree: AssociationTree;
    slurm: FairShareResult;
    others: FairShareResult[];
    /** Fair Tree (slurm), classic and both LEVEL_BASED forms (for compareFairShare). */
    compared: FairShareResult[];
    agreementRows: Record<string, string | number>[];
  };
  cluster: { sshare?: SshareRecord[]; sshareCheck?: FairShareComparisonRow[]; sprio?: SprioRecord[] };
  /** The cluster dumps as tables to show, with captions and decimals (none when no file was read). */
  clusterTables: { rows: readonly object[]; caption: string; digits: number }[];
}

/**
 * Computes every step of notebook 01 (see the module comment).
 * @param options inputs; the thesis's by default
 */
export function slurmPriorityWalkthrough(options: PriorityWalkthroughOptions = {}): PriorityWalkthrough {
  const o = resolve(options);
  const root = o.root;
  const tree = buildAssociationTree(readAssociationCsv(o.treeFile, root), { root: o.treeRoot });
  const usage = usageWithOverrides(tree, o.usageOverrides);
  const ft = fairTree(tree, { variant: o.variant, usage });
  const slurmFt = fairTree(tree, { variant: "slurm", usage });
  const published = readReferenceCsv("data/reference/thesis/section2-fairshare-example.csv", root).records;
  const lb = levelBased(tree, { levels: o.priorityLevels, usage });
  const scaled = new Map([...usage].map(([k, v]) => [k, v * o.timelineUsageScale]));
  const timeline = usageTimeline(tree, { time: 0, usage: scaled }, [o.timelineJob], {
    durationSeconds: o.timelineDays * 86400,
    usage: { halfLifeSeconds: o.halfLifeDays * 86400 },
    variant: o.variant,
  });
  const weightRecords = readReferenceCsv(o.weightsFile, root).records;
  const weights = weightsFromRecords(weightRecords, o.weightsFile);
  const qosRecords = readReferenceCsv(o.qosFile, root).records;
  const qos = qosFromRecords(qosRecords, o.coresPerNode, o.qosFile);
  const byMax = normalizedQosPriorities(qos, "max");
  const bySum = normalizedQosPriorities(qos, "sum");
  const qosRows = qos.map((q, i) => ({
    ...q,
    "Table 4 (thesis)": Number(qosRecords[i].values.normalized_priority),
    "ours: / max (Slurm)": byMax.get(q.name)!,
    "ours: / sum": bySum.get(q.name)!,
  }));
  const priorities = jobPriorities(o.exampleJobs, {
    weights,
    fairShare: ft.factors,
    qos: normalizedQosPriorities(qos, o.qosNormalization),
    clusterNodes: o.clusterNodes,
    clusterCpus: o.clusterNodes * o.coresPerNode,
    maxAgeSeconds: o.maxAgeDays * 86400,
  });
  const results = [
    fairTree(tree, { variant: "thesis", usage }),
    slurmFt,
    classicFairShare(tree, { usage }),
    lb,
  ];
  const agreementRows = results
    .slice(1)
    .map((r) => ({ "vs fair-tree (thesis)": r.algorithm, ...orderAgreement(results[0], r) }));
  const randomTree = buildAssociationTree(
    randomAssociationRows(createRng(o.randomSeed), {
      depth: o.randomDepth,
      maxChildren: o.randomMaxChildren,
    }),
  );
  const levels = o.priorityLevels;
  const randomSlurm = fairTree(randomTree, { variant: "slurm" });
  const others = [
    fairTree(randomTree, { variant: "thesis" }),
    classicFairShare(randomTree),
    levelBased(randomTree, { levels }),
    levelBased(randomTree, { levels, interpolateShares: false }),
  ];
  const random = {
    tree: randomTree,
    slurm: randomSlurm,
    others,
    compared: [randomSlurm, ...others.slice(1)],
    agreementRows: others.map((r) => ({
      "vs fair-tree (slurm)": r.algorithm,
      ...orderAgreement(randomSlurm, r),
    })),
  };
  const cluster = clusterDumps(o);
  return {
    options: o,
    tree,
    usage,
    table1: readReferenceCsv(o.treeFile, root).records.map((r) => r.values),
    norm: normaliseAssociations(tree, usage),
    fairTree: ft,
    slurmFairTree: slurmFt,
    published,
    worked: workedExampleComparison(fairTree(tree, { variant: "thesis" }), published),
    exactLevelFs: exactLevelFsTable(tree, usage),
    levelBased: lb,
    timeline,
    timelineWeekly: timeline.filter((r) => r.day % 7 === 0),
    table2: weightRecords.map((r) => r.values),
    weights,
    qos,
    qosRows,
    priorities,
    factorRows: priorities.map((p) => ({ JOBID: p.id, USER: p.user, ...p.factors })),
    table5: readReferenceCsv("data/reference/thesis/table05.csv", root).records.map((r) => r.values),
    results,
    agreementRows,
    random,
    cluster,
    clusterTables: clusterTables(o, cluster),
  };
}

function clusterTables(o: Required<PriorityWalkthroughOptions>, c: PriorityWalkthrough["cluster"]) {
  const tables: { rows: readonly object[]; caption: string; digits: number }[] = [];
  if (c.sshare)
    tables.push({ rows: c.sshare, caption: `${o.sshareFile}: ${c.sshare.length} associations`, digits: 4 });
  if (c.sshareCheck && c.sshare) {
    const z = sshareCheckSize(c.sshare, c.sshareCheck);
    tables.push({
      rows: c.sshareCheck,
      caption:
        `Our Fair Tree vs sshare: ${z.agree} of ${z.associations} associations agree (${z.infinite} of them ∞ = ∞; ` +
        `${z.userAssociations} user associations of ${z.users} Unix user${z.users === 1 ? "" : "s"})`,
      digits: 6,
    });
  }
  if (c.sprio)
    tables.push({
      rows: c.sprio.map((r) => ({
        job: r.jobId,
        partition: r.partition,
        user: r.user,
        priority: r.priority,
        ...r.factors,
      })),
      caption: `${o.sprioFile}: pending jobs' priority factors`,
      digits: 4,
    });
  return tables;
}

function clusterDumps(o: Required<PriorityWalkthroughOptions>): PriorityWalkthrough["cluster"] {
  const read = (file: string) => {
    const p = path.resolve(o.root, file);
    return file === "" || !fs.existsSync(p) ? undefined : fs.readFileSync(p, "utf8");
  };
  const sshareText = read(o.sshareFile);
  const sprioText = read(o.sprioFile);
  const sshare = sshareText === undefined ? undefined : parseSshare(sshareText, o.sshareFile);
  return {
    sshare,
    sshareCheck: sshare ? compareSshareFairTree(sshare) : undefined,
    sprio: sprioText === undefined ? undefined : parseSprio(sprioText, o.sprioFile),
  };
}

function resolve(options: PriorityWalkthroughOptions): Required<PriorityWalkthroughOptions> {
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
