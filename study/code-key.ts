/**
 * A study's code key: the SHA-256 of its kind's module with every module it imports
 * (lib/util/source-key.ts) and of the spec's experiment, grid and params. The tasks of one results
 * folder are computed by one code (`code-key` in it; results of another are moved aside before a
 * run), and a merged table carries the key it was
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
 * Records `key` as the code of the results folder `dir`. Results already there from other code (or
 * from before folders recorded theirs) are moved aside, into `other-code-<their key's first 12
 * digits, or "unknown">`, so that no table mixes two codes and nothing is lost.
 * @returns the folder they were moved to, or undefined when there were none
 */
export function claimResultsFolder(dir: string, key: string): string | undefined {
  const file = path.join(dir, "code-key");
  const recorded = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
  const results = resultFiles(dir);
  let aside: string | undefined;
  if (recorded !== key && results.length > 0) {
    aside = path.join(dir, `other-code-${recorded ? recorded.slice(0, 12) : "unknown"}`);
    fs.mkdirSync(aside, { recursive: true });
    for (const f of [...results, path.join(dir, "merged.jsonl"), path.join(dir, "stamp.json")])
      if (fs.existsSync(f)) fs.renameSync(f, path.join(aside, path.basename(f)));
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, key + "\n");
  return aside;
}

/** Writes `stamp.json` (the study's name and code key) beside the merged table in `dir`. */
export function writeStamp(dir: string, name: string, key: string): string {
  const file = path.join(dir, "stamp.json");
  fs.writeFileSync(file, JSON.stringify({ study: name, key }, null, 2) + "\n");
  return file;
}
