/**
 * Figures of the simulator (Plotly JSON): Gantt chart, nodes in use over time, Total Value per
 * sample (thesis Figure 21), PoA distribution, sensitivity curves and scheduler comparisons.
 */
import type { ContenderRows } from "./contenders";
import type { PlotFigure } from "../display/plot";
import type { SimResult } from "../../lib/sim/engine";
import { finiteNumber, integer } from "../../lib/util/options";
import { mean } from "../../lib/util/stats";
import type { PoaRow } from "../../lib/sim/poa";
import { metricAxisTitle } from "../mechanism/tables";
import { withBrokenValueAxis } from "../display/broken-axis";

/** Options of {@link ganttFigure}. */
export interface GanttOptions {
  /** Title. Defaults to "Gantt chart". */
  title?: string;
  /**
   * Show at most this many jobs: the large ones (holding at least `largeShare` of the nodes) always,
   * then the earliest-starting. Defaults to 60.
   */
  maxJobs?: number;
  /** Share of the cluster's nodes from which a job counts as large (always shown). Defaults to 0.2. */
  largeShare?: number;
  /** Time unit of the x axis. Defaults to "s". */
  unit?: "s" | "min" | "h";
  /**
   * Results whose time spans the x axis covers too, so that charts of one workload under several
   * schedulers share one time range. Defaults to none (the axis fits this chart).
   */
  sameAxisAs?: readonly SimResult[];
}

const UNIT = { s: 1, min: 60, h: 3600 };

/**
 * Gantt chart: one row per job (earliest start at the top), a bar from start to end, width label
 * = nodes; a thin marker at submit (and a triangle at the eligible time of a job that waited for
 * its predecessors); colour by user. Jobs beyond `maxJobs` are left out, never a
 * large one (see {@link GanttOptions}).
 */
export function ganttFigure(result: SimResult, options: GanttOptions = {}): PlotFigure {
  const u = UNIT[options.unit ?? "s"];
  const idx = result.jobs.map((_, i) => i).filter((i) => !Number.isNaN(result.start[i]));
  idx.sort((a, b) => result.start[a] - result.start[b] || a - b);
  const max = integer(options.maxJobs ?? 60, "maxJobs", 1);
  const large = finiteNumber(options.largeShare ?? 0.2, "largeShare", 0, 1) * result.nodes;
  const isLarge = (i: number) => result.jobs[i].nodes >= large;
  const room = Math.max(0, max - idx.filter(isLarge).length);
  const keep = new Set([...idx.filter(isLarge), ...idx.filter((i) => !isLarge(i)).slice(0, room)]);
  const shown = idx.filter((i) => keep.has(i));
  const users = [...new Set(shown.map((i) => result.jobs[i].user))].sort();
  const data = users.map((user) => {
    const mine = shown.filter((i) => result.jobs[i].user === user);
    return {
      type: "bar",
      orientation: "h",
      name: user || "(no user)",
      y: mine.map((i) => result.jobs[i].id),
      base: mine.map((i) => result.start[i] / u),
      x: mine.map((i) => Math.max((result.end[i] - result.start[i]) / u, 1e-9)),
      text: mine.map((i) => `${result.jobs[i].nodes} n`),
      textposition: "inside",
      hovertemplate: "%{y}: %{base} → %{x} long<extra>%{text}</extra>",
    };
  });
  data.push({
    type: "scatter",
    mode: "markers",
    name: "submit",
    y: shown.map((i) => result.jobs[i].id),
    x: shown.map((i) => result.jobs[i].submit / u),
    marker: { symbol: "line-ns-open", size: 10, color: "black" },
  } as never);
  const eligible = result.eligible;
  const held = eligible ? shown.filter((i) => eligible[i] > result.jobs[i].submit) : [];
  if (eligible && held.length > 0)
    data.push({
      type: "scatter",
      mode: "markers",
      name: "eligible (predecessors done)",
      y: held.map((i) => result.jobs[i].id),
      x: held.map((i) => eligible[i] / u),
      marker: { symbol: "triangle-right", size: 9, color: "black" },
    } as never);
  return {
    data,
    layout: {
      title: { text: options.title ?? `Gantt chart (${result.scheduler})` },
      barmode: "overlay",
      xaxis: {
        title: { text: `time (${options.unit ?? "s"})` },
        ...(options.sameAxisAs ? { range: timeSpan([result, ...options.sameAxisAs]).map((t) => t / u) } : {}),
      },
      yaxis: { autorange: "reversed", type: "category", automargin: true, title: { text: "job" } },
      height: Math.max(300, 22 * shown.length + 120),
    },
  };
}

// [first submit, last end] over the results' jobs that ran, seconds
function timeSpan(results: readonly SimResult[]): [number, number] {
  let lo = Infinity,
    hi = -Infinity;
  for (const r of results)
    r.jobs.forEach((j, i) => {
      if (Number.isNaN(r.start[i])) return;
      lo = Math.min(lo, j.submit);
      hi = Math.max(hi, r.end[i]);
    });
  return Number.isFinite(lo) ? [lo, hi] : [0, 1];
}

/** Nodes in use over time as a step function, one line per simulation. */
export function utilisationFigure(
  results: readonly SimResult[],
  options: { title?: string; unit?: "s" | "min" | "h"; labels?: string[] } = {},
): PlotFigure {
  const u = UNIT[options.unit ?? "s"];
  const data = results.map((r, k) => {
    const ev: [number, number][] = [];
    r.jobs.forEach((j, i) => {
      if (!Number.isNaN(r.start[i]) && r.end[i] > r.start[i])
        ev.push([r.start[i], j.nodes], [r.end[i], -j.nodes]);
    });
    ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const x: number[] = [],
      y: number[] = [];
    let cur = 0;
    for (let e = 0; e < ev.length; e++) {
      cur += ev[e][1];
      if (e + 1 < ev.length && ev[e + 1][0] === ev[e][0]) continue;
      x.push(ev[e][0] / u);
      y.push(cur);
    }
    return {
      type: "scatter",
      mode: "lines",
      line: { shape: "hv" },
      name: options.labels?.[k] ?? r.scheduler,
      x,
      y,
    };
  });
  return {
    data,
    layout: {
      title: { text: options.title ?? "Nodes in use" },
      xaxis: { title: { text: `time (${options.unit ?? "s"})` } },
      yaxis: { title: { text: "nodes" }, range: [0, Math.max(...results.map((r) => r.nodes)) * 1.05] },
      shapes: [
        {
          type: "line",
          xref: "paper",
          x0: 0,
          x1: 1,
          y0: results[0]?.nodes ?? 0,
          y1: results[0]?.nodes ?? 0,
          line: { dash: "dot", color: "grey" },
        },
      ],
    },
  };
}

/**
 * Thesis Figure 21: Total Value per sample for the simulator and the models (ours), and for each
 * scheduler of your own; the value axis is broken above the ordinary bars when a few stand far above
 * them (outlierSplit's rule).
 */
export function totalValueFigure(
  rows: readonly PoaRow[],
  title = "Total Value per sample: simulator vs models",
  yours: readonly ContenderRows[] = [],
): PlotFigure {
  const series: [keyof PoaRow, string][] = [
    ["TV", "Slurm simulator (first iteration)"],
    ["TV_1B1", "1B1 greedy b/w"],
    ["TV_1B2", "1B2 modified greedy"],
    ["TV_1B3", "1B3 priority"],
  ];
  // each contender's first-iteration TV on the same samples, beside the simulator's
  const theirs = yours.map((c) => {
    const tv = new Map(c.rows.map((r) => [r.sample, r.TV]));
    return { name: c.label, y: rows.map((r) => tv.get(r.sample) ?? NaN) };
  });
  return withBrokenValueAxis({
    data: [...series.map(([k, name]) => ({ name, y: rows.map((r) => r[k] as number) })), ...theirs].map(
      (s) => ({ type: "bar", name: s.name, x: rows.map((r) => r.sample), y: s.y }),
    ),
    layout: {
      title: { text: title },
      barmode: "group",
      yaxis: { title: { text: metricAxisTitle("TV") } },
      xaxis: { title: { text: "sample" } },
    },
  });
}

/** Histogram of per-sample PoA values with the mean marked. */
export function poaHistogramFigure(
  values: readonly number[],
  options: { title?: string; reference?: number; referenceLabel?: string } = {},
): PlotFigure {
  const m = mean(values);
  const shapes: Record<string, unknown>[] = [
    { type: "line", x0: m, x1: m, yref: "paper", y0: 0, y1: 1, line: { color: "black" } },
  ];
  const annotations: Record<string, unknown>[] = [
    { x: m, yref: "paper", y: 1.02, text: `ours: mean ${m.toFixed(2)}`, showarrow: false },
  ];
  if (options.reference !== undefined) {
    shapes.push({
      type: "line",
      x0: options.reference,
      x1: options.reference,
      yref: "paper",
      y0: 0,
      y1: 1,
      line: { color: "red", dash: "dash" },
    });
    annotations.push({
      x: options.reference,
      yref: "paper",
      y: 0.95,
      text: options.referenceLabel ?? `reference ${options.reference}`,
      showarrow: false,
      font: { color: "red" },
    });
  }
  return {
    data: [{ type: "histogram", x: values as number[], nbinsx: 30, name: "PoA" }],
    layout: {
      title: { text: options.title ?? "Price of Anarchy per sample" },
      xaxis: { title: { text: "PoA = TV(model) / TV(simulator) (ratio)" } },
      yaxis: { title: { text: "samples" } },
      shapes,
      annotations,
    },
  };
}

/** A line per series of y over a swept parameter, with optional error bars. */
export function sweepFigure(
  rows: readonly { x: number; y: number; err?: number; series: string }[],
  options: { title?: string; xTitle?: string; yTitle?: string; logX?: boolean } = {},
): PlotFigure {
  const names = [...new Set(rows.map((r) => r.series))];
  return {
    data: names.map((name) => {
      const mine = rows.filter((r) => r.series === name);
      return {
        type: "scatter",
        mode: "lines+markers",
        name,
        x: mine.map((r) => r.x),
        y: mine.map((r) => r.y),
        error_y: mine.some((r) => r.err !== undefined)
          ? { type: "data", array: mine.map((r) => r.err ?? 0), visible: true }
          : undefined,
      };
    }),
    layout: {
      title: { text: options.title ?? "" },
      xaxis: { title: { text: options.xTitle ?? "" }, type: options.logX ? "log" : "linear" },
      yaxis: { title: { text: options.yTitle ?? "" } },
    },
  };
}

/** The value-axis titles, with units, of compareSchedulersOnTraces's columns. */
const COMPARISON_AXIS_TITLES: Readonly<Record<string, string>> = {
  nodes: "nodes",
  jobs: "jobs",
  meanWait_h: "mean wait (hours)",
  p95Wait_h: "95th-percentile wait (hours)",
  meanBsld: "mean bounded slowdown (ratio, τ = 10 s)",
  p95Bsld: "95th-percentile bounded slowdown (ratio, τ = 10 s)",
  utilisation: "utilisation (share of node·time)",
  makespan_d: "makespan (days)",
};

/** Grouped bars of one metric per scheduler and trace (value axis titled with the metric's unit). */
export function schedulerComparisonFigure(
  rows: readonly { trace: string; scheduler: string; [k: string]: number | string }[],
  metric: string,
  title?: string,
): PlotFigure {
  const scheds = [...new Set(rows.map((r) => r.scheduler))];
  return {
    data: scheds.map((s) => {
      const mine = rows.filter((r) => r.scheduler === s);
      return { type: "bar", name: s, x: mine.map((r) => r.trace), y: mine.map((r) => r[metric] as number) };
    }),
    layout: {
      title: { text: title ?? metric },
      barmode: "group",
      xaxis: { title: { text: "trace" } },
      yaxis: { title: { text: COMPARISON_AXIS_TITLES[metric] ?? metric } },
    },
  };
}
