/**
 * Static PNG images of every Plotly output, rendered in headless Chromium (Debian `chromium`
 * driven by playwright-core; one browser for the whole run), so that viewers that run no scripts
 * (GitHub, untrusted notebooks) still see each figure. Each plot output gains `image/png`, and its
 * `text/html` div gains the same PNG as an `<img>` fallback. PNGs drawn before by the same renderer
 * are read from the PNG cache (image-cache.ts) and the browser starts only for the others.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { type PngSize, browserVersion, fileSha256, fontsFingerprint, pngCacheDir, pngCacheEnabled, pngKey, prunePngCache, readCachedPng, rendererFingerprint, rendererSourceKey, writeCachedPng } from "./image-cache";
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
  /** Images added (rendered or read from the PNG cache). */
  images: number;
  /** Of them, read from the PNG cache (image-cache.ts). */
  cached?: number;
  /** Figures drawn in Chromium (a figure shown twice is drawn once). */
  rendered?: number;
  /** Why images were skipped (no Chromium, launch failure), when they were. */
  skipped?: string;
}

/** Options of {@link addStaticImages}. */
export interface StaticImageOptions {
  /** Read and write PNGs in the cache (image-cache.ts). Defaults to true unless `SCHEDGAME_PNG_CACHE=off`. */
  cache?: boolean;
  /** Cache folder. Defaults to `<root>/data/generated/png-cache`. */
  cacheDir?: string;
}

/** The flags and driver a PNG depends on besides the browser's version (part of the cache key). */
function rendererFlags(root: string): string[] {
  let driver = "playwright-core";
  try {
    driver += "@" + JSON.parse(fs.readFileSync(createRequire(path.join(root, "noop.js")).resolve("playwright-core/package.json"), "utf8")).version;
  } catch { /* not resolvable from root: the name alone */ }
  return [...CHROMIUM_ARGS, driver, "toImage png"];
}

/**
 * The fingerprint (image-cache.ts rendererFingerprint) of this renderer with this browser: plotly.js
 * under `root`, the browser's version line, the flags and driver, the fonts and lib's renderer
 * source; undefined when the cache cannot be keyed (no lib sources under root, no version line).
 */
export function staticImageFingerprint(root: string, executablePath: string): string | undefined {
  try {
    const rendererSource = rendererSourceKey(root);
    if (!rendererSource) return undefined;
    return rendererFingerprint({ plotlyBundle: fileSha256(plotlyLibraryPath(root)), browserVersion: browserVersion(executablePath), flags: rendererFlags(root), fonts: fontsFingerprint(), rendererSource });
  } catch {
    return undefined;
  }
}

/**
 * Adds a PNG to every Plotly output of the notebooks, in place: read from the PNG cache when the
 * same figure was drawn before by the same renderer, else drawn in Chromium (started only when some
 * figure is not cached) and cached. All or nothing: when Chromium is needed and does not start, no
 * output gains an image.
 * @param notebooks executed notebooks
 * @param root project root (to find plotly.js and the cache). Defaults to `process.cwd()`.
 * @param chromiumPath the browser executable. Defaults to {@link findChromium}().
 * @param options see {@link StaticImageOptions}
 */
export async function addStaticImages(notebooks: Notebook[], root = process.cwd(), chromiumPath = findChromium(), options: StaticImageOptions = {}): Promise<StaticImageReport> {
  const targets = notebooks.flatMap((nb) =>
    nb.cells.flatMap((c) => (c.outputs ?? []).filter((o) => (o.output_type === "display_data" || o.output_type === "execute_result") && o.data[PLOTLY_MIME])),
  ) as { data: Record<string, unknown> }[];
  if (targets.length === 0) return { images: 0 };
  const executablePath = chromiumPath;
  if (!executablePath || !fs.existsSync(executablePath)) return { images: 0, skipped: "Chromium not found (install Debian's chromium or set CHROMIUM_PATH)" };
  const figures = targets.map((out) => {
    const fig = out.data[PLOTLY_MIME] as PlotFigure;
    const layout = (fig.layout ?? {}) as { width?: number; height?: number };
    return { out, fig, size: { width: layout.width ?? DEFAULT_PLOT_SIZE.width, height: layout.height ?? DEFAULT_PLOT_SIZE.height, scale: 1 } };
  });
  const fingerprint = options.cache !== false && pngCacheEnabled() ? staticImageFingerprint(root, executablePath) : undefined;
  const dir = options.cacheDir ?? pngCacheDir(root);
  // One key per figure (the index when uncached): a figure shown twice is drawn once.
  const keys = figures.map((f, i) => (fingerprint ? pngKey(fingerprint, f.fig, f.size) : String(i)));
  const png = new Map<string, string>();
  let cached = 0;
  if (fingerprint) {
    for (const key of new Set(keys)) {
      const b64 = readCachedPng(dir, key);
      if (b64 !== undefined) png.set(key, b64);
    }
    cached = keys.filter((k) => png.has(k)).length;
  }
  const misses = figures.map((f, i) => ({ ...f, key: keys[i] })).filter((f, i) => !png.has(f.key) && keys.indexOf(f.key) === i);
  if (misses.length) {
    const drawn = await _render(misses, root, executablePath);
    if (typeof drawn === "string") return { images: 0, skipped: drawn };
    misses.forEach((m, i) => {
      png.set(m.key, drawn[i]);
      if (fingerprint) writeCachedPng(dir, m.key, drawn[i]);
    });
  }
  figures.forEach((f, i) => {
    const b64 = png.get(keys[i])!;
    f.out.data["image/png"] = b64;
    f.out.data["text/html"] = plotHtml(f.fig, b64);
  });
  if (fingerprint) prunePngCache(dir, [...new Set(keys)]);
  return { images: figures.length, cached, rendered: misses.length };
}

/** Draws the figures in one Chromium: their PNGs as base64, or why Chromium did not start. */
async function _render(figures: readonly { fig: PlotFigure; size: PngSize }[], root: string, executablePath: string): Promise<string[] | string> {
  let browser;
  try {
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  } catch (e) {
    return `Chromium did not start: ${(e as Error).message.split("\n")[0]}`;
  }
  try {
    const page = await browser.newPage();
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ path: plotlyLibraryPath(root) });
    const out: string[] = [];
    for (const { fig, size } of figures) {
      const url = await page.evaluate(
        async ({ f, s }) => (globalThis as any).Plotly.toImage({ data: f.data, layout: f.layout ?? {} }, { format: "png", width: s.width, height: s.height, scale: s.scale }),
        { f: fig, s: size },
      );
      out.push(String(url).replace(/^data:image\/png;base64,/, ""));
    }
    return out;
  } finally {
    await browser.close();
  }
}
