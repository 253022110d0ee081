/**
 * Front-end check in classic Jupyter Notebook 6 (Debian's jupyter-notebook): copies a notebook to a
 * scratch folder under report/, serves it on 127.0.0.1 with a random token, opens it in headless Chromium,
 * runs all cells with the registered `schedgame` kernel, and checks that every figure was drawn
 * interactively, that tables appeared and that no cell wrote to stderr.
 *   tsx scripts/check-notebook6.ts [notebook name, default 00-workbook] [--screenshot file.png]
 * Prints "notebook6 check: N passed, M failed".
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../workbook/static-images";
import { PLOTLY_MIME } from "../views/display/plot";
import { freePorts } from "../cluster/daemons";
import { ensureKernelspec } from "./kernelspec-app";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const si = args.indexOf("--screenshot");
  const shot = si >= 0 ? args.splice(si, 2)[1] : undefined;
  const name = (args[0] ?? "00-workbook").replace(/\.ipynb$/, "");
  const root = path.resolve(__dirname, "..");
  const src = path.join(root, "notebooks", `${name}.ipynb`);
  if (spawnSync("jupyter", ["notebook", "--version"], { encoding: "utf8" }).status !== 0) {
    console.log("notebook6 check: jupyter notebook is not installed (apt-get install jupyter-notebook)");
    return 1;
  }
  ensureKernelspec(root); // a stale registration leaves every cell waiting, with no error to see
  // a scratch folder inside this checkout (git-ignored report/), so the kernel launcher resolves
  // this checkout's lib/
  fs.mkdirSync(path.join(root, "report"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, "report", "nb6-check-"));
  fs.copyFileSync(src, path.join(dir, `${name}.ipynb`));
  const [port] = await freePorts(1);
  const token = randomBytes(16).toString("hex");
  const server = spawn(
    "jupyter",
    [
      "notebook",
      "--no-browser",
      `--port=${port}`,
      "--ip=127.0.0.1",
      `--NotebookApp.token=${token}`,
      "--allow-root",
      `--notebook-dir=${dir}`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const log: string[] = [];
  server.stderr!.on("data", (d) => log.push(String(d)));
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  let ok = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    for (let i = 0; i < 60; i++) {
      try {
        await page.goto(`http://127.0.0.1:${port}/notebooks/${name}.ipynb?token=${token}`, { timeout: 5000 });
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await page.waitForFunction(
      "window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected()",
      undefined,
      { timeout: 90_000 },
    );
    const kernel = await page.evaluate<string>("Jupyter.notebook.kernel.name");
    await page.evaluate("Jupyter.notebook.execute_all_cells()");
    // wait until the kernel is idle and no cell is still queued or running
    await page.waitForFunction(
      "document.querySelector('.output_stderr') || Jupyter.notebook.get_cells().every(c => c.cell_type !== 'code' || typeof c.input_prompt_number === 'number')",
      undefined,
      { timeout: 300_000, polling: 500 },
    );
    const count = (sel: string) =>
      page.evaluate<number>(`document.querySelectorAll(${JSON.stringify(sel)}).length`);
    const plotOutputs = await page.evaluate<number>(
      `Jupyter.notebook.get_cells().flatMap(c => (c.output_area && c.output_area.outputs) || []).filter(o => o.data && o.data[${JSON.stringify(PLOTLY_MIME)}]).length`,
    );
    const drawnExpr = `Array.from(document.querySelectorAll(".schedgame-plot")).filter(d => d.querySelector("svg.main-svg")).length`;
    await page
      .waitForFunction(`${drawnExpr} >= ${plotOutputs}`, undefined, { timeout: 30_000 })
      .catch(() => {});
    const drawn = await page.evaluate<number>(drawnExpr);
    const tables = await count("table.schedgame-table");
    const stderr = await page.evaluate<string[]>(
      `Array.from(document.querySelectorAll(".output_stderr")).map(e => e.textContent.slice(0, 300))`,
    );
    if (shot) {
      await page
        .locator(".schedgame-plot")
        .first()
        .scrollIntoViewIfNeeded()
        .catch(() => {});
      await page.screenshot({ path: shot });
    }
    ok =
      kernel === "schedgame" &&
      drawn === plotOutputs &&
      plotOutputs > 0 &&
      stderr.length === 0 &&
      errors.length === 0;
    console.log(
      `${ok ? "✓" : "✗"} ${name} in Notebook 6: kernel ${kernel}, ${drawn}/${plotOutputs} figure(s) drawn interactively, ${tables} table(s), ${stderr.length} stderr output(s)${stderr.length ? `: ${stderr.join(" | ")}` : ""}${errors.length ? `; page errors: ${errors.join(" | ")}` : ""}`,
    );
  } catch (e) {
    console.log(
      `✗ ${name} in Notebook 6: ${(e as Error).message.split("\n")[0]}\n${log.join("").slice(-800)}`,
    );
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`notebook6 check: ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  return ok ? 0 : 1;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
