/**
 * Figures for notebook 01 (thesis Section 2, LEVEL_BASED post), as Plotly JSON: the association
 * tree (Figure 1), F = 2^(−U/S) heatmaps before/after the [0.1, 1] interpolation, F against U for
 * tiny shares, fair-share factors across algorithms, and a job's priority breakdown.
 */
import type { PlotFigure } from "../display/plot";
import { invalidArgument } from "../../lib/util/errors";
import type { AssociationTree } from "../../lib/slurm/associations";
import type { FairShareResult } from "../../lib/slurm/fair-tree";
import { interpolatedShares } from "../../lib/slurm/level-based";
import type { PriorityBreakdown } from "../../lib/slurm/multifactor";
import type { UsageTimelineRow } from "../../lib/slurm/usage-timeline";

/** A node-link drawing of the tree (root on top, leaves spread evenly), labels on the nodes. */
export function associationTreeFigure(tree: AssociationTree, title = "Association tree"): PlotFigure {
  const x = new Map<string, number>();
  let leaf = 0;
  const place = (name: string): number => {
    const kids = tree.nodes.get(name)!.children;
    const v = kids.length === 0 ? leaf++ : kids.map(place).reduce((a, b) => a + b, 0) / kids.length;
    x.set(name, v);
    return v;
  };
  place(tree.root);
  const ex: (number | null)[] = [],
    ey: (number | null)[] = [];
  for (const name of tree.order) {
    const node = tree.nodes.get(name)!;
    if (node.parent === null) continue;
    ex.push(x.get(node.parent)!, x.get(name)!, null);
    ey.push(-node.depth + 1, -node.depth, null);
  }
  const trace = (kind: "account" | "user") => {
    const names = tree.order.filter((n) => tree.nodes.get(n)!.kind === kind);
    return {
      type: "scatter",
      mode: "markers+text",
      name: kind === "account" ? "accounts" : "users",
      x: names.map((n) => x.get(n)!),
      y: names.map((n) => -tree.nodes.get(n)!.depth),
      text: names,
      textposition: kind === "account" ? "top center" : "bottom center",
      marker: { size: 14, symbol: kind === "account" ? "square" : "circle" },
    };
  };
  return {
    data: [
      {
        type: "scatter",
        mode: "lines",
        x: ex,
        y: ey,
        line: { color: "#999" },
        hoverinfo: "skip",
        showlegend: false,
      },
      trace("account"),
      trace("user"),
    ],
    layout: {
      title: { text: title },
      xaxis: { visible: false },
      yaxis: {
        visible: false,
        range: [-Math.max(...tree.order.map((n) => tree.nodes.get(n)!.depth)) - 0.6, 0.5],
      },
      height: 420,
    },
  };
}

/** F = 2^(−U/S) on a grid: z[i][j] for S = sValues[i], U = uValues[j] (S′ = 0.1 + 0.9·S when interpolating). */
export function fairShareGrid(
  uValues: readonly number[],
  sValues: readonly number[],
  interpolate: boolean,
): number[][] {
  return sValues.map((s) => {
    if (!(s >= 0 && s <= 1)) throw invalidArgument("S", s, "a number in [0, 1]");
    const S = interpolate ? interpolatedShares(s) : s;
    return uValues.map((u) => (S > 0 ? Math.pow(2, -u / S) : 0));
  });
}

/** Two heatmaps of F over U and S in [0, 1]: classic S (left) and S interpolated to [0.1, 1] (right). */
export function sharesInterpolationFigure(steps = 41): PlotFigure {
  const grid = Array.from({ length: steps }, (_, i) => i / (steps - 1));
  const s = grid.map((v) => Math.max(v, 1e-4));
  const heat = (z: number[][], axis: string, showscale: boolean) => ({
    type: "heatmap",
    x: grid,
    y: grid,
    z,
    xaxis: `x${axis}`,
    yaxis: `y${axis}`,
    zmin: 0,
    zmax: 1,
    colorscale: "Viridis",
    showscale,
    colorbar: { title: { text: "F" } },
  });
  return {
    data: [heat(fairShareGrid(grid, s, false), "", false), heat(fairShareGrid(grid, s, true), "2", true)],
    layout: {
      title: { text: "F = 2^(−U/S): S in [0, 1] (left) vs S interpolated to [0.1, 1] (right)" },
      grid: { rows: 1, columns: 2, pattern: "independent" },
      xaxis: { title: { text: "U (share of the parent's usage)" } },
      yaxis: { title: { text: "S (share of the parent's shares)" } },
      xaxis2: { title: { text: "U (share of the parent's usage)" } },
      yaxis2: { title: { text: "S before interpolation" } },
      height: 450,
    },
  };
}

/** F = 2^(−U/S) against U for a few (tiny) share values, e.g. 1/150 and 1/6000, with and without interpolation. */
export function sharesAsymptoteFigure(shares: readonly number[], steps = 201): PlotFigure {
  const u = Array.from({ length: steps }, (_, i) => i / (steps - 1));
  const data = shares.flatMap((s) => [
    {
      type: "scatter",
      mode: "lines",
      name: `S = ${s.toPrecision(3)}`,
      x: u,
      y: fairShareGrid(u, [s], false)[0],
    },
    {
      type: "scatter",
      mode: "lines",
      line: { dash: "dash" },
      name: `S′ = ${interpolatedShares(s).toPrecision(3)} (interpolated)`,
      x: u,
      y: fairShareGrid(u, [s], true)[0],
    },
  ]);
  return {
    data,
    layout: {
      title: { text: "Of shares and asymptotes: F = 2^(−U/S) for tiny S" },
      xaxis: { title: { text: "U (share of the parent's usage)" } },
      yaxis: { title: { text: "F = 2^(−U/S)" }, range: [0, 1.02] },
      height: 420,
    },
  };
}

/** Grouped bars: each user's fair-share factor under each algorithm. */
export function fairShareComparisonFigure(
  tree: AssociationTree,
  results: readonly FairShareResult[],
  title = "Fair-share factor by algorithm",
): PlotFigure {
  return {
    data: results.map((r) => ({
      type: "bar",
      name: r.algorithm,
      x: tree.users.slice(),
      y: tree.users.map((u) => r.factors.get(u)!),
    })),
    layout: {
      title: { text: title },
      barmode: "group",
      yaxis: { title: { text: "fair-share factor" }, range: [0, 1.05] },
      height: 420,
    },
  };
}

/** Scatter of users' order positions: x under `reference`, y under each other algorithm (the diagonal = same order). */
export function rankAgreementFigure(
  reference: FairShareResult,
  others: readonly FairShareResult[],
  title = "User order: algorithm vs reference",
): PlotFigure {
  const refPos = new Map(reference.ranking.map((u, i) => [u, i + 1]));
  const n = reference.ranking.length;
  return {
    data: [
      {
        type: "scatter",
        mode: "lines",
        name: "same order",
        x: [1, n],
        y: [1, n],
        line: { color: "#bbb", dash: "dot" },
      },
      ...others.map((r) => ({
        type: "scatter",
        mode: "markers",
        name: r.algorithm,
        x: r.ranking.map((u) => refPos.get(u)!),
        y: r.ranking.map((_, i) => i + 1),
        text: r.ranking.slice(),
      })),
    ],
    layout: {
      title: { text: title },
      xaxis: { title: { text: `position under ${reference.algorithm}` } },
      yaxis: { title: { text: "position under the other algorithm" } },
      height: 450,
    },
  };
}

/** Stacked bars of the weighted priority factors per job (what `sprio` lists), log-scale optional. */
export function priorityBreakdownFigure(
  breakdowns: readonly PriorityBreakdown[],
  title = "Job priority by factor",
): PlotFigure {
  const keys = ["qos", "age", "jobSize", "fairShare", "partition"] as const;
  return {
    data: keys.map((k) => ({
      type: "bar",
      name: k,
      x: breakdowns.map((b) => b.id),
      y: breakdowns.map((b) => b.weighted[k]),
    })),
    layout: {
      title: { text: title },
      barmode: "stack",
      yaxis: { title: { text: "weighted factor (priority points)" } },
      height: 420,
    },
  };
}

/** Lines per user over days: own usage (CPU·s) or Fair Tree factor, from {@link usageTimeline} rows. */
export function usageTimelineFigure(
  rows: readonly UsageTimelineRow[],
  metric: "usage" | "factor",
  title?: string,
): PlotFigure {
  const users = [...new Set(rows.map((r) => r.user))];
  return {
    data: users.map((u) => {
      const mine = rows.filter((r) => r.user === u);
      return {
        type: "scatter",
        mode: "lines+markers",
        name: u,
        x: mine.map((r) => r.day),
        y: mine.map((r) => r[metric]),
        line: { shape: metric === "factor" ? "hv" : "linear" },
      };
    }),
    layout: {
      title: { text: title ?? (metric === "usage" ? "Decayed usage per user" : "Fair Tree factor per user") },
      xaxis: { title: { text: "time (days)" } },
      yaxis: { title: { text: metric === "usage" ? "own usage (CPU·s)" : "fair-share factor" } },
      height: 400,
    },
  };
}
