/**
 * The scorecard's forest plot (top of notebook 16): every reproduced-result row as ours / thesis
 * with the 95% interval of the ratio (both sides' uncertainty, lib/agreement), the
 * band of agreement shaded around 1, coloured by outcome, one panel per table group, on a log axis.
 * Rows whose thesis mean is 0 (or whose ratio is not positive) cannot sit on a ratio scale; the
 * panel's title counts them.
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

/** The forest plot of the reproduced-result rows of `rows`, one panel per {@link FOREST_GROUPS} entry that has rows. */
export function forestFigure(rows: readonly ScorecardRow[], title = "Ours / thesis, by verdict"): PlotFigure {
  const groups = FOREST_GROUPS.map((g) => ({
    label: g.label,
    rows: rows.filter((r) => r.tier === "reproduced result" && g.tables.includes(tableOf(r.id))),
  })).filter((g) => g.rows.length);
  const onScale = (r: ScorecardRow) => r.thesis !== 0 && Number.isFinite(r.ratio) && r.ratio > 0;
  const total = groups.reduce((s, g) => s + g.rows.filter(onScale).length + 1, 0);
  const data: Record<string, unknown>[] = [];
  const shapes: Record<string, unknown>[] = [];
  const annotations: Record<string, unknown>[] = [];
  const layout: Record<string, unknown> = {};
  const seen = new Set<Outcome>();
  let top = 1;
  groups.forEach((g, k) => {
    const shown = g.rows.filter(onScale);
    const height = (shown.length + 1) / total;
    const axis = k === 0 ? "y" : `y${k + 1}`;
    const y = (r: ScorecardRow) =>
      `${r.id.split(" / ")[0].replace("Table ", "T")} ${r.quantity.split(" ")[0]}`;
    for (const v of Object.keys(VERDICT_COLOURS) as Outcome[]) {
      const mine = shown.filter((r) => r.verdict === v);
      if (!mine.length) continue;
      data.push({
        type: "scatter",
        mode: "markers",
        name: v,
        legendgroup: v,
        showlegend: !seen.has(v),
        marker: { color: VERDICT_COLOURS[v], size: 8 },
        x: mine.map((r) => r.ratio),
        y: mine.map(y),
        error_x: {
          type: "data",
          symmetric: false,
          array: mine.map((r) => (Number.isFinite(r.ratioHigh) ? Math.max(0, r.ratioHigh - r.ratio) : 0)),
          arrayminus: mine.map((r) => (Number.isFinite(r.ratioLow) ? Math.max(0, r.ratio - r.ratioLow) : 0)),
          color: VERDICT_COLOURS[v],
        },
        text: mine.map(
          (r) =>
            `${r.id} ${r.quantity}<br>thesis ${fmt(r.thesis)} (n = ${r.thesisN}), ours ${fmt(r.ours)} (n = ${r.oursN})<br>ours / thesis [${fmt(r.ratioLow)}, ${fmt(r.ratioHigh)}]: ${r.verdict}${r.cause === "—" ? "" : ` (${r.cause})`}`,
        ),
        hovertemplate: "%{text}<br>ratio %{x:.3f}<extra></extra>",
        yaxis: axis,
      });
      seen.add(v);
    }
    const off = g.rows.length - shown.length;
    layout[k === 0 ? "yaxis" : `yaxis${k + 1}`] = {
      domain: [Math.max(0, top - height + 0.02), top],
      type: "category",
      categoryorder: "array",
      categoryarray: shown.map(y),
      autorange: "reversed",
      automargin: true,
      tickfont: { size: 10 },
    };
    annotations.push({
      text: `<b>${g.label}</b>${off ? ` — ${off} row(s) off the ratio scale (thesis mean 0)` : ""}`,
      xref: "paper",
      yref: "paper",
      x: 0,
      xanchor: "left",
      y: top,
      yanchor: "bottom",
      showarrow: false,
      font: { size: 11 },
    });
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
    shapes.push({
      type: "line",
      xref: "x",
      yref: `${axis} domain`,
      x0: 1,
      x1: 1,
      y0: 0,
      y1: 1,
      line: { color: "black", width: 1, dash: "dot" },
    });
    top -= height;
  });
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
        anchor: `y${groups.length > 1 ? groups.length : ""}`,
      },
      shapes,
      annotations,
      height: Math.max(400, 18 * total + 160),
      width: 900,
      legend: { orientation: "h", y: -0.08 },
      margin: { t: 60 },
    },
  };
}
