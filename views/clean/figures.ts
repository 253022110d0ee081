/**
 * The figures of thesis Section 4 as Plotly JSON (notebooks only call these and showPlot):
 * monthly bars (Figures 3–8), queue time per job (Figure 10), fixed-width histograms
 * (Figures 12–15 with the thesis's bin widths and linear axes) and the 40-minute jobs (Figure 22).
 * Every function accepts an empty input and then draws an empty chart saying so.
 */
import { localeNumber } from "../display/format";
import type { ColumnTable } from "arquero";
import { histogram } from "../../lib/util/stats";
import type { PlotFigure } from "../display/plot";
import { byMonth } from "../../lib/clean/monthly";

function emptyNote(text: string) {
  return {
    annotations: [
      { text, showarrow: false, xref: "paper", yref: "paper", x: 0.5, y: 0.5, font: { size: 14 } },
    ],
  };
}

/** Options of {@link monthlyFigure}. */
export interface MonthlyFigureOptions {
  /** Plot title. */
  title: string;
  /** Column summed per month; counts rows when omitted. Defaults to none (counts). */
  sum?: string;
  /** Keep only rows whose `filterColumn` equals `filterValue` (e.g. one model). Defaults to all rows. */
  filterColumn?: string;
  filterValue?: string;
  /** y-axis title. Defaults to "experiments" or "sum of <sum>". */
  yTitle?: string;
}

/**
 * Rows (or a column's sum) per year-month as bars, months set to their first day as the thesis
 * does (Figures 3–8).
 */
export function monthlyFigure(
  table: ColumnTable | undefined,
  timeColumn: string,
  o: MonthlyFigureOptions,
): PlotFigure {
  if (!table || table.numRows() === 0)
    return { data: [], layout: { title: { text: o.title }, ...emptyNote("no data for this source") } };
  const t = o.filterColumn
    ? table.params({ c: o.filterColumn, v: o.filterValue ?? "" }).filter("(d, $) => d[$.c] === $.v")
    : table;
  const rows = t.numRows() ? byMonth(t, timeColumn, { sum: o.sum }) : [];
  return {
    data: [
      {
        type: "bar",
        x: rows.map((r) => r.month),
        y: rows.map((r) => (o.sum ? r.sum : r.count)),
        marker: { color: "#4C72B0" },
        name: o.sum ? `sum of ${o.sum}` : "rows",
      },
    ],
    layout: {
      title: { text: `${o.title} (n = ${t.numRows()})` },
      xaxis: { title: { text: "year-month" }, type: "date" },
      yaxis: { title: { text: o.yTitle ?? (o.sum ? `sum of ${o.sum}` : "experiments") } },
      bargap: 0.1,
      ...(rows.length ? {} : emptyNote("no rows")),
    },
  };
}

/** Options of {@link columnHistogramFigure}. */
export interface ColumnHistogramOptions {
  title: string;
  xTitle: string;
  /** y-axis title. Defaults to "jobs". */
  yTitle?: string;
  /** First bin start. Defaults to the minimum floored to the bin width. */
  origin?: number;
  /** Log-scaled y axis. Defaults to false. */
  logY?: boolean;
}

/** A fixed-width histogram of a numeric column (bins [x0, x1)). */
export function columnHistogramFigure(
  table: ColumnTable,
  column: string,
  binWidth: number,
  o: ColumnHistogramOptions,
): PlotFigure {
  const values = Float64Array.from(table.numRows() ? (table.array(column) as ArrayLike<number>) : []).filter(
    (v) => Number.isFinite(v),
  );
  const bins = histogram(values, binWidth, o.origin);
  return {
    data: [
      {
        type: "bar",
        x: bins.map((b) => (b.x0 + b.x1) / 2),
        y: bins.map((b) => b.count),
        width: bins.map(() => binWidth * 0.95),
        marker: { color: "#4C72B0" },
        customdata: bins.map((b) => `[${b.x0}, ${b.x1})`),
        hovertemplate: "%{customdata}: %{y}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `${o.title} (n = ${values.length}, bin width ${binWidth})` },
      xaxis: { title: { text: o.xTitle } },
      yaxis: { title: { text: o.yTitle ?? "jobs" }, type: o.logY ? "log" : "linear" },
      bargap: 0,
      ...(values.length ? {} : emptyNote("no jobs")),
    },
  };
}

/**
 * Figure 10: queue time (minutes) per job, in table order. Jobs outside [0, `limit`] minutes are
 * all drawn (red); of the others at most `maxPoints` are drawn, every k-th job (stated in the title).
 */
export function qtimePerJobFigure(table: ColumnTable, limit = 720, maxPoints = 20000): PlotFigure {
  const q = table.numRows() ? (table.array("qtime") as ArrayLike<number>) : [];
  const stride = Math.max(1, Math.ceil(q.length / maxPoints));
  const inX: number[] = [],
    inY: number[] = [],
    outX: number[] = [],
    outY: number[] = [];
  for (let i = 0; i < q.length; i++) {
    if (q[i] < 0 || q[i] > limit) {
      outX.push(i);
      outY.push(q[i]);
    } else if (i % stride === 0) {
      inX.push(i);
      inY.push(q[i]);
    }
  }
  return {
    data: [
      {
        type: "scattergl",
        mode: "markers",
        x: inX,
        y: inY,
        name: `0 ≤ qtime ≤ ${limit} (every ${stride}. job)`,
        marker: { size: 3, color: "#4C72B0" },
      },
      {
        type: "scattergl",
        mode: "markers",
        x: outX,
        y: outY,
        name: `qtime < 0 or > ${limit} (all ${outX.length})`,
        marker: { size: 4, color: "#C44E52" },
      },
    ],
    layout: {
      title: { text: `Queue time per job (n = ${q.length})` },
      xaxis: { title: { text: "job (row)" } },
      yaxis: { title: { text: "qtime (minutes)" } },
      ...(q.length ? {} : emptyNote("no jobs")),
    },
  };
}

/** Options of {@link jobDistributionFigures}. */
export interface JobDistributionOptions {
  /** Log-scaled y axes for Figures 12–15 (the thesis's axes are linear). Defaults to false. */
  logY?: boolean;
  /** Planned minutes of Figure 22's jobs. Defaults to 40. */
  plannedMinutes?: number;
}

/**
 * The thesis's figures of the cleaned jobs: `histograms` are Figures 12–15 as the thesis draws
 * them (jobs per nodes requested in 5-node bins; per planned minutes, queue time and running time
 * in 60-minute bins; linear axes from 0), `figure22` is Figure 22's two panels
 * ({@link plannedMinutesFigures}).
 */
export function jobDistributionFigures(
  table: ColumnTable,
  o: JobDistributionOptions = {},
): { histograms: PlotFigure[]; figure22: PlotFigure } {
  const figures: [string, number, string, string][] = [
    ["nnodes", 5, "Figure 12: number of jobs per nodes requested", "nodes requested"],
    ["minutes", 60, "Figure 13: number of jobs per minutes requested", "planned time (minutes)"],
    ["qtime", 60, "Figure 14: number of jobs per queuing time recorded", "queuing time (minutes)"],
    ["rtime", 60, "Figure 15: number of jobs per running time recorded", "running time (minutes)"],
  ];
  return {
    histograms: figures.map(([column, width, title, xTitle]) =>
      columnHistogramFigure(table, column, width, { title, xTitle, origin: 0, logY: o.logY ?? false }),
    ),
    figure22: plannedMinutesFigures(table, o.plannedMinutes ?? 40),
  };
}

/** One panel of Figure 22: jobs per whole value of `column` (bars centred on the integers). */
function countsPerValue(
  t: ColumnTable,
  column: string,
  label: string,
): { trace: Record<string, unknown>; n: number } {
  const values = Float64Array.from(t.numRows() ? (t.array(column) as ArrayLike<number>) : []).filter((v) =>
    Number.isFinite(v),
  );
  const lowest = values.reduce((m, v) => Math.min(m, v), Infinity);
  const bins = histogram(values, 1, Math.floor(lowest) - 0.5);
  return {
    n: values.length,
    trace: {
      type: "bar",
      name: label,
      x: bins.map((b) => (b.x0 + b.x1) / 2),
      y: bins.map((b) => b.count),
      width: bins.map(() => 0.95),
      marker: { color: "#4C72B0" },
      hovertemplate: `${label} %{x}: %{y} jobs<extra></extra>`,
      showlegend: false,
    },
  };
}

/**
 * Figure 22 (thesis Section 6.5) as the thesis draws it: the jobs with `minutes` planned minutes,
 * top: number of jobs per rtime (1-minute bins), bottom: number of jobs per number of nodes
 * requested; dashed lines mark what the thesis reads off them ("most of these jobs have a real
 * running time half of the planned running time, and … usually require around 16 nodes").
 */
export function plannedMinutesFigures(table: ColumnTable, minutes = 40): PlotFigure {
  const t = table.numRows() ? table.params({ m: minutes }).filter("(d, $) => d.minutes === $.m") : table;
  const top = countsPerValue(t, "rtime", "rtime (minutes)");
  const bottom = countsPerValue(t, "nnodes", "nodes requested");
  const line = (at: number, axis: "" | "2", text: string) => [
    {
      type: "line",
      xref: `x${axis}`,
      yref: `y${axis} domain`,
      x0: at,
      x1: at,
      y0: 0,
      y1: 1,
      line: { color: "#C44E52", dash: "dash", width: 1.5 },
    },
    {
      xref: `x${axis}`,
      yref: `y${axis} domain`,
      x: at,
      y: 1,
      xanchor: "left",
      yanchor: "top",
      text: ` ${text}`,
      showarrow: false,
      font: { color: "#C44E52", size: 11 },
    },
  ];
  const [topLine, topNote] = line(minutes / 2, "", `half the planned time (${minutes / 2} min)`);
  const [bottomLine, bottomNote] = line(16, "2", "16 nodes");
  const panelTitle = (y: number, text: string) => ({
    xref: "paper",
    yref: "paper",
    x: 0,
    y,
    xanchor: "left",
    yanchor: "bottom",
    text: `<b>${text}</b>`,
    showarrow: false,
  });
  return {
    data: [top.trace, { ...bottom.trace, xaxis: "x2", yaxis: "y2" }],
    layout: {
      title: {
        text:
          `Figure 22 (Section 6.5): jobs with ${minutes} minutes (wallclock) planned running time ` +
          `(n = ${localeNumber(top.n)})`,
      },
      xaxis: { title: { text: "rtime (minutes)" }, domain: [0, 1], anchor: "y" },
      yaxis: { title: { text: "jobs" }, domain: [0.58, 0.94], anchor: "x" },
      xaxis2: { title: { text: "nodes requested" }, domain: [0, 1], anchor: "y2" },
      yaxis2: { title: { text: "jobs" }, domain: [0, 0.38], anchor: "x2" },
      shapes: [topLine, bottomLine],
      annotations: [
        topNote,
        bottomNote,
        panelTitle(0.94, "Top: number of jobs per rtime"),
        panelTitle(0.38, "Bottom: number of jobs per number of nodes requested"),
        ...(top.n ? [] : emptyNote(`no jobs planned for ${minutes} minutes`).annotations),
      ],
      height: 700,
      bargap: 0,
    },
  };
}
