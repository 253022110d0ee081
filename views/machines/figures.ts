/**
 * Notebook 15's figure: per machine, the mean PoA against a feature of its job distribution (thesis
 * Section 8, first item), with the thesis's mean PoA (MareNostrum4, its ordinary samples) dashed.
 */
import { ciText } from "../display/format";
import type { PlotFigure } from "../display/plot";
import { meanInterval } from "../../lib/util/interval";
import { thesisOrdinaryPoa } from "../../lib/sim/thesis-poa";
import type { RealMachineRow } from "../../lib/machines/real-machines";

/**
 * Per source: the mean PoA against a job-distribution feature (one point per source, 95% CI bars,
 * labelled with the log's name without its year and version), on a log PoA axis.
 * @param root project root (the thesis's Table 28). Defaults to the working directory.
 */
export function poaFeatureFigure(
  rows: readonly RealMachineRow[],
  feature: "plannedMedianNodeWeighted" | "meanWidth" | "plannedOverReal",
  label: string,
  root = process.cwd(),
): PlotFigure {
  const thesis = meanInterval(thesisOrdinaryPoa(root)).mean;
  const sources = [...new Set(rows.map((r) => r.source))];
  const pts = sources.map((s) => {
    const ord = rows.filter((r) => r.source === s && !r.special);
    return { s, x: meanInterval(ord.map((r) => r[feature])).mean, y: meanInterval(ord.map((r) => r.PoA)) };
  });
  return {
    data: [
      {
        type: "scatter",
        mode: "markers+text",
        x: pts.map((p) => p.x),
        y: pts.map((p) => p.y.mean),
        text: pts.map((p) => p.s.replace(/-(19|20)\d\d(-.*)?$/, "")),
        hovertext: pts.map((p) => `${p.s}: PoA ${ciText(p.y, 2)}`),
        hoverinfo: "text",
        cliponaxis: false,
        textposition: "top center",
        error_y: {
          type: "data",
          symmetric: false,
          array: pts.map((p) => p.y.high - p.y.mean),
          arrayminus: pts.map((p) => p.y.mean - p.y.low),
          visible: true,
        },
        name: "machines",
      },
      {
        type: "scatter",
        mode: "lines",
        x: [Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x))],
        y: [thesis, thesis],
        line: { dash: "dash", color: "#888" },
        name: `thesis (MareNostrum4) ${thesis.toFixed(2)}`,
      },
    ],
    layout: {
      title: { text: `Mean PoA (95% CI) against ${label}` },
      xaxis: { title: { text: label }, type: feature === "plannedMedianNodeWeighted" ? "log" : "linear" },
      // PoA is a ratio ≥ 1 whose machine means span an order of magnitude: a log axis keeps 1.5 and 13 readable
      yaxis: { title: { text: "PoA = TV_1B / TV_sim (ratio, log scale)" }, type: "log" },
      height: 460,
    },
  };
}
