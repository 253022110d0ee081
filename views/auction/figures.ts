/**
 * Figures of notebook 14 (seed 004) as Plotly JSON: Figure 1 (distribution of incomplete frames per
 * mechanism), Figure 2 (distribution of allocations at round 15) and the mean incomplete frames of a
 * sweep. The evolved bid functions of Section 5.1 and the GA's progress are in
 * views/auction/genetic-figures.ts.
 */
import { invalidArgument } from "../../lib/util/errors";
import { meanInterval } from "../../lib/util/interval";
import type { PlotFigure } from "../display/plot";
import type { AuctionSweepRow } from "../../lib/auction/robustness";
import type { AuctionMechanism, AuctionRun } from "../../lib/auction/simulator";
import { allocationsAt, incompleteFrames } from "../../lib/auction/statistics";
import type { RunsByMechanism } from "./tables";
import { MECHANISM_COLOURS } from "./mechanism-colours";

const meanCi95 = (v: number[]) => (v.length ? meanInterval(v) : { mean: NaN, low: NaN, high: NaN });

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
      marker: { color: MECHANISM_COLOURS[m] },
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
      marker: { color: MECHANISM_COLOURS[m] },
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
        marker: { color: MECHANISM_COLOURS[m], symbol: fi === 0 ? "circle" : "diamond" },
        line: { color: MECHANISM_COLOURS[m], dash: fi === 0 ? "solid" : "dot" },
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
        line: { color: MECHANISM_COLOURS[m], dash: "dash", width: 1 },
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
