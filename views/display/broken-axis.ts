/**
 * A value axis broken above the ordinary bars, so that one bar far above the rest (thesis Figure
 * 19's sample_9 under 3B) neither flattens the others nor is cut off: the lower panel spans the
 * ordinary bars, a short upper panel above a gap spans the outliers at their true heights, and each
 * outlier bar is labelled with its value.
 */
import { localeNumber } from "./format";
import { finiteNumber } from "../../lib/util/options";
import { PLOTLY_COLOURS, type PlotFigure } from "./plot";

/** Options of {@link outlierSplit}. */
export interface OutlierOptions {
  /** The outliers' smallest value is at least this many times the rest's largest. Defaults to 2. */
  ratio?: number;
  /** At most this share of the values (and at least one) are outliers. Defaults to 0.05. */
  maxShare?: number;
}

/** The outliers among some values and the largest of the rest. */
export interface OutlierSplit {
  /** Indices (into the values) of the outliers. */
  outliers: number[];
  /** The largest value that is not an outlier. */
  restMax: number;
}

/**
 * The rule: sort the finite values from the largest down; the top k (1 ≤ k ≤ max(1, ⌊maxShare·n⌋))
 * are outliers for the smallest such k whose k-th value is at least `ratio` times the (k+1)-th,
 * which must be positive. Undefined when no k qualifies (then the axis needs no break).
 */
export function outlierSplit(
  values: readonly (number | null)[],
  options: OutlierOptions = {},
): OutlierSplit | undefined {
  const ratio = finiteNumber(options.ratio ?? 2, "ratio", 1);
  const maxShare = finiteNumber(options.maxShare ?? 0.05, "maxShare", 0, 1);
  const idx = values
    .map((v, i) => i)
    .filter((i) => typeof values[i] === "number" && Number.isFinite(values[i]))
    .sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  const v = (k: number) => values[idx[k]] as number;
  const kMax = Math.min(Math.max(1, Math.floor(maxShare * idx.length)), idx.length - 1);
  for (let k = 1; k <= kMax; k++) {
    if (v(k) > 0 && v(k - 1) >= ratio * v(k)) return { outliers: idx.slice(0, k), restMax: v(k) };
  }
  return undefined;
}

/**
 * A bar figure (every trace a `bar` with a numeric `y`, on the axes `x` and `y`) with its value axis
 * broken by {@link outlierSplit} over all its bars: unchanged when there are no outliers; otherwise
 * the lower panel (`yaxis`) spans the ordinary bars, the upper panel (`yaxis2`) the outliers, every
 * trace is drawn in both, and the outlier bars carry their values.
 */
export function withBrokenValueAxis(fig: PlotFigure, options: OutlierOptions = {}): PlotFigure {
  const traces = fig.data as Record<string, unknown>[];
  const ys = traces.map((t) => (Array.isArray(t.y) ? (t.y as (number | null)[]) : []));
  const flat = ys.flat();
  const split = outlierSplit(flat, options);
  if (!split) return fig;
  const isOut = new Set(split.outliers);
  const outValues = split.outliers.map((i) => flat[i] as number);
  const lowest = Math.min(0, ...flat.filter((y): y is number => typeof y === "number" && Number.isFinite(y)));
  const hi = Math.max(...outValues);
  const lo = Math.min(...outValues);
  const top = split.restMax * 1.08;
  // values as labels: thousands separators, no decimals from 100 up
  const digits = (x: number) => ({ max: Math.abs(x) >= 100 ? 0 : 2 });
  let offset = 0;
  const labels = ys.map((y) => {
    const text = y.map((value, j) =>
      isOut.has(offset + j) ? localeNumber(value as number, digits(value as number)) : "",
    );
    offset += y.length;
    return text;
  });
  // both copies of a trace get its colour (Plotly would colour the copies as new traces)
  const coloured = traces.map((t, k) => {
    const marker = (t.marker ?? {}) as Record<string, unknown>;
    return { ...t, marker: { ...marker, color: marker.color ?? PLOTLY_COLOURS[k % PLOTLY_COLOURS.length] } };
  });
  const layout = (fig.layout ?? {}) as Record<string, unknown>;
  const yaxis = (layout.yaxis ?? {}) as Record<string, unknown>;
  const gap = [0.76, 0.82];
  const mark = (y: number) => ({
    type: "line",
    xref: "paper",
    yref: "paper",
    x0: -0.012,
    x1: 0.012,
    y0: y - 0.008,
    y1: y + 0.008,
    line: { color: "#444", width: 1 },
  });
  return {
    ...fig,
    data: [
      ...coloured,
      ...coloured.map((t, k) => ({
        ...t,
        yaxis: "y2",
        showlegend: false,
        text: labels[k],
        textposition: "outside",
        constraintext: "none",
        cliponaxis: false,
      })),
    ],
    layout: {
      ...layout,
      yaxis: { ...yaxis, domain: [0, gap[0]], range: [lowest * 1.05, top] },
      yaxis2: { domain: [gap[1], 1], range: [lo - 0.12 * hi, hi * 1.2], anchor: "x", nticks: 3 },
      shapes: [...((layout.shapes as unknown[]) ?? []), mark(gap[0]), mark(gap[1])],
      annotations: [
        ...((layout.annotations as unknown[]) ?? []),
        {
          xref: "paper",
          yref: "paper",
          x: 1,
          y: (gap[0] + gap[1]) / 2,
          xanchor: "right",
          showarrow: false,
          font: { size: 11, color: "#444" },
          text: `axis broken above ${localeNumber(top, digits(top))}`,
        },
      ],
    },
  };
}
