/**
 * Figures of notebook 14's genetic algorithm (seed 004, Section 5.1) as Plotly JSON: the evolved bid
 * functions (default, evolved best and the envelope of the final population) and the GA's progress
 * per generation.
 */
import { invalidArgument } from "../../lib/util/errors";
import { quantileSorted } from "../../lib/util/stats";
import type { PlotFigure } from "../display/plot";
import type { GeneticResult } from "../../lib/auction/genetic";
import {
  DEFAULT_GV_COEFFICIENTS,
  DEFAULT_PS_COEFFICIENTS,
  rationalPolynomial,
} from "../../lib/auction/strategies";
import { MECHANISM_COLOURS } from "./mechanism-colours";

/** Which function of a bid family to plot: PS b/B, or GV N_max/N, b_max/B, r. */
export type BidFunction = "b/B" | "N_max/N" | "b_max/B" | "r";

const OFFSET: Record<BidFunction, number> = { "b/B": 0, "N_max/N": 0, "b_max/B": 6, r: 12 };

/**
 * Section 5.1: an evolved bid function against d (rounds to the deadline) at a few times t: the
 * default strategy, the evolved best, and the envelope of the final population (pointwise quantiles
 * `band`, so that freshly mutated outliers do not hide it). b/B and b_max/B use a log axis (values below
 * 0.001 drawn at 0.001); N_max/N and r a linear one.
 * @param result a genetic run
 * @param fn the function: "b/B" for PS; "N_max/N", "b_max/B" or "r" for GV
 * @param times the rounds t at which to draw it. Defaults to [5, 20, 35].
 * @param maxD the largest d shown. Defaults to 40.
 * @param band the population quantiles drawn as the envelope. Defaults to [0.1, 0.9]; [0, 1] = min–max.
 */
export function bidFunctionFigure(
  result: GeneticResult,
  fn: BidFunction,
  times: readonly number[] = [5, 20, 35],
  maxD = 40,
  band: [number, number] = [0.1, 0.9],
): PlotFigure {
  if ((result.mechanism === "ps") !== (fn === "b/B"))
    throw invalidArgument(
      "fn",
      fn,
      result.mechanism === "ps" ? '"b/B" for a PS result' : '"N_max/N", "b_max/B" or "r" for a GV result',
    );
  const def = result.mechanism === "ps" ? DEFAULT_PS_COEFFICIENTS : DEFAULT_GV_COEFFICIENTS;
  const off = OFFSET[fn];
  const logY = fn === "b/B" || fn === "b_max/B";
  const clamp = (v: number) => (fn === "r" ? Math.min(1, Math.max(-1, v)) : Math.max(logY ? 1e-3 : 0, v));
  const d = Array.from({ length: maxD }, (_, i) => i + 1);
  const f = (c: readonly number[], t: number) => d.map((x) => clamp(rationalPolynomial(c, t, x, off)));
  const palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b"];
  const data: Record<string, unknown>[] = [];
  times.forEach((t, k) => {
    const colour = palette[k % palette.length];
    const curves = result.population.map((c) => f(c, t));
    const at = (i: number, p: number) =>
      quantileSorted(
        curves.map((y) => y[i]).sort((a, b) => a - b),
        p,
      );
    const lo = d.map((_, i) => at(i, band[0]));
    const hi = d.map((_, i) => at(i, band[1]));
    data.push({
      type: "scatter",
      mode: "lines",
      x: d,
      y: lo,
      line: { width: 0, color: colour },
      showlegend: false,
      hoverinfo: "skip",
      legendgroup: `t${t}`,
    });
    data.push({
      type: "scatter",
      mode: "lines",
      x: d,
      y: hi,
      fill: "tonexty",
      fillcolor: `${colour}33`,
      line: { width: 0, color: colour },
      name: `population ${Math.round(band[0] * 100)}–${Math.round(band[1] * 100)} %, t=${t}`,
      legendgroup: `t${t}`,
    });
    data.push({
      type: "scatter",
      mode: "lines",
      x: d,
      y: f(result.best, t),
      line: { color: colour, width: 2 },
      name: `evolved, t=${t}`,
      legendgroup: `t${t}`,
    });
    data.push({
      type: "scatter",
      mode: "lines",
      x: d,
      y: f(def, t),
      line: { color: colour, dash: "dash", width: 1 },
      name: `default, t=${t}`,
      legendgroup: `t${t}`,
    });
  });
  const market = result.mechanism === "ps" ? "PS" : "GV";
  return {
    data,
    layout: {
      title: { text: `Evolved ${market} bid function ${fn} against d (rounds to the deadline)` },
      xaxis: { title: { text: "d (rounds to the deadline)" } },
      yaxis: { title: { text: fn }, type: logY ? "log" : "linear" },
      height: 480,
    },
  };
}

/**
 * Score per generation of one or more genetic runs: the generation's best and mean on its own fresh
 * scenarios (against that generation's opponents), and, when given, each generation's best re-scored
 * on one fixed held-out set against the default strategy (heldOutScores), the comparable series.
 * @param heldOut per run, one held-out score per generation (same order as `results`). Defaults to none.
 */
export function geneticProgressFigure(
  results: readonly GeneticResult[],
  heldOut: readonly (readonly number[])[] = [],
): PlotFigure {
  if (heldOut.length > 0 && heldOut.length !== results.length)
    throw invalidArgument("heldOut", heldOut.length, `one series per run (${results.length})`);
  const data = results.flatMap((r, k) => {
    const m = r.mechanism.toUpperCase();
    const x = r.history.map((h) => h.generation);
    const colour = MECHANISM_COLOURS[r.mechanism];
    const traces: Record<string, unknown>[] = [
      {
        type: "scatter",
        mode: "lines+markers",
        x,
        y: r.history.map((h) => h.best),
        name: `${m} generation's best`,
        line: { color: colour },
      },
      {
        type: "scatter",
        mode: "lines",
        x,
        y: r.history.map((h) => h.mean),
        name: `${m} generation's mean`,
        line: { color: colour, dash: "dot" },
      },
    ];
    if (heldOut[k]) {
      if (heldOut[k].length !== x.length)
        throw invalidArgument(`heldOut[${k}]`, heldOut[k].length, `one score per generation (${x.length})`);
      traces.push({
        type: "scatter",
        mode: "lines+markers",
        x,
        y: heldOut[k].slice(),
        name: `${m} generation's best, held-out scenarios vs default`,
        line: { color: colour, dash: "dash" },
        marker: { symbol: "square" },
      });
    }
    return traces;
  });
  return {
    data,
    layout: {
      title: { text: "Genetic algorithm: score per generation (lower is better)" },
      xaxis: { title: { text: "generation" }, dtick: 1 },
      yaxis: { title: { text: "score: mean incomplete frames per job (frames)" }, rangemode: "tozero" },
      height: 420,
    },
  };
}
