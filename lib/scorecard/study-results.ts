/**
 * What notebooks 07–10 show of the scorecard study: its results file for the notebook's settings
 * (the statistics samples and the counterfactual re-runs; the committed copy of data/studies when
 * none was generated and that copy is today's), read — never computed — unless the
 * reader asks for a recomputation on a few samples or no file exists, with a sentence saying where
 * the numbers come from: the study with this code and these settings, or other code, other
 * settings (naming them), or this notebook — and how to refresh them.
 */
import * as path from "node:path";
import type { JobRecord } from "../io/job-record";
import type { RoundRow } from "../mechanism/rounds";
import type { PoaRow } from "../sim/poa";
import { integer } from "../util/options";
import {
  type ResultNotebook,
  type ResultRow,
  type ResultsFile,
  readResults,
  resultsPath,
} from "./results-file";
import { computeStudyResults, freshStamp, readStamp, restoreCommittedResults } from "./study-kind";
import {
  SAMPLE_COUNT_SETTINGS,
  type StudySettings,
  canonicalJson,
  studySourceKey,
  studyKey,
  studySettings,
} from "./study-settings";
import { projectRoot } from "../util/project-paths";

/** Statistics samples a notebook recomputes when its source has no results file yet. */
export const FEW_STUDY_SAMPLES = 10;

/** Where a notebook's results come from. */
export type StudyResultsOrigin =
  "study" | "other settings" | "other code" | "not the study" | "recomputed" | "no stored results";

/** Options of {@link roundStudyResults} and {@link simStudyResults}. */
export interface StudyResultsOptions {
  /** The source's cleaned jobs, when the caller holds them (else loaded from the settings' SOURCE if results must be computed). */
  jobs?: readonly JobRecord[];
  /** Recompute here on this many samples (statistics and each counterfactual) instead of reading. Defaults to 0 (read). */
  recompute?: number;
  /** Project root. Defaults to the working directory. */
  root?: string;
}

/** A notebook's study results. */
export interface StudyResults<Row> {
  /** The results file (tables `thesis`, `many`, `cf:…`). */
  results: ResultsFile;
  /** The statistics samples' rows. */
  statistics: Row[];
  /** How many statistics samples they are. */
  samples: number;
  /** Where they come from ("recomputed": asked by `recompute`; "no stored results": the source has no results file). */
  origin: StudyResultsOrigin;
  /** The results file read, or that would be read, relative to the root. */
  path: string;
  /** Samples per counterfactual experiment of the file read (undefined when it does not say, or when recomputed). */
  cfSamples?: number;
  /** The settings (sample counts aside) the stored results were made with that differ from the notebook's. */
  differences: { name: string; made: unknown; wanted: unknown }[];
  /** The notebook's settings. */
  wanted: StudySettings;
}

/**
 * Notebook 07's, 08's or 09's study results for its parameters (SOURCE, MACHINE, SEED, W, FACTOR,
 * RERUN_CAPACITY, EXPERIENCED_ROUNDING, AD_NORMALISER (07), PRIORITY_SKIP (09); sample counts are
 * the study's).
 * @throws `invalid notebook: …`, `invalid <NAME>: …` for a bad parameter
 */
export function roundStudyResults(
  notebook: Exclude<ResultNotebook, "10-slurm-simulator">,
  parameters: Readonly<Record<string, unknown>>,
  options: StudyResultsOptions = {},
): StudyResults<RoundRow> {
  const r = _studyResults(notebook, parameters, options);
  return { ...r, statistics: r.many.map((x) => ({ ...x, TTS: NaN }) as unknown as RoundRow) };
}

/**
 * Notebook 10's study results for its parameters (SOURCE, MACHINE, SAMPLE_SEED, PRIORITY_SEED,
 * FAVOR_SMALL, WEIGHTS, SLURM, OVERFLOW; sample counts are the study's).
 * @throws `invalid <NAME>: …` for a bad parameter
 */
export function simStudyResults(
  parameters: Readonly<Record<string, unknown>>,
  options: StudyResultsOptions = {},
): StudyResults<PoaRow> {
  const r = _studyResults("10-slurm-simulator", parameters, options);
  return { ...r, statistics: r.many as unknown as PoaRow[] };
}

function _studyResults(
  notebook: ResultNotebook,
  parameters: Readonly<Record<string, unknown>>,
  options: StudyResultsOptions,
): Omit<StudyResults<never>, "statistics"> & { many: ResultRow[] } {
  const recompute = integer(options.recompute ?? 0, "recompute", 0);
  const root = options.root ?? projectRoot();
  const counts = (n: number) =>
    notebook === "10-slurm-simulator"
      ? { N_POA_SAMPLES: n, CF_SAMPLES: n }
      : { STATS_SAMPLES: n, CF_SAMPLES: n };
  const wanted = studySettings(notebook, { ...parameters, ...counts(1) });
  // no results file yet: the committed copy of the study's, when it is today's (study-kind.ts)
  if (!recompute && !readResults(notebook, root, wanted.SOURCE)) {
    const study = studySettings(notebook, parameters);
    restoreCommittedResults(study, root);
  }
  const file = recompute ? undefined : readResults(notebook, root, wanted.SOURCE);
  const where = rel(resultsPath(notebook, root, wanted.SOURCE), root);
  if (!file) {
    const n = recompute || FEW_STUDY_SAMPLES;
    const results = computeStudyResults(
      studySettings(notebook, { ...parameters, ...counts(n) }),
      options.jobs,
    );
    return {
      results,
      many: results.tables.many ?? [],
      samples: n,
      origin: recompute ? "recomputed" : "no stored results",
      path: where,
      differences: [],
      wanted,
    };
  }
  const stamp = readStamp(wanted, root);
  const differences = stamp ? settingDifferences(stamp.settings, wanted) : [];
  const origin: StudyResultsOrigin = !stamp
    ? "not the study"
    : differences.length
      ? "other settings"
      : freshStamp(stamp.settings, root)
        ? "study"
        : stamp.key !== studyKey(stamp.settings, studySourceKey(stamp.settings, root), root)
          ? "other code"
          : "not the study";
  const samples = new Set((file.tables.many ?? []).map((r) => r.sample)).size;
  const cf = Number(file.parameters.CF_SAMPLES);
  return {
    results: file,
    many: file.tables.many ?? [],
    samples,
    origin,
    path: where,
    cfSamples: Number.isFinite(cf) ? cf : undefined,
    differences,
    wanted,
  };
}

/** The settings (sample counts aside) whose values differ between the stored results and the notebook. */
export function settingDifferences(
  made: StudySettings,
  wanted: StudySettings,
): { name: string; made: unknown; wanted: unknown }[] {
  const a = made as unknown as Record<string, unknown>;
  const b = wanted as unknown as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !SAMPLE_COUNT_SETTINGS.includes(k) && canonicalJson(a[k]) !== canonicalJson(b[k]))
    .map((name) => ({ name, made: a[name], wanted: b[name] }));
}

function rel(p: string, root: string): string {
  return path.relative(root, p).split(path.sep).join("/");
}
