/**
 * The three planned-time accuracy sweeps of notebook 11 on each replayed workload (thesis Section
 * 6.5): planned times moved towards the run times (target 1), towards an under-estimate (jobs killed
 * at their limit), and a fraction of the users made exact ("who gains"), each user choice drawn from
 * the same seed.
 */
import type { SimJob } from "../sim/job";
import { createRng } from "../util/rng";
import { finiteNumber } from "../util/options";
import { type TraceAccuracyRow, plannedAccuracyOnTrace } from "./planned-accuracy-trace";
import type { Contender } from "../sim/contender";

/** A replayed workload: its name, jobs and machine. */
export interface AccuracyWorkload {
  name: string;
  w: { jobs: readonly SimJob[]; nodes: number; coresPerNode: number };
}

/** Options of {@link plannedAccuracyRuns}. */
export interface PlannedAccuracyRunsOptions {
  /** α values of the "all" sweeps. Defaults to 0, 0.25, 0.5, 0.75, 1. */
  alphas?: readonly number[];
  /** Accurate planned time as a multiple of the run time. Defaults to 1. */
  target?: number;
  /** A target below the run time (under-estimates, killed at the limit). Defaults to 0.8. */
  underTarget?: number;
  /** Fractions of users made exact in the "users" sweep. Defaults to 0.25, 0.5, 0.75. */
  usersAlphas?: readonly number[];
  /** Seed choosing the accurate users. Defaults to 3. */
  seed?: number | string;
  /** The scheduler the sweeps run (contender.ts). Defaults to EASY, first come first served. */
  contender?: Contender;
}

/** The sweeps per workload name. */
export interface PlannedAccuracyRuns {
  accuracy: Record<string, TraceAccuracyRow[]>;
  under: Record<string, TraceAccuracyRow[]>;
  accuracyUsers: Record<string, TraceAccuracyRow[]>;
}

/**
 * Runs the three sweeps on every workload under EASY or the given contender.
 * @throws `invalid target: …` / `invalid underTarget: …` unless positive, and plannedAccuracyOnTrace's errors
 */
export function plannedAccuracyRuns(
  workloads: readonly AccuracyWorkload[],
  options: PlannedAccuracyRunsOptions = {},
): PlannedAccuracyRuns {
  const {
    alphas,
    target = 1,
    underTarget = 0.8,
    usersAlphas = [0.25, 0.5, 0.75],
    seed = 3,
    contender,
  } = options;
  finiteNumber(target, "target", Number.MIN_VALUE);
  finiteNumber(underTarget, "underTarget", Number.MIN_VALUE);
  const out: PlannedAccuracyRuns = { accuracy: {}, under: {}, accuracyUsers: {} };
  for (const { name, w } of workloads) {
    const base = { nodes: w.nodes, coresPerNode: w.coresPerNode, contender };
    out.accuracy[name] = plannedAccuracyOnTrace(w.jobs, { ...base, alphas, target, rng: createRng(seed) });
    out.under[name] = plannedAccuracyOnTrace(w.jobs, {
      ...base,
      alphas,
      target: underTarget,
      rng: createRng(seed),
    });
    out.accuracyUsers[name] = plannedAccuracyOnTrace(w.jobs, {
      ...base,
      alphas: usersAlphas,
      target,
      mode: "users",
      rng: createRng(seed),
    });
  }
  return out;
}
