/**
 * Multifactor job priority (thesis Section 2.2, equation 1, Table 2; Slurm priority/multifactor,
 * notes §1a): priority = Σ weight · factor over age, job size, fair share, QoS and partition,
 * minus nice, floored at 1 and capped at 2^32 − 1, truncated to an integer. Returns the total and
 * every weighted factor (what `sprio` prints). A custom formula (a mathjs expression in the
 * normalised factors, {@link PRIORITY_FORMULA_SYMBOLS}) may replace the weighted sum.
 */
import { finiteNumber } from "../util/options";
import { type NumericExpression } from "../expr/expression";
import { invalidArgument } from "../util/errors";

/** Priority weights (PriorityWeight…; unsigned integers in Slurm). */
export interface PriorityWeights {
  /** PriorityWeightAge. */
  age: number;
  /** PriorityWeightJobSize. */
  jobSize: number;
  /** PriorityWeightFairshare. */
  fairShare: number;
  /** PriorityWeightQOS. */
  qos: number;
  /** PriorityWeightPartition. Defaults to 0. */
  partition?: number;
}

/** Thesis Table 2 (MareNostrum4): age 10^5, size 10^5, fair share 10^4, QoS 10^6. */
export const THESIS_WEIGHTS: Readonly<PriorityWeights> = Object.freeze({
  age: 1e5,
  jobSize: 1e5,
  fairShare: 1e4,
  qos: 1e6,
  partition: 0,
});

/** A pending job as the priority plugin sees it. */
export interface PriorityJob {
  /** Job id (for display). */
  id: string;
  /** User association (key of the fair-share map). */
  user: string;
  /** QoS name (key of the QoS map; "" = none, factor 0). */
  qos: string;
  /** Seconds since the job became eligible (now − eligible time); negative counts as 0. */
  ageSeconds: number;
  /** CPUs requested. */
  cpus: number;
  /** Nodes requested (min_nodes). */
  nodes: number;
  /** Time limit, minutes (used by SMALL_RELATIVE_TO_TIME). */
  timeLimitMinutes: number;
  /** Partition (key of the partition map; its factor 1 when the map lacks it). Defaults to "". */
  partition?: string;
  /** Nice value subtracted from the priority. Defaults to 0. */
  nice?: number;
  /**
   * The site factor (PrioritySiteFactorPlugin's value, or `scontrol update job SiteFactor=`): added
   * as it is, unweighted, after the weighted factors (priority_multifactor.c
   * `_get_priority_internal`). Defaults to 0.
   */
  site?: number;
}

/** The context shared by all jobs of one priority computation. */
export interface PriorityContext {
  /** Weights. Defaults to {@link THESIS_WEIGHTS}. */
  weights?: PriorityWeights;
  /** Fair-share factor per user, in [0, 1] (from fairTree / classicFairShare / levelBased). */
  fairShare: ReadonlyMap<string, number>;
  /** Normalised QoS priority per QoS name, in [0, 1] (from normalizedQosPriorities). */
  qos: ReadonlyMap<string, number>;
  /** Normalised partition priority (PriorityJobFactor over the largest) per partition, in [0, 1]. Defaults to none: every partition's is 1. */
  partition?: ReadonlyMap<string, number>;
  /** Nodes in the cluster (N). */
  clusterNodes: number;
  /** CPUs in the cluster. */
  clusterCpus: number;
  /** PriorityMaxAge, seconds: age saturates here. Defaults to 7 days (Slurm); the thesis says 10 days. */
  maxAgeSeconds?: number;
  /** PriorityFavorSmall. Defaults to false (favour large jobs). */
  favorSmall?: boolean;
  /** PriorityFlags=SMALL_RELATIVE_TO_TIME. Defaults to false. */
  smallRelativeToTime?: boolean;
  /**
   * A custom priority formula in the factors ({@link PRIORITY_FORMULA_SYMBOLS}) replacing Σ weight · factor:
   * priority = formula − nice, floored at 1, capped at 2^32 − 1, truncated, and `weighted` holds
   * the unweighted factors (no weights apply). Defaults to none (Slurm's weighted sum).
   */
  formula?: NumericExpression;
}

/**
 * The symbols of a custom multifactor priority formula, in the order its `evaluate` takes them: a
 * mathjs expression in the normalised factors `age`, `fairshare`, `size` (job size), `partition` and
 * `qos` (each in [0, 1]), e.g. `"1000*age + 2000*fairshare + 500*size"`, compiled by
 * `compileExpression(name, source, PRIORITY_FORMULA_SYMBOLS)` (lib/expr).
 */
export const PRIORITY_FORMULA_SYMBOLS: readonly string[] = Object.freeze([
  "age",
  "fairshare",
  "size",
  "partition",
  "qos",
]);

/** The factors of one job, each in [0, 1]. */
export interface PriorityFactors {
  /** Age factor. */
  age: number;
  /** Job-size factor. */
  jobSize: number;
  /** Fair-share factor. */
  fairShare: number;
  /** QoS factor. */
  qos: number;
  /** Partition factor. */
  partition: number;
}

/** One job's priority with its `sprio`-like breakdown. */
export interface PriorityBreakdown {
  /** Job id. */
  id: string;
  /** User. */
  user: string;
  /** The priority: an integer in [1, 2^32 − 1]. */
  priority: number;
  /** Unweighted factors. */
  factors: PriorityFactors;
  /** Weighted factors (weight × factor). */
  weighted: PriorityFactors;
  /** Nice. */
  nice: number;
  /** The site factor, when the job has one. */
  site?: number;
}

/** Largest priority Slurm can hold (uint32). */
export const MAX_PRIORITY = 4294967295;

/** A job's priority from its total: truncated to a whole number in [1, MAX_PRIORITY] (Slurm's uint32). */
export function priorityOfTotal(total: number): number {
  return Math.trunc(Math.min(MAX_PRIORITY, Math.max(1, total)));
}

/**
 * The weighted sum before truncation in Slurm's order (priority_multifactor.c
 * `_get_priority_internal`: age + association + fair share + job size + partition + QoS + TRES +
 * site − nice; the association and TRES factors are not modelled, 0): every caller sums alike, so
 * equal factors give the same double, and the double is Slurm's up to its long double.
 */
export function weightedTotal(
  age: number,
  jobSize: number,
  fairShare: number,
  qos: number,
  partition: number,
  site: number,
  nice: number,
): number {
  return age + fairShare + jobSize + partition + qos + site - nice;
}

/** Age factor: min(1, age / maxAge); 0 for age ≤ 0. */
export function ageFactor(ageSeconds: number, maxAgeSeconds: number): number {
  if (!(ageSeconds > 0)) return 0;
  return ageSeconds >= maxAgeSeconds ? 1 : ageSeconds / maxAgeSeconds;
}

/** Job-size factor, as Slurm computes it (favour large by default; PriorityFavorSmall; SMALL_RELATIVE_TO_TIME). */
export function jobSizeFactor(
  job: Pick<PriorityJob, "cpus" | "nodes" | "timeLimitMinutes">,
  ctx: Pick<PriorityContext, "clusterNodes" | "clusterCpus" | "favorSmall" | "smallRelativeToTime">,
): number {
  const N = ctx.clusterNodes,
    CPUS = ctx.clusterCpus;
  let js: number;
  if (ctx.smallRelativeToTime) {
    js = Math.max((job.nodes * CPUS) / N, job.cpus) / Math.max(job.timeLimitMinutes, 1) / CPUS;
    if (ctx.favorSmall) js = 1 - js;
  } else if (ctx.favorSmall) {
    js = N > job.nodes ? (N - job.nodes) / N : 0;
    if (job.cpus > 0) js = (js + (CPUS - job.cpus) / CPUS) / 2;
  } else {
    js = job.nodes / N;
    if (job.cpus > 0) js = (js + job.cpus / CPUS) / 2;
  }
  return Math.min(1, Math.max(0, js));
}

/** Multifactor priorities of jobs, with their breakdowns. */
export function jobPriorities(jobs: readonly PriorityJob[], ctx: PriorityContext): PriorityBreakdown[] {
  const w = ctx.weights ?? THESIS_WEIGHTS;
  for (const k of ["age", "jobSize", "fairShare", "qos"] as const)
    finiteNumber(w[k], `weights.${k}`, 0, MAX_PRIORITY);
  finiteNumber(w.partition ?? 0, "weights.partition", 0, MAX_PRIORITY);
  finiteNumber(ctx.clusterNodes, "clusterNodes", 1);
  finiteNumber(ctx.clusterCpus, "clusterCpus", 1);
  const maxAge = finiteNumber(ctx.maxAgeSeconds ?? 7 * 86400, "maxAgeSeconds", Number.MIN_VALUE);
  return jobs.map((job) => {
    for (const k of ["ageSeconds", "cpus", "nodes", "timeLimitMinutes"] as const)
      finiteNumber(job[k], `${k} of job ${job.id}`);
    const fs = ctx.fairShare.get(job.user);
    if (fs === undefined)
      throw invalidArgument(`user of job ${job.id}`, job.user, "a user with a fair-share factor");
    const qos = job.qos === "" ? 0 : ctx.qos.get(job.qos);
    if (qos === undefined)
      throw invalidArgument(`qos of job ${job.id}`, job.qos, `one of ${[...ctx.qos.keys()].join(", ")}`);
    // the partition's PriorityJobFactor over the largest (priority_multifactor.c `_get_priority_internal`);
    // every partition's is 1 unless set, so without a map each job's factor is 1
    const part = ctx.partition ? (ctx.partition.get(job.partition ?? "") ?? 1) : 1;
    const factors: PriorityFactors = {
      age: ageFactor(job.ageSeconds, maxAge),
      jobSize: jobSizeFactor(job, ctx),
      fairShare: fs,
      qos,
      partition: part,
    };
    const nice = job.nice ?? 0;
    const site = job.site === undefined ? 0 : finiteNumber(job.site, `site of job ${job.id}`);
    if (ctx.formula) {
      const total =
        ctx.formula.evaluate([
          factors.age,
          factors.fairShare,
          factors.jobSize,
          factors.partition,
          factors.qos,
        ]) +
        site -
        nice;
      const b: PriorityBreakdown = {
        id: job.id,
        user: job.user,
        priority: priorityOfTotal(total),
        factors,
        weighted: { ...factors },
        nice,
      };
      if (job.site !== undefined) b.site = site;
      return b;
    }
    const weighted: PriorityFactors = {
      age: w.age * factors.age,
      jobSize: w.jobSize * factors.jobSize,
      fairShare: w.fairShare * factors.fairShare,
      qos: w.qos * factors.qos,
      partition: (w.partition ?? 0) * factors.partition,
    };
    const priority = priorityOfTotal(
      weightedTotal(
        weighted.age,
        weighted.jobSize,
        weighted.fairShare,
        weighted.qos,
        weighted.partition,
        site,
        nice,
      ),
    );
    const b: PriorityBreakdown = { id: job.id, user: job.user, priority, factors, weighted, nice };
    if (job.site !== undefined) b.site = site;
    return b;
  });
}
