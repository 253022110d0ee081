/**
 * The thesis's published Section 4 numbers, read from `data/reference/thesis/` (copies of the
 * shared reference CSVs): R summaries (Figures 2, 9, 11), categorical counts (Figures 2, 9),
 * Table 8, Table 9 and the pipeline counts. The twin is calibrated to these and the notebooks
 * show them beside our values; nothing here is typed in by hand.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";
import type { FiveNumberSummary } from "../util/stats";

/** One published R summary() of a numeric field (our {@link FiveNumberSummary} without the count). */
export type PublishedSummary = Omit<FiveNumberSummary, "n">;

/** One row of `pipeline-counts.csv`. */
export interface PublishedPipelineRow {
  stage: "experiments" | "jobs";
  step: string;
  /** The number as written ("5 removed" → 5). */
  count: number;
  /** What the number counts: rows left, rows removed, or rows identified. */
  kind: "rows" | "removed" | "identified";
  note: string;
}

/** All of Section 4's published numbers. */
export interface ThesisSection4 {
  /** figure → field → summary (figures "fig02_experiments_1265", "fig09_jobs_102868", "fig11_jobs_88047"). */
  summaries: Record<string, Record<string, PublishedSummary>>;
  /** figure → field → [value, count] in the published order ("(Other)" last). */
  categorical: Record<string, Record<string, { value: string; count: number }[]>>;
  /** Table 8: experiments per model after the experiment filters. */
  table08: { model: string; n_exps: number }[];
  /** Table 9: default wallclock per QoS, minutes. */
  table09: Record<string, number>;
  /** pipeline-counts.csv in order. */
  pipeline: PublishedPipelineRow[];
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = "", q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (q) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === ",") { out.push(cur); cur = ""; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

function readRows(file: string): { line: number; cells: Record<string, string> }[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`${file}: cannot read: ${(e as Error).message}`);
  }
  const lines = text.split(/\r?\n/);
  const rows: { line: number; cells: Record<string, string> }[] = [];
  let header: string[] | undefined;
  lines.forEach((l, i) => {
    if (l.trim() === "" || l.startsWith("#")) return;
    const cells = splitCsv(l);
    if (!header) { header = cells; return; }
    if (cells.length !== header.length) throw invalidField(file, i + 1, "row", `${cells.length} fields`, `${header.length} fields`);
    rows.push({ line: i + 1, cells: Object.fromEntries(header.map((h, k) => [h, cells[k]])) });
  });
  return rows;
}

function num(file: string, line: number, field: string, s: string): number {
  const v = Number(s);
  if (s.trim() === "" || !Number.isFinite(v)) throw invalidField(file, line, field, s, "a number");
  return v;
}

/**
 * Reads the thesis's Section 4 reference numbers.
 * @param dir the folder; defaults to `data/reference/thesis` under the working directory (the project root)
 */
export function readThesisSection4(dir = path.join(process.cwd(), "data", "reference", "thesis")): ThesisSection4 {
  const f = (n: string) => path.join(dir, n);
  const summaries: ThesisSection4["summaries"] = {};
  for (const { line, cells } of readRows(f("summaries.csv"))) {
    const s = {} as PublishedSummary;
    for (const k of ["min", "q1", "median", "mean", "q3", "max"] as const) s[k] = num(f("summaries.csv"), line, k, cells[k]);
    (summaries[cells.figure] ??= {})[cells.field] = s;
  }
  const categorical: ThesisSection4["categorical"] = {};
  for (const { line, cells } of readRows(f("categorical-counts.csv"))) {
    ((categorical[cells.figure] ??= {})[cells.field] ??= []).push({ value: cells.value, count: num(f("categorical-counts.csv"), line, "count", cells.count) });
  }
  const table08 = readRows(f("table08.csv")).map(({ line, cells }) => ({ model: cells.model, n_exps: num(f("table08.csv"), line, "n_exps", cells.n_exps) }));
  const table09: Record<string, number> = {};
  for (const { line, cells } of readRows(f("table09.csv"))) {
    const m = /^(\d+):(\d{2})$/.exec(cells.wallclock);
    if (!m) throw invalidField(f("table09.csv"), line, "wallclock", cells.wallclock, "HH:mm");
    table09[cells.qos] = Number(m[1]) * 60 + Number(m[2]);
  }
  const pipeline = readRows(f("pipeline-counts.csv")).map(({ line, cells }) => {
    const m = /^(\d+)(?:\s+(removed|identified))?$/.exec(cells.count.trim());
    if (!m) throw invalidField(f("pipeline-counts.csv"), line, "count", cells.count, "N, 'N removed' or 'N identified'");
    return {
      stage: cells.stage as "experiments" | "jobs",
      step: cells.step,
      count: Number(m[1]),
      kind: (m[2] === "removed" ? "removed" : m[2] === "identified" ? "identified" : "rows") as PublishedPipelineRow["kind"],
      note: cells.note ?? "",
    };
  });
  return { summaries, categorical, table08, table09, pipeline };
}
