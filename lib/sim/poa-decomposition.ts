/**
 * The Price of Anarchy gap by factor (thesis 6.4 against our simulator): the BSC Slurm simulator's
 * template — which the thesis ran, changing only the node configuration (Appendix A.4) — factor by
 * factor against a starting setting, each factor alone and cumulatively, with the mean PoA and its
 * 95% CI at every step.
 */
import type { Sample } from "../sample/draw";
import { invalidArgument } from "../util/errors";
import { type SlurmOptions, SLURM_DEFAULTS } from "./slurm-scheduler";
import { type PoaOptions, createPoaModelCache, poaRows, poaSummary } from "./poa";

/**
 * One factor between our simulator setting and the thesis's (the BSC Slurm simulator's template,
 * which the thesis ran with only the node configuration changed — its Appendix A.4).
 */
export interface PoaFactor {
  /** Short name, e.g. `bfPhase`. */
  name: string;
  /** The value in options `o`, as text. */
  current: (o: PoaOptions) => string;
  /** The thesis's (BSC template's) value, as text. */
  thesis: string;
  /** Where the thesis's value comes from. */
  source: string;
  /** The options with this factor switched to the thesis's value. */
  apply: (o: PoaOptions) => PoaOptions;
}

/**
 * The simulator setting of the BSC Slurm simulator's template, which the thesis ran changing only
 * the node configuration (Appendix A.4): bf_interval=23, bf_queue_limit = 50 jobs tested per
 * backfill pass, the backfill agent's first cycle ~1 s after the submissions; every other knob at
 * Slurm 17.11's default, set explicitly because simulateSample lays options over Table 5's
 * MareNostrum4 knobs (the template does not set them).
 */
export const BSC_TEMPLATE_SLURM: Readonly<SlurmOptions> = Object.freeze({
  defaultQueueDepth: 100,
  bfWindow: 1440,
  bfMaxJobUser: 0,
  bfResolution: 60,
  bfInterval: 23,
  bfMaxJobTest: 50,
  bfPhase: 1,
});

/**
 * Table 5's MareNostrum4 knobs over Slurm 17.11's defaults, the first backfill cycle 60 s after the
 * submissions, and Table 2's priority weights: the setting the PoA decomposition starts from.
 */
export const TABLE5_SLURM: Readonly<SlurmOptions> = Object.freeze({
  defaultQueueDepth: 10000,
  bfInterval: 60,
  bfMaxJobUser: 800,
  bfWindow: 10080,
  bfMaxJobTest: 100,
  bfResolution: 60,
  bfPhase: 60,
});

/** The BSC template's priority weights (PriorityWeightFairshare 10000, Age 1000, JobSize 1000, Partition 1000; QOS unset). */
export const BSC_TEMPLATE_WEIGHTS = Object.freeze({
  age: 1000,
  jobSize: 1000,
  fairShare: 10000,
  qos: 0,
  partition: 1000,
});

/**
 * The factors that separate a PoA setting from the BSC simulator's template, each switching one
 * knob to the template's value: first backfill ~1 s after submission, 50 jobs tested per backfill
 * pass (bf_queue_limit), bf_interval 23 s, the template's priority weights, Slurm 17.11's defaults
 * for the Table 5 knobs the template does not set, and PriorityFavorSmall=YES.
 */
export function bscTemplateFactors(): PoaFactor[] {
  const slurm = (o: PoaOptions, s: Partial<SlurmOptions>): PoaOptions => ({
    ...o,
    slurm: { ...o.slurm, ...s },
  });
  return [
    {
      name: "bfPhase",
      current: (o) => `${o.slurm?.bfPhase ?? o.slurm?.bfInterval ?? SLURM_DEFAULTS.bfInterval} s`,
      thesis: "1 s",
      source: "BSC simulator: the backfill agent runs ~1 s after the submissions",
      apply: (o) => slurm(o, { bfPhase: 1 }),
    },
    {
      name: "bfMaxJobTest",
      current: (o) => String(o.slurm?.bfMaxJobTest ?? SLURM_DEFAULTS.bfMaxJobTest),
      thesis: "50",
      source: "BSC simulator template: bf_queue_limit = 50 jobs tested per pass",
      apply: (o) => slurm(o, { bfMaxJobTest: 50 }),
    },
    {
      name: "bfInterval",
      current: (o) => `${o.slurm?.bfInterval ?? SLURM_DEFAULTS.bfInterval} s`,
      thesis: "23 s",
      source: "BSC simulator template: bf_interval=23",
      apply: (o) => slurm(o, { bfInterval: 23 }),
    },
    {
      name: "weights",
      current: (o) => {
        const w = o.priority?.weights;
        return w
          ? `fair share ${w.fairShare}, age ${w.age}, size ${w.jobSize}, partition ${w.partition}`
          : "Table 2 (age 1e5, size 1e5, fair share 1e4, QoS 1e6)";
      },
      thesis: "fair share 10000, age 1000, size 1000, partition 1000",
      source: "BSC simulator template's PriorityWeight*",
      apply: (o) => ({ ...o, priority: { ...o.priority, weights: { ...BSC_TEMPLATE_WEIGHTS } } }),
    },
    {
      name: "Table 5 knobs",
      current: (o) =>
        `queue depth ${o.slurm?.defaultQueueDepth ?? SLURM_DEFAULTS.defaultQueueDepth}, bf_window ${o.slurm?.bfWindow ?? SLURM_DEFAULTS.bfWindow} min, bf_max_job_user ${o.slurm?.bfMaxJobUser ?? SLURM_DEFAULTS.bfMaxJobUser}`,
      thesis: "Slurm 17.11 defaults (queue depth 100, bf_window 1 day, bf_max_job_user 0)",
      source: "the template does not set them (Table 5 is MareNostrum4's)",
      apply: (o) => slurm(o, { defaultQueueDepth: 100, bfWindow: 1440, bfMaxJobUser: 0 }),
    },
    {
      name: "favorSmall",
      current: (o) => (o.priority?.favorSmall ? "YES" : "NO"),
      thesis: "YES",
      source: "BSC simulator template: PriorityFavorSmall=YES",
      apply: (o) => ({ ...o, priority: { ...o.priority, favorSmall: true } }),
    },
  ];
}

/** One step of a PoA decomposition. */
export interface PoaDecompositionRow {
  /** "base", "one" (this factor alone on the base) or "cumulative" (this and every earlier factor). */
  step: "base" | "one" | "cumulative";
  /** The factor switched (or "—" for the base). */
  factor: string;
  /** Its value before the switch. */
  from: string;
  /** Its value after the switch. */
  value: string;
  /** Mean PoA and its 95% CI. */
  mean: number;
  ciLow: number;
  ciHigh: number;
  /** Change of the mean PoA against the base (one) or the previous step (cumulative). */
  delta: number;
  /** The per-sample PoA values (for the scorecard's counterfactuals). */
  values: number[];
}

/**
 * The PoA gap by factor: the base setting, then each factor alone on the base, then the factors
 * switched cumulatively in order (the last cumulative row is the thesis's full setting).
 */
export function poaDecomposition(
  samples: readonly Sample[],
  options: PoaOptions,
  factors: readonly PoaFactor[] = bscTemplateFactors(),
): PoaDecompositionRow[] {
  const base: PoaOptions = { ...options, modelCache: options.modelCache ?? createPoaModelCache() }; // the models' side once per sample
  const run = (o: PoaOptions) => {
    const values = poaRows(samples, o).map((r) => r.PoA);
    return { values, ...poaSummary(values) };
  };
  const b = run(base);
  const out: PoaDecompositionRow[] = [
    {
      step: "base",
      factor: "—",
      from: "—",
      value: "ours",
      mean: b.mean,
      ciLow: b.ciLow,
      ciHigh: b.ciHigh,
      delta: 0,
      values: b.values,
    },
  ];
  for (const f of factors) {
    const r = run(f.apply(base));
    out.push({
      step: "one",
      factor: f.name,
      from: f.current(base),
      value: f.thesis,
      mean: r.mean,
      ciLow: r.ciLow,
      ciHigh: r.ciHigh,
      delta: r.mean - b.mean,
      values: r.values,
    });
  }
  let cur = base,
    prev = b.mean;
  for (const f of factors) {
    const from = f.current(cur);
    cur = f.apply(cur);
    const r = run(cur);
    out.push({
      step: "cumulative",
      factor: `+ ${f.name}`,
      from,
      value: f.thesis,
      mean: r.mean,
      ciLow: r.ciLow,
      ciHigh: r.ciHigh,
      delta: r.mean - prev,
      values: r.values,
    });
    prev = r.mean;
  }
  return out;
}

/**
 * The rows, checked: every switched row changes its factor's setting.
 * @throws `invalid rows[k]: …; expected a factor whose setting changes` for a row from a setting to itself
 */
export function switchedRows(rows: readonly PoaDecompositionRow[]): readonly PoaDecompositionRow[] {
  rows.forEach((r, k) => {
    if (r.step !== "base" && r.from === r.value)
      throw invalidArgument(
        `rows[${k}]`,
        `${r.factor} from ${r.from} to ${r.value}`,
        "a factor whose setting changes (the base already has this one: start from the other setting)",
      );
  });
  return rows;
}
