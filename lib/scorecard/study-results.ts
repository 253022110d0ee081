/**
 * What notebooks 07–10 show of the scorecard study: its results file for the notebook's settings
 * (the statistics samples and the counterfactual re-runs), read — never computed — unless the
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
import { computeStudyResults, freshStamp, readStamp, studyJobs } from "./study-kind";
import {
  SAMPLE_COUNT_SETTINGS,
  type StudySettings,
  canonicalJson,
  jobsKey,
  studyKey,
  studySettings,
} from "./study-settings";

/** Statistics samples a notebook recomputes when its source has no results file yet. */
export const FEW_STUDY_SAMPLES = 10;

/** Where a notebook's results come from. */
export type StudyResultsOrigin = "study" | "other settings" | "other code" | "not the study" | "recomputed";

/** Options of {@link roundStudyResults} and {@link simStudyResults}. */
export interface StudyResultsOptions {
  /** The source's cleaned jobs (loaded from the settings' SOURCE when absent). */
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
  /** Where they come from. */
  origin: StudyResultsOrigin;
  /** A sentence (markdown) saying where they come from and how to refresh them. */
  note: string;
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
  const root = options.root ?? process.cwd();
  const counts = (n: number) =>
    notebook === "10-slurm-simulator"
      ? { N_POA_SAMPLES: n, CF_SAMPLES: n }
      : { STATS_SAMPLES: n, CF_SAMPLES: n };
  const wanted = studySettings(notebook, { ...parameters, ...counts(1) });
  const file = recompute ? undefined : readResults(notebook, root, wanted.SOURCE);
  if (!file) {
    const n = recompute || FEW_STUDY_SAMPLES;
    const results = computeStudyResults(
      studySettings(notebook, { ...parameters, ...counts(n) }),
      options.jobs,
    );
    const note = recompute
      ? `The statistics and the counterfactual experiments below are **recomputed in this notebook on ${n} samples** (\`RECOMPUTE_SAMPLES = ${n}\`: fewer than the study's, so the intervals are wider). ${refresh(wanted, [])}`
      : `**No stored results for source \`${wanted.SOURCE}\`** (\`${rel(resultsPath(notebook, root, wanted.SOURCE), root)}\`): the statistics and the counterfactual experiments below are recomputed in this notebook on ${n} samples (wider intervals). ${refresh(wanted, [])}`;
    return { results, many: results.tables.many ?? [], samples: n, origin: "recomputed", note };
  }
  const stamp = readStamp(wanted, root);
  const differ = stamp ? settingsDiffer(stamp.settings, wanted) : [];
  const all = options.jobs ?? studyJobs(wanted, root);
  const origin: StudyResultsOrigin = !stamp
    ? "not the study"
    : differ.length
      ? "other settings"
      : freshStamp(stamp.settings, all, root)
        ? "study"
        : stamp.key !== studyKey(stamp.settings, jobsKey(all), root)
          ? "other code"
          : "not the study";
  const samples = new Set((file.tables.many ?? []).map((r) => r.sample)).size;
  const where = `\`${rel(resultsPath(notebook, root, wanted.SOURCE), root)}\``;
  const what = `${samples} statistics samples and ${file.parameters.CF_SAMPLES ?? "?"} per counterfactual experiment`;
  const note =
    origin === "study"
      ? `The statistics and the counterfactual experiments below (${what}) are read from ${where}, which the study \`scorecard\` made with this notebook's settings and this code (\`npm run study -- scorecard\` recomputes it when either changes).`
      : `**The stored results were ${ORIGIN_TEXT[origin]}${differ.length ? `: ${differ.join(", ")}` : ""}.** The summary rows, the statistics and the conclusion below are theirs (${what}, ${where}); the per-sample tables use this notebook's parameters. ${refresh(wanted, differ.length ? Object.keys(diffValues(stamp!.settings, wanted)) : [])}`;
  return { results: file, many: file.tables.many ?? [], samples, origin, note };
}

const ORIGIN_TEXT: Record<Exclude<StudyResultsOrigin, "study" | "recomputed">, string> = {
  "other settings": "made with other settings than this notebook's",
  "other code":
    "made by other code (lib/, data/reference/ or package-lock.json has changed since, or the source's jobs have)",
  "not the study":
    "not made by the study with these settings (no stamp beside the file, or the file changed after the study wrote it)",
};

/** How to refresh: the study with the notebook's differing settings, or a recomputation here. */
function refresh(wanted: StudySettings, names: readonly string[]): string {
  const params = names
    .map((k) => ` --param '${k}=${JSON.stringify((wanted as unknown as Record<string, unknown>)[k])}'`)
    .join("");
  const source =
    wanted.SOURCE === "twin" || names.includes("SOURCE")
      ? ""
      : ` --param 'SOURCE=${JSON.stringify(wanted.SOURCE)}'`;
  return `To refresh them: \`npm run study -- scorecard${source}${params}\` (the statistics of notebooks 07–10, on all cores), or set \`RECOMPUTE_SAMPLES\` to a few samples (e.g. ${FEW_STUDY_SAMPLES}) to recompute them in this notebook.`;
}

/** The settings (sample counts aside) whose values differ, as `NAME = <made> (here <wanted>)`. */
export function settingsDiffer(made: StudySettings, wanted: StudySettings): string[] {
  return Object.entries(diffValues(made, wanted)).map(
    ([k, [a, b]]) => `${k} = ${canonicalJson(a)} (here ${canonicalJson(b)})`,
  );
}

function diffValues(made: StudySettings, wanted: StudySettings): Record<string, [unknown, unknown]> {
  const a = made as unknown as Record<string, unknown>;
  const b = wanted as unknown as Record<string, unknown>;
  return Object.fromEntries(
    [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((k) => !SAMPLE_COUNT_SETTINGS.includes(k) && canonicalJson(a[k]) !== canonicalJson(b[k]))
      .map((k) => [k, [a[k], b[k]]]),
  );
}

function rel(p: string, root: string): string {
  return path.relative(root, p).split(path.sep).join("/");
}
