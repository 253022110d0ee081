/**
 * Plotly figures as plain JSON, shown so that they work everywhere a notebook is read:
 * - `application/vnd.plotly.v1+json`: JupyterLab with the Plotly extension draws it itself;
 * - `text/html`: a `<div>` plus a script that draws with `window.Plotly` (inlined once per
 *   notebook by {@link showPlotlyLibrary}), or queues the figure until Plotly arrives; after a
 *   headless run the div also holds a static PNG `<img>` for readers that run no scripts;
 * - `text/plain`: one line naming the figure.
 * The headless runner adds `image/png` to every plot output (rendered in Chromium).
 * plotly.js itself cannot be imported in the kernel (it is a browser bundle), so only its types are.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import type { Config, Data, Layout } from "plotly.js-dist-min";
import { type MimeBundle, sendBundle } from "./display-sink";

/** The MIME type of a Plotly figure. */
export const PLOTLY_MIME = "application/vnd.plotly.v1+json";

/** Output metadata key marking the one output that inlines plotly.js. */
export const PLOTLY_LIBRARY_MARK = "schedgame-plotly-library";

/** Plotly's default trace colours, in its order. */
export const PLOTLY_COLOURS: readonly string[] = Object.freeze([
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#d62728",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#7f7f7f",
  "#bcbd22",
  "#17becf",
]);

/** A Plotly figure as JSON: traces, layout and config. */
export interface PlotFigure {
  data: Partial<Data>[] | Record<string, unknown>[];
  layout?: Partial<Layout> | Record<string, unknown>;
  config?: Partial<Config> | Record<string, unknown>;
}

/** Static image size used for PNG exports when the layout gives none, in CSS pixels. */
export const DEFAULT_PLOT_SIZE = { width: 900, height: 500 } as const;

function escapeScriptJson(json: string): string {
  return json
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A short stable key for a figure: the first 12 hex digits of the SHA-1 of its JSON. */
export function figureKey(fig: PlotFigure): string {
  return createHash("sha1").update(JSON.stringify(fig)).digest("hex").slice(0, 12);
}

function checkFigure(fig: PlotFigure): void {
  if (!fig || typeof fig !== "object" || !Array.isArray(fig.data)) {
    throw new Error(
      `invalid figure: ${JSON.stringify(fig)?.slice(0, 80)}; expected {data: [...], layout?, config?}`,
    );
  }
}

/**
 * The `text/html` form of a figure: a div (holding a PNG fallback when given) and a script that
 * draws into every not-yet-drawn div of this figure once `window.Plotly` exists.
 * @param fig the figure
 * @param pngBase64 optional PNG (base64, no data: prefix) shown until (or instead of) the interactive plot
 */
export function plotHtml(fig: PlotFigure, pngBase64?: string): string {
  checkFigure(fig);
  const key = figureKey(fig);
  const img = pngBase64
    ? `<img alt="plot" style="max-width:100%" src="data:image/png;base64,${pngBase64}"/>`
    : "";
  const json = escapeScriptJson(
    JSON.stringify({
      data: fig.data,
      layout: fig.layout ?? {},
      config: { responsive: true, ...(fig.config ?? {}) },
    }),
  );
  return (
    `<div class="schedgame-plot" data-sg-plot="${key}">${img}</div>\n` +
    `<script type="text/javascript">(function(){var f=${json};` +
    `function draw(){document.querySelectorAll('[data-sg-plot="${key}"]:not([data-sg-drawn])').forEach(function(d){` +
    `d.setAttribute('data-sg-drawn','1');d.innerHTML='';window.Plotly.newPlot(d,f.data,f.layout,f.config);});}` +
    `if(window.Plotly){draw();}else{(window.__plotlyQueue=window.__plotlyQueue||[]).push(draw);}})();</script>`
  );
}

/** A one-line text summary of a figure, for plain-text viewers. */
export function plotText(fig: PlotFigure): string {
  const layout = (fig.layout ?? {}) as { title?: unknown };
  const title =
    typeof layout.title === "string" ? layout.title : (layout.title as { text?: string } | undefined)?.text;
  return `<Plotly figure${title ? ` "${title}"` : ""}: ${fig.data.length} trace(s)>`;
}

/** The MIME bundle of a figure (without the PNG, which the headless runner adds). */
export function plotBundle(fig: PlotFigure): MimeBundle {
  checkFigure(fig);
  return {
    [PLOTLY_MIME]: { data: fig.data, layout: fig.layout ?? {}, config: fig.config ?? {} },
    "text/html": plotHtml(fig),
    "text/plain": plotText(fig),
  };
}

/**
 * Shows a figure in the notebook (interactive in JupyterLab 4, Notebook 6 and the HTML report).
 * Call {@link showPlotlyLibrary} once per notebook first (the `setupNotebook` helper does).
 */
export function showPlot(fig: PlotFigure): void {
  sendBundle(plotBundle(fig));
}

/** The path of the plotly.js browser bundle that ships with the project. */
export function plotlyLibraryPath(root = process.cwd()): string {
  return createRequire(path.join(root, "noop.js")).resolve("plotly.js-dist-min/plotly.min.js");
}

/**
 * The bundle that inlines the whole of plotly.js and draws every queued figure. Needed by
 * Notebook 6 and by JupyterLab without the Plotly extension; the headless runner removes it from
 * executed notebooks (the HTML report loads plotly.js once per page instead).
 */
export function plotlyLibraryBundle(root = process.cwd()): MimeBundle {
  const lib = fs.readFileSync(plotlyLibraryPath(root), "utf8");
  const html =
    // the queue is an array until plotly.js first loads, then an object that draws at once; a second
    // notebook in the same page (JupyterLab tabs) loads the library again and finds the object
    `<script type="text/javascript">${lib}\n;(function(){var q=window.__plotlyQueue;` +
    `window.__plotlyQueue={push:function(f){f();}};if(Array.isArray(q))q.forEach(function(f){f();});})();</script>`;
  return { "text/html": html, "text/plain": "<plotly.js loaded>" };
}

/** Sends the plotly.js library to the front end (once per notebook, before the first plot). */
export function showPlotlyLibrary(root = process.cwd()): void {
  sendBundle(plotlyLibraryBundle(root), { [PLOTLY_LIBRARY_MARK]: true });
}
