/**
 * Display tables built from round rows: the thesis's wide per-sample tables (one column per
 * experiment) with the published values beside ours, statistics over many samples with 95%
 * confidence intervals, and the payment-rule comparison (with the priority list's variants).
 */
import { priorityRound, type RoundOptions, type RoundRow } from "./rounds";
import { meanInterval } from "../util/interval";
import type { PaymentRule } from "./mechanism";
import { readThesisTable, type ThesisTable } from "./thesis-tables";
import type { Sample } from "../sample/draw";
import { mean, sampleSd } from "../util/stats";
import { keyword } from "../util/options";
import type { Rng } from "../util/rng";

/** The metrics a round row carries. */
export type MetricName = "TV" | "TP" | "TW" | "TTS" | "AD" | "PM" | "SP" | "JP" | "NC";

/** The metric names. */
export const METRIC_NAMES: readonly MetricName[] = ["TV", "TP", "TW", "TTS", "AD", "PM", "SP", "JP", "NC"];

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

/** A metric's distribution over samples for one experiment and payment rule. */
export interface MetricStatistics {
  experiment: string;
  payment: PaymentRule;
  metric: MetricName;
  samples: number;
  mean: number;
  sd: number;
  /** 95% interval of the mean (lib/util/interval.ts). */
  ci95Low: number;
  ci95High: number;
  min: number;
  max: number;
}

/** Mean, sd and 95% CI of each metric per experiment and payment rule. */
export function roundStatistics(
  rows: readonly RoundRow[],
  metrics: readonly MetricName[],
): MetricStatistics[] {
  metrics.forEach((m, k) => keyword(m, `metrics[${k}]`, METRIC_NAMES));
  const groups = new Map<string, RoundRow[]>();
  for (const r of rows) {
    const key = `${r.experiment}\u0000${r.payment}`;
    const g = groups.get(key);
    if (g) g.push(r);
    else groups.set(key, [r]);
  }
  const out: MetricStatistics[] = [];
  for (const metric of metrics) {
    for (const g of groups.values()) {
      const v = g.map((r) => r[metric]);
      const m = mean(v);
      const sd = v.length > 1 ? sampleSd(v) : 0;
      const ci = meanInterval(v);
      out.push({
        experiment: g[0].experiment,
        payment: g[0].payment,
        metric,
        samples: v.length,
        mean: m,
        sd,
        ci95Low: ci.low,
        ci95High: ci.high,
        min: Math.min(...v),
        max: Math.max(...v),
      });
    }
  }
  return out;
}

/** Per experiment and payment rule: how often the DSIC-relevant properties fail over the samples. */
export interface PaymentRuleSummary {
  experiment: string;
  payment: PaymentRule;
  samples: number;
  /** Mean total payment. */
  meanTP: number;
  /** Samples with some winner paying more than her bid (IR fails). */
  samplesWithPM: number;
  /** Winners paying more than their bid, summed over samples. */
  totalPM: number;
  /** Samples with some winner paid by the mechanism. */
  samplesWithNC: number;
  /** Winners paid, summed over samples. */
  totalNC: number;
}

/** Summarises IR (PM) and no-positive-transfer (NC) failures per experiment and payment rule. */
export function paymentRuleSummary(rows: readonly RoundRow[]): PaymentRuleSummary[] {
  const groups = new Map<string, RoundRow[]>();
  for (const r of rows) {
    const key = `${r.experiment}\u0000${r.payment}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => ({
    experiment: g[0].experiment,
    payment: g[0].payment,
    samples: g.length,
    meanTP: mean(g.map((r) => r.TP)),
    samplesWithPM: g.filter((r) => r.PM > 0).length,
    totalPM: g.reduce((s, r) => s + r.PM, 0),
    samplesWithNC: g.filter((r) => r.NC > 0).length,
    totalNC: g.reduce((s, r) => s + r.NC, 0),
  }));
}

/** One row of {@link priorityVariants}: a payment summary tagged with the list discipline. */
export type PriorityVariantRow = PaymentRuleSummary & { list: "skip" | "halt" };

/**
 * The priority experiments (1B, 4B) with the list skipping and halting, under Clarke and critical
 * payments, summarised per variant (same samples, same priorities).
 */
export function priorityVariants(
  samples: readonly Sample[],
  options: RoundOptions & { rng: Rng },
): PriorityVariantRow[] {
  return [true, false].flatMap((skip) =>
    paymentRuleSummary(
      priorityRound(samples, {
        ...options,
        prioritySkip: skip,
        payments: ["clarke", "critical"],
        measureTime: false,
      }),
    )
      .filter((r) => r.experiment === "1B" || r.experiment === "4B")
      .map((r) => ({ list: skip ? ("skip" as const) : ("halt" as const), ...r })),
  );
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

/** Per sample: greedy 1B against the optimum 1A, with β = max w_i / W and the 1 − β guarantee. */
export function approximationTable(
  rows: readonly RoundRow[],
  samples: readonly Sample[],
  capacity = 3456,
  labels: [string, string] = ["1A", "1B"],
): Record<string, string | number | boolean>[] {
  return samples.map((s) => {
    const opt = rows.find((r) => r.sample === s.name && r.experiment === labels[0] && r.payment === "clarke");
    const gr = rows.find((r) => r.sample === s.name && r.experiment === labels[1] && r.payment === "clarke");
    const beta = Math.max(...s.jobs.map((j) => j.nnodes)) / capacity;
    const ratio = opt && gr ? gr.TV / opt.TV : NaN;
    return {
      sample: s.name,
      [`TV_${labels[0]}`]: opt?.TV ?? NaN,
      [`TV_${labels[1]}`]: gr?.TV ?? NaN,
      ratio,
      beta,
      "1 − β": 1 - beta,
      holds: ratio >= 1 - beta - 1e-12,
    };
  });
}
