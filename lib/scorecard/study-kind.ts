/**
 * The scorecard study (studies/scorecard.json, `npm run study -- scorecard`): one task per results
 * file of notebooks 07–10 — the statistics samples and the counterfactual re-runs — computed as the
 * notebooks' parameters say and written to data/generated/results/<source>/<notebook>.json, with a
 * stamp beside it (`<notebook>.study.json`: the content key and the file's SHA-256). A task whose
 * stamp is fresh (same key, file unchanged) is not run again. The study's files are committed,
 * gzipped, with their stamps under data/studies/scorecard/<source>/ (data/studies/README.md): a
 * committed file whose stamp holds today's content key is copied into data/generated/results
 * instead of being computed, so a fresh clone reads the study as it reads the others.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { gunzipSync } from "node:zlib";
import type { JobRecord } from "../io/job-record";
import { greedyModifiedRound, mainRound, priorityRound } from "../mechanism/rounds";
import { thesisSampleSet } from "../sample/draw";
import { loadSampleSource } from "../sample/source";
import { poaRows, type PoaOptions } from "../sim/poa";
import { createRng } from "../util/rng";
import { PRIORITY_STREAMS, poaCounterfactuals, simResultsFile } from "./sim-results";
import { roundCounterfactuals, roundResultsFile } from "./round-results";
import { type ResultsFile, formatResults, resultsFolder, resultsPath, writeResults } from "./results-file";
import { type StudySettings, studyKey, studySettings, studySourceKey } from "./study-settings";
import { projectPaths, projectRoot } from "../util/project-paths";

/** What a stamp holds. */
export interface StudyStamp {
  /** The study's content key ({@link studyKey}). */
  key: string;
  /** SHA-256 of the results file's text. */
  sha256: string;
  /** The settings it was made with. */
  settings: StudySettings;
}

/** The stamp file beside a results file. */
export function stampPath(settings: StudySettings, root = projectRoot()): string {
  return resultsPath(settings.notebook, root, settings.SOURCE).replace(/\.json$/, ".study.json");
}

/**
 * The committed copy of a results file: `data/studies/scorecard/<source folder>/<notebook>.json.gz`,
 * its stamp beside it as `<notebook>.study.json`.
 */
export function committedResultsPath(settings: StudySettings, root = projectRoot()): string {
  return path.join(
    projectPaths(root).studies,
    "scorecard",
    resultsFolder(settings.SOURCE),
    `${settings.notebook}.json.gz`,
  );
}

/**
 * Copies the committed results file of `settings` into data/generated/results, with its stamp, when
 * its stamp holds today's content key (this code, these settings, this source's content) and its
 * text the stamped SHA-256; returns the stamp, or undefined (nothing written) when there is no such
 * file. The source's jobs are not loaded.
 */
export function restoreCommittedResults(
  settings: StudySettings,
  root = projectRoot(),
): StudyStamp | undefined {
  const file = committedResultsPath(settings, root);
  const stampFile = file.replace(/\.json\.gz$/, ".study.json");
  if (!fs.existsSync(file) || !fs.existsSync(stampFile)) return undefined;
  let stamp: StudyStamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, "utf8")) as StudyStamp;
  } catch {
    return undefined;
  }
  if (stamp.key !== studyKey(settings, studySourceKey(settings, root), root)) return undefined;
  const text = gunzipSync(fs.readFileSync(file)).toString("utf8");
  if (sha256(text) !== stamp.sha256) return undefined;
  const target = resultsPath(settings.notebook, root, settings.SOURCE);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  fs.writeFileSync(stampPath(settings, root), JSON.stringify(stamp, null, 1) + "\n");
  return stamp;
}

/** The source's jobs as the notebooks load them (MACHINE applied). */
export function studyJobs(settings: StudySettings, root?: string): readonly JobRecord[] {
  return loadSampleSource(settings.SOURCE, { root, machine: settings.MACHINE }).jobs;
}

/**
 * Computes one results file exactly as notebooks 07–10 computed it in their cells: the 21 samples'
 * rows (`thesis`), the statistics samples' rows (`many`) and the counterfactual re-runs (`cf:…`).
 */
export function computeStudyResults(settings: StudySettings, jobs?: readonly JobRecord[]): ResultsFile {
  const s = settings;
  const source = loadSampleSource(s.SOURCE, { machine: s.MACHINE });
  const all = jobs ?? source.jobs;
  if (s.notebook === "10-slurm-simulator") {
    const set = thesisSampleSet(all, s.SAMPLE_SEED, {
      statistics: s.N_POA_SAMPLES,
      source: s.SOURCE,
      capacity: source.machine.nodes,
    });
    // model 1B3's priorities drawn as notebook 09 draws them (PRIORITY_STREAMS)
    const options: PoaOptions = {
      rng: set.rng.fork(PRIORITY_STREAMS.statistics),
      nodes: source.machine.nodes,
      coresPerNode: source.machine.coresPerNode,
      slurm: s.SLURM,
      priority: { favorSmall: s.FAVOR_SMALL, weights: s.WEIGHTS },
      overflow: s.OVERFLOW,
    };
    const parameters = {
      SOURCE: s.SOURCE,
      SAMPLE_SEED: s.SAMPLE_SEED,
      N_POA_SAMPLES: s.N_POA_SAMPLES,
      CF_SAMPLES: s.CF_SAMPLES,
    };
    const rows = poaRows(set.samples, { ...options, rng: set.rng.fork(PRIORITY_STREAMS.thesis) });
    const many = poaRows(set.many, options);
    const cfs = poaCounterfactuals(set.many.slice(0, s.CF_SAMPLES), options, {
      source: s.SOURCE,
      seed: s.SAMPLE_SEED,
    });
    return simResultsFile(parameters, rows, many, cfs);
  }
  const { rng, samples, many } = thesisSampleSet(all, s.SEED, {
    capacity: s.W,
    factor: s.FACTOR,
    source: s.SOURCE,
    statistics: s.STATS_SAMPLES,
  });
  const o = { capacity: s.W, experiencedRounding: s.EXPERIENCED_ROUNDING, rerunCapacity: s.RERUN_CAPACITY };
  const parameters = {
    SOURCE: s.SOURCE,
    SEED: s.SEED,
    W: s.W,
    FACTOR: s.FACTOR,
    RERUN_CAPACITY: s.RERUN_CAPACITY,
    STATS_SAMPLES: s.STATS_SAMPLES,
    CF_SAMPLES: s.CF_SAMPLES,
    ...(s.notebook === "09-priority-model" ? { PRIORITY_SKIP: s.PRIORITY_SKIP } : {}),
    EXPERIENCED_ROUNDING: s.EXPERIENCED_ROUNDING,
  };
  let rows, manyRows;
  if (s.notebook === "07-main-experiments") {
    const m = { ...o, adNormaliser: s.AD_NORMALISER };
    rows = mainRound(samples, { ...m, payments: ["clarke", "vcg", "critical"] });
    manyRows = mainRound(many, { ...m, measureTime: false });
  } else if (s.notebook === "08-greedy-modified") {
    rows = greedyModifiedRound(samples, o);
    manyRows = greedyModifiedRound(many, { ...o, measureTime: false });
  } else {
    const p = { ...o, prioritySkip: s.PRIORITY_SKIP };
    rows = priorityRound(samples, { ...p, rng: rng.fork("priority") });
    manyRows = priorityRound(many, { ...p, rng: rng.fork("priority-statistics"), measureTime: false });
  }
  const cfs = roundCounterfactuals(s.notebook, many.slice(0, s.CF_SAMPLES), parameters, rng);
  return roundResultsFile(s.notebook, parameters, rows, manyRows, cfs);
}

/** The stamp of a results file when it is fresh for `settings` (same key, file unchanged since), else undefined. */
export function freshStamp(settings: StudySettings, root = projectRoot()): StudyStamp | undefined {
  const stamp = readStamp(settings, root);
  const file = resultsPath(settings.notebook, root, settings.SOURCE);
  if (
    !stamp ||
    !fs.existsSync(file) ||
    stamp.key !== studyKey(settings, studySourceKey(settings, root), root)
  )
    return undefined;
  return sha256(fs.readFileSync(file, "utf8")) === stamp.sha256 ? stamp : undefined;
}

/** The stamp beside a results file, or undefined when there is none (or it is unreadable). */
export function readStamp(settings: StudySettings, root = projectRoot()): StudyStamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(stampPath(settings, root), "utf8")) as StudyStamp;
  } catch {
    return undefined;
  }
}

/**
 * The study kind: computes one notebook's results file (unless its stamp is fresh, or a committed
 * copy with today's key is restored, {@link restoreCommittedResults}), writes it and its stamp under
 * the working directory, and returns one row: notebook, source, file, key, whether it was computed.
 */
export function scorecardStudyTask(params: Record<string, unknown>): Record<string, unknown>[] {
  const settings = studySettings(String(params.notebook), params);
  const key = studyKey(settings, studySourceKey(settings));
  const fresh = freshStamp(settings) ?? restoreCommittedResults(settings);
  if (!fresh) {
    const file = computeStudyResults(settings, studyJobs(settings));
    writeResults(file);
    const stamp: StudyStamp = { key, sha256: sha256(formatResults(file)), settings };
    fs.writeFileSync(stampPath(settings), JSON.stringify(stamp, null, 1) + "\n");
  }
  const file = resultsPath(settings.notebook, projectRoot(), settings.SOURCE);
  const rel = path.relative(projectRoot(), file);
  return [{ notebook: settings.notebook, source: settings.SOURCE, file: rel, key, computed: !fresh }];
}

/** Whether a task's results file is fresh (the study runner re-runs a stored task that is not). */
export function scorecardTaskFresh(params: Record<string, unknown>): boolean {
  const settings = studySettings(String(params.notebook), params);
  return freshStamp(settings) !== undefined;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
