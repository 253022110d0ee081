/**
 * Results files: notebooks 07–10 write their per-sample results to
 * `data/generated/results/<source>/<notebook>.json` (git-ignored; one folder per job source, so a
 * run on a trace or on sacct output never replaces the twin's results) and notebook 16 reads them. The text is
 * deterministic — keys in insertion order, numbers as JSON prints them, NaN as null, no wall-clock
 * times — so the same parameters and seed give a byte-identical file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { invalidArgument } from "../util/errors";
import { projectRoot } from "../util/project-paths";

/** A flat result row (a round row without TTS, a PoA row, a decomposition step). */
export type ResultRow = Record<string, string | number | boolean>;

/** What a notebook writes. */
export interface ResultsFile {
  /** Notebook name without extension, e.g. `07-main-experiments`. */
  notebook: string;
  /** The parameters that produced it (source, seed, sample counts, settings). */
  parameters: Record<string, string | number | boolean>;
  /** Named row sets, e.g. `thesis` (the 21-sample set), `many` (the statistics samples), `cf:<label>`. */
  tables: Record<string, ResultRow[]>;
}

/** The notebooks that write results files. */
export const RESULT_NOTEBOOKS = [
  "07-main-experiments",
  "08-greedy-modified",
  "09-priority-model",
  "10-slurm-simulator",
] as const;

/** A notebook that writes a results file. */
export type ResultNotebook = (typeof RESULT_NOTEBOOKS)[number];

/**
 * The folder name of a job source's results: the source itself when it is a plain name ("twin",
 * "RICC-2010-2"), else its characters outside [A-Za-z0-9._-] replaced by "-" plus 8 hex digits of
 * its SHA-256, so two sources never share a folder ("sacct:logs/a.txt" → "sacct-logs-a.txt-1f…").
 */
export function resultsFolder(source: string): string {
  if (typeof source !== "string" || source === "")
    throw invalidArgument("source", source, 'a job source such as "twin"');
  if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(source)) return source;
  return `${source
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, 80)}-${createHash("sha256").update(source).digest("hex").slice(0, 8)}`;
}

/** The results file's path under `root` for a job source. `source` defaults to "twin". */
export function resultsPath(notebook: string, root = projectRoot(), source = "twin"): string {
  if (!/^\d\d-[a-z0-9-]+$/.test(notebook))
    throw invalidArgument("notebook", notebook, "a notebook name like 07-main-experiments");
  return path.join(root, "data", "generated", "results", resultsFolder(source), `${notebook}.json`);
}

/** Deterministic JSON text of a results file (NaN and ±Infinity become null). */
export function formatResults(file: ResultsFile): string {
  return JSON.stringify(file, (_k, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v), 1) + "\n";
}

/** Parses a results file's text; null numbers come back as NaN. @throws `<file>:1: invalid …` on a malformed file */
export function parseResults(text: string, file = "<results>"): ResultsFile {
  let obj: unknown;
  try {
    obj = JSON.parse(text, (_k, v) => (v === null ? NaN : v));
  } catch (e) {
    throw new Error(`${file}:1: invalid JSON: ${(e as Error).message}`);
  }
  const f = obj as ResultsFile;
  if (
    !f ||
    typeof f.notebook !== "string" ||
    typeof f.tables !== "object" ||
    typeof f.parameters !== "object"
  ) {
    throw new Error(`${file}:1: invalid results: expected an object with notebook, parameters and tables`);
  }
  return f;
}

/** Writes the results file into its source's folder (`parameters.SOURCE`; creating it) and returns its path. */
export function writeResults(file: ResultsFile, root = projectRoot()): string {
  const source = file.parameters?.SOURCE;
  if (typeof source !== "string")
    throw invalidArgument("parameters.SOURCE of the results", source, "the job source the results come from");
  const p = resultsPath(file.notebook, root, source);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, formatResults(file));
  return p;
}

/** Reads a notebook's results file for a job source ("twin" by default), or undefined when it does not exist. */
export function readResults(
  notebook: string,
  root = projectRoot(),
  source = "twin",
): ResultsFile | undefined {
  const p = resultsPath(notebook, root, source);
  if (!fs.existsSync(p)) return undefined;
  return parseResults(fs.readFileSync(p, "utf8"), path.relative(root, p));
}

/**
 * The settings a results file was made with that differ from the wanted ones: every parameter both
 * name, sample counts (`…SAMPLES`) aside, as `NAME=<file's> (wanted <wanted>)`; [] when it fits.
 */
export function resultsMismatch(
  file: Readonly<Record<string, unknown>>,
  wanted: Readonly<Record<string, unknown>>,
): string[] {
  return Object.keys(wanted)
    .filter(
      (k) =>
        !/SAMPLES$/.test(k) && k in file && wanted[k] !== undefined && String(file[k]) !== String(wanted[k]),
    )
    .map((k) => `${k}=${JSON.stringify(file[k])} (wanted ${JSON.stringify(wanted[k])})`);
}

/** Rows as plain result rows: only the given keys (TTS and other non-reproducible fields are left out). */
export function resultRows<T extends object>(
  rows: readonly T[],
  keys: readonly (keyof T & string)[],
): ResultRow[] {
  return rows.map((r) => {
    const out: ResultRow = {};
    for (const k of keys) out[k] = r[k] as unknown as string | number | boolean;
    return out;
  });
}
