/**
 * The one reader of the published tables under `data/reference/` (the thesis's tables, summaries
 * and counts, the Section 2 worked example, the LEVEL_BASED example, the operators paper's Fig. 17,
 * the auctions paper's results): comma-separated with a header line, optional double-quoted fields
 * (delimited.ts's splitter), `#` comment lines (those above the header are the table's caption)
 * and blank lines skipped, cells trimmed. Every error names the file, the 1-based line and the field.
 */
import * as path from "node:path";
import { invalidField } from "../util/errors";
import { splitCsvLine } from "./delimited";
import { readRawBytes } from "./read-file";
import { projectRoot } from "../util/project-paths";

/** One parsed record: field values by header name, plus the 1-based line it came from. */
export interface ReferenceRecord {
  /** Field values by column name (strings, trimmed). */
  values: Record<string, string>;
  /** 1-based line number in the file. */
  line: number;
}

/** A published table. */
export interface ReferenceCsv {
  /** The file name its errors give. */
  file: string;
  /** The `#` lines above the header, without the `#` (the caption). */
  comments: string[];
  /** Column names, in order. */
  columns: string[];
  /** The rows, in order. */
  records: ReferenceRecord[];
}

/**
 * Parses a published table.
 * @param file the file name for error messages. Defaults to "<csv>".
 * @param required columns the header must have. Defaults to none.
 * @throws `<file>:<line>: invalid header: …` for no header or a missing column,
 *   `<file>:<line>: invalid row: …` when a row's field count differs from the header's,
 *   `<file>:<line>: invalid quoting: …`
 */
export function parseReferenceCsv(
  text: string,
  file = "<csv>",
  required: readonly string[] = [],
): ReferenceCsv {
  const comments: string[] = [];
  const records: ReferenceRecord[] = [];
  let columns: string[] | undefined;
  let headerLine = 1;
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line === "") return;
      if (line.startsWith("#")) {
        if (!columns) comments.push(line.replace(/^#\s*/, ""));
        return;
      }
      const fields = splitCsvLine(line, file, i + 1).map((f) => f.trim());
      if (!columns) {
        columns = fields;
        headerLine = i + 1;
        return;
      }
      if (fields.length !== columns.length) {
        throw invalidField(
          file,
          i + 1,
          "row",
          line,
          `${columns.length} comma-separated fields (${columns.join(",")})`,
        );
      }
      const values: Record<string, string> = {};
      columns.forEach((c, j) => (values[c] = fields[j]));
      records.push({ values, line: i + 1 });
    });
  const wanted = `columns ${required.join(",")}`;
  if (!columns) {
    throw invalidField(
      file,
      1,
      "header",
      "",
      required.length ? `a header line with ${wanted}` : "a header line",
    );
  }
  const header = columns;
  if (required.some((c) => !header.includes(c))) {
    throw invalidField(file, headerLine, "header", header.join(","), wanted);
  }
  return { file, comments, columns, records };
}

/**
 * Reads a published table.
 * @param file its path, relative to `root` (or absolute); errors name it as given
 * @param root the project root (the kernel's working directory). Defaults to the working directory.
 * @param required columns the header must have. Defaults to none.
 * @throws `<file>: cannot read: …`, or the errors of {@link parseReferenceCsv}
 */
export function readReferenceCsv(
  file: string,
  root = projectRoot(),
  required: readonly string[] = [],
): ReferenceCsv {
  return parseReferenceCsv(readRawBytes(path.resolve(root, file)).toString("utf8"), file, required);
}

/** Options of {@link referenceNumber}. */
export interface ReferenceNumberOptions {
  /** The value of an empty cell; without it an empty cell is an error. Defaults to none. */
  blank?: number;
  /** Whole numbers only. Defaults to false. */
  integer?: boolean;
  /** The smallest value allowed. Defaults to -Infinity. */
  min?: number;
  /** What the error says is expected. Defaults to "a number" (with its rules). */
  expected?: string;
}

/**
 * The number in cell `field` of a published table's record.
 * @throws `<file>:<line>: invalid <field>: …` for a non-number or a value outside the options' rules
 */
export function referenceNumber(
  table: ReferenceCsv,
  record: ReferenceRecord,
  field: string,
  options: ReferenceNumberOptions = {},
): number {
  const s = record.values[field] ?? "";
  if (s === "" && options.blank !== undefined) return options.blank;
  const v = Number(s);
  const min = options.min ?? -Infinity;
  if (s === "" || !Number.isFinite(v) || v < min || (options.integer && !Number.isInteger(v))) {
    const rules =
      (options.integer ? "a whole number" : "a number") +
      (min > -Infinity ? ` >= ${min}` : "") +
      (options.blank !== undefined ? " or an empty cell" : "");
    throw invalidField(table.file, record.line, field, s, options.expected ?? rules);
  }
  return v;
}
