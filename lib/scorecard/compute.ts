/**
 * The results files of notebooks 07–10 built from their rows, and the same computation from
 * scratch for notebook 16 when a file is absent (or under its RECOMPUTE parameter), usually with
 * fewer samples. Both paths draw the samples and run the rounds the same way the notebooks do.
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
import { createPoaModelCache, poaRows, type PoaOptions, type PoaRow } from "../sim/poa";
import { BSC_TEMPLATE_SLURM, BSC_TEMPLATE_WEIGHTS, TABLE5_SLURM } from "../sim/poa-decomposition";
import { keyword } from "../util/options";
import {
  DEFAULT_EXPERIENCED_ROUNDING,
  EXPERIENCED_ROUNDINGS,
  type ExperiencedRounding,
} from "../mechanism/experiments";
import { createRng, type Rng } from "../util/rng";
import * as path from "node:path";
import { type ResultRow, type ResultsFile, readResults, resultsMismatch, resultsPath } from "./results-file";
import { poaResultRows, roundResultRows } from "./result-rows";

/** The notebooks that write results files. */
export const RESULT_NOTEBOOKS = [
  "07-main-experiments",
  "08-greedy-modified",
  "09-priority-model",
  "10-slurm-simulator",
] as const;

/** A notebook that writes a results file. */
export type ResultNotebook = (typeof RESULT_NOTEBOOKS)[number];

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

/** The labels of the stored counterfactuals, by the setting each switches (one place for both the runs and their descriptions). */
export const CF_LABELS = {
  rerunCapacity: (other: "covered" | "W") => `rerunCapacity = "${other}"`,
  rounding: (r: ExperiencedRounding) => `experienced bids rounded "${r}"`,
  priorityList: (skips: boolean) => `priority list ${skips ? "skips" : "halts"}`,
  favorLarge: "PriorityFavorSmall = NO (MareNostrum4, Section 2.2.2)",
  table5: "Table 5 setting (MareNostrum4 knobs, Table 2 weights)",
  overflowSkip: "first iteration skips overflowing jobs",
} as const;

/** The label of the tie-order counterfactual ({@link narrowestFirst}). */
export const NARROWEST_FIRST_CF = "ties broken narrowest first (each sample's players ordered by nodes)";

/**
 * A sample with its players in increasing node order (stable: equal widths keep the drawing order).
 * Every tie rule of the mechanisms falls back on the lower index (greedy keys, the DP's "leave the
 * later player out"), so this switches the tie order among equal keys — e.g. the many 40-minute
 * jobs of 1A/1B, whose density is the same — to narrowest first. The thesis does not state its
 * order (its samples' file order decided it).
 */
export function narrowestFirst(sample: Sample): Sample {
  return { ...sample, jobs: [...sample.jobs].sort((a, b) => a.nnodes - b.nnodes) };
}

/** The input counterfactuals: the twin versions whose draws notebooks 07–09 rerun, and their labels (lib/twin/joint.ts says what each changes). */
export const INPUT_COUNTERFACTUALS: readonly { version: 3 | 4; label: string }[] = [
  { version: 3, label: "input: twin v3 (Figure 22's 'most' and 'usually' read as strong majorities)" },
  { version: 4, label: "input: twin v4 (heavy jobs wide, §4.1: ρ = 0.4 among jobs of ≥ 120 min)" },
];

/**
 * The twin source of `version` with the same seed as a default twin source (`"twin"`,
 * `"twin:<seed>"`, `"twin-v2…"`), or undefined for any other source (v1, v3, v4, logs: no input
 * counterfactual).
 */
export function inputCounterfactualSource(source: string, version: 3 | 4): string | undefined {
  const m = /^twin(?:-v2)?(:.+)?$/.exec(source);
  return m ? `twin-v${version}${m[1] ?? ""}` : undefined;
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

/** Parameters of notebook 10's results. */
export interface SimResultsParameters {
  SOURCE: string;
  SAMPLE_SEED: number;
  PRIORITY_SEED: string;
  N_POA_SAMPLES: number;
  CF_SAMPLES: number;
}

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

/** The PoA options of notebook 10's defaults: the BSC simulator template (see lib/sim/sensitivity.ts). */
export function bscPoaOptions(prioritySeed: string): PoaOptions {
  return {
    rng: createRng(prioritySeed),
    slurm: { ...BSC_TEMPLATE_SLURM },
    priority: { favorSmall: true, weights: { ...BSC_TEMPLATE_WEIGHTS } },
    overflow: "stop",
  };
}

/** Notebook 10's samples: the same sample set as notebooks 06–09 ({@link thesisSampleSet}); the PoA samples are its statistics samples. */
export function simSamples(
  jobs: readonly JobRecord[],
  p: SimResultsParameters,
): { samples: Sample[]; many: Sample[] } {
  const { samples, many } = thesisSampleSet(jobs, p.SAMPLE_SEED, {
    source: p.SOURCE,
    statistics: p.N_POA_SAMPLES,
  });
  return { samples, many };
}

/** Recomputes notebook 10's results file with its default settings (notebook 16's fallback). */
export function recomputeSimResults(
  p: SimResultsParameters,
  jobs?: readonly JobRecord[],
  root?: string,
): ResultsFile {
  const all = jobs ?? loadSampleSource(p.SOURCE, root).jobs;
  const { samples, many } = simSamples(all, p);
  const base = bscPoaOptions(p.PRIORITY_SEED);
  return simResultsFile(
    p,
    poaRows(samples, base),
    poaRows(many, base),
    poaCounterfactuals(many.slice(0, p.CF_SAMPLES), base, { source: p.SOURCE, seed: p.SAMPLE_SEED, root }),
  );
}

/** Options of {@link scorecardResults}. */
export interface ScorecardResultsOptions {
  /** Recompute every results file even when one exists. Defaults to false. */
  recompute?: boolean;
  /** Parameters of the mechanism rounds when recomputing (STATS_SAMPLES is the "few samples"). */
  round: RoundResultsParameters;
  /** Notebook 09's priority list discipline when recomputing. Defaults to true (skips). */
  prioritySkip?: boolean;
  /** Parameters of notebook 10 when recomputing. */
  sim: SimResultsParameters;
  /** Cleaned jobs of the source (loaded from `round.SOURCE` when absent and needed). */
  jobs?: readonly JobRecord[];
  /** Project root. Defaults to the working directory. */
  root?: string;
}

/**
 * The results files of notebooks 07–10 for the scorecard: read from data/generated/results/<source>/,
 * or recomputed (with the given, usually few, samples) when absent, when `recompute` is set, or
 * when the file was made with other settings (any parameter both name differs, sample counts
 * aside); plus one provenance row per notebook saying which, and why.
 */
export function scorecardResults(options: ScorecardResultsOptions): {
  results: Record<string, ResultsFile>;
  provenance: { notebook: string; from: string; statisticsSamples: number }[];
  /** Markdown warning when a notebook's results have fewer than 200 statistics samples, else "". */
  note: string;
} {
  const results: Record<string, ResultsFile> = {};
  const provenance: { notebook: string; from: string; statisticsSamples: number }[] = [];
  let jobs = options.jobs;
  const getJobs = () => (jobs ??= loadSampleSource(options.round.SOURCE, options.root).jobs);
  for (const nb of RESULT_NOTEBOOKS) {
    const wanted: Record<string, unknown> =
      nb === "10-slurm-simulator"
        ? { ...options.sim }
        : nb === "09-priority-model"
          ? { ...options.round, PRIORITY_SKIP: options.prioritySkip ?? true }
          : { ...options.round };
    const source = String(wanted.SOURCE);
    const found = options.recompute ? undefined : readResults(nb, options.root, source);
    const differ = found ? resultsMismatch(found.parameters, wanted) : [];
    const read = differ.length === 0 ? found : undefined;
    const file =
      read ??
      (nb === "10-slurm-simulator"
        ? recomputeSimResults(options.sim, getJobs(), options.root)
        : recomputeRoundResults(nb, wanted as unknown as RoundResultsParameters, getJobs(), options.root));
    results[nb] = file;
    const from = read
      ? path.relative(options.root ?? process.cwd(), resultsPath(nb, options.root, source))
      : differ.length
        ? `recomputed here (the results file was made with ${differ.join(", ")})`
        : "recomputed here";
    provenance.push({
      notebook: nb,
      from,
      statisticsSamples: new Set((file.tables.many ?? []).map((r) => r.sample)).size,
    });
  }
  const few = provenance.filter((p) => p.statisticsSamples < 200).map((p) => p.notebook);
  const note = few.length
    ? `**Note:** ${few.join(", ")} ran with fewer than 200 statistics samples here: wider intervals leave more ` +
      "rows *inconclusive*, never more agreeing. `npm run study -- scorecard` (200 samples) makes the scorecard of record."
    : "";
  return { results, provenance, note };
}
