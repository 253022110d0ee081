/** Generic figure builders shared by the notebooks (area-specific figures live in their areas). */
import type { HistogramBin } from "../util/stats";
import type { PlotFigure } from "./plot";

/** Options of {@link histogramFigure}. */
export interface HistogramFigureOptions {
  /** Figure title. Defaults to none. */
  title?: string;
  /** x-axis title. Defaults to none. */
  xTitle?: string;
  /** y-axis title. Defaults to "count". */
  yTitle?: string;
  /** Bar colour. Defaults to Plotly's first colour. */
  color?: string;
}

/** A bar chart of histogram bins (bars span [x0, x1)). */
export function histogramFigure(
  bins: readonly HistogramBin[],
  options: HistogramFigureOptions = {},
): PlotFigure {
  const { title, xTitle, yTitle = "count", color } = options;
  return {
    data: [
      {
        type: "bar",
        x: bins.map((b) => (b.x0 + b.x1) / 2),
        y: bins.map((b) => b.count),
        width: bins.map((b) => b.x1 - b.x0),
        marker: color ? { color } : undefined,
        hovertemplate: "[%{customdata}): %{y}<extra></extra>",
        customdata: bins.map((b) => `${b.x0}, ${b.x1}`),
      },
    ],
    layout: {
      title: title ? { text: title } : undefined,
      xaxis: { title: { text: xTitle ?? "" } },
      yaxis: { title: { text: yTitle } },
      bargap: 0.02,
    },
  };
}
