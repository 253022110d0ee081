/**
 * Figures a reader compares side by side — ours above the thesis's — drawn on one value axis: each
 * figure's (lower) value axis gets the range that holds every figure's values, so equal heights mean
 * equal values across them. A figure whose value axis is broken (views/display/broken-axis.ts) keeps
 * its upper panel; its lower panel takes the shared range.
 */
import type { PlotFigure } from "./plot";

/** The extent of a figure's values on its lower value axis (`y`): its given range, else its traces' values from 0. */
function extent(fig: PlotFigure): [number, number] {
  const layout = (fig.layout ?? {}) as Record<string, unknown>;
  const given = ((layout.yaxis ?? {}) as { range?: unknown }).range;
  if (Array.isArray(given) && given.length === 2 && given.every((v) => typeof v === "number"))
    return [given[0] as number, given[1] as number];
  const ys = (fig.data as Record<string, unknown>[])
    .filter((t) => t.yaxis === undefined || t.yaxis === "y")
    .flatMap((t) => (Array.isArray(t.y) ? (t.y as unknown[]) : []))
    .filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  return ys.length ? [Math.min(0, ...ys), Math.max(...ys)] : [0, 1];
}

/**
 * The figures with one shared range on their lower value axis (module comment), 5% of headroom
 * above the highest value.
 */
export function onOneValueAxis(figures: readonly PlotFigure[]): PlotFigure[] {
  const ends = figures.map(extent);
  const lo = Math.min(...ends.map((e) => e[0]));
  const hi = Math.max(...ends.map((e) => e[1]));
  const range = [lo < 0 ? lo * 1.05 : lo, hi * 1.05];
  return figures.map((fig) => {
    const layout = (fig.layout ?? {}) as Record<string, unknown>;
    const yaxis = (layout.yaxis ?? {}) as Record<string, unknown>;
    return { ...fig, layout: { ...layout, yaxis: { ...yaxis, range, autorange: false } } };
  });
}
