/** Merged study tables and other JSON-lines files: one JSON object per line. */
import * as fs from "node:fs";
import { invalidField } from "../util/errors";

/**
 * Parses JSON lines (one object per line; blank lines skipped); `check` sees each row with its line
 * number and throws on a bad one.
 * @param file the text's file name, for errors
 * @throws `<file>:<line>: invalid row: …` for a line that is not a JSON object
 */
export function parseJsonLines<T = Record<string, unknown>>(
  text: string,
  file: string,
  check?: (row: Record<string, unknown>, line: number) => void,
): T[] {
  const out: T[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    let o: unknown;
    try {
      o = JSON.parse(line);
    } catch {
      throw invalidField(file, i + 1, "row", line.slice(0, 60), "one JSON object per line");
    }
    if (typeof o !== "object" || o === null || Array.isArray(o))
      throw invalidField(file, i + 1, "row", line.slice(0, 60), "a JSON object");
    check?.(o as Record<string, unknown>, i + 1);
    out.push(o as T);
  });
  return out;
}

/**
 * Reads a merged table (one JSON object per line; blank lines skipped).
 * @throws `<file>:<line>: invalid row: …` for a line that is not a JSON object
 */
export function readJsonLines<T = Record<string, unknown>>(file: string): T[] {
  return parseJsonLines<T>(fs.readFileSync(file, "utf8"), file);
}
