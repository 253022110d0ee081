/**
 * Static PNG images of every Plotly output, rendered in headless Chromium (Debian `chromium`
 * driven by playwright-core; one browser for the whole run), so that viewers that run no scripts
 * (GitHub, untrusted notebooks) still see each figure. Each plot output gains `image/png`, and its
 * `text/html` div gains the same PNG as an `<img>` fallback.
 */
import * as fs from "node:fs";
import type { Notebook } from "./notebook";
import { DEFAULT_PLOT_SIZE, PLOTLY_MIME, type PlotFigure, plotHtml, plotlyLibraryPath } from "./plot";

/** Flags that keep Chromium off the network and quiet on this kind of machine. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium executable: `$CHROMIUM_PATH`, or the first of the usual Debian/Ubuntu paths that exists. */
export function findChromium(): string | undefined {
  const cands = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return cands.find((c): c is string => !!c && fs.existsSync(c));
}

/** What {@link addStaticImages} did. */
export interface StaticImageReport {
  /** Images rendered. */
  images: number;
  /** Why images were skipped (no Chromium, launch failure), when they were. */
  skipped?: string;
}

/**
 * Adds a PNG to every Plotly output of the notebooks, in place.
 * @param notebooks executed notebooks
 * @param root project root (to find plotly.js). Defaults to `process.cwd()`.
 * @param chromiumPath the browser executable. Defaults to {@link findChromium}().
 */
export async function addStaticImages(notebooks: Notebook[], root = process.cwd(), chromiumPath = findChromium()): Promise<StaticImageReport> {
  const targets = notebooks.flatMap((nb) =>
    nb.cells.flatMap((c) => (c.outputs ?? []).filter((o) => (o.output_type === "display_data" || o.output_type === "execute_result") && o.data[PLOTLY_MIME])),
  ) as { data: Record<string, unknown> }[];
  if (targets.length === 0) return { images: 0 };
  const executablePath = chromiumPath;
  if (!executablePath || !fs.existsSync(executablePath)) return { images: 0, skipped: "Chromium not found (install Debian's chromium or set CHROMIUM_PATH)" };
  let browser;
  try {
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  } catch (e) {
    return { images: 0, skipped: `Chromium did not start: ${(e as Error).message.split("\n")[0]}` };
  }
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ path: plotlyLibraryPath(root) });
    let images = 0;
    for (const out of targets) {
      const fig = out.data[PLOTLY_MIME] as PlotFigure;
      const layout = (fig.layout ?? {}) as { width?: number; height?: number };
      const size = { width: layout.width ?? DEFAULT_PLOT_SIZE.width, height: layout.height ?? DEFAULT_PLOT_SIZE.height };
      const url = await page.evaluate(
        async ({ f, s }) => (globalThis as any).Plotly.toImage({ data: f.data, layout: f.layout ?? {} }, { format: "png", width: s.width, height: s.height, scale: 1 }),
        { f: fig, s: size },
      );
      const b64 = String(url).replace(/^data:image\/png;base64,/, "");
      out.data["image/png"] = b64;
      out.data["text/html"] = plotHtml(fig, b64);
      images++;
    }
    return { images };
  } finally {
    await browser.close();
  }
}
