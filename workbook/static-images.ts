/**
 * Static PNG images of every Plotly output, rendered in headless Chromium (Debian `chromium`
 * driven by playwright-core; one browser for the whole run), so that viewers that run no scripts
 * (GitHub, untrusted notebooks) still see each figure. Each plot output gains `image/png`, and its
 * `text/html` div gains the same PNG as an `<img>` fallback. PNGs drawn before by the same renderer
 * are read from the PNG cache (image-cache.ts) and the browser starts only for the others; in a
 * report run the others are drawn as notebooks finish, while a kernel lane is idle
 * ({@link staticImageSession}, workbook/report.ts).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import { createRequire } from "node:module";
import * as path from "node:path";
import {
  type PngSize,
  browserVersion,
  fileSha256,
  fontsFingerprint,
  pngCacheDir,
  pngCacheEnabled,
  pngKey,
  prunePngCache,
  readCachedPng,
  rendererFingerprint,
  rendererSourceKey,
  writeCachedPng,
} from "./image-cache";
import type { Notebook } from "./notebook";
import {
  DEFAULT_PLOT_SIZE,
  PLOTLY_MIME,
  type PlotFigure,
  plotHtml,
  plotlyLibraryPath,
} from "../views/display/plot";

/**
 * Flags that keep Chromium off the network and quiet on this kind of machine; renderers share memory
 * through /tmp, not /dev/shm (a container's /dev/shm is often 64 MB, and a full one crashes the page).
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--disable-dev-shm-usage",
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
  const cands = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
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
    driver +=
      "@" +
      JSON.parse(
        fs.readFileSync(
          createRequire(path.join(root, "noop.js")).resolve("playwright-core/package.json"),
          "utf8",
        ),
      ).version;
  } catch {
    /* not resolvable from root: the name alone */
  }
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
    return rendererFingerprint({
      plotlyBundle: fileSha256(plotlyLibraryPath(root)),
      browserVersion: browserVersion(executablePath),
      flags: rendererFlags(root),
      fonts: fontsFingerprint(),
      rendererSource,
    });
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
export async function addStaticImages(
  notebooks: Notebook[],
  root = process.cwd(),
  chromiumPath = findChromium(),
  options: StaticImageOptions = {},
): Promise<StaticImageReport> {
  const session = staticImageSession(root, chromiumPath, options);
  for (const nb of notebooks) session.add(nb);
  return session.finish();
}

/**
 * A run's static images, drawn as notebooks finish: {@link StaticImageSession.add} each executed
 * notebook, {@link StaticImageSession.draw} while a kernel lane is idle, then
 * {@link StaticImageSession.finish} once. One browser for the whole session, started at the first
 * figure the cache does not hold. Images are set on the outputs only by `finish`, all or nothing.
 */
export interface StaticImageSession {
  /** Queues a notebook's plot outputs (cache hits are resolved at once, without the browser). */
  add(nb: Notebook): void;
  /** True when some queued figure still has to be drawn. */
  pending(): boolean;
  /**
   * Draws queued figures until none is left or `stop()` says so, on a page of its own: calls made
   * side by side draw side by side (one per idle lane). Never rejects (a browser that does not start
   * is reported by finish).
   */
  draw(stop?: () => boolean): Promise<void>;
  /**
   * Draws the rest on as many pages as the machine has cores (up to 4), closes the browser and sets
   * every queued output's PNG (none when Chromium was needed and failed).
   */
  finish(): Promise<StaticImageReport>;
  /** Stops without setting any image (the run failed): waits for the figure being drawn and closes the browser. */
  close(): Promise<void>;
}

type Figure = { out: { data: Record<string, unknown> }; fig: PlotFigure; size: PngSize; key: string };
type Page = { draw: (fig: PlotFigure, size: PngSize) => Promise<string> };
type Browser = { page: () => Promise<Page>; close: () => Promise<void> };

/** Drawers `finish` runs side by side for the figures left, each on a page (a renderer) of its own. */
const FINISH_DRAWERS = Math.max(1, Math.min(4, os.availableParallelism()));

/** Starts a {@link StaticImageSession} (the browser starts later, only if needed). Arguments as for {@link addStaticImages}. */
export function staticImageSession(
  root = process.cwd(),
  chromiumPath = findChromium(),
  options: StaticImageOptions = {},
): StaticImageSession {
  const executablePath = chromiumPath && fs.existsSync(chromiumPath) ? chromiumPath : undefined;
  const fingerprint =
    executablePath && options.cache !== false && pngCacheEnabled()
      ? staticImageFingerprint(root, executablePath)
      : undefined;
  const dir = options.cacheDir ?? pngCacheDir(root);
  const figures: Figure[] = [];
  const png = new Map<string, string>(); // key → base64
  const queue: Figure[] = []; // one per key not yet drawn
  const queued = new Set<string>();
  const fromCache = new Set<string>();
  let rendered = 0,
    failure: string | undefined,
    browser: Promise<Browser | string> | undefined;
  const idlePages: Page[] = [];
  const drawers = new Set<Promise<void>>();
  // One drawer: takes figures off the queue on a page of its own until none is left or stop() says so.
  const drawLoop = async (stop: () => boolean) => {
    let page: Page | undefined;
    try {
      while (queue.length && !failure && !stop()) {
        if (!page) {
          browser ??= _openBrowser(root, executablePath!);
          const b = await browser;
          if (typeof b === "string") {
            failure = b;
            return;
          }
          page = idlePages.pop() ?? (await b.page());
          continue; // the queue may have emptied while the page opened
        }
        const f = queue.shift()!;
        const b64 = await page.draw(f.fig, f.size);
        png.set(f.key, b64);
        rendered++;
        if (fingerprint) writeCachedPng(dir, f.key, b64);
      }
    } finally {
      if (page) idlePages.push(page);
    }
  };
  const startDrawer = (stop: () => boolean) => {
    const p = drawLoop(stop)
      .catch((e) => {
        failure = `Chromium failed: ${(e as Error).message.split("\n")[0]}`;
      })
      .finally(() => drawers.delete(p));
    drawers.add(p);
    return p;
  };
  const closeBrowser = async () => {
    while (drawers.size) await Promise.all(drawers);
    const b = await browser;
    browser = undefined;
    idlePages.length = 0;
    if (b && typeof b !== "string") await b.close();
  };
  const session: StaticImageSession = {
    add(nb) {
      for (const c of nb.cells) {
        for (const o of c.outputs ?? []) {
          if (
            (o.output_type !== "display_data" && o.output_type !== "execute_result") ||
            !o.data[PLOTLY_MIME]
          )
            continue;
          const fig = o.data[PLOTLY_MIME] as PlotFigure;
          const layout = (fig.layout ?? {}) as { width?: number; height?: number };
          const size = {
            width: layout.width ?? DEFAULT_PLOT_SIZE.width,
            height: layout.height ?? DEFAULT_PLOT_SIZE.height,
            scale: 1,
          };
          // One key per figure (its position when uncached): a figure shown twice is drawn once.
          const f: Figure = {
            out: o as unknown as Figure["out"],
            fig,
            size,
            key: fingerprint ? pngKey(fingerprint, fig, size) : String(figures.length),
          };
          figures.push(f);
          if (!executablePath || png.has(f.key) || queued.has(f.key)) continue;
          const hit = fingerprint ? readCachedPng(dir, f.key) : undefined;
          if (hit !== undefined) {
            png.set(f.key, hit);
            fromCache.add(f.key);
          } else {
            queue.push(f);
            queued.add(f.key);
          }
        }
      }
    },
    pending: () => queue.length > 0 && !failure,
    draw(stop = () => false) {
      return startDrawer(stop);
    },
    async close() {
      failure ??= "the run stopped";
      await closeBrowser();
    },
    async finish() {
      try {
        while (drawers.size) await Promise.all(drawers);
        await Promise.all(Array.from({ length: FINISH_DRAWERS }, () => startDrawer(() => false)));
      } finally {
        await closeBrowser();
      }
      if (figures.length === 0) return { images: 0 };
      if (!executablePath)
        return { images: 0, skipped: "Chromium not found (install Debian's chromium or set CHROMIUM_PATH)" };
      if (failure) return { images: 0, skipped: failure };
      for (const f of figures) {
        const b64 = png.get(f.key)!;
        f.out.data["image/png"] = b64;
        f.out.data["text/html"] = plotHtml(f.fig, b64);
      }
      if (fingerprint) prunePngCache(dir, [...new Set(figures.map((f) => f.key))]);
      return { images: figures.length, cached: figures.filter((f) => fromCache.has(f.key)).length, rendered };
    },
  };
  return session;
}

/**
 * One Chromium for the session, or why it did not start; each page it gives is in a context of its
 * own (its own renderer process), with plotly.js loaded.
 */
async function _openBrowser(root: string, executablePath: string): Promise<Browser | string> {
  let b;
  try {
    const { chromium } = await import("playwright-core");
    b = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  } catch (e) {
    return `Chromium did not start: ${(e as Error).message.split("\n")[0]}`;
  }
  const browser = b;
  return {
    page: async () => {
      const page = await (await browser.newContext()).newPage();
      await page.setContent("<!doctype html><html><body></body></html>");
      await page.addScriptTag({ path: plotlyLibraryPath(root) });
      return {
        draw: async (fig, size) => {
          const url = await page.evaluate(
            async ({ f, s }) =>
              (globalThis as any).Plotly.toImage(
                { data: f.data, layout: f.layout ?? {} },
                { format: "png", width: s.width, height: s.height, scale: s.scale },
              ),
            { f: fig, s: size },
          );
          return String(url).replace(/^data:image\/png;base64,/, "");
        },
      };
    },
    close: () => browser.close(),
  };
}
