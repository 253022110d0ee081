/**
 * Browser test of the HTML report: opens every page of report/ in headless Chromium and checks that
 * each Plotly figure rendered (its SVG is present) and that the page raised no script error.
 *   tsx scripts/check-report.ts [reportDir] [--screenshots <dir>]
 * Exits 1 on any missing plot or page error; prints "report check: N passed, M failed".
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../lib/workbook/static-images";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const shotIdx = args.indexOf("--screenshots");
  const shots = shotIdx >= 0 ? args.splice(shotIdx, 2)[1] : undefined;
  const dir = path.resolve(args[0] ?? "report");
  if (!fs.existsSync(path.join(dir, "index.html"))) {
    console.error(`invalid report folder: ${dir}; expected index.html (run npm run report first)`);
    return 1;
  }
  const executablePath = findChromium();
  if (!executablePath) {
    console.error("Chromium not found: install Debian's chromium (see environment.md) or set CHROMIUM_PATH");
    return 1;
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  let passed = 0, failed = 0;
  try {
    const pages = fs.readdirSync(dir).filter((f) => f.endsWith(".html")).sort();
    for (const file of pages) {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(pathToFileURL(path.join(dir, file)).href, { waitUntil: "load" });
      const expected = await page.locator(".schedgame-plot").count();
      let drawn = 0;
      if (expected > 0) {
        // browser-side code as strings: the project's type-check has no DOM library
        await page.waitForFunction(`document.querySelectorAll(".schedgame-plot svg.main-svg").length >= ${expected}`, undefined, { timeout: 20_000 }).catch(() => {});
        drawn = await page.evaluate<number>(`Array.from(document.querySelectorAll(".schedgame-plot")).filter((d) => d.querySelector("svg.main-svg")).length`);
      }
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, file.replace(/\.html$/, ".png")), fullPage: true });
      }
      const ok = drawn === expected && errors.length === 0;
      ok ? passed++ : failed++;
      console.log(`${ok ? "✓" : "✗"} ${file}: ${drawn}/${expected} plot(s) rendered${errors.length ? `; page errors: ${errors.join(" | ")}` : ""}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`report check: ${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then((c) => process.exit(c), (e) => { console.error(e); process.exit(1); });
