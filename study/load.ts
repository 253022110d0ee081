/** Reading a study file from disk. */
import * as fs from "node:fs";
import * as path from "node:path";
import { type StudySpec, checkStudySpec } from "./spec";

/**
 * Reads and validates a study's JSON file.
 * @throws `<file>: invalid JSON: …` or the validation errors of {@link checkStudySpec}
 */
export function readStudySpec(file: string): StudySpec {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`${file}: invalid JSON: ${(e as Error).message}`);
  }
  return checkStudySpec(raw, file);
}

/**
 * The file of a study given as a path or as the name of a declared study (`scorecard` →
 * `<root>/studies/scorecard.json`).
 * @throws `invalid study: …` when neither exists
 */
export function studyFile(nameOrFile: string, root = process.cwd()): string {
  const declared = path.join(root, "studies", `${nameOrFile}.json`);
  if (/^[A-Za-z0-9._-]+$/.test(nameOrFile) && !nameOrFile.endsWith(".json") && fs.existsSync(declared))
    return declared;
  const file = path.resolve(root, nameOrFile);
  if (!fs.existsSync(file))
    throw new Error(
      `invalid study: ${JSON.stringify(nameOrFile)}; expected a study file or the name of one in studies/`,
    );
  return file;
}
