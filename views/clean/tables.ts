/**
 * The display tables of thesis Section 4 with the thesis's numbers beside ours: the pipeline
 * log against `pipeline-counts.csv`, Table 8 (experiments per model), Table 9 (default
 * wallclock per QoS) with our job counts, R's factor summaries beside Figures 2 and 9's, and the
 * twin's split of what the first filters remove. Published numbers come from {@link readThesisSection4}.
 */
import type { ColumnTable } from "arquero";
import type { LogRow } from "../../lib/clean/pipeline";
import type { ThesisSection4 } from "../../lib/io/thesis-section4";
import {
  type CountComparison,
  type SummaryComparison,
  categoryCounts,
  compareCounts,
} from "../../lib/clean/summary";
import { TWIN_EXPERIMENT_DEFECTS } from "../../lib/twin/experiments";
import { TWIN_JOB_DEFECTS } from "../../lib/twin/twin";
import { wallclockText } from "../../lib/io/autosubmit";

/** Which published count each step's output is compared with (step id → pipeline-counts.csv step pattern, and what is compared). */
const PUBLISHED: Record<
  string,
  { re: RegExp; stage: "experiments" | "jobs"; what: "rowsOut" | "removed" | "changed" }
> = {
  wrapper: { re: /^hpc in/, stage: "experiments", what: "rowsOut" },
  models: { re: /^model in/, stage: "experiments", what: "rowsOut" },
  experiment: { re: /valid experiment/, stage: "jobs", what: "rowsOut" },
  platform: { re: /^platform in/, stage: "jobs", what: "rowsOut" },
  "procs-min": { re: /^submit > 0/, stage: "jobs", what: "rowsOut" },
  "qtime-negative": { re: /^qtime < 0/, stage: "jobs", what: "removed" },
  "qtime-long": { re: /^qtime > 720/, stage: "jobs", what: "removed" },
  "rtime-nonpositive": { re: /^rtime <= 0/, stage: "jobs", what: "removed" },
  "rtime-over-minutes": { re: /^rtime > minutes/, stage: "jobs", what: "changed" },
};

/**
 * The cleaning log with the thesis's count beside ours where it publishes one: `thesis` is the
 * published number, `compared` says which of our columns it corresponds to, `match` whether equal.
 * The first row of each stage also compares the raw count.
 */
export function pipelineComparison(
  log: readonly LogRow[],
  ref: ThesisSection4,
): Record<string, string | number | boolean>[] {
  const rows: Record<string, string | number | boolean>[] = [];
  const seen = new Set<string>();
  const withWhere = log.some((r) => r.detail);
  for (const r of log) {
    if (!seen.has(r.stage)) {
      seen.add(r.stage);
      const raw = ref.pipeline.find((p) => p.stage === r.stage && p.step === "raw");
      rows.push({
        stage: r.stage,
        step: "raw",
        rule: "rows read",
        "rows in": r.rowsIn,
        "rows out": r.rowsIn,
        removed: 0,
        changed: 0,
        compared: "rows out",
        thesis: raw?.count ?? NaN,
        match: raw ? raw.count === r.rowsIn : false,
      });
    }
    const p = PUBLISHED[r.step];
    const pub = p ? ref.pipeline.find((x) => x.stage === p.stage && p.re.test(x.step)) : undefined;
    const ours = p ? r[p.what] : NaN;
    rows.push({
      ...logCells(r),
      compared: p ? { rowsOut: "rows out", removed: "removed", changed: "changed" }[p.what] : "",
      thesis: pub ? pub.count : NaN,
      match: pub ? pub.count === ours : "",
      ...(withWhere ? { where: r.detail ?? "" } : {}),
    });
  }
  return rows;
}

/**
 * Table 8 (experiments per model) beside ours: our count in the Figure 2 set, Table 8's number
 * and Figure 2's number (the thesis's two publications differ by one for two models).
 */
export function table8Comparison(
  figure2: ColumnTable | undefined,
  ref: ThesisSection4,
): Record<string, string | number>[] {
  const ours = figure2 ? categoryCounts(figure2, "model", 1000) : [];
  const fig2 = ref.categorical.fig02_experiments_1265?.model ?? [];
  const rows = ref.table08.map((t) => {
    const f = fig2.find((x) => x.value !== "(Other)" && t.model.startsWith(x.value));
    return {
      model: t.model,
      ours: ours.find((o) => o.value === t.model)?.count ?? 0,
      "thesis Table 8": t.n_exps,
      "thesis Figure 2": f ? f.count : NaN,
    };
  });
  for (const o of ours)
    if (!rows.some((r) => r.model === o.value))
      rows.push({ model: o.value, ours: o.count, "thesis Table 8": NaN, "thesis Figure 2": NaN });
  return rows;
}

/** Table 9 (default wallclock per QoS) with the number of jobs per QoS in a job table. */
export function table9WithCounts(
  jobs: ColumnTable | undefined,
  ref: ThesisSection4,
): Record<string, string | number>[] {
  const counts = jobs && jobs.numRows() ? categoryCounts(jobs, "queue", 1000) : [];
  return Object.entries(ref.table09).map(([qos, minutes]) => ({
    qos,
    "default wallclock (HH:mm)": wallclockText(minutes),
    minutes,
    "jobs with this queue": counts.find((c) => c.value === qos)?.count ?? 0,
  }));
}

/**
 * A column's most frequent values (R's summary() of a factor: the top `top` and "(Other)") beside
 * the published counts, matched by prefix (Figures 2 and 9 truncate names).
 */
export function compareCategories(
  table: ColumnTable | undefined,
  field: string,
  published: readonly { value: string; count: number }[] | undefined,
  top = 6,
): Record<string, string | number | boolean>[] {
  return countTable(compareCounts(categoryCounts(table, field, top), [...(published ?? [])]));
}

/** Category counts beside the published ones as display rows. */
export function countTable(rows: readonly CountComparison[]): Record<string, string | number | boolean>[] {
  return rows.map((r) => ({
    value: r.value,
    ours: r.ours,
    "our count": r.oursCount,
    thesis: r.thesis,
    match: r.match,
  }));
}

/** Summaries beside the published ones as display rows: ours exact and as R prints it, the thesis's, and whether they agree. */
export function summaryComparisonTable(
  rows: readonly SummaryComparison[],
): Record<string, string | number | boolean>[] {
  return rows.map((r) => ({
    field: r.field,
    statistic: r.statistic,
    ours: r.ours,
    "ours (R print)": r.oursPrinted,
    thesis: r.thesis,
    match: r.match,
  }));
}

/** Table 6 or 7 as display rows: field, type, description, and the cleaning step that reads it. */
export function schemaTable(
  fields: readonly { field: string; type: string; description: string; readBy: string }[],
): Record<string, string>[] {
  return fields.map((f) => ({
    field: f.field,
    type: f.type,
    description: f.description,
    "read by the cleaning": f.readBy,
  }));
}

/**
 * The twin's split of the rows the first filters remove, one row per filter: our choice, since the
 * thesis publishes only the totals (experiments: 2,734 → 1,265; jobs: 722,187 → 102,868).
 */
export function twinSplitRows(): { stage: string; filter: string; "removed in the twin": number }[] {
  return [
    ...Object.entries(TWIN_EXPERIMENT_DEFECTS).map(([filter, n]) => ({
      stage: "experiments",
      filter,
      "removed in the twin": n,
    })),
    ...Object.entries(TWIN_JOB_DEFECTS).map(([filter, n]) => ({
      stage: "jobs",
      filter,
      "removed in the twin": n,
    })),
  ];
}

/** A log row's cells with the thesis's column names. */
const logCells = (r: LogRow) => ({
  stage: r.stage,
  step: r.step,
  rule: r.rule,
  "rows in": r.rowsIn,
  "rows out": r.rowsOut,
  removed: r.removed,
  changed: r.changed,
});

/** Log rows as plain objects with the thesis's column names, for display (a "where" column when a step names the dropped lines). */
export function logRows(log: readonly LogRow[]): Record<string, string | number>[] {
  const withWhere = log.some((r) => r.detail);
  return log.map((r) => ({ ...logCells(r), ...(withWhere ? { where: r.detail ?? "" } : {}) }));
}
