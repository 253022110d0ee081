/**
 * Display tables built from round rows: the thesis's wide per-sample tables (one column per
 * experiment) with the published values beside ours, each metric's axis title, and the greedy's
 * 1 − β guarantee per sample.
 */
import type { RoundRow } from "../../lib/mechanism/rounds";
import type { PaymentRule } from "../../lib/mechanism/mechanism";
import { readThesisTable, type ThesisTable } from "../../lib/io/thesis-tables";
import { type GuaranteeRow, METRIC_NAMES, type MetricName } from "../../lib/mechanism/round-statistics";
import { keyword } from "../../lib/util/options";

/** Each metric's name in the thesis (Section 6.2) and its unit. */
const METRIC_LABELS: Readonly<Record<MetricName, readonly [string, string]>> = {
  TV: ["Total Value", "node·minutes"],
  TP: ["Total Payments", "node·minutes"],
  TW: ["Total Weight", "nodes"],
  TTS: ["Total Time Spent", "seconds"],
  AD: ["Average Difference", "node·minutes per player"],
  PM: ["Pay More Count", "players"],
  SP: ["Same Payment Count", "players"],
  JP: ["Jobs Picked Count", "players"],
  NC: ["Negative Payment Count", "players"],
};

/** The value-axis title of a metric: its thesis name, symbol and unit ("Total Value TV (node·minutes)"). */
export function metricAxisTitle(metric: MetricName): string {
  keyword(metric, "metric", METRIC_NAMES);
  const [name, unit] = METRIC_LABELS[metric];
  return `${name} ${metric} (${unit})`;
}

/** Options of {@link wideMetricTable}. */
export interface WideOptions {
  /** Payment rule whose rows are shown. Defaults to "clarke". */
  payment?: PaymentRule;
  /** Experiment labels (columns), in order. Defaults to the order they appear in. */
  experiments?: string[];
  /** Add the sample size column. Defaults to false. */
  size?: boolean;
}

/** One row per sample, one column `<metric>_<experiment>` per experiment (the thesis's layout). */
export function wideMetricTable(
  rows: readonly RoundRow[],
  metric: MetricName,
  options: WideOptions = {},
): Record<string, string | number>[] {
  keyword(metric, "metric", METRIC_NAMES);
  const payment = options.payment ?? "clarke";
  const sel = rows.filter((r) => r.payment === payment);
  const labels = options.experiments ?? [...new Set(sel.map((r) => r.experiment))];
  const bySample = new Map<string, Record<string, string | number>>();
  for (const r of sel) {
    if (!labels.includes(r.experiment)) continue;
    let row = bySample.get(r.sample);
    if (!row) {
      row = options.size ? { sample: r.sample, size: r.n } : { sample: r.sample };
      bySample.set(r.sample, row);
    }
    row[`${metric}_${r.experiment}`] = r[metric];
  }
  return [...bySample.values()].map((row) => {
    const out: Record<string, string | number> = { sample: row.sample };
    if (options.size) out.size = row.size;
    for (const l of labels) out[`${metric}_${l}`] = row[`${metric}_${l}`] ?? NaN;
    return out;
  });
}

/**
 * Ours beside the thesis's: for every column of `ours` except `sample`, the thesis's value of the
 * same column (when published) follows as `<column> (thesis)`. Rows: our samples, in our order;
 * samples the thesis dropped (0, 3, 8, 11, 16) get empty thesis cells.
 */
export function besideThesis(
  ours: readonly Record<string, string | number>[],
  thesis: ThesisTable,
): Record<string, string | number | null>[] {
  const pub = new Map(thesis.rows.map((r) => [String(r.sample), r]));
  return ours.map((row) => {
    const t = pub.get(String(row.sample));
    const out: Record<string, string | number | null> = { sample: row.sample };
    for (const [k, v] of Object.entries(row)) {
      if (k === "sample") continue;
      out[k] = v;
      if (thesis.columns.includes(k)) out[`${k} (thesis)`] = t ? (t[k] as number) : null;
    }
    return out;
  });
}

/**
 * Our per-sample table of `metric` laid out like thesis Table `table` (same experiment columns,
 * `size` when the thesis prints it), each column followed by the thesis's published value.
 * @param root project root holding data/reference. Defaults to the working directory.
 */
export function thesisComparison(
  rows: readonly RoundRow[],
  table: number,
  metric: MetricName,
  options: { payment?: PaymentRule; root?: string } = {},
): { caption: string; rows: Record<string, string | number | null>[] } {
  const thesis = readThesisTable(table, options.root);
  const prefix = `${metric}_`;
  const experiments = thesis.columns.filter((c) => c.startsWith(prefix)).map((c) => c.slice(prefix.length));
  const ours = wideMetricTable(rows, metric, {
    payment: options.payment,
    experiments,
    size: thesis.columns.includes("size"),
  });
  return {
    caption: `Table ${table} (thesis: ${thesis.caption.replace(/^Thesis Table \d+:\s*/, "")}) — ours beside the thesis's`,
    rows: besideThesis(ours, thesis),
  };
}

/** Per sample: TV of the optimum and of the greedy (named by their experiments), their ratio, β, 1 − β and whether it holds. */
export function approximationTable(
  rows: readonly GuaranteeRow[],
  labels: [string, string] = ["1A", "1B"],
): Record<string, string | number | boolean>[] {
  return rows.map((r) => ({
    sample: r.sample,
    [`TV_${labels[0]}`]: r.optimum,
    [`TV_${labels[1]}`]: r.greedy,
    ratio: r.ratio,
    beta: r.beta,
    "1 − β": 1 - r.beta,
    holds: r.holds,
  }));
}
