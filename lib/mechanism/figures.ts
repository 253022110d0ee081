/**
 * Plotly figures of the mechanism rounds (thesis Figures 18, 19, 20) and of the statistics. Every
 * value axis says its metric's unit (metricAxisTitle); a bar far above the rest breaks the axis
 * (lib/display/broken-axis.ts) instead of flattening the others.
 */
import type { PlotFigure } from "../display/plot";
import { withBrokenValueAxis } from "../display/broken-axis";
import type { RoundRow } from "./rounds";
import { metricAxisTitle, type MetricName, type MetricStatistics } from "./tables";
import type { ClearingPriceRow } from "./clearing-price";
import type { PaymentRule } from "./mechanism";

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
  const yTitle = metricAxisTitle(metric);
  return withBrokenValueAxis({
    data: labels.map((l) => {
      const by = new Map(sel.filter((r) => r.experiment === l).map((r) => [r.sample, r[metric]]));
      return {
        type: "bar",
        name: l,
        x: samples.map((s) => s.replace(/\.txt$/, "")),
        y: samples.map((s) => by.get(s) ?? null),
      };
    }),
    layout: {
      title: { text: options.title ?? `${metric} per sample and experiment (${payment} payments)` },
      barmode: "group",
      xaxis: { title: { text: "sample" } },
      yaxis: { title: { text: yTitle } },
    },
  });
}

/** Means with 95% CI error bars per experiment, one trace per payment rule. */
export function statisticsFigure(
  stats: readonly MetricStatistics[],
  metric: MetricName,
  title?: string,
): PlotFigure {
  const sel = stats.filter((s) => s.metric === metric);
  const payments = [...new Set(sel.map((s) => s.payment))];
  return {
    data: payments.map((p) => {
      const g = sel.filter((s) => s.payment === p);
      return {
        type: "bar",
        name: p,
        x: g.map((s) => s.experiment),
        y: g.map((s) => s.mean),
        error_y: {
          type: "data",
          symmetric: false,
          array: g.map((s) => s.ci95High - s.mean),
          arrayminus: g.map((s) => s.mean - s.ci95Low),
          visible: true,
        },
      };
    }),
    layout: {
      title: { text: title ?? `${metric}: mean over ${sel[0]?.samples ?? 0} samples, 95% CI` },
      barmode: "group",
      xaxis: { title: { text: "experiment" } },
      yaxis: { title: { text: metricAxisTitle(metric) } },
    },
  };
}

/** TP_1A against λ·TW_1A per sample: on the diagonal when the clearing-price explanation holds. */
export function clearingPriceFigure(rows: readonly ClearingPriceRow[]): PlotFigure {
  const lo = Math.min(...rows.map((r) => Math.min(r.TP_1A, r.lambdaTW)));
  const hi = Math.max(...rows.map((r) => Math.max(r.TP_1A, r.lambdaTW)));
  return {
    data: [
      {
        type: "scatter",
        mode: "markers",
        name: "samples",
        x: rows.map((r) => r.lambdaTW),
        y: rows.map((r) => r.TP_1A),
        text: rows.map((r) => `${r.sample} λ=${r.lambda}`),
      },
      { type: "scatter", mode: "lines", name: "TP = λ·TW", x: [lo, hi], y: [lo, hi], line: { dash: "dot" } },
    ],
    layout: {
      title: { text: "TP of 1A against clearing planned time λ × TW" },
      xaxis: { title: { text: "λ·TW (node·minutes)" } },
      yaxis: { title: { text: "TP_1A (node·minutes)" } },
    },
  };
}
