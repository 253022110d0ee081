/**
 * Results files: notebooks 07–10 write their per-sample results to
 * `data/generated/results/<notebook>.json` (git-ignored) and notebook 16 reads them. The text is
 * deterministic — keys in insertion order, numbers as JSON prints them, NaN as null, no wall-clock
 * times — so the same parameters and seed give a byte-identical file.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "../util/errors";

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

/** The results file's path under `root`. */
export function resultsPath(notebook: string, root = process.cwd()): string {
  if (!/^\d\d-[a-z0-9-]+$/.test(notebook)) throw invalidArgument("notebook", notebook, "a notebook name like 07-main-experiments");
  return path.join(root, "data", "generated", "results", `${notebook}.json`);
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
  if (!f || typeof f.notebook !== "string" || typeof f.tables !== "object" || typeof f.parameters !== "object") {
    throw new Error(`${file}:1: invalid results: expected an object with notebook, parameters and tables`);
  }
  return f;
}

/** Writes the results file (creating the folder) and returns its path. */
export function writeResults(file: ResultsFile, root = process.cwd()): string {
  const p = resultsPath(file.notebook, root);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, formatResults(file));
  return p;
}

/** Reads a notebook's results file, or undefined when it does not exist. */
export function readResults(notebook: string, root = process.cwd()): ResultsFile | undefined {
  const p = resultsPath(notebook, root);
  if (!fs.existsSync(p)) return undefined;
  return parseResults(fs.readFileSync(p, "utf8"), path.relative(root, p));
}

/** Rows as plain result rows: only the given keys (TTS and other non-reproducible fields are left out). */
export function resultRows<T extends object>(rows: readonly T[], keys: readonly (keyof T & string)[]): ResultRow[] {
  return rows.map((r) => {
    const out: ResultRow = {};
    for (const k of keys) out[k] = r[k] as unknown as string | number | boolean;
    return out;
  });
}
