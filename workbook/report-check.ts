/**
 * Browser check of an HTML report: opens every page in headless Chromium and counts, per page,
 * the Plotly figures that rendered (their SVG is present) and the script errors the page raised.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "./static-images";

/** One page's check. */
export interface PageCheck {
  page: string;
  plots: number;
  rendered: number;
  errors: string[];
  ok: boolean;
}

/**
 * Checks every `.html` page of `dir`.
 * @param screenshots optional folder for full-page PNG screenshots
 * @throws when the folder has no index.html or Chromium is missing
 */
export async function checkReport(dir: string, screenshots?: string): Promise<PageCheck[]> {
  if (!fs.existsSync(path.join(dir, "index.html")))
    throw new Error(`invalid report folder: ${dir}; expected index.html (run npm run report first)`);
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error(
      "Chromium not found: install Debian's chromium (see environment.md) or set CHROMIUM_PATH",
    );
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".html"))
    .sort();
  const results: PageCheck[] = new Array(files.length);
  // one page per core at a time (each page compiles plotly.min.js, single-threaded); results in file order
  let next = 0;
  const worker = async () => {
    for (let k = next++; k < files.length; k = next++)
      results[k] = await checkPage(context, dir, files[k], screenshots);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), files.length) }, worker));
  } finally {
    await browser.close();
  }
  return results;
}

/** One page opened, its figures waited for (30 s at most), counted and optionally screenshot. */
async function checkPage(
  context: BrowserContext,
  dir: string,
  file: string,
  screenshots: string | undefined,
): Promise<PageCheck> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(pathToFileURL(path.join(dir, file)).href, { waitUntil: "load" });
  const plots = await page.locator(".schedgame-plot").count();
  let rendered = 0;
  if (plots > 0) {
    // browser-side code as strings: the project's type-check has no DOM library
    const drawn = `Array.from(document.querySelectorAll(".schedgame-plot")).filter((d) => d.querySelector("svg.main-svg")).length`;
    await page.waitForFunction(`${drawn} >= ${plots}`, undefined, { timeout: 30_000 }).catch(() => {});
    rendered = await page.evaluate<number>(drawn);
  }
  if (screenshots) {
    fs.mkdirSync(screenshots, { recursive: true });
    await page.screenshot({
      path: path.join(screenshots, file.replace(/\.html$/, ".png")),
      fullPage: true,
    });
  }
  await page.close();
  return { page: file, plots, rendered, errors, ok: rendered === plots && errors.length === 0 };
}

/** One line per page: "✓ page: rendered/plots plot(s) rendered[; page errors: …]". */
export function formatPageCheck(r: PageCheck): string {
  return `${r.ok ? "✓" : "✗"} ${r.page}: ${r.rendered}/${r.plots} plot(s) rendered${r.errors.length ? `; page errors: ${r.errors.join(" | ")}` : ""}`;
}
