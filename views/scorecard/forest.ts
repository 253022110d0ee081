/**
 * The scorecard's forest plot (top of notebook 16): every reproduced-result row drawn on the scale
 * lib/agreement judged it on, coloured by outcome. Rows judged on ours / thesis sit in one panel per
 * table group on a log axis, the band of agreement shaded around 1; rows judged on ours − thesis
 * (counts whose thesis mean is small, means at or below 0) sit in a panel of their own on a linear
 * axis of the difference, each with its own band of agreement — never on the ratio axis, where
 * their interval would mean something else.
 */
import type { PlotFigure } from "../display/plot";
import { fmt } from "../display/format";
import { type Outcome, RELATIVE_BAND } from "../../lib/agreement/rule";
import type { ScorecardRow } from "../../lib/scorecard/row";

/** Colour of each outcome in the forest plot. */
export const VERDICT_COLOURS: Partial<Record<Outcome, string>> = {
  agrees: "#1b7837",
  inconclusive: "#999999",
  differs: "#b2182b",
  "not computed": "#000000",
};

/** The table groups of the forest plot: a label and the thesis tables it holds. */
export const FOREST_GROUPS: readonly { label: string; tables: readonly number[] }[] = [
  { label: "Section 6.3.1 (Tables 10–17)", tables: [10, 11, 12, 13, 14, 15, 16, 17] },
  { label: "Section 6.3.2 (Tables 19–23)", tables: [19, 20, 21, 22, 23] },
  { label: "Section 6.3.3 (Tables 24–27)", tables: [24, 25, 26, 27] },
  { label: "Sections 6.3.4–6.4 (Tables 28–29)", tables: [28, 29] },
];

const tableOf = (id: string) => Number(/^Table (\d+)/.exec(id)?.[1] ?? NaN);
const label = (r: ScorecardRow) =>
  `${r.id.split(" / ")[0].replace("Table ", "T")} ${r.quantity.split(" ")[0]}`;

/** Whether a row is drawn on the ratio axis (judged on ours / thesis or exactly, with a positive ratio). */
const onRatio = (r: ScorecardRow) =>
  r.agreement.scale !== "difference" && Number.isFinite(r.ratio) && r.ratio > 0;
/** Whether a row is drawn on the difference axis. */
const onDifference = (r: ScorecardRow) =>
  r.agreement.scale === "difference" && Number.isFinite(r.agreement.low);

/** A panel: its rows, its axes and how a row is placed on its x axis. */
interface Panel {
  title: string;
  rows: ScorecardRow[];
  x: (r: ScorecardRow) => { mid: number; low: number; high: number };
  xaxis: "x" | "x2";
}

/** The forest plot of the reproduced-result rows of `rows` (module comment). */
export function forestFigure(rows: readonly ScorecardRow[], title = "Ours / thesis, by verdict"): PlotFigure {
  const reproduced = rows.filter((r) => r.tier === "reproduced result");
  const ratioPanels: Panel[] = FOREST_GROUPS.map((g) => ({
    title: g.label,
    rows: reproduced.filter((r) => g.tables.includes(tableOf(r.id)) && onRatio(r)),
    x: (r: ScorecardRow) => ({ mid: r.ratio, low: r.ratioLow, high: r.ratioHigh }),
    xaxis: "x" as const,
  })).filter((p) => p.rows.length);
  const diffRows = reproduced.filter(onDifference);
  const diffPanel: Panel[] = diffRows.length
    ? [
        {
          title:
            "Judged on ours − thesis (a count with a small thesis mean, or a mean ≤ 0): the difference, each row's band shaded",
          rows: diffRows,
          x: (r) => ({
            mid: (r.agreement.low + r.agreement.high) / 2,
            low: r.agreement.low,
            high: r.agreement.high,
          }),
          xaxis: "x2",
        },
      ]
    : [];
  const panels = [...ratioPanels, ...diffPanel];
  const gap = 0.06;
  const total = panels.reduce((s, p) => s + p.rows.length + 1, 0);
  const usable = 1 - gap * (diffPanel.length ? 1 : 0);
  const data: Record<string, unknown>[] = [];
  const shapes: Record<string, unknown>[] = [];
  const annotations: Record<string, unknown>[] = [];
  const layout: Record<string, unknown> = {};
  const seen = new Set<Outcome>();
  let top = 1;
  panels.forEach((p, k) => {
    if (p.xaxis === "x2") top -= gap;
    const height = ((p.rows.length + 1) / total) * usable;
    const axis = k === 0 ? "y" : `y${k + 1}`;
    for (const v of Object.keys(VERDICT_COLOURS) as Outcome[]) {
      const mine = p.rows.filter((r) => r.verdict === v);
      if (!mine.length) continue;
      const xs = mine.map(p.x);
      data.push({
        type: "scatter",
        mode: "markers",
        name: v,
        legendgroup: v,
        showlegend: !seen.has(v),
        marker: { color: VERDICT_COLOURS[v], size: 8 },
        x: xs.map((x) => x.mid),
        y: mine.map(label),
        error_x: {
          type: "data",
          symmetric: false,
          array: xs.map((x) => (Number.isFinite(x.high) ? Math.max(0, x.high - x.mid) : 0)),
          arrayminus: xs.map((x) => (Number.isFinite(x.low) ? Math.max(0, x.mid - x.low) : 0)),
          color: VERDICT_COLOURS[v],
        },
        text: mine.map((r, i) => {
          const scale = p.xaxis === "x" ? "ours / thesis" : "ours − thesis";
          return `${r.id} ${r.quantity}<br>thesis ${fmt(r.thesis)} (n = ${r.thesisN}), ours ${fmt(r.ours)} (n = ${r.oursN})<br>${scale} ${fmt(xs[i].mid)} [${fmt(xs[i].low)}, ${fmt(xs[i].high)}]: ${r.verdict}${r.cause === "—" ? "" : ` (${r.cause})`}`;
        }),
        hovertemplate: "%{text}<extra></extra>",
        xaxis: p.xaxis,
        yaxis: axis,
      });
      seen.add(v);
    }
    layout[k === 0 ? "yaxis" : `yaxis${k + 1}`] = {
      domain: [Math.max(0, top - height + 0.02), top],
      type: "category",
      categoryorder: "array",
      categoryarray: p.rows.map(label),
      autorange: "reversed",
      automargin: true,
      tickfont: { size: 10 },
      anchor: p.xaxis,
    };
    annotations.push({
      text: `<b>${p.title}</b>`,
      xref: "paper",
      yref: "paper",
      x: 0,
      xanchor: "left",
      y: top,
      yanchor: "bottom",
      showarrow: false,
      font: { size: 11 },
    });
    if (p.xaxis === "x") {
      shapes.push({
        type: "rect",
        xref: "x",
        yref: `${axis} domain`,
        x0: 1 - RELATIVE_BAND,
        x1: 1 + RELATIVE_BAND,
        y0: 0,
        y1: 1,
        fillcolor: "#1b7837",
        opacity: 0.12,
        line: { width: 0 },
      });
    } else
      p.rows.forEach((r, i) =>
        shapes.push({
          type: "rect",
          xref: "x2",
          yref: axis,
          x0: r.agreement.bandLow,
          x1: r.agreement.bandHigh,
          y0: i - 0.4,
          y1: i + 0.4,
          fillcolor: "#1b7837",
          opacity: 0.12,
          line: { width: 0 },
        }),
      );
    shapes.push({
      type: "line",
      xref: p.xaxis,
      yref: `${axis} domain`,
      x0: p.xaxis === "x" ? 1 : 0,
      x1: p.xaxis === "x" ? 1 : 0,
      y0: 0,
      y1: 1,
      line: { color: "black", width: 1, dash: "dot" },
    });
    top -= height;
  });
  const lastRatio = ratioPanels.length;
  const diffAxis = panels.length;
  return {
    data,
    layout: {
      ...layout,
      title: { text: title },
      xaxis: {
        type: "log",
        title: {
          text: `ours / thesis with its 95% interval (log scale; shaded: the band of agreement, ±${Math.round(RELATIVE_BAND * 100)}%)`,
        },
        anchor: `y${lastRatio > 1 ? lastRatio : ""}`,
      },
      ...(diffPanel.length
        ? {
            xaxis2: {
              type: "linear",
              title: { text: "ours − thesis with its 95% interval (shaded: each row's band of agreement)" },
              anchor: `y${diffAxis > 1 ? diffAxis : ""}`,
              zeroline: false,
            },
          }
        : {}),
      shapes,
      annotations,
      height: Math.max(400, 18 * total + 200),
      width: 900,
      legend: { orientation: "h", y: -0.08 },
      margin: { t: 60 },
    },
  };
}
