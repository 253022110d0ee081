/**
 * The results files of notebooks 07–10 for the scorecard (notebook 16): each read from
 * data/generated/results/<source>/, or recomputed from scratch, usually with fewer samples
 * (lib/scorecard/round-results.ts, lib/scorecard/sim-results.ts), with where each came from.
 */
import type { JobRecord } from "../io/job-record";
import { loadSampleSource } from "../sample/source";
import * as path from "node:path";
import {
  RESULT_NOTEBOOKS,
  type ResultsFile,
  readResults,
  resultsMismatch,
  resultsPath,
} from "./results-file";
import { type RoundResultsParameters, recomputeRoundResults } from "./round-results";
import { type SimResultsParameters, recomputeSimResults } from "./sim-results";
import { SCORECARD_SAMPLES } from "./study-settings";
import { projectRoot } from "../util/project-paths";

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
  /** The notebooks whose results have fewer than {@link SCORECARD_SAMPLES} statistics samples. */
  few: string[];
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
      ? path.relative(options.root ?? projectRoot(), resultsPath(nb, options.root, source))
      : differ.length
        ? `recomputed here (the results file was made with ${differ.join(", ")})`
        : "recomputed here";
    provenance.push({
      notebook: nb,
      from,
      statisticsSamples: new Set((file.tables.many ?? []).map((r) => r.sample)).size,
    });
  }
  const few = provenance.filter((p) => p.statisticsSamples < SCORECARD_SAMPLES).map((p) => p.notebook);
  return { results, provenance, few };
}
