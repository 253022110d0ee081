/**
 * Plotly figures of the mechanism rounds (thesis Figures 18, 19, 20: ours and the thesis's own) and
 * of the statistics. Every value axis says its metric's unit (metricAxisTitle); a bar far above the
 * rest breaks the axis (views/display/broken-axis.ts) instead of flattening the others.
 */
import type { PlotFigure } from "../display/plot";
import { withBrokenValueAxis } from "../display/broken-axis";
import type { RoundRow } from "../../lib/mechanism/rounds";
import { METRIC_NAMES, type MetricName, type MetricStatistics } from "../../lib/mechanism/round-statistics";
import { metricAxisTitle } from "./tables";
import type { ClearingPriceRow } from "../../lib/mechanism/clearing-price";
import type { PaymentRule } from "../../lib/mechanism/mechanism";
import { readThesisTable } from "../../lib/io/thesis-tables";
import { keyword } from "../../lib/util/options";
import { meanInterval } from "../../lib/util/interval";

/**
 * Grouped bars: one group per sample, one bar per experiment (Figures 18–20); the value axis is
 * broken above the ordinary bars when a few bars stand far above them (outlierSplit's rule).
 */
export function metricBarFigure(
  rows: readonly RoundRow[],
  metric: MetricName,
  options: { payment?: PaymentRule; experiments?: string[]; title?: string } = {},
): PlotFigure {
  const payment = options.payment ?? "clarke";
  const sel = rows.filter((r) => r.payment === payment);
  const labels = options.experiments ?? [...new Set(sel.map((r) => r.experiment))];
  const samples = [...new Set(sel.map((r) => r.sample))];
  const bars = labels.map((l) => {
    const by = new Map(sel.filter((r) => r.experiment === l).map((r) => [r.sample, r[metric]]));
    return { name: l, y: samples.map((s) => by.get(s) ?? null) };
  });
  const title = options.title ?? `${metric} per sample and experiment (${payment} payments)`;
  return _groupedBars(samples, bars, metric, title);
}

/**
 * The thesis's own figure of one of its Tables 10–27 (Figure 18 is Table 10, 19 is Table 11, 20 is
 * Table 24): its published per-sample values drawn as {@link metricBarFigure} draws ours.
 */
export function thesisBarFigure(table: number, title?: string): PlotFigure {
  const t = readThesisTable(table);
  const columns = t.columns.filter((c) => c !== "sample" && c !== "size");
  const metric = keyword(
    columns[0].slice(0, columns[0].indexOf("_")),
    `Table ${table}'s metric`,
    METRIC_NAMES,
  );
  const bars = columns.map((c) => ({
    name: c.slice(c.indexOf("_") + 1),
    y: t.rows.map((r) => r[c] as number),
  }));
  const samples = t.rows.map((r) => String(r.sample));
  return _groupedBars(
    samples,
    bars,
    metric,
    title ?? `Thesis Table ${table}: ${metric} per sample and experiment`,
  );
}

function _groupedBars(
  samples: readonly string[],
  bars: readonly { name: string; y: (number | null)[] }[],
  metric: MetricName,
  title: string,
): PlotFigure {
  return withBrokenValueAxis({
    data: bars.map((b) => ({
      type: "bar",
      name: b.name,
      x: samples.map((s) => s.replace(/\.txt$/, "")),
      y: b.y,
    })),
    layout: {
      title: { text: title },
      barmode: "group",
      xaxis: { title: { text: "sample" } },
      yaxis: { title: { text: metricAxisTitle(metric) } },
    },
  });
}

/** Options of {@link statisticsFigure}. */
export interface StatisticsFigureOptions {
  /** Figure title. Defaults to "<metric>: mean over <n> samples, 95% CI", or with `thesis` "<metric>: mean and 95% interval, ours and the thesis's". */
  title?: string;
  /** A thesis table (10–27) whose means over its ordinary samples (sample_20 left out) are drawn beside ours, with their 95% intervals. Defaults to none. */
  thesis?: number;
}

/** Means with 95% CI error bars per experiment, one trace per payment rule (and one for the thesis's). */
export function statisticsFigure(
  stats: readonly MetricStatistics[],
  metric: MetricName,
  options: StatisticsFigureOptions = {},
): PlotFigure {
  const sel = stats.filter((s) => s.metric === metric);
  const payments = [...new Set(sel.map((s) => s.payment))];
  const bar = (name: string, x: string[], ms: readonly { mean: number; low: number; high: number }[]) => ({
    type: "bar",
    name,
    x,
    y: ms.map((m) => m.mean),
    error_y: {
      type: "data",
      symmetric: false,
      array: ms.map((m) => m.high - m.mean),
      arrayminus: ms.map((m) => m.mean - m.low),
      visible: true,
    },
  });
  const data = payments.map((p) => {
    const g = sel.filter((s) => s.payment === p);
    const ms = g.map((s) => ({ mean: s.mean, low: s.ci95Low, high: s.ci95High }));
    return bar(
      options.thesis === undefined ? p : `ours (${p}, ${g[0].samples} samples)`,
      g.map((s) => s.experiment),
      ms,
    );
  });
  if (options.thesis !== undefined) {
    const t = readThesisTable(options.thesis);
    const ordinary = t.rows.filter((r) => r.sample !== "sample_20.txt");
    const x = [...new Set(sel.map((s) => s.experiment))].filter((e) => t.columns.includes(`${metric}_${e}`));
    if (!x.length)
      throw new Error(
        `statisticsFigure: thesis Table ${options.thesis} has no ${metric} column of experiments ${[...new Set(sel.map((s) => s.experiment))].join(", ")}`,
      );
    const ms = x.map((e) => meanInterval(ordinary.map((r) => r[`${metric}_${e}`] as number)));
    data.push(bar(`thesis (Table ${options.thesis}, ${ordinary.length} samples)`, x, ms));
  }
  return {
    data,
    layout: {
      title: {
        text:
          options.title ??
          (options.thesis === undefined
            ? `${metric}: mean over ${sel[0]?.samples ?? 0} samples, 95% CI`
            : `${metric}: mean and 95% interval, ours and the thesis's`),
      },
      barmode: "group",
      xaxis: { title: { text: "experiment" } },
      yaxis: { title: { text: metricAxisTitle(metric) } },
    },
  };
}

/**
 * TP_1A against λ·TW_1A per sample (λ the clearing planned time, lib/mechanism/clearing-price.ts):
 * every sample on its own place of the x axis — TP_1A as a bar, λ·TW_1A as a marker on it where the
 * identity holds — so the 21 samples are 21 marks, not the two points their few values coincide on;
 * with `thesis`, the thesis's published TP_1A per sample (its Table 11) beside them.
 */
export function clearingPriceFigure(
  rows: readonly ClearingPriceRow[],
  options: { thesis?: boolean; title?: string; root?: string } = {},
): PlotFigure {
  const published = options.thesis
    ? readThesisTable(11, options.root).rows.map((r) => ({
        sample: String(r.sample),
        TP_1A: Number(r.TP_1A),
      }))
    : [];
  const samples = [...new Set([...rows.map((r) => r.sample), ...published.map((r) => r.sample)])];
  const by = new Map(rows.map((r) => [r.sample, r]));
  const thesis = new Map(published.map((r) => [r.sample, r.TP_1A]));
  return {
    data: [
      {
        type: "bar",
        name: "TP_1A (ours)",
        x: samples,
        y: samples.map((s) => by.get(s)?.TP_1A ?? null),
        text: samples.map((s) => (by.has(s) ? `λ = ${by.get(s)!.lambda}` : "")),
        textposition: "inside",
      },
      {
        type: "scatter",
        mode: "markers",
        name: "λ·TW_1A (ours)",
        x: samples,
        y: samples.map((s) => by.get(s)?.lambdaTW ?? null),
        marker: { symbol: "line-ew-open", size: 18, line: { width: 3 }, color: "#111" },
      },
      ...(published.length
        ? [
            {
              type: "scatter",
              mode: "markers",
              name: "TP_1A (thesis, Table 11)",
              x: samples,
              y: samples.map((s) => thesis.get(s) ?? null),
              marker: { symbol: "diamond", size: 9, color: "#d62728" },
            },
          ]
        : []),
    ],
    layout: {
      title: { text: options.title ?? "TP_1A and λ·TW_1A per sample (λ: the clearing planned time)" },
      xaxis: { title: { text: "sample" }, type: "category" },
      yaxis: { title: { text: "node·minutes" }, rangemode: "tozero" },
      barmode: "overlay",
    },
  };
}
