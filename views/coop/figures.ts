/** Figures of notebook 11 (cooperation) as Plotly JSON. */
import { PLOTLY_COLOURS, type PlotFigure } from "../display/plot";
import type { TraceAccuracyRow } from "../../lib/coop/planned-accuracy-trace";

const COLOURS = PLOTLY_COLOURS.slice(0, 5);

/** Mean wait and mean bounded slowdown against α, one line per workload (relative to α = 0). */
export function plannedAccuracyFigure(byWorkload: Record<string, readonly TraceAccuracyRow[]>): PlotFigure {
  const data = Object.entries(byWorkload).flatMap(([name, rows], i) => {
    const all = rows.filter((r) => r.group === "all");
    const base = all.find((r) => r.alpha === 0) ?? all[0];
    return [
      {
        type: "scatter",
        mode: "lines+markers",
        name: `${name}: mean wait`,
        x: all.map((r) => r.alpha),
        y: all.map((r) => r.meanWait / base.meanWait),
        line: { color: COLOURS[i % COLOURS.length] },
      },
      {
        type: "scatter",
        mode: "lines+markers",
        name: `${name}: mean bounded slowdown`,
        x: all.map((r) => r.alpha),
        y: all.map((r) => r.meanBsld / base.meanBsld),
        line: { color: COLOURS[i % COLOURS.length], dash: "dot" },
      },
    ];
  });
  return {
    data,
    layout: {
      title: { text: "Planned-time accuracy: schedule metrics relative to the users' requests (α = 0)" },
      xaxis: { title: { text: "α (0 = requested times, 1 = real run times)" } },
      yaxis: { title: { text: "relative to α = 0" } },
      height: 440,
    },
  };
}
