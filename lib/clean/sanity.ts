/**
 * The sanity rule for job logs, one rule for every source: the readers read every data line (a
 * line that is not a job is an error naming the file, line and field); what is readable but cannot
 * be a job of this machine is dropped by a cleaning step, counted, with the first lines named:
 *
 * - `id-duplicate`: a job id seen before in the same experiment (SWF f1, sacct JobID, Autosubmit
 *   exp_id + job_name) — the first row is kept, later rows dropped;
 * - `values-absurd`: a requested, wait or run time above {@link MAX_JOB_MINUTES} (one year) — a
 *   corrupt value such as 1e20 s, not a job;
 * - `nodes-wider`: a job that needs more nodes than the machine has (it could never start).
 *
 * Each step's log row carries `detail`: how many, and the first file lines (or data rows, for a
 * table without a `line` column), so a user can open the file at the culprit.
 */
import type { ColumnTable } from "arquero";
import { invalidArgument } from "../util/errors";
import type { CleanStep } from "./pipeline";

/** The longest requested, wait or run time a job may have, minutes (one year): above it a value is corrupt. */
export const MAX_JOB_MINUTES = 525_600;

/** How many culprit lines a drop report names. */
const SHOWN = 5;

/** "lines 12, 40 of f.swf" (or "data rows …" when the table has no line column). */
function where(t: ColumnTable, rows: number[], file: string | undefined): string {
  const lineCol = t.column("line") ? (columnArray(t, "line") as ArrayLike<number>) : undefined;
  const shown = rows
    .slice(0, SHOWN)
    .map((i) => (lineCol && Number.isFinite(lineCol[i]) ? String(lineCol[i]) : `row ${i + 1}`));
  const more = rows.length > SHOWN ? ` (first ${SHOWN} of ${rows.length})` : "";
  return `${lineCol ? "lines" : "data rows"} ${shown.join(", ")}${more}${file ? ` of ${file}` : ""}`;
}

/** Filters `t` to the rows where keep[i] is true (row positions of the current, possibly filtered, table). */
function keepRows(t: ColumnTable, keep: Uint8Array): ColumnTable {
  const r = t.reify();
  return r.params({ keep }).filter("(d, $) => $.keep[op.row_number() - 1] === 1");
}

/** A column as an array: the table's own storage when it is neither filtered nor ordered (no copy). */
function columnArray(t: ColumnTable, name: string): ArrayLike<unknown> {
  return t.isFiltered() || t.isOrdered()
    ? (t.array(name) as ArrayLike<unknown>)
    : (t.column(name) as unknown as ArrayLike<unknown>);
}

/** The row positions in [0, n) where `test` holds. */
function indicesWhere(n: number, test: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (test(i)) out.push(i);
  return out;
}

/** A filter step written as a row predicate over column arrays, reporting where it dropped. */
function rowStep(
  id: string,
  rule: string,
  file: string | undefined,
  columns: readonly string[],
  drops: (cols: ArrayLike<unknown>[], n: number) => number[],
): CleanStep {
  return {
    id,
    rule,
    kind: "filter",
    apply: (t) => {
      const n = t.numRows();
      const dropped = drops(
        columns.map((c) => columnArray(t, c)),
        n,
      );
      if (dropped.length === 0) return { table: t };
      const keep = new Uint8Array(n).fill(1);
      for (const i of dropped) keep[i] = 0;
      return { table: keepRows(t, keep), detail: where(t, dropped, file) };
    },
  };
}

/** Drops later rows with an id (experiment + job name) seen before; the first is kept. */
export function duplicateIdStep(file?: string): CleanStep {
  return rowStep(
    "id-duplicate",
    "a job id seen before (same experiment) dropped; the first row kept",
    file,
    ["exp_id", "job_name"],
    duplicateRows,
  );
}

/** The same experiment (NaN equals NaN: sources without experiments). */
function sameExp(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b));
}

/**
 * Rows whose (experiment, name) appeared in an earlier row: an open-addressing table of first rows
 * keyed by a 32-bit FNV-1a hash of the name, every hash hit confirmed by comparing the values
 * (1.6 M twin rows in a few hundred ms, against seconds for a Map of strings).
 */
function duplicateRows([exp, name]: ArrayLike<unknown>[], n: number): number[] {
  let size = 1;
  while (size < 2 * n) size <<= 1;
  const slots = new Int32Array(size).fill(-1);
  const mask = size - 1;
  const names: string[] = new Array(n);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = typeof name[i] === "string" ? (name[i] as string) : String(name[i]);
    names[i] = k;
    let h = 0x811c9dc5;
    for (let c = 0; c < k.length; c++) h = Math.imul(h ^ k.charCodeAt(c), 0x01000193);
    let slot = h & mask;
    for (;;) {
      const j = slots[slot];
      if (j < 0) {
        slots[slot] = i;
        break;
      }
      if (names[j] === k && sameExp(exp[j], exp[i])) {
        out.push(i);
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return out;
}

/** Drops jobs whose requested, wait or run time exceeds `maxMinutes` (missing values pass: later steps count them). */
export function absurdValuesStep(maxMinutes = MAX_JOB_MINUTES, file?: string): CleanStep {
  if (!(maxMinutes > 0)) throw invalidArgument("maxMinutes", maxMinutes, "minutes > 0");
  return rowStep(
    "values-absurd",
    `requested, wait or run time above ${maxMinutes} minutes (corrupt) removed`,
    file,
    ["minutes", "qtime", "rtime"],
    ([m, q, r], n) =>
      indicesWhere(
        n,
        (i) =>
          (m[i] as number) > maxMinutes || (q[i] as number) > maxMinutes || (r[i] as number) > maxMinutes,
      ),
  );
}

/** Drops jobs that need more nodes than the machine has. */
export function widerThanMachineStep(maxNodes: number, file?: string): CleanStep {
  if (!(Number.isInteger(maxNodes) && maxNodes >= 1))
    throw invalidArgument("maxNodes", maxNodes, "a whole number of nodes >= 1 (the machine)");
  return rowStep(
    "nodes-wider",
    `nnodes > ${maxNodes} (wider than the machine) removed`,
    file,
    ["nnodes"],
    ([w], n) => indicesWhere(n, (i) => (w[i] as number) > maxNodes),
  );
}
