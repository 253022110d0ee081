/** Reading a study file from disk. */
import * as fs from "node:fs";
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
