/**
 * Price of Anarchy per sample (thesis Section 6.3.4–6.4, Tables 28–29): the simulator's
 * first-iteration Total Value beside the knapsack models' (lib/mechanism): 1B1 = greedy b/w with
 * inexperienced bids (the thesis's "ideal Knapsack Auction Model", Section 6.3.1), 1B2 = the
 * modified greedy (6.3.2), 1B3 = the priority rule (6.3.3), 1A = the exact optimum.
 * PoA = TV(model) / TV(simulator).
 */
import { allocationValue } from "../mechanism/instance";
import { meanInterval } from "../util/interval";
import { exactValue } from "../mechanism/exact";
import { type RuleSpec, jobsInstance, ruleFromSpec } from "../mechanism/experiments";
import { thesisPriorities } from "../mechanism/priority";
import type { Sample } from "../sample/draw";
import { mean, quantileSorted, sampleSd } from "../util/stats";
import type { Rng } from "../util/rng";
import { type FirstIterationOptions, firstIteration } from "./first-iteration";
import { type SampleSimOptions, simulateSample, withPlannedFactor } from "./sample-sim";

/** One sample's Total Values and PoA. */
export interface PoaRow {
  /** Sample name. */
  sample: string;
  /** Jobs in the sample. */
  jobs: number;
  /** Simulator's first-iteration TV (start order, kept while fitting in W). */
  TV: number;
  /** TV of the jobs started at the first instant. */
  TV_t0: number;
  /** Greedy b/w, inexperienced bids (6.3.1 1B). */
  TV_1B1: number;
  /** Modified greedy (6.3.2 1B). */
  TV_1B2: number;
  /** Priority rule (6.3.3 1B). */
  TV_1B3: number;
  /** Exact optimum (1A). */
  TV_1A: number;
  /** TV_1B1 / TV (the thesis's PoA). */
  PoA: number;
  /** TV_1A / TV. */
  PoA_exact: number;
}

/** The knapsack models' Total Values of one sample: they do not depend on the scheduler. */
type ModelValues = Pick<PoaRow, "TV_1B1" | "TV_1B2" | "TV_1B3" | "TV_1A">;

/**
 * Remembers the knapsack models' side of PoA rows (TV_1B1, TV_1B2, TV_1B3, TV_1A — the exact
 * optimum is most of a row's cost) per rng, sample jobs, sample name, W and planned-time factor, so
 * that several poaRows calls over the same samples with other scheduler settings compute it once.
 * Create one with {@link createPoaModelCache} and pass it as `PoaOptions.modelCache`.
 */
export type PoaModelCache = WeakMap<Rng, WeakMap<object, Map<string, ModelValues>>>;

/** An empty {@link PoaModelCache}. */
export function createPoaModelCache(): PoaModelCache {
  return new WeakMap();
}

/** Options of {@link poaRows}. */
export interface PoaOptions extends SampleSimOptions, FirstIterationOptions {
  /** Seeded stream for the priority rule's priorities (forked per sample name, as lib/mechanism's rounds do). */
  rng: Rng;
  /** Where to keep the models' values between calls over the same samples. Defaults to none (computed at every call). */
  modelCache?: PoaModelCache;
}

const value = (jobs: Sample["jobs"], W: number, spec: RuleSpec, priorities?: Float64Array) => {
  const inst = jobsInstance(jobs, "inexperienced", W, { priorities });
  return allocationValue(inst, ruleFromSpec(spec).allocate(inst));
};

// the models' values of sample `s` (the original `sample` with the planned-time factor applied), from the cache when given
function modelValues(sample: Sample, s: Sample, W: number, options: PoaOptions): ModelValues {
  const byJobs =
    options.modelCache &&
    (options.modelCache.get(options.rng) ??
      options.modelCache.set(options.rng, new WeakMap()).get(options.rng)!);
  const byKey = byJobs && (byJobs.get(sample.jobs) ?? byJobs.set(sample.jobs, new Map()).get(sample.jobs)!);
  const key = `${sample.name}\u0000${W}\u0000${options.plannedFactor ?? ""}`;
  const hit = byKey?.get(key);
  if (hit) return hit;
  const prios = thesisPriorities(
    s.jobs.map((j) => j.nnodes),
    W,
    options.rng.fork(s.name),
  );
  const v: ModelValues = {
    TV_1B1: value(s.jobs, W, { kind: "greedy", key: "b/w" }),
    TV_1B2: value(s.jobs, W, { kind: "greedy", key: "b/w", skip: true }),
    TV_1B3: value(s.jobs, W, { kind: "priority" }, prios),
    TV_1A: exactValue(jobsInstance(s.jobs, "inexperienced", W)),
  };
  byKey?.set(key, v);
  return v;
}

/** Simulates every sample and computes its Total Values and PoA. */
export function poaRows(samples: readonly Sample[], options: PoaOptions): PoaRow[] {
  const W = options.nodes ?? 3456;
  return samples.map((sample) => {
    // planned-time accuracy changes the jobs both sides see (limits and values v = w·min)
    const s =
      options.plannedFactor === undefined
        ? sample
        : { ...sample, jobs: withPlannedFactor(sample.jobs, options.plannedFactor) };
    const sim = simulateSample(s.jobs, {
      ...options,
      plannedFactor: undefined,
      firstIterationOnly: options.firstIterationOnly ?? (options.overflow ?? "stop") === "stop",
    });
    const fi = firstIteration(sim, { capacity: options.capacity ?? W, overflow: options.overflow });
    const { TV_1B1, TV_1B2, TV_1B3, TV_1A } = modelValues(sample, s, W, options);
    return {
      sample: s.name,
      jobs: s.jobs.length,
      TV: fi.byStartOrder.TV,
      TV_t0: fi.atFirstInstant.TV,
      TV_1B1,
      TV_1B2,
      TV_1B3,
      TV_1A,
      PoA: TV_1B1 / fi.byStartOrder.TV,
      PoA_exact: TV_1A / fi.byStartOrder.TV,
    };
  });
}

/** Mean PoA with its 95% interval (lib/util/interval.ts) and the spread. */
export function poaSummary(values: readonly number[]): {
  n: number;
  mean: number;
  sd: number;
  ciLow: number;
  ciHigh: number;
  min: number;
  median: number;
  max: number;
} {
  const sorted = Float64Array.from(values).sort();
  const m = mean(sorted),
    sd = sampleSd(sorted);
  const ci = values.length > 1 ? meanInterval(values) : { low: NaN, high: NaN };
  return {
    n: values.length,
    mean: m,
    sd,
    ciLow: ci.low,
    ciHigh: ci.high,
    min: sorted[0],
    median: quantileSorted(sorted, 0.5),
    max: sorted[sorted.length - 1],
  };
}
