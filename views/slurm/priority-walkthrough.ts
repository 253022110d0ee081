/**
 * Notebook 01's walk through thesis Section 2 and the LEVEL_BASED post (seed 002), computed in one
 * call: the association tree of Table 1 and its normalised shares and usage, Fair Tree (both
 * variants) beside the thesis's worked example, exact Level FS, usage decay, the multifactor
 * priority of example jobs under Tables 2–4, the LEVEL_BASED example and asymptotes, the three
 * fair-share algorithms compared on bsc_es and on a seeded random tree, and a cluster's own
 * sshare/sprio dumps. The sentences stating what these show are in views/slurm/walkthrough-text.ts.
 */
import { type ReferenceRecord, readReferenceCsv } from "../../lib/io/reference-csv";
import { createRng } from "../../lib/util/rng";
import {
  type AssociationTree,
  type UsageMap,
  buildAssociationTree,
  usageWithOverrides,
} from "../../lib/slurm/associations";
import { classicFairShare } from "../../lib/slurm/classic";
import { exactLevelFs } from "../../lib/slurm/exact-level-fs";
import { type ExactLevelFsRow, exactLevelFsTable } from "./tables";
import { type FairShareResult, fairTree } from "../../lib/slurm/fair-tree";
import { type LevelBasedResult, levelBased } from "../../lib/slurm/level-based";
import { type PriorityBreakdown, type PriorityWeights, jobPriorities } from "../../lib/slurm/multifactor";
import { type NormalisedAssociation, normaliseAssociations } from "../../lib/slurm/normalisation";
import { type QosDefinition, normalizedQosPriorities, qosFromRecords } from "../../lib/slurm/qos";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { orderAgreement, workedExampleComparison } from "./tables";
import { weightsFromRecords } from "../../lib/slurm/thesis-setup";
import { type UsageTimelineRow, usageTimeline } from "../../lib/slurm/usage-timeline";
import { type ClusterDumps, clusterDumps, clusterTables } from "./cluster-dumps";
import {
  type PriorityWalkthroughOptions,
  resolvePriorityWalkthroughOptions,
} from "./priority-walkthrough-options";

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
  cluster: ClusterDumps;
  /** The cluster dumps as tables to show, with captions and decimals (none when no file was read). */
  clusterTables: { rows: readonly object[]; caption: string; digits: number }[];
}

/**
 * Computes every step of notebook 01 (see the module comment).
 * @param options inputs; the thesis's by default
 */
export function slurmPriorityWalkthrough(options: PriorityWalkthroughOptions = {}): PriorityWalkthrough {
  const o = resolvePriorityWalkthroughOptions(options);
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
    exactLevelFs: exactLevelFsTable(exactLevelFs(tree, usage)),
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
