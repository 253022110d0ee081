/**
 * Slurm's multifactor priority inside the simulator, built from lib/slurm: every
 * PriorityCalcPeriod the usage state is advanced with the jobs that ran (lib/slurm advanceUsage:
 * decay, then run_delta · decay^run_delta · CPUs), fair share is recomputed on the association
 * tree (Fair Tree, SchedMD's code by default, or classic), and each pending job's priority is
 * lib/slurm jobPriorities (age from submit, job size, fair share, QoS).
 */
import {
  type AssociationRow,
  type AssociationTree,
  type PriorityWeights,
  type QosDefinition,
  type UsageConfig,
  type UsageState,
  MAX_PRIORITY,
  THESIS_WEIGHTS,
  advanceUsage,
  ageFactor,
  buildAssociationTree,
  classicFairShare,
  emptyUsage,
  fairTree,
  jobPriorities,
  normalizedQosPriorities,
} from "../slurm/index";
import { keyword } from "../util/options";
import type { SimJob } from "./job";
import type { PriorityModel, PriorityState } from "./priority";

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
}

const userName = (j: SimJob) => j.user || "(none)";
const accountName = (j: SimJob) => "acct:" + (j.account || "(none)");

/** Default association rows for a workload: root → accounts → users, all shares 1. */
export function associationsFromJobs(jobs: readonly SimJob[]): AssociationRow[] {
  const rows: AssociationRow[] = [];
  const seen = new Set<string>();
  for (const j of jobs) {
    const a = accountName(j), u = userName(j);
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

/** A Slurm multifactor priority model for {@link simulate} (fresh state at every run). */
export function slurmPriority(options: SlurmPriorityOptions = {}): PriorityModel {
  const fsKind = keyword(options.fairShare ?? "fair-tree", "fairShare", ["fair-tree", "fair-tree-thesis", "classic"] as const);
  const weights = options.weights ?? THESIS_WEIGHTS;
  const qosMap = normalizedQosPriorities(options.qos ?? []);
  let tree: AssociationTree | undefined;
  let usage: UsageState = emptyUsage(0);
  let fs = new Map<string, number>();
  let W = 1, CPUS = 1;
  const resets = (options.usage?.resetPeriod ?? "NONE") !== "NONE";

  const refreshFairShare = () => {
    const t = tree!;
    const res = fsKind === "classic" ? classicFairShare(t, { usage: usage.usage }) : fairTree(t, { usage: usage.usage, variant: fsKind === "fair-tree" ? "slurm" : "thesis" });
    fs = res.factors;
  };
  const breakdowns = (jobs: readonly SimJob[], now: number) =>
    jobPriorities(
      jobs.map((job) => ({ id: job.id, user: userName(job), qos: qosMap.has(job.qos) ? job.qos : "", ageSeconds: now - job.submit, cpus: job.procs, nodes: job.nodes, timeLimitMinutes: job.limit / 60, partition: job.partition })),
      { weights, fairShare: fs, qos: qosMap, clusterNodes: W, clusterCpus: CPUS, maxAgeSeconds: options.maxAgeSeconds, favorSmall: options.favorSmall },
    );
  const breakdown = (job: SimJob, now: number) => breakdowns([job], now)[0];
  // Fast path for the recalculation of many jobs: the age- and fair-share-free part of each job's
  // priority (job size, QoS, partition, nice) is computed once by jobPriorities and cached; the
  // age and fair-share terms are added with the same weights, floor 1, cap 2^32 − 1, truncation.
  const staticPart = new WeakMap<SimJob, number>();
  const maxAge = options.maxAgeSeconds ?? 7 * 86400;
  const fastPriority = (job: SimJob, now: number): number => {
    let base = staticPart.get(job);
    if (base === undefined) {
      const b = breakdown(job, job.submit);
      base = b.weighted.jobSize + b.weighted.qos + b.weighted.partition - b.nice;
      staticPart.set(job, base);
    }
    const total = base + weights.age * ageFactor(now - job.submit, maxAge) + weights.fairShare * (fs.get(userName(job)) ?? 0);
    return Math.trunc(Math.min(MAX_PRIORITY, Math.max(1, total)));
  };

  return {
    name: `slurm-multifactor(${fsKind})`,
    calcPeriod: options.calcPeriod ?? 300,
    reset(jobs: readonly SimJob[], t0: number, st: PriorityState) {
      W = st.totalNodes;
      CPUS = st.totalNodes * st.coresPerNode;
      tree = buildAssociationTree(options.associations ?? associationsFromJobs(jobs));
      for (const j of jobs) if (!tree.nodes.has(userName(j))) throw new Error(`invalid user of job ${j.id}: ${JSON.stringify(j.user)}; expected a user in the association tree`);
      usage = emptyUsage(t0);
      refreshFairShare();
    },
    update(now: number, st: PriorityState) {
      const ran = st.ranSinceUpdate().map((r) => ({ association: userName(r.job), cpus: r.job.procs, start: r.start, end: r.end }));
      usage = advanceUsage(usage, now, tree!, ran, options.usage);
      // decay alone scales every usage by the same factor, which changes no fair-share factor
      if (ran.length > 0 || resets) refreshFairShare();
    },
    priority: (job, now) => breakdown(job, now).priority,
    priorities: (jobs, now) => jobs.map((j) => fastPriority(j, now)),
    factors: (job, now) => {
      const b = breakdown(job, now);
      return { ...b.weighted };
    },
  };
}
