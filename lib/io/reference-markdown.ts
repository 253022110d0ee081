/**
 * The reader of published tables kept as markdown under `data/reference/` (the thesis's Tables 6–7,
 * the Autosubmit schema): pipe tables, each captioned by the last non-table text line above it.
 * A table comes back in the form of {@link ReferenceCsv} (the caption in `comments`), so the same
 * helpers read its cells. Every error names the file and the 1-based line.
 */
import * as path from "node:path";
import { invalidField } from "../util/errors";
import { readRawBytes } from "./read-file";
import type { ReferenceCsv, ReferenceRecord } from "./reference-csv";
import { projectRoot } from "../util/project-paths";

function cells(line: string): string[] {
  return line
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

/**
 * Parses the pipe tables of a markdown text, in order.
 * @param file the file name for error messages. Defaults to "<md>".
 * @throws `<file>:<line>: invalid row: …` when a row's cell count differs from the header's,
 *   `<file>:<line>: invalid header: …` when a header is not followed by a `|---|` line
 */
export function parseReferenceMarkdown(text: string, file = "<md>"): ReferenceCsv[] {
  const tables: ReferenceCsv[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let caption = "";
  let current: ReferenceCsv | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line.startsWith("|")) {
      current = undefined;
      if (line !== "") caption = line.replace(/^#+\s*/, "");
      continue;
    }
    if (!current) {
      const rule = (lines[i + 1] ?? "").trim();
      if (!/^\|?\s*:?-{3,}/.test(rule))
        throw invalidField(file, i + 1, "header", line, "a header row followed by a |---| line");
      current = { file, comments: caption ? [caption] : [], columns: cells(line), records: [] };
      tables.push(current);
      i++;
      continue;
    }
    const fields = cells(line);
    if (fields.length !== current.columns.length)
      throw invalidField(
        file,
        i + 1,
        "row",
        line,
        `${current.columns.length} cells (${current.columns.join(" | ")})`,
      );
    const values: Record<string, string> = {};
    current.columns.forEach((c, j) => (values[c] = fields[j]));
    const record: ReferenceRecord = { values, line: i + 1 };
    current.records.push(record);
  }
  return tables;
}

/**
 * Reads the pipe tables of a published markdown file.
 * @param file its path, relative to `root` (or absolute); errors name it as given
 * @param root the project root. Defaults to the working directory.
 * @throws `<file>: cannot read: …`, or the errors of {@link parseReferenceMarkdown}
 */
export function readReferenceMarkdown(file: string, root = projectRoot()): ReferenceCsv[] {
  return parseReferenceMarkdown(readRawBytes(path.resolve(root, file)).toString("utf8"), file);
}
