/** Merged study tables and other JSON-lines files: one JSON object per line. */
import * as fs from "node:fs";
import { invalidField } from "../util/errors";

/**
 * Reads a merged table (one JSON object per line; blank lines skipped).
 * @throws `<file>:<line>: invalid row: …` for a line that is not a JSON object
 */
export function readJsonLines<T = Record<string, unknown>>(file: string): T[] {
  const out: T[] = [];
  fs.readFileSync(file, "utf8")
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (line.trim() === "") return;
      let o: unknown;
      try {
        o = JSON.parse(line);
      } catch {
        throw invalidField(file, i + 1, "row", line.slice(0, 60), "one JSON object per line");
      }
      if (typeof o !== "object" || o === null || Array.isArray(o))
        throw invalidField(file, i + 1, "row", line.slice(0, 60), "a JSON object");
      out.push(o as T);
    });
  return out;
}
