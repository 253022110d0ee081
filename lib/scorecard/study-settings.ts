/**
 * The settings of one results file of the scorecard study (studies/scorecard.json): everything the
 * file's numbers depend on besides the code, named as the notebook that reads it names its
 * parameters, with the notebooks' defaults filled in. The study's content key hashes these
 * settings, the source's content (lib/source/content-key.ts) and the code that computes the file, so a file made by other
 * code or with other settings is never taken for a fresh one.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Machine } from "../io/job-record";
import {
  DEFAULT_EXPERIENCED_ROUNDING,
  EXPERIENCED_ROUNDINGS,
  type ExperiencedRounding,
} from "../mechanism/experiments";
import type { PriorityWeights } from "../slurm/multifactor";
import type { SlurmOptions } from "../sim/slurm-scheduler";
import { BSC_TEMPLATE_SLURM, BSC_TEMPLATE_WEIGHTS } from "../sim/poa-decomposition";
import { invalidArgument } from "../util/errors";
import { integer, keyword } from "../util/options";
import { sourceClosure } from "../util/source-key";
import { sourceContentKey } from "../source/content-key";
import { parseSource } from "../source/readers";
import { loadSampleSource } from "../sample/source";
import { RESULT_NOTEBOOKS, type ResultNotebook } from "./results-file";
import { projectRoot } from "../util/project-paths";

/** The statistics samples of the scorecard study (`npm run study -- scorecard`): the scorecard of record. */
export const SCORECARD_SAMPLES = 200;

/** The settings of a mechanism notebook's results file (07–09), as its parameters name them. */
export interface RoundStudySettings {
  notebook: Exclude<ResultNotebook, "10-slurm-simulator">;
  SOURCE: string;
  MACHINE: Partial<Machine>;
  SEED: number;
  W: number;
  FACTOR: number;
  RERUN_CAPACITY: "covered" | "W";
  EXPERIENCED_ROUNDING: ExperiencedRounding;
  /** 07 only. */
  AD_NORMALISER?: "n" | "winners";
  /** 09 only. */
  PRIORITY_SKIP?: boolean;
  STATS_SAMPLES: number;
  CF_SAMPLES: number;
}

/** The settings of notebook 10's results file, as its parameters name them. */
export interface SimStudySettings {
  notebook: "10-slurm-simulator";
  SOURCE: string;
  MACHINE: Partial<Machine>;
  SAMPLE_SEED: number;
  FAVOR_SMALL: boolean;
  WEIGHTS: PriorityWeights;
  SLURM: SlurmOptions;
  OVERFLOW: "stop" | "skip";
  N_POA_SAMPLES: number;
  CF_SAMPLES: number;
}

/** The full settings of one notebook's results file. */
export type StudySettings = RoundStudySettings | SimStudySettings;

/** The names of the sample counts among the settings (reported, not compared, by the notebooks). */
export const SAMPLE_COUNT_SETTINGS: readonly string[] = ["STATS_SAMPLES", "N_POA_SAMPLES", "CF_SAMPLES"];

const object = (v: unknown, name: string): Record<string, unknown> => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw invalidArgument(name, v, "an object");
  return { ...(v as Record<string, unknown>) };
};
const text = (v: unknown, name: string): string => {
  if (typeof v !== "string" || v === "") throw invalidArgument(name, v, "a non-empty string");
  return v;
};
const flag = (v: unknown, name: string): boolean => {
  if (typeof v !== "boolean") throw invalidArgument(name, v, "true or false");
  return v;
};

/**
 * The settings of `notebook`'s results file from a study's or a notebook's parameters (notebook
 * 10 takes SAMPLE_SEED or SEED, N_POA_SAMPLES or STATS_SAMPLES; CF_SAMPLES defaults to the
 * statistics samples; every other absent value to the notebook's default). Parameters the notebook
 * does not use are ignored.
 * @throws `invalid notebook: …` or `invalid <NAME>: …` for a bad value
 */
export function studySettings(notebook: string, p: Readonly<Record<string, unknown>>): StudySettings {
  if (typeof p !== "object" || p === null) throw invalidArgument("parameters", p, "an object");
  const nb = keyword(notebook, "notebook", RESULT_NOTEBOOKS);
  const common = {
    SOURCE: text(p.SOURCE ?? "twin", "SOURCE"),
    MACHINE: object(p.MACHINE ?? {}, "MACHINE") as Partial<Machine>,
  };
  if (nb === "10-slurm-simulator") {
    const stats = integer(p.N_POA_SAMPLES ?? p.STATS_SAMPLES ?? SCORECARD_SAMPLES, "N_POA_SAMPLES", 1);
    return {
      notebook: nb,
      ...common,
      SAMPLE_SEED: integer(p.SAMPLE_SEED ?? p.SEED ?? 1, "SAMPLE_SEED"),
      FAVOR_SMALL: flag(p.FAVOR_SMALL ?? true, "FAVOR_SMALL"),
      WEIGHTS: object(p.WEIGHTS ?? BSC_TEMPLATE_WEIGHTS, "WEIGHTS") as unknown as PriorityWeights,
      SLURM: object(p.SLURM ?? BSC_TEMPLATE_SLURM, "SLURM") as SlurmOptions,
      OVERFLOW: keyword(p.OVERFLOW ?? "stop", "OVERFLOW", ["stop", "skip"]),
      N_POA_SAMPLES: stats,
      CF_SAMPLES: integer(p.CF_SAMPLES ?? stats, "CF_SAMPLES", 0, stats),
    };
  }
  const stats = integer(p.STATS_SAMPLES ?? SCORECARD_SAMPLES, "STATS_SAMPLES", 1);
  return {
    notebook: nb,
    ...common,
    SEED: integer(p.SEED ?? 1, "SEED"),
    W: integer(p.W ?? 3456, "W", 1),
    FACTOR: positive(p.FACTOR ?? 2, "FACTOR"),
    RERUN_CAPACITY: keyword(p.RERUN_CAPACITY ?? "covered", "RERUN_CAPACITY", ["covered", "W"]),
    EXPERIENCED_ROUNDING: keyword(
      p.EXPERIENCED_ROUNDING ?? DEFAULT_EXPERIENCED_ROUNDING,
      "EXPERIENCED_ROUNDING",
      EXPERIENCED_ROUNDINGS,
    ),
    ...(nb === "07-main-experiments"
      ? { AD_NORMALISER: keyword(p.AD_NORMALISER ?? "n", "AD_NORMALISER", ["n", "winners"] as const) }
      : {}),
    ...(nb === "09-priority-model" ? { PRIORITY_SKIP: flag(p.PRIORITY_SKIP ?? true, "PRIORITY_SKIP") } : {}),
    STATS_SAMPLES: stats,
    CF_SAMPLES: integer(p.CF_SAMPLES ?? stats, "CF_SAMPLES", 0, stats),
  };
}

function positive(v: unknown, name: string): number {
  if (typeof v !== "number" || !(v > 0) || !Number.isFinite(v))
    throw invalidArgument(name, v, "a number > 0");
  return v;
}

/** JSON with object keys sorted at every level (so `{a, b}` and `{b, a}` give one text). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** The module that computes the study's results files; its import closure is the code in the key. */
export const STUDY_CODE_ENTRY = path.join("lib", "scorecard", "study-kind.ts");

/**
 * The study's content key for one results file: a hex SHA-256 over the source closure of
 * {@link STUDY_CODE_ENTRY}, every file under data/reference/, package-lock.json, the settings
 * (canonical JSON) and `sourceKey`, the content key of the settings' source ({@link studySourceKey}).
 */
export function studyKey(settings: StudySettings, sourceKey: string, root = projectRoot()): string {
  const h = createHash("sha256");
  const files = [
    ...sourceClosure(path.join(root, STUDY_CODE_ENTRY)),
    ...filesUnder(path.join(root, "data", "reference")),
    path.join(root, "package-lock.json"),
  ].filter((f) => fs.existsSync(f));
  for (const f of files)
    h.update(path.relative(root, f).split(path.sep).join("/"))
      .update("\0")
      .update(fs.readFileSync(f))
      .update("\0");
  return h.update(canonicalJson(settings)).update("\0").update(sourceKey).digest("hex");
}

/**
 * The content key of the settings' source: the twin's version and seed or a log's bytes, read
 * without loading its jobs; a source read anew each time ("live") is keyed by the SHA-256 of its jobs.
 */
export function studySourceKey(settings: StudySettings, root = projectRoot()): string {
  const spec = parseSource(settings.SOURCE, { root });
  if (spec.twin || spec.path) return sourceContentKey(spec);
  const jobs = loadSampleSource(spec, { root, machine: settings.MACHINE }).jobs;
  return `jobs:${createHash("sha256").update(JSON.stringify(jobs)).digest("hex")}`;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}
