/**
 * The two raw Autosubmit files of thesis Section 4.2 (Tables 6 and 7), as CSV or TSV with a
 * header row: the Experiment File and the Job File. Read into arquero tables (integers as
 * Float64Array columns with NaN for an empty cell, strings as string[]), written back the same way.
 *
 * The Job File gets one column beyond Table 7: `platform`, because Section 4.4.2 filters jobs on
 * the platform they targeted although Table 7 does not list it. It is optional when reading (a
 * file without it loads with platform "" and the platform filter reports itself as not applicable).
 */
import * as fs from "node:fs";
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { readFileBytes } from "./read-file";
import {
  type ColumnSpec,
  type Columns,
  type Delimiter,
  delimiterFor,
  parseDelimited,
  writeDelimited,
} from "./delimited";

/** Experiment File columns (thesis Table 6). `created` is a datetime `YYYY-MM-DD HH:MM:SS`. */
export const EXPERIMENT_COLUMNS: readonly ColumnSpec[] = Object.freeze([
  { name: "id", type: "int" },
  { name: "name", type: "string" },
  { name: "completed", type: "int" },
  { name: "total", type: "int" },
  { name: "user", type: "string" },
  { name: "as.version", type: "string" },
  { name: "created", type: "datetime" },
  { name: "model", type: "string" },
  { name: "hpc", type: "string" },
  { name: "wrapper", type: "string" },
  { name: "maxwrapper", type: "int" },
] as ColumnSpec[]);

/**
 * Job File columns (thesis Table 7, plus `platform`). submit/start/finish are epoch seconds,
 * wallclock is `HH:mm` (may be empty), procs/threads/tasks may be empty (NaN).
 */
export const JOB_COLUMNS: readonly ColumnSpec[] = Object.freeze([
  { name: "exp_id", type: "int" },
  { name: "exp_name", type: "string" },
  { name: "job_name", type: "string" },
  { name: "type", type: "string" },
  { name: "submit", type: "int" },
  { name: "start", type: "int" },
  { name: "finish", type: "int" },
  { name: "status", type: "string" },
  { name: "wallclock", type: "string", pattern: /^\d{1,4}:[0-5]\d$/, expected: "HH:mm" },
  { name: "procs", type: "int" },
  { name: "threads", type: "int", required: false },
  { name: "tasks", type: "int", required: false },
  { name: "queue", type: "string" },
  { name: "platform", type: "string", required: false },
] as ColumnSpec[]);

/** Column names of the Experiment File, in file order. */
export const EXPERIMENT_COLUMN_NAMES: readonly string[] = EXPERIMENT_COLUMNS.map((c) => c.name);
/** Column names of the Job File, in file order. */
export const JOB_COLUMN_NAMES: readonly string[] = JOB_COLUMNS.map((c) => c.name);

function toTable(columns: Columns): ColumnTable {
  return aq.table(columns as Record<string, ArrayLike<unknown>>);
}

/**
 * Parses Experiment File text (CSV or TSV).
 * @param text the file's content
 * @param file its name (for errors; `.tsv` selects tab as delimiter unless `delimiter` is given)
 * @throws `<file>:<line>: invalid <field>: …`
 */
export function parseExperimentFile(
  text: string,
  file = "<experiments.csv>",
  delimiter?: Delimiter,
): ColumnTable {
  return toTable(parseDelimited(text, EXPERIMENT_COLUMNS, file, delimiter).columns);
}

/**
 * Parses Job File text (CSV or TSV).
 * @param text the file's content
 * @param file its name (for errors; `.tsv` selects tab as delimiter unless `delimiter` is given)
 * @throws `<file>:<line>: invalid <field>: …`
 */
export function parseJobFile(text: string, file = "<jobs.csv>", delimiter?: Delimiter): ColumnTable {
  return toTable(parseDelimited(text, JOB_COLUMNS, file, delimiter).columns);
}

function readText(file: string): string {
  return readFileBytes(file, "Autosubmit export").toString("utf8");
}

/** Reads an Experiment File (`.csv` or `.tsv`). */
export function readExperimentFile(file: string): ColumnTable {
  return parseExperimentFile(readText(file), file);
}

/** Whole minutes as the Job File's wallclock `HH:mm` (hours may exceed 24: 2,880 minutes → "48:00"). */
export function wallclockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Reads a Job File (`.csv` or `.tsv`). */
export function readJobFile(file: string): ColumnTable {
  return parseJobFile(readText(file), file);
}

function columnsOf(
  table: ColumnTable,
  names: readonly string[],
): Record<string, ArrayLike<number> | ArrayLike<string>> {
  const out: Record<string, ArrayLike<number> | ArrayLike<string>> = {};
  for (const n of names) {
    const col = table.column(n);
    if (!col)
      throw new Error(
        `invalid table: no column ${JSON.stringify(n)}; expected the columns ${names.join(", ")}`,
      );
    out[n] =
      table.isFiltered() || table.isOrdered()
        ? (table.array(n) as ArrayLike<number>)
        : (col as unknown as ArrayLike<number>);
  }
  return out;
}

function writeFile(table: ColumnTable, names: readonly string[], file: string): void {
  const fd = fs.openSync(file, "w");
  try {
    writeDelimited(fd, columnsOf(table, names), names, delimiterFor(file));
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes an Experiment File; the delimiter follows the extension (`.tsv` → tab). */
export function writeExperimentFile(table: ColumnTable, file: string): void {
  writeFile(table, EXPERIMENT_COLUMN_NAMES, file);
}

/** Writes a Job File (streamed through a byte buffer); the delimiter follows the extension (`.tsv` → tab). */
export function writeJobFile(table: ColumnTable, file: string): void {
  writeFile(table, JOB_COLUMN_NAMES, file);
}
