/**
 * Notebook 10's results file (the Slurm simulator's PoA rows) built from its rows, with the
 * counterfactual settings it stores, and the same computation from scratch for notebook 16 when the
 * file is absent (or under its RECOMPUTE parameter), usually with fewer samples. Both paths draw the
 * samples and run the simulator the same way the notebook does. Model 1B3's random priorities are
 * drawn as notebook 09 draws them ({@link PRIORITY_STREAMS}), so Table 28's TV_1B3 is Table 24's
 * TV_1B sample for sample: one quantity, one value.
 */
import type { JobRecord } from "../io/job-record";
import { thesisSampleSet, type Sample } from "../sample/draw";
import { loadSampleSource } from "../sample/source";
import { createPoaModelCache, poaRows, type PoaOptions, type PoaRow } from "../sim/poa";
import { BSC_TEMPLATE_SLURM, BSC_TEMPLATE_WEIGHTS, TABLE5_SLURM } from "../sim/poa-decomposition";
import type { Rng } from "../util/rng";
import type { ResultRow, ResultsFile } from "./results-file";
import { poaResultRows } from "./result-rows";
import { CF_LABELS, INPUT_COUNTERFACTUALS, inputCounterfactualSource } from "./counterfactuals";

/** Parameters of notebook 10's results. */
export interface SimResultsParameters {
  SOURCE: string;
  SAMPLE_SEED: number;
  N_POA_SAMPLES: number;
  CF_SAMPLES: number;
}

/**
 * The streams of the priority rule's random priorities, forked from the sample set's seed
 * (thesisSampleSet's `rng`) as notebook 09 forks them: `thesis` for samples 0–20, `statistics` for
 * the statistics samples and every re-run on them.
 */
export const PRIORITY_STREAMS = { thesis: "priority", statistics: "priority-statistics" } as const;

/**
 * The counterfactual PoA settings notebook 10 stores: MareNostrum4's favour-large order, Table 5's
 * setting ({@link TABLE5_SLURM}), the "skip" first-iteration reading; with `input` (a default twin
 * source and the sample seed) also the input counterfactuals ({@link INPUT_COUNTERFACTUALS}: as
 * many draws from twin v3 and v4, our settings).
 */
export function poaCounterfactuals(
  samples: readonly Sample[],
  options: PoaOptions,
  input?: { source: string; seed: number; root?: string },
): Record<string, ResultRow[]> {
  const base: PoaOptions = { ...options, modelCache: options.modelCache ?? createPoaModelCache() }; // the models' side once per sample
  const inputs: Record<string, ResultRow[]> = {};
  for (const cf of INPUT_COUNTERFACTUALS) {
    const src = input && inputCounterfactualSource(input.source, cf.version);
    if (src === undefined || !samples.length) continue;
    const loaded = loadSampleSource(src, input!.root);
    const draws = thesisSampleSet(loaded.jobs, input!.seed, {
      source: src,
      statistics: samples.length,
      capacity: loaded.machine.nodes,
    }).many;
    inputs[`cf:${cf.label}`] = poaResultRows(
      poaRows(draws, { ...options, modelCache: createPoaModelCache() }),
    );
  }
  return {
    ...inputs,
    [`cf:${CF_LABELS.favorLarge}`]: poaResultRows(
      poaRows(samples, { ...base, priority: { ...base.priority, favorSmall: false } }),
    ),
    [`cf:${CF_LABELS.table5}`]: poaResultRows(
      poaRows(samples, {
        ...base,
        slurm: { ...TABLE5_SLURM },
        priority: { favorSmall: base.priority?.favorSmall },
      }),
    ),
    [`cf:${CF_LABELS.overflowSkip}`]: poaResultRows(poaRows(samples, { ...base, overflow: "skip" })),
  };
}

/** Notebook 10's results file from its rows. */
export function simResultsFile(
  parameters: SimResultsParameters,
  rows: readonly PoaRow[],
  many: readonly PoaRow[],
  counterfactuals: Record<string, ResultRow[]>,
): ResultsFile {
  return {
    notebook: "10-slurm-simulator",
    parameters: { ...parameters },
    tables: { thesis: poaResultRows(rows), many: poaResultRows(many), ...counterfactuals },
  };
}

/** The PoA options of notebook 10's defaults: the BSC simulator template (see lib/sim/sensitivity.ts), priorities drawn from `rng`. */
export function bscPoaOptions(rng: Rng): PoaOptions {
  return {
    rng,
    slurm: { ...BSC_TEMPLATE_SLURM },
    priority: { favorSmall: true, weights: { ...BSC_TEMPLATE_WEIGHTS } },
    overflow: "stop",
  };
}

/** Notebook 10's samples: the same sample set as notebooks 06–09 ({@link thesisSampleSet}, with its seed's stream); the PoA samples are its statistics samples. */
export function simSamples(
  jobs: readonly JobRecord[],
  p: SimResultsParameters,
): { samples: Sample[]; many: Sample[]; rng: Rng } {
  const { samples, many, rng } = thesisSampleSet(jobs, p.SAMPLE_SEED, {
    source: p.SOURCE,
    statistics: p.N_POA_SAMPLES,
  });
  return { samples, many, rng };
}

/** Recomputes notebook 10's results file with its default settings (notebook 16's fallback). */
export function recomputeSimResults(
  p: SimResultsParameters,
  jobs?: readonly JobRecord[],
  root?: string,
): ResultsFile {
  const all = jobs ?? loadSampleSource(p.SOURCE, root).jobs;
  const { samples, many, rng } = simSamples(all, p);
  const statistics = bscPoaOptions(rng.fork(PRIORITY_STREAMS.statistics));
  return simResultsFile(
    p,
    poaRows(samples, bscPoaOptions(rng.fork(PRIORITY_STREAMS.thesis))),
    poaRows(many, statistics),
    poaCounterfactuals(many.slice(0, p.CF_SAMPLES), statistics, {
      source: p.SOURCE,
      seed: p.SAMPLE_SEED,
      root,
    }),
  );
}
