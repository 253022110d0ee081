/**
 * A study's code key: the SHA-256 of its kind's module with every module it imports
 * (lib/util/source-key.ts) and of the spec's experiment, grid and params. The tasks of one results
 * folder are computed by one code (`code-key` in it), and a merged table carries the key it was
 * computed by (`stamp.json` beside `merged.jsonl`; committed tables as `data/studies/<name>.stamp.json`,
 * which `npm test` checks), so results of other code are never taken for this code's. The traces a
 * study reads are not in the key: they are the archive's fixed files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { sourceKey } from "../lib/util/source-key";
import { resolveKind } from "./kinds";
import type { StudySpec } from "./spec";
import { resultFiles } from "./store";

/** The code key of `spec` (hex SHA-256), from the project at `root`. */
export function studyCodeKey(spec: StudySpec, root = process.cwd()): string {
  const ref = resolveKind(spec.experiment);
  const inputs = { experiment: spec.experiment, grid: spec.grid, params: spec.params ?? {} };
  return sourceKey(path.join(root, ref.module), inputs, root);
}

/**
 * Records `key` as the code of the results folder `dir`, or checks it against the recorded one when
 * the folder already holds results.
 * @throws `study <name>: its results in <dir> were computed by other code …` naming the fix
 */
export function claimResultsFolder(dir: string, name: string, key: string, root = process.cwd()): void {
  const file = path.join(dir, "code-key");
  const recorded = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
  if (recorded !== undefined && recorded !== key && resultFiles(dir).length > 0)
    throw new Error(
      `study ${name}: its results in ${path.relative(root, dir)} were computed by other code (the study's ` +
        `modules or spec changed since); delete the folder to run it again with this code`,
    );
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, key + "\n");
}

/** Writes `stamp.json` (the study's name and code key) beside the merged table in `dir`. */
export function writeStamp(dir: string, name: string, key: string): string {
  const file = path.join(dir, "stamp.json");
  fs.writeFileSync(file, JSON.stringify({ study: name, key }, null, 2) + "\n");
  return file;
}
