/**
 * The simulator's pluggable priority interface: a function (job, now, state) → priority, recomputed
 * for pending jobs every PriorityCalcPeriod (and once at submit). Higher runs first; ties go to the
 * earlier submit, then the earlier job (Slurm's sort_job_queue2 order without preemption,
 * reservations or PriorityTier).
 */
import { finiteNumber } from "../util/options";
import type { SimJob } from "./job";
import { UsageLedger } from "./usage-ledger";

/** What a priority function may read besides the job. */
export interface PriorityState {
  /** Cluster size, nodes. */
  readonly totalNodes: number;
  /** Cores per node. */
  readonly coresPerNode: number;
  /** Decayed raw usage per user/account (CPU·s). */
  readonly usage: UsageLedger;
}

/** A priority function: larger = sooner. Must be deterministic. */
export type PriorityFunction = (job: SimJob, now: number, state: PriorityState) => number;

/** A priority model: the function plus its recomputation and usage-decay settings. */
export interface PriorityModel {
  /** Name shown in results. */
  name: string;
  /** The priority of a pending job. */
  priority: PriorityFunction;
  /** Named factors behind the priority, for the sprio-like snapshot. Defaults to none. */
  factors?: (job: SimJob, now: number, state: PriorityState) => Record<string, number>;
  /** PriorityCalcPeriod, seconds; 0 = compute once at submit. Defaults to 300 in {@link priorityModel}. */
  calcPeriod: number;
  /** PriorityDecayHalfLife, seconds; 0 = no decay. Defaults to 7 days in {@link priorityModel}. */
  decayHalfLife: number;
}

/** Options of {@link priorityModel}. */
export interface PriorityModelOptions {
  /** Name. Defaults to "custom". */
  name?: string;
  /** Factor breakdown for sprio. Defaults to none. */
  factors?: PriorityModel["factors"];
  /** PriorityCalcPeriod, seconds. Defaults to 300 (Slurm's 5 minutes). */
  calcPeriod?: number;
  /** PriorityDecayHalfLife, seconds. Defaults to 604800 (7 days). */
  decayHalfLife?: number;
}

/** Wraps a priority function into a model with Slurm's default periods. */
export function priorityModel(priority: PriorityFunction, options: PriorityModelOptions = {}): PriorityModel {
  return {
    name: options.name ?? "custom",
    priority,
    factors: options.factors,
    calcPeriod: finiteNumber(options.calcPeriod ?? 300, "calcPeriod", 0),
    decayHalfLife: finiteNumber(options.decayHalfLife ?? 604800, "decayHalfLife", 0),
  };
}

/** Every job has priority 0: queue order is submit time, then job order (FCFS). */
export const FIFO_PRIORITY: PriorityModel = Object.freeze({
  name: "fifo",
  priority: () => 0,
  calcPeriod: 0,
  decayHalfLife: 0,
});

/** Weights of {@link basicMultifactor} (Slurm's PriorityWeight*). */
export interface BasicMultifactorWeights {
  /** PriorityWeightAge. Defaults to 0. */
  age?: number;
  /** PriorityWeightJobSize. Defaults to 0. */
  jobSize?: number;
  /** PriorityWeightQOS. Defaults to 0. */
  qos?: number;
  /** PriorityMaxAge, seconds. Defaults to 604800 (7 days). */
  maxAge?: number;
  /** PriorityFavorSmall. Defaults to false (favour large, Slurm's default). */
  favorSmall?: boolean;
  /** QoS priorities (normalised by their maximum). Defaults to none (factor 0). */
  qosPriority?: Record<string, number>;
}

/**
 * The usage-free part of Slurm's multifactor priority (notes §1a): age, job size (nodes and CPUs,
 * favour large or small) and QoS, truncated to an integer, floor 1. Used by the simulator's own
 * tests and as a fallback; the full multifactor with fair share comes from lib/slurm.
 */
export function basicMultifactor(weights: BasicMultifactorWeights = {}, options: PriorityModelOptions = {}): PriorityModel {
  const wAge = weights.age ?? 0, wJs = weights.jobSize ?? 0, wQos = weights.qos ?? 0;
  const maxAge = weights.maxAge ?? 604800;
  const qp = weights.qosPriority ?? {};
  const maxQ = Math.max(0, ...Object.values(qp));
  const factors = (job: SimJob, now: number, st: PriorityState): Record<string, number> => {
    const diff = Math.max(0, now - job.submit);
    const age = diff >= maxAge ? 1 : diff / maxAge;
    const N = st.totalNodes, CPUS = N * st.coresPerNode;
    let js: number;
    if (weights.favorSmall) {
      js = N > job.nodes ? (N - job.nodes) / N : 0;
      js = (js + (CPUS - job.procs) / CPUS) / 2;
    } else js = (job.nodes / N + job.procs / CPUS) / 2;
    js = Math.min(1, Math.max(0, js));
    const qos = maxQ > 0 ? (qp[job.qos] ?? 0) / maxQ : 0;
    return { age, jobsize: js, qos };
  };
  return priorityModel(
    (job, now, st) => {
      const f = factors(job, now, st);
      const p = Math.trunc(wAge * f.age + wJs * f.jobsize + wQos * f.qos);
      return Math.min(4294967295, Math.max(1, p));
    },
    { name: options.name ?? "basic-multifactor", factors, calcPeriod: options.calcPeriod, decayHalfLife: options.decayHalfLife },
  );
}
