/**
 * Figures of notebook 14 (seed 004) as Plotly JSON: Figure 1 (distribution of incomplete frames per
 * mechanism), Figure 2 (distribution of allocations at round 15), the evolved bid functions of
 * Section 5.1 (default, evolved best and the envelope of the final population) and the GA's progress.
 */
import { invalidArgument } from "../../lib/util/errors";
import { meanInterval } from "../../lib/util/interval";
import { quantileSorted } from "../../lib/util/stats";

const meanCi95 = (v: number[]) => (v.length ? meanInterval(v) : { mean: NaN, low: NaN, high: NaN });
import type { PlotFigure } from "../display/plot";
import type { GeneticResult } from "../../lib/auction/genetic";
import type { AuctionSweepRow } from "../../lib/auction/robustness";
import type { AuctionMechanism, AuctionRun } from "../../lib/auction/simulator";
import { allocationsAt, incompleteFrames } from "../../lib/auction/statistics";
import {
  DEFAULT_GV_COEFFICIENTS,
  DEFAULT_PS_COEFFICIENTS,
  rationalPolynomial,
} from "../../lib/auction/strategies";
import type { RunsByMechanism } from "./tables";

const COLOURS: Record<AuctionMechanism, string> = { fs: "#7f7f7f", ps: "#1f77b4", gv: "#d62728" };
const NAMES: Record<AuctionMechanism, string> = {
  fs: "FS (fair share)",
  ps: "PS (proportional share)",
  gv: "GV (generalized Vickrey)",
};

function present(runs: RunsByMechanism): AuctionMechanism[] {
  const m = (["fs", "ps", "gv"] as const).filter((k) => runs[k] !== undefined);
  if (m.length === 0) throw invalidArgument("runs", runs, "runs of at least one of fs, ps, gv");
  return m;
}

/** Percentage of values equal to each integer 0 … max. */
function distribution(values: readonly number[], max: number): number[] {
  const counts = new Array<number>(max + 1).fill(0);
  for (const v of values) counts[v]++;
  return counts.map((c) => (values.length ? (100 * c) / values.length : 0));
}

/** Seed Figure 1: share of jobs by number of incomplete frames, one bar series per mechanism. */
export function incompleteFramesFigure(runs: RunsByMechanism): PlotFigure {
  const mechs = present(runs);
  const values = mechs.map((m) => incompleteFrames(runs[m] as AuctionRun[]));
  const max = Math.max(0, ...values.flat());
  const x = Array.from({ length: max + 1 }, (_, i) => i);
  return {
    data: mechs.map((m, i) => ({
      type: "bar",
      x,
      y: distribution(values[i], max),
      name: NAMES[m],
      marker: { color: COLOURS[m] },
      hovertemplate: `${m.toUpperCase()}: %{x} incomplete: %{y:.1f}%<extra></extra>`,
    })),
    layout: {
      title: { text: "Figure 1: distribution of the number of incomplete frames per job" },
      barmode: "group",
      xaxis: { title: { text: "incomplete frames at the deadline" } },
      yaxis: { title: { text: "% of jobs" } },
      height: 450,
    },
  };
}

/** Seed Figure 2: share of active jobs by servers held at round `t` (seed: 15), per mechanism. */
export function allocationAtFigure(runs: RunsByMechanism, t = 15): PlotFigure {
  const mechs = present(runs);
  const values = mechs.map((m) => allocationsAt(runs[m] as AuctionRun[], t));
  const max = Math.max(0, ...values.flat());
  const x = Array.from({ length: max + 1 }, (_, i) => i);
  return {
    data: mechs.map((m, i) => ({
      type: "bar",
      x,
      y: distribution(values[i], max),
      name: `${NAMES[m]} (n=${values[i].length})`,
      marker: { color: COLOURS[m] },
    })),
    layout: {
      title: { text: `Figure 2: distribution of resource allocation at time ${t}` },
      barmode: "group",
      xaxis: { title: { text: "servers allocated" }, dtick: 1 },
      yaxis: { title: { text: "% of active jobs" } },
      height: 450,
    },
  };
}

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
    const colour = COLOURS[r.mechanism];
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

/**
 * Mean incomplete frames per mechanism over the seeds of a sweep, with 95% CI error bars, one panel
 * group per GV bid-vector family and GA budget on the x axis (the paper's values as dashed lines).
 */
export function auctionSweepFigure(
  rows: readonly AuctionSweepRow[],
  paper?: { fs: number; ps: number; gv: number },
): PlotFigure {
  const budgets = [...new Set(rows.map((r) => r.budget))];
  const families = [...new Set(rows.map((r) => r.family))];
  const data = families.flatMap((family, fi) =>
    (["fs", "ps", "gv"] as const).map((m) => {
      const cis = budgets.map((b) =>
        meanCi95(
          rows
            .filter((r) => r.family === family && r.budget === b && r.mechanism === m)
            .map((r) => r.incompleteMean),
        ),
      );
      return {
        type: "scatter",
        mode: "markers+lines",
        name: `${m.toUpperCase()}, GV bids ${family}`,
        x: budgets,
        y: cis.map((c) => c.mean),
        error_y: {
          type: "data",
          symmetric: false,
          array: cis.map((c) => c.high - c.mean),
          arrayminus: cis.map((c) => c.mean - c.low),
          visible: true,
        },
        marker: { color: COLOURS[m], symbol: fi === 0 ? "circle" : "diamond" },
        line: { color: COLOURS[m], dash: fi === 0 ? "solid" : "dot" },
      };
    }),
  );
  const shapes = paper
    ? (["fs", "ps", "gv"] as const).map((m) => ({
        type: "line",
        xref: "paper",
        x0: 0,
        x1: 1,
        y0: paper[m],
        y1: paper[m],
        line: { color: COLOURS[m], dash: "dash", width: 1 },
      }))
    : [];
  return {
    data,
    layout: {
      title: { text: "Mean incomplete frames over seeds (95% CI) by GA budget; dashed: the paper's" },
      xaxis: { title: { text: "GA budget (generations × population × scenarios)" }, type: "category" },
      yaxis: { title: { text: "incomplete frames per job" } },
      shapes,
      height: 460,
    },
  };
}
