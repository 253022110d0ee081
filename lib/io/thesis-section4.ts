/**
 * The thesis's published Section 4 numbers, read from `data/reference/thesis/` (copies of the
 * shared reference CSVs): R summaries (Figures 2, 9, 11), categorical counts (Figures 2, 9),
 * Table 8, Table 9 and the pipeline counts. The twin is calibrated to these and the notebooks
 * show them beside our values; nothing here is typed in by hand. summaries.csv also holds the one
 * number the thesis quotes only in its text, β of its samples (row `sec7_text,beta`, Section 7),
 * read by {@link thesisBeta}.
 */
import * as path from "node:path";
import { readReferenceCsv, referenceNumber } from "./reference-csv";
import { invalidField } from "../util/errors";
import type { FiveNumberSummary } from "../util/stats";
import { projectRoot } from "../util/project-paths";

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

/**
 * Reads the thesis's Section 4 reference numbers.
 * @param dir the folder; defaults to `data/reference/thesis` under the working directory (the project root)
 */
export function readThesisSection4(dir = thesisDir()): ThesisSection4 {
  const read = (name: string, columns: string[]) => readReferenceCsv(path.join(dir, name), dir, columns);
  const summaries: ThesisSection4["summaries"] = {};
  const sum = read("summaries.csv", ["figure", "field", "min", "q1", "median", "mean", "q3", "max"]);
  for (const r of sum.records) {
    const s = {} as PublishedSummary;
    for (const k of ["min", "q1", "median", "mean", "q3", "max"] as const) s[k] = referenceNumber(sum, r, k);
    (summaries[r.values.figure] ??= {})[r.values.field] = s;
  }
  const categorical: ThesisSection4["categorical"] = {};
  const cat = read("categorical-counts.csv", ["figure", "field", "value", "count"]);
  for (const r of cat.records) {
    const count = referenceNumber(cat, r, "count");
    ((categorical[r.values.figure] ??= {})[r.values.field] ??= []).push({ value: r.values.value, count });
  }
  const t08 = read("table08.csv", ["model", "n_exps"]);
  const table08 = t08.records.map((r) => ({
    model: r.values.model,
    n_exps: referenceNumber(t08, r, "n_exps"),
  }));
  const t09 = read("table09.csv", ["qos", "wallclock"]);
  const table09: Record<string, number> = {};
  for (const { line, values } of t09.records) {
    const m = /^(\d+):(\d{2})$/.exec(values.wallclock);
    if (!m) throw invalidField(t09.file, line, "wallclock", values.wallclock, "HH:mm");
    table09[values.qos] = Number(m[1]) * 60 + Number(m[2]);
  }
  const pc = read("pipeline-counts.csv", ["stage", "step", "count", "note"]);
  const pipeline = pc.records.map(({ line, values }) => {
    const m = /^(\d+)(?:\s+(removed|identified))?$/.exec(values.count);
    if (!m) throw invalidField(pc.file, line, "count", values.count, "N, 'N removed' or 'N identified'");
    return {
      stage: values.stage as "experiments" | "jobs",
      step: values.step,
      count: Number(m[1]),
      kind: (m[2] === "removed"
        ? "removed"
        : m[2] === "identified"
          ? "identified"
          : "rows") as PublishedPipelineRow["kind"],
      note: values.note,
    };
  });
  return { summaries, categorical, table08, table09, pipeline };
}

function thesisDir(): string {
  return path.join(projectRoot(), "data", "reference", "thesis");
}

/**
 * β the thesis quotes for its samples (the largest job's nodes / W, about 0.0174; Section 7's text:
 * "From our samples we have that β ≈ 0.0174"), read from summaries.csv's row `sec7_text,beta`.
 * @param dir the folder; defaults to `data/reference/thesis` under the working directory
 * @throws `summaries.csv:<line>: invalid beta: …` when the row is missing or not a number in (0, ½]
 */
export function thesisBeta(dir = thesisDir()): number {
  const sum = readReferenceCsv(path.join(dir, "summaries.csv"), dir, ["figure", "field", "max"]);
  const row = sum.records.find((r) => r.values.figure === "sec7_text" && r.values.field === "beta");
  const expected = "a row sec7_text,beta with β in (0, 0.5]";
  if (!row)
    throw invalidField(sum.file, sum.records[sum.records.length - 1]?.line ?? 1, "beta", "", expected);
  const beta = referenceNumber(sum, row, "max", { expected });
  if (!(beta > 0 && beta <= 0.5)) throw invalidField(sum.file, row.line, "beta", beta, expected);
  return beta;
}

/** The queues the thesis excludes (Section 4.4.2). */
export const THESIS_DEBUG_QUEUES: readonly string[] = ["interactive", "debug", "DEBUG", "bsc.debug"];

/** The thesis's platform list (Section 4.4.2, the thesis spells it "marenosturm"; one duplicate dropped). */
export const THESIS_PLATFORMS = [
  "marenostrum3",
  "marenostrum4",
  "marenostrum3-exclusive",
  "MareNostrum3",
  "marenostrum3_archive",
  "marenostrum_archive",
  "marenostrum",
  "marenostrum4-dt",
];
