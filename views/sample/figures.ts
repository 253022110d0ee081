/**
 * Sample distributions (thesis Appendix C, Figures 24–45, and Figures 12–15 for the source): four
 * histograms — nodes (bin 5), planned minutes, queue time and running time (bins 60 minutes).
 * Histograms are binned here, so a figure stays small even for the whole source table.
 */
import type { JobRecord } from "../../lib/io/job-record";
import type { PlotFigure } from "../display/plot";
import { histogram, mean, quantileSorted } from "../../lib/util/stats";
import { invalidArgument } from "../../lib/util/errors";

/** Bin widths of {@link sampleDistributionFigure}. */
export interface DistributionBins {
  /** Nodes. Defaults to 5. */
  nnodes?: number;
  /** Minutes (planned, queue, running). Defaults to 60. */
  minutes?: number;
}

type Field = "nnodes" | "minutes" | "qtime" | "rtime";
const PANELS: readonly [string, (j: JobRecord) => number, "nnodes" | "minutes", Field][] = [
  ["nnodes", (j) => j.nnodes, "nnodes", "nnodes"],
  ["minutes (planned)", (j) => j.minutes, "minutes", "minutes"],
  ["qtime (minutes)", (j) => j.qtime, "minutes", "qtime"],
  ["rtime (minutes)", (j) => j.rtime, "minutes", "rtime"],
];

/** The four histogram traces of one job list. */
function distributionTraces(jobs: readonly JobRecord[], bins: DistributionBins): Record<string, unknown>[] {
  return PANELS.map(([name, f, kind], k) => {
    const width = kind === "nnodes" ? (bins.nnodes ?? 5) : (bins.minutes ?? 60);
    const h = histogram(jobs.map(f), width, 0);
    return {
      type: "bar",
      name,
      x: h.map((b) => (b.x0 + b.x1) / 2),
      y: h.map((b) => b.count),
      width: h.map(() => width),
      xaxis: `x${k + 1}`,
      yaxis: `y${k + 1}`,
      showlegend: false,
    };
  });
}

function gridLayout(title: string): Record<string, unknown> {
  const axis = (k: number, name: string) => ({
    [`xaxis${k + 1}`]: { title: { text: name } },
    [`yaxis${k + 1}`]: { title: { text: "jobs" } },
  });
  return Object.assign(
    { title: { text: title }, grid: { rows: 2, columns: 2, pattern: "independent" }, height: 600 },
    ...PANELS.map(([name], k) => axis(k, name)),
  );
}

/** A 2×2 grid of histograms of one job list. */
export function sampleDistributionFigure(
  jobs: readonly JobRecord[],
  title: string,
  bins: DistributionBins = {},
): PlotFigure {
  return { data: distributionTraces(jobs, bins), layout: gridLayout(title) };
}

/**
 * Thesis Appendix C as small multiples: one histogram of `field` per list (the source, then samples
 * 0–20), all on one x range and bin width so the lists compare at a glance, `columns` panels a row.
 * A static figure: every list is drawn, nothing hides behind a menu.
 * @param field "nnodes", "minutes" (planned), "qtime" or "rtime"
 */
export function appendixCFigure(
  lists: readonly { name: string; jobs: readonly JobRecord[] }[],
  field: string,
  bins: DistributionBins = {},
  columns = 6,
): PlotFigure {
  if (lists.length === 0) throw invalidArgument("lists", "[]", "at least one job list");
  const panel = PANELS.find(([, , , f]) => f === field);
  if (!panel) throw invalidArgument("field", field, "one of nnodes, minutes, qtime, rtime");
  if (!(Number.isInteger(columns) && columns >= 1))
    throw invalidArgument("columns", columns, "a whole number >= 1");
  const [name, value, kind] = panel;
  const width = kind === "nnodes" ? (bins.nnodes ?? 5) : (bins.minutes ?? 60);
  const hists = lists.map((l) => histogram(l.jobs.map(value), width, 0));
  const xMax = Math.max(width, ...hists.flatMap((h) => h.map((b) => b.x1)));
  const rows = Math.ceil(lists.length / columns);
  const layout: Record<string, unknown> = {
    title: { text: `Appendix C: ${name}, the source and every sample (bins of ${width})` },
    grid: { rows, columns, pattern: "independent", ygap: 0.45, xgap: 0.12 },
    height: 150 * rows + 120,
    showlegend: false,
    margin: { t: 70, b: 40, l: 40, r: 20 },
    annotations: lists.map((l, k) => ({
      text: `${l.name} (${l.jobs.length} jobs)`,
      xref: `x${k + 1} domain`,
      yref: `y${k + 1} domain`,
      x: 0.5,
      y: 1.18,
      showarrow: false,
      font: { size: 10 },
    })),
  };
  lists.forEach((_, k) => {
    layout[`xaxis${k + 1}`] = { range: [0, xMax], tickfont: { size: 9 } };
    layout[`yaxis${k + 1}`] = { tickfont: { size: 9 }, rangemode: "tozero" };
  });
  return {
    data: hists.map((h, k) => ({
      type: "bar",
      name: lists[k].name,
      x: h.map((b) => (b.x0 + b.x1) / 2),
      y: h.map((b) => b.count),
      width: h.map(() => width),
      marker: { color: k === 0 ? "#54585a" : "#4c78a8" },
      xaxis: `x${k + 1}`,
      yaxis: `y${k + 1}`,
      hovertemplate: `${lists[k].name}: %{y} jobs at %{x}<extra></extra>`,
    })),
    layout,
  };
}

/** Share of jobs per planned-minutes value, one line per job list (compare samples with the source). */
export function plannedMinutesFigure(
  lists: { name: string; jobs: readonly JobRecord[] }[],
  top = 12,
): PlotFigure {
  const all = new Map<number, number>();
  for (const l of lists) for (const j of l.jobs) all.set(j.minutes, (all.get(j.minutes) ?? 0) + 1);
  const values = [...all.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map((e) => e[0])
    .sort((a, b) => a - b);
  return {
    data: lists.map((l) => {
      const c = new Map<number, number>();
      for (const j of l.jobs) c.set(j.minutes, (c.get(j.minutes) ?? 0) + 1);
      return {
        type: "scatter",
        mode: "lines+markers",
        name: l.name,
        x: values.map(String),
        y: values.map((v) => (c.get(v) ?? 0) / Math.max(1, l.jobs.length)),
      };
    }),
    layout: {
      title: { text: "Share of jobs per planned time (most common values)" },
      xaxis: { title: { text: "planned minutes" }, type: "category" },
      yaxis: { title: { text: "share of jobs" } },
    },
  };
}

/**
 * One box per sample (and the source, when given) for one job field, all on one figure. Boxes are
 * precomputed (quartiles; whiskers at the 5th and 95th percentiles), so the figure stays small
 * even for the whole source table. Times use a log axis, with values below 1 minute shown at 1.
 */
export function samplesBoxFigure(
  samples: readonly { name: string; jobs: readonly JobRecord[] }[],
  field: "nnodes" | "minutes" | "qtime" | "rtime",
  title?: string,
): PlotFigure {
  const log = field !== "nnodes";
  const stats = samples.map((s) => {
    const v = Float64Array.from(s.jobs, (j) => (log ? Math.max(1, j[field]) : j[field])).sort();
    const q = (p: number) => quantileSorted(v, p);
    return {
      name: s.name.replace(/\.txt$/, ""),
      q1: q(0.25),
      median: q(0.5),
      q3: q(0.75),
      lowerfence: q(0.05),
      upperfence: q(0.95),
      mean: mean(v),
    };
  });
  return {
    data: [
      {
        type: "box",
        name: field,
        x: stats.map((s) => s.name),
        q1: stats.map((s) => s.q1),
        median: stats.map((s) => s.median),
        q3: stats.map((s) => s.q3),
        lowerfence: stats.map((s) => s.lowerfence),
        upperfence: stats.map((s) => s.upperfence),
        mean: stats.map((s) => s.mean),
        showlegend: false,
      },
    ],
    layout: {
      title: { text: title ?? `${field} per sample` },
      yaxis: { title: { text: `${field}${log ? " (log)" : ""}` }, type: log ? "log" : "linear" },
      xaxis: { type: "category" },
    },
  };
}
