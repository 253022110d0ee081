/**
 * The results files of notebooks 07–09 (the mechanism rounds) built from their rows, with the
 * counterfactual rounds they store, and the same computation from scratch for notebook 16 when a
 * file is absent (or under its RECOMPUTE parameter), usually with fewer samples. Both paths draw
 * the samples and run the rounds the same way the notebooks do.
 */
import type { JobRecord } from "../io/job-record";
import {
  greedyModifiedRound,
  mainRound,
  priorityRound,
  type RoundOptions,
  type RoundRow,
} from "../mechanism/rounds";
import { thesisSampleSet, type Sample } from "../sample/draw";
import { loadSampleSource } from "../sample/source";
import { keyword } from "../util/options";
import {
  DEFAULT_EXPERIENCED_ROUNDING,
  EXPERIENCED_ROUNDINGS,
  type ExperiencedRounding,
} from "../mechanism/experiments";
import type { Rng } from "../util/rng";
import { RESULT_NOTEBOOKS, type ResultNotebook, type ResultRow, type ResultsFile } from "./results-file";
import { roundResultRows } from "./result-rows";
import {
  CF_LABELS,
  INPUT_COUNTERFACTUALS,
  NARROWEST_FIRST_CF,
  inputCounterfactualSource,
  narrowestFirst,
} from "./counterfactuals";

/** Parameters of a mechanism round's results. */
export interface RoundResultsParameters {
  /** Job source. */
  SOURCE: string;
  /** Seed of the sample draws. */
  SEED: number;
  /** Machine nodes W. */
  W: number;
  /** Demand factor. */
  FACTOR: number;
  /** Clarke re-run capacity. */
  RERUN_CAPACITY: "covered" | "W";
  /** Statistics samples. */
  STATS_SAMPLES: number;
  /** Samples of the counterfactual experiments (the first of the statistics samples). */
  CF_SAMPLES: number;
  /** Rounding of the experienced bids (2B, 4B). Defaults to "per-node". */
  EXPERIENCED_ROUNDING?: ExperiencedRounding;
  /** Priority list skips (09 only). */
  PRIORITY_SKIP?: boolean;
}

const ROUNDS = {
  "07-main-experiments": mainRound,
  "08-greedy-modified": greedyModifiedRound,
  "09-priority-model": (s: readonly Sample[], o: RoundOptions) => priorityRound(s, { ...o, rng: o.rng! }),
} as const;

/**
 * The counterfactual rounds a mechanism notebook stores (candidate causes of a gap, each one
 * setting switched): the other Clarke re-run capacity, the other experienced-bid rounding, ties
 * broken narrowest first ({@link narrowestFirst}); for 09
 * also the other priority list discipline (halting); for the twin (v2) also the input
 * counterfactuals: as many draws, by the same seed, from twin v3 and from twin v4
 * ({@link INPUT_COUNTERFACTUALS}), run with our settings. Keys are `cf:<setting>`.
 */
export function roundCounterfactuals(
  notebook: Exclude<ResultNotebook, "10-slurm-simulator">,
  samples: readonly Sample[],
  p: RoundResultsParameters,
  rng: Rng,
  root?: string,
): Record<string, ResultRow[]> {
  keyword(notebook, "notebook", RESULT_NOTEBOOKS.slice(0, 3));
  const run = ROUNDS[notebook];
  const rounding = p.EXPERIENCED_ROUNDING ?? DEFAULT_EXPERIENCED_ROUNDING;
  const base: RoundOptions = {
    capacity: p.W,
    rerunCapacity: p.RERUN_CAPACITY,
    measureTime: false,
    prioritySkip: p.PRIORITY_SKIP,
    experiencedRounding: rounding,
    rng: rng.fork("priority-statistics"),
  };
  const other = p.RERUN_CAPACITY === "covered" ? "W" : "covered";
  const out: Record<string, ResultRow[]> = {
    [`cf:${CF_LABELS.rerunCapacity(other)}`]: roundResultRows(
      run(samples, { ...base, rerunCapacity: other }),
    ),
  };
  for (const r of EXPERIENCED_ROUNDINGS)
    if (r !== rounding)
      out[`cf:${CF_LABELS.rounding(r)}`] = roundResultRows(run(samples, { ...base, experiencedRounding: r }));
  if (notebook === "09-priority-model")
    out[`cf:${CF_LABELS.priorityList(p.PRIORITY_SKIP === false)}`] = roundResultRows(
      run(samples, { ...base, prioritySkip: p.PRIORITY_SKIP === false }),
    );
  out[`cf:${NARROWEST_FIRST_CF}`] = roundResultRows(
    run(samples.map(narrowestFirst), { ...base, rng: rng.fork("priority-statistics") }),
  );
  for (const cf of INPUT_COUNTERFACTUALS) {
    const src = inputCounterfactualSource(p.SOURCE, cf.version);
    if (src === undefined || !samples.length) continue;
    const draws = thesisSampleSet(loadSampleSource(src, root).jobs, p.SEED, {
      capacity: p.W,
      factor: p.FACTOR,
      source: src,
      statistics: samples.length,
    }).many;
    out[`cf:${cf.label}`] = roundResultRows(run(draws, { ...base, rng: rng.fork("priority-statistics") }));
  }
  return out;
}

/** The results file of a mechanism notebook from its rows. */
export function roundResultsFile(
  notebook: Exclude<ResultNotebook, "10-slurm-simulator">,
  parameters: RoundResultsParameters,
  rows: readonly RoundRow[],
  many: readonly RoundRow[],
  counterfactuals: Record<string, ResultRow[]>,
): ResultsFile {
  return {
    notebook,
    parameters: { ...parameters },
    tables: { thesis: roundResultRows(rows), many: roundResultRows(many), ...counterfactuals },
  };
}

/** The thesis-style samples and the statistics samples exactly as notebooks 07–09 draw them. */
export function roundSamples(
  jobs: readonly JobRecord[],
  p: RoundResultsParameters,
): { rng: Rng; samples: Sample[]; many: Sample[] } {
  return thesisSampleSet(jobs, p.SEED, {
    capacity: p.W,
    factor: p.FACTOR,
    source: p.SOURCE,
    statistics: p.STATS_SAMPLES,
  });
}

/** Recomputes a mechanism notebook's results file from scratch (notebook 16's fallback). */
export function recomputeRoundResults(
  notebook: Exclude<ResultNotebook, "10-slurm-simulator">,
  p: RoundResultsParameters,
  jobs?: readonly JobRecord[],
  root?: string,
): ResultsFile {
  const all = jobs ?? loadSampleSource(p.SOURCE, root).jobs;
  const { rng, samples, many } = roundSamples(all, p);
  const run = ROUNDS[notebook];
  const o: RoundOptions = {
    capacity: p.W,
    rerunCapacity: p.RERUN_CAPACITY,
    prioritySkip: p.PRIORITY_SKIP,
    experiencedRounding: p.EXPERIENCED_ROUNDING ?? DEFAULT_EXPERIENCED_ROUNDING,
    measureTime: false,
  };
  const rows = run(samples, { ...o, rng: rng.fork("priority") });
  const manyRows = run(many, { ...o, rng: rng.fork("priority-statistics") });
  return roundResultsFile(
    notebook,
    p,
    rows,
    manyRows,
    roundCounterfactuals(notebook, many.slice(0, p.CF_SAMPLES), p, rng, root),
  );
}
