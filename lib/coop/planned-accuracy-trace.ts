/**
 * Section 6.5's claim on a replayed workload with arrivals (a trace prefix), where backfill has gaps
 * to fill: each job's time limit moves from the user's request towards its run time by α (or a
 * fraction α of the users plans exactly), everything else fixed, and the schedule's wait, bounded
 * slowdown and utilisation are measured — for everyone and, in "users" mode, for the accurate users
 * and the others separately (who gains).
 */
import { accuracyAlphas, accuracyGroups, accurateUsers } from "./planned-accuracy";
import { finiteNumber, keyword } from "../util/options";
import { type Rng } from "../util/rng";
import type { Contender } from "../sim/contender";
import { easyScheduler } from "../sim/easy";
import { simulate } from "../sim/engine";
import type { SimJob } from "../sim/job";
import { jobOutcomes, outOfOrderShare, summariseOutcomes } from "../sim/metrics";

/** Options of {@link plannedAccuracyOnTrace}. */
export interface TraceAccuracyOptions {
  /** Cluster size, nodes. */
  nodes: number;
  /** Cores per node. Defaults to 1. */
  coresPerNode?: number;
  /** The scheduler and priority (contender.ts); a part it leaves out is EASY backfill's, first come first served. Defaults to EASY. */
  contender?: Contender;
  /** Fractions α. Defaults to [0, 0.25, 0.5, 0.75, 1]. */
  alphas?: readonly number[];
  /** "all" or "users" (see planned-accuracy.ts). Defaults to "all". */
  mode?: "all" | "users";
  /** Accurate limit as a multiple of the run time. Defaults to 1. */
  target?: number;
  /** Stream for choosing the accurate users ("users" mode). */
  rng: Rng;
}

/** One workload of the family and its schedule metrics (seconds; utilisation in [0, 1]). */
export interface TraceAccuracyRow {
  alpha: number;
  mode: "all" | "users";
  group: "all" | "accurate users" | "other users";
  jobs: number;
  /** Jobs whose limit is below their run time (killed at the limit). */
  killed: number;
  /** The same group's mean wait and bounded slowdown with everyone's original requests (α = 0), seconds. */
  baselineMeanWait: number;
  baselineMeanBsld: number;
  meanWait: number;
  p95Wait: number;
  meanBsld: number;
  p95Bsld: number;
  utilisation: number;
  /** Share of the whole schedule's jobs that jumped an earlier-submitted waiting job (backfilled, under FIFO). */
  backfilledShare: number;
}

/** The jobs with limits at fraction α (whole minutes, at least 1 minute), for all jobs or for the accurate users' jobs. */
export function limitsAtAlpha(
  jobs: readonly SimJob[],
  alpha: number,
  target = 1,
  accurate?: ReadonlySet<string>,
): SimJob[] {
  finiteNumber(alpha, "alpha", 0, 1);
  finiteNumber(target, "target", Number.MIN_VALUE);
  return jobs.map((j) => {
    if (accurate && !accurate.has(j.user)) return j;
    const a = accurate ? 1 : alpha;
    const goal = Math.max(60, Math.ceil((Math.max(j.runtime, 60) * target) / 60) * 60);
    return { ...j, limit: Math.max(60, Math.ceil((j.limit + a * (goal - j.limit)) / 60 - 1e-9) * 60) };
  });
}

/**
 * Simulates the workload at every α.
 * @throws `invalid alphas: …`, `invalid mode: …`, `invalid nodes: …`
 */
export function plannedAccuracyOnTrace(
  jobs: readonly SimJob[],
  options: TraceAccuracyOptions,
): TraceAccuracyRow[] {
  const alphas = accuracyAlphas(options.alphas);
  const mode = keyword(options.mode ?? "all", "mode", ["all", "users"] as const);
  const run = (js: readonly SimJob[]) =>
    simulate(js, {
      nodes: options.nodes,
      coresPerNode: options.coresPerNode,
      scheduler: options.contender?.scheduler?.() ?? easyScheduler(),
      priority: options.contender?.priority?.(),
    });
  const baseline = jobOutcomes(run(jobs));
  return alphas.flatMap((alpha) => {
    const accurate = mode === "users" ? accurateUsers(jobs, alpha, options.rng.fork("users")) : undefined;
    const modified = limitsAtAlpha(jobs, alpha, options.target ?? 1, accurate);
    const result = run(modified);
    const outcomes = jobOutcomes(result);
    const backfilledShare = outOfOrderShare(result);
    const killedIds = new Set(modified.filter((j) => j.runtime > j.limit).map((j) => j.id));
    return accuracyGroups(accurate).map(([group, keep]) => {
      const sel = outcomes.filter((o) => keep(o.user));
      const m = summariseOutcomes(sel, result.nodes);
      const base = summariseOutcomes(
        baseline.filter((o) => keep(o.user)),
        result.nodes,
      );
      return {
        alpha,
        mode,
        group,
        jobs: sel.length,
        killed: sel.filter((o) => killedIds.has(o.id)).length,
        baselineMeanWait: base.meanWait,
        baselineMeanBsld: base.meanBsld,
        meanWait: m.meanWait,
        p95Wait: m.p95Wait,
        meanBsld: m.meanBsld,
        p95Bsld: m.p95Bsld,
        utilisation: m.utilisation,
        backfilledShare,
      };
    });
  });
}
