/**
 * Figures of notebook 12 as Plotly JSON: operator curves, input density (Fig. 8), local density
 * heat maps (Figs. 12–13), operator profiles (Figs. 10–11) and job-size heat maps (Figs. 14–16,
 * logarithmic colour capped at 10,000 h), and Figs. 6–7 for one operator.
 */
import { PLOTLY_COLOURS, type PlotFigure } from "../display/plot";
import { type InputDensity, type OperatorProfile, localDensities } from "../../lib/operators/density";
import type { JobSizeRow } from "../../lib/operators/job-size-analysis";
import type { PriorityOperator } from "../../lib/operators/operator";
import { effectivePriority, resolutionOfBits } from "../../lib/operators/resolution";

// the first nine of Plotly's colours: a tenth line starts the cycle again
const COLOURS = PLOTLY_COLOURS.slice(0, 9);
const HEAT = "YlOrRd";

/** F(t, s) over s ∈ [0, 1] for each operator at each target (one panel line per operator × target). */
export function operatorCurvesFigure(
  ops: readonly PriorityOperator[],
  targets: readonly number[],
  points = 201,
): PlotFigure {
  const s = Array.from({ length: points }, (_, i) => i / (points - 1));
  const data = ops.flatMap((op, i) =>
    targets.map((t, j) => ({
      type: "scatter",
      mode: "lines",
      x: s,
      y: s.map((x) => op.value(t, x)),
      name: `${op.name}, t=${t}`,
      legendgroup: op.name,
      showlegend: j === 0,
      line: { color: COLOURS[i % COLOURS.length], dash: ["solid", "dash", "dot", "dashdot"][j % 4] },
    })),
  );
  return {
    data,
    layout: {
      title: { text: `Operators F(t, s) at targets ${targets.join(", ")}` },
      xaxis: { title: { text: "state s" } },
      yaxis: { title: { text: "priority F(t, s)" }, range: [-1.05, 1.05] },
      height: 480,
    },
  };
}

function levelLabels(levels: readonly number[]): string[] {
  return levels.map((p) => (Math.round(p * 1e6) / 1e6).toString());
}

/** Fig. 8: input density heat map, operators × priority levels. */
export function inputDensityHeatmap(densities: readonly InputDensity[], bits: number): PlotFigure {
  const levels = densities[0]?.levels ?? [];
  return {
    data: [
      {
        type: "heatmap",
        x: levelLabels(levels),
        y: densities.map((d) => d.operator),
        z: densities.map((d) => d.density),
        colorscale: HEAT,
        reversescale: true,
        colorbar: { title: { text: "share of (t, s)" } },
        hovertemplate: "%{y}, p=%{x}: %{z:.4f}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `Input density, ${bits} bits (${2 ** bits} levels)` },
      xaxis: { title: { text: "effective priority p" }, type: "category" },
      height: 420,
      margin: { l: 110 },
    },
  };
}

/** Figs. 12–13: local density D(F, p, t, r) heat map at one target, operators × levels. */
export function localDensityHeatmap(
  ops: readonly PriorityOperator[],
  target: number,
  bits: number,
): PlotFigure {
  const r = resolutionOfBits(bits);
  const levels = Array.from({ length: r }, (_, i) => -1 + (2 * i) / r);
  const z = ops.map((op) => Array.from(localDensities(op, target, r)).map((d) => (d > 0 ? d : null)));
  return {
    data: [
      {
        type: "heatmap",
        x: levelLabels(levels),
        y: ops.map((o) => o.name),
        z,
        colorscale: HEAT,
        reversescale: true,
        colorbar: { title: { text: "D (state)" } },
        hovertemplate: "%{y}, p=%{x}: %{z:.4f}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `Input local density, ${bits} bits, target ${target} (blank: level unreachable)` },
      xaxis: { title: { text: "effective priority p" }, type: "category" },
      height: 420,
      margin: { l: 110 },
    },
  };
}

/**
 * Figs. 10–11: operator profiles — each operator's curve F(t, s) (state on x, priority on y) and,
 * per level, a horizontal bar of its local density (normalised state units, same x axis).
 */
export function operatorProfileFigure(profiles: readonly OperatorProfile[]): PlotFigure {
  const n = profiles.length;
  const levels = profiles[0]?.levels ?? [];
  const step = levels.length > 1 ? levels[1] - levels[0] : 2;
  const data: Record<string, unknown>[] = [];
  profiles.forEach((p, i) => {
    const colour = COLOURS[i % COLOURS.length];
    data.push({
      type: "scatter",
      mode: "lines",
      x: p.states,
      y: p.values,
      name: p.operator,
      legendgroup: p.operator,
      line: { color: colour },
    });
    data.push({
      type: "bar",
      orientation: "h",
      x: p.density,
      y: p.levels.map((l) => l + (step * (i + 0.5)) / n),
      width: (step / n) * 0.9,
      name: `${p.operator} density`,
      legendgroup: p.operator,
      showlegend: false,
      marker: { color: colour, opacity: 0.45 },
      hovertemplate: `${p.operator}: D=%{x:.4f}<extra></extra>`,
    });
  });
  const t = profiles[0]?.target;
  return {
    data,
    layout: {
      title: { text: `Operator profiles, ${Math.log2(levels.length)} bits, target ${t}` },
      barmode: "overlay",
      xaxis: { title: { text: "state s / local density (state units)" }, range: [0, 1] },
      yaxis: { title: { text: "priority" }, range: [-1, 1], dtick: step },
      height: 560,
    },
  };
}

/**
 * Figs. 14–16: job size (node·hours) to change the effective priority, operators × resolution
 * bits, for one context; colour is log10 of the size clamped to [1 h, `capHours`] (default 10,000 h),
 * darker/redder for bigger jobs as in the paper.
 */
export function jobSizeHeatmap(
  rows: readonly JobSizeRow[],
  context: string,
  title: string,
  capHours = 10000,
): PlotFigure {
  const sel = rows.filter((r) => r.context === context);
  const ops = [...new Set(sel.map((r) => r.operator))];
  const bits = [...new Set(sel.map((r) => r.bits))].sort((a, b) => a - b);
  const cell = (op: string, b: number) => sel.find((r) => r.operator === op && r.bits === b);
  const z = ops.map((op) =>
    bits.map((b) => {
      const v = cell(op, b)?.jobHours ?? NaN;
      return Number.isNaN(v) ? null : Math.log10(Math.max(1, Math.min(capHours, v)));
    }),
  );
  const text = ops.map((op) =>
    bits.map((b) => {
      const v = cell(op, b)?.jobHours ?? NaN;
      return Number.isNaN(v) ? "no cell" : v === Infinity ? "∞ h" : `${v.toPrecision(3)} h`;
    }),
  );
  const maxExp = Math.ceil(Math.log10(capHours));
  const ticks = Array.from({ length: maxExp + 1 }, (_, i) => i);
  return {
    data: [
      {
        type: "heatmap",
        x: bits,
        y: ops,
        z,
        text,
        zmin: 0,
        zmax: Math.log10(capHours),
        colorscale: HEAT,
        reversescale: true,
        hovertemplate: "%{y}, %{x} bits: %{text}<extra></extra>",
        colorbar: {
          title: { text: "job size (h)" },
          tickvals: ticks,
          ticktext: ticks.map((e) => (e === maxExp ? `≥${capHours}` : e === 0 ? "≤1" : `${10 ** e}`)),
        },
      },
    ],
    layout: {
      title: { text: title },
      xaxis: { title: { text: "resolution (bits)" }, dtick: 1 },
      height: 420,
      margin: { l: 110 },
    },
  };
}

/**
 * Fig. 9: one operator's local densities at several targets (rows) per level — the per-target
 * view that the aggregated input density (Fig. 8) averages away.
 */
export function localDensityByTargetHeatmap(
  op: PriorityOperator,
  targets: readonly number[],
  bits: number,
): PlotFigure {
  const r = resolutionOfBits(bits);
  const levels = Array.from({ length: r }, (_, i) => -1 + (2 * i) / r);
  const z = targets.map((t) => Array.from(localDensities(op, t, r)).map((d) => (d > 0 ? d : null)));
  return {
    data: [
      {
        type: "heatmap",
        x: levelLabels(levels),
        y: targets.map((t) => `t=${t}`),
        z,
        colorscale: HEAT,
        reversescale: true,
        colorbar: { title: { text: "D (state)" } },
        hovertemplate: "%{y}, p=%{x}: %{z:.4f}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `${op.name}: input local density per target, ${bits} bits (blank: level unreachable)` },
      xaxis: { title: { text: "effective priority p" }, type: "category" },
      height: 460,
    },
  };
}

/**
 * Fig. 6: the effective priority S(F(t, s), r) of one operator over the input square as a 3-D
 * surface: each level is a flat terrace whose area is that level's input density (Fig. 7).
 */
export function effectivePrioritySurface(op: PriorityOperator, bits: number, points = 81): PlotFigure {
  const r = resolutionOfBits(bits);
  const grid = Array.from({ length: points }, (_, i) => i / (points - 1));
  const z = grid.map((s) => grid.map((t) => effectivePriority(op.value(t, s), r)));
  return {
    data: [
      {
        type: "surface",
        x: grid,
        y: grid,
        z,
        colorscale: HEAT,
        showscale: false,
        hovertemplate: "t=%{x:.3f}, s=%{y:.3f}: p=%{z}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `Fig. 6: effective priority of ${op.name}, ${bits} bits (${r} levels)` },
      scene: {
        xaxis: { title: { text: "target t" } },
        yaxis: { title: { text: "state s" } },
        zaxis: { title: { text: "effective priority" } },
      },
      height: 520,
    },
  };
}

/** Fig. 7: one operator's input density per level, as bars (one row of Fig. 8). */
export function inputDensityBars(density: InputDensity, bits: number): PlotFigure {
  return {
    data: [
      {
        type: "bar",
        x: levelLabels(density.levels),
        y: density.density,
        marker: { color: COLOURS[0] },
        hovertemplate: "p=%{x}: %{y:.4f}<extra></extra>",
      },
    ],
    layout: {
      title: { text: `Fig. 7: input density of ${density.operator}, ${bits} bits` },
      xaxis: { title: { text: "effective priority p" }, type: "category" },
      yaxis: { title: { text: "share of (t, s)" } },
      height: 380,
    },
  };
}
