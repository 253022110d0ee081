/**
 * Sensitivity of the Price of Anarchy to the Slurm knobs that could matter for the first
 * scheduling iteration (thesis §6.3.4–6.4 and its §6.5 question): bf_max_job_test, bf_window,
 * default_queue_depth and planned times set to the run time × f, each for both job-size orders
 * (PriorityFavorSmall YES / NO), with the baseline (the knobs as given, the samples' recorded planned
 * times) on the same samples, so that each point's effect can be read paired by sample.
 */
import type { Sample } from "../sample/draw";
import type { Contender } from "./contender";
import type { SlurmOptions } from "./slurm-scheduler";
import { type PoaOptions, createPoaModelCache, poaRows, poaSummary } from "./poa";

/** The values swept for each knob. */
export interface SensitivitySweeps {
  /** bf_max_job_test values. */
  bfMaxJobTest: readonly number[];
  /** bf_window values, minutes. */
  bfWindow: readonly number[];
  /** default_queue_depth values. */
  queueDepth: readonly number[];
  /** planned time / real time factors (1 = accurate). */
  planned: readonly number[];
}

/** One point of a sweep: knob value x, mean PoA y with its 95% CI half-width, the series name and the per-sample PoA. */
export interface SweepPoint {
  x: number;
  y: number;
  err: number;
  series: string;
  /** The PoA of each sample, in the samples' order (pairs the point with the baseline). */
  values: number[];
}

/** The three families of sweeps and the baseline. */
export interface PoaSensitivity {
  backfill: SweepPoint[];
  queueDepth: SweepPoint[];
  planned: SweepPoint[];
  /** Per job-size order, the PoA with `slurm` as given and the recorded planned times (x is NaN; series "baseline, favour …"). */
  baseline: SweepPoint[];
  /** The planned-time sweep of each contender, with `base`'s priority (series "planned factor, <label>"). */
  contenders: SweepPoint[];
}

/** The job-size order a series name ends with. */
export const orderName = (small: boolean) => (small ? "favour small" : "favour large");

/**
 * Mean PoA (with 95% CI) over `samples` for every swept value, for both job-size orders.
 * @param samples the samples (each simulated once per point)
 * @param sweeps the values of each knob
 * @param slurm the base Slurm options the knobs modify
 * @param base the PoA options (rng, overflow rule, …); `slurm` and `priority` are set per point
 * @param contenders schedulers of your own, each swept over the planned-time factors. Defaults to none.
 */
export function poaSensitivity(
  samples: readonly Sample[],
  sweeps: SensitivitySweeps,
  slurm: SlurmOptions,
  base: PoaOptions,
  contenders: readonly Contender[] = [],
): PoaSensitivity {
  const orders = [true, false];
  const modelCache = base.modelCache ?? createPoaModelCache(); // the models' side once per sample and planned factor
  const point = (x: number, vary: Partial<PoaOptions>, series: string): SweepPoint => {
    const values = poaRows(samples, { ...base, modelCache, ...vary }).map((r) => r.PoA);
    const s = poaSummary(values);
    return { x, y: s.mean, err: s.ciHigh - s.mean, series, values };
  };
  const sweep = (
    values: readonly number[],
    vary: (v: number, small: boolean) => Partial<PoaOptions>,
    label: (small: boolean) => string,
  ) => orders.flatMap((small) => values.map((v) => point(v, vary(v, small), label(small))));
  return {
    backfill: [
      ...sweep(
        sweeps.bfMaxJobTest,
        (v, small) => ({ slurm: { ...slurm, bfMaxJobTest: v }, priority: { favorSmall: small } }),
        (s) => `bf_max_job_test, ${orderName(s)}`,
      ),
      ...sweep(
        sweeps.bfWindow,
        (v, small) => ({ slurm: { ...slurm, bfWindow: v }, priority: { favorSmall: small } }),
        (s) => `bf_window (min), ${orderName(s)}`,
      ),
    ],
    queueDepth: sweep(
      sweeps.queueDepth,
      (v, small) => ({ slurm: { ...slurm, defaultQueueDepth: v }, priority: { favorSmall: small } }),
      (s) => `default_queue_depth, ${orderName(s)}`,
    ),
    planned: sweep(
      sweeps.planned,
      (v, small) => ({ slurm, plannedFactor: v, priority: { favorSmall: small } }),
      (s) => `planned factor, ${orderName(s)}`,
    ),
    baseline: orders.map((small) =>
      point(NaN, { slurm, priority: { favorSmall: small } }, `baseline, ${orderName(small)}`),
    ),
    contenders: contenders.flatMap((c) =>
      sweeps.planned.map((v) =>
        point(v, { slurm, plannedFactor: v, contender: c }, `planned factor, ${c.label}`),
      ),
    ),
  };
}
