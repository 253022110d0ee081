/**
 * Browser check of schedgame-lab (JupyterLab 4, lab/): copies notebooks to a scratch folder under
 * report/, serves them with a random token, opens each in headless Chromium with the `schedgame`
 * kernel and runs its cells one by one (Shift+Enter, as a user does). Checks: no error output, every
 * Plotly figure drawn (SVG), every figure with a hover layer interactive (hovering shows a tooltip),
 * as many figures and tables as the headless run put in report/notebooks/ (at least one figure when
 * that run is absent and the notebook's code draws one), and that editing a parameter and
 * re-running from it works — a seed when the notebook has one (`…SEED = n`, then a figure or table
 * must change), else its first whole-number parameter. The results files the notebooks write (data/generated/results/) are put back after.
 *   tsx scripts/check-jupyterlab.ts [notebook names…, default: every notebook] [--screenshot dir]
 * Each notebook's whole check has NOTEBOOK_LIMIT_S; one that runs out is named with what it was doing and
 * retried once. Prints "· <notebook>: started/ended" as it goes, one ✓/✗ line per notebook, then
 * "jupyterlab check: N passed, M failed".
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../workbook/static-images";
import { ensureKernelspec } from "./kernelspec-app";
import { ensureLabBuilt, labServerMissing, startLab } from "./lab-app";

const root = path.resolve(__dirname, "..");
// the notebook in the visible tab (notebooks opened earlier stay open in hidden tabs)
const PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)";
const NB = `${PANEL} .jp-Notebook`;
const CELLS = `${NB} .jp-Cell`;
// a notebook's whole check (run, hover, edit, re-run), at most
const NOTEBOOK_LIMIT_S = 600;

/**
 * The results files notebooks 07–10 write (data/generated/results/) as they are now, and a function
 * that puts them back: the check edits SEED and re-runs, which would otherwise leave the user's
 * results made with the check's seed (notebook 16 would then recompute instead of reading them).
 */
function keepResults(): () => void {
  const dir = path.join(root, "data", "generated", "results");
  const files = (d: string): string[] =>
    fs.existsSync(d)
      ? fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)]))
      : [];
  const before = new Map(files(dir).map((f) => [f, fs.readFileSync(f)]));
  return () => {
    for (const f of files(dir)) if (!before.has(f)) fs.rmSync(f);
    for (const [f, bytes] of before)
      if (!fs.existsSync(f) || !fs.readFileSync(f).equals(bytes)) fs.writeFileSync(f, bytes);
  };
}

/** Index of the cell tagged `parameters` and its source. */
function parametersCell(file: string): { index: number; source: string } {
  const nb = JSON.parse(fs.readFileSync(file, "utf8")) as {
    cells: { source: string | string[]; metadata?: { tags?: string[] } }[];
  };
  const index = nb.cells.findIndex((c) => c.metadata?.tags?.includes("parameters"));
  if (index < 0) throw new Error(`${file}: no cell tagged "parameters"`);
  const s = nb.cells[index].source;
  return { index, source: Array.isArray(s) ? s.join("") : s };
}

/** Waits until no code cell is queued or running ([*]) and the kernel is idle. */
async function waitIdle(page: Page, timeout: number): Promise<void> {
  await waitIdleOnce(page, timeout).catch(async (e: Error) => {
    // say what the page shows (a dialog waiting for an answer, which prompts ran) instead of a bare timeout
    const state = await page
      .evaluate<string>(
        `(document.querySelector(".jp-Dialog")?.innerText ?? "no dialog").slice(0, 200) + "; prompts: " + Array.from(document.querySelectorAll(${JSON.stringify(`${NB} .jp-InputArea-prompt`)})).map((p) => p.textContent.trim()).join(" ")`,
      )
      .catch(() => "page unreadable");
    throw new Error(`${e.message.split("\n")[0]} (${state})`);
  });
}

async function waitIdleOnce(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    `!Array.from(document.querySelectorAll(${JSON.stringify(`${NB} .jp-InputArea-prompt`)})).some(p => p.textContent.includes("*"))
    && /Idle/.test(document.querySelector(${JSON.stringify(`${PANEL} .jp-Notebook-ExecutionIndicator`)})?.getAttribute("aria-label") ?? document.body.innerText)`,
    undefined,
    { timeout, polling: 250 },
  );
}

/**
 * `p`'s outcome, or `late()` when `p` has not settled after `ms` (then `p` is left to settle on
 * its own, its error ignored).
 */
async function within<T>(p: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  p.catch(() => undefined);
  try {
    return await Promise.race([
      p,
      new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late()), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a notebook's check is doing now, said when it does not finish in time. */
interface Progress {
  phase: string;
}

/** Runs the cells from `from` to the end one by one: Shift+Enter on each, Ctrl+Enter on the last. */
async function runCellsFrom(page: Page, from: number, progress: Progress, what: string): Promise<void> {
  const n = await page.locator(CELLS).count();
  await page.locator(CELLS).nth(from).locator(".jp-InputPrompt").click();
  await page.keyboard.press("Escape");
  for (let i = from; i < n; i++) {
    progress.phase = `${what} cell ${i + 1} of ${n}`;
    await page.keyboard.press(i === n - 1 ? "Control+Enter" : "Shift+Enter");
    await waitIdle(page, 240_000);
  }
}

interface Seen {
  plots: number;
  drawn: number;
  tables: number;
  errors: string[];
  signature: string;
  unrun: number;
}

async function look(page: Page): Promise<Seen> {
  // evaluated in the page (a string: the project's tsconfig has no DOM types)
  return page.evaluate<Seen>(`(() => {
    const nb = document.querySelector(${JSON.stringify(NB)});
    if (!nb) return { plots: 0, drawn: 0, tables: 0, errors: ["no visible notebook"], signature: "", unrun: 0 };
    const unrun = Array.from(nb.querySelectorAll(".jp-CodeCell .jp-InputArea-prompt")).filter((p) => !/\\[\\d+\\]/.test(p.textContent || "")).length;
    const plots = Array.from(nb.querySelectorAll(".schedgame-plot"));
    const drawn = plots.filter((d) => d.querySelector("svg.main-svg"));
    const errors = Array.from(nb.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')).map((e) => (e.textContent || "").slice(0, 300));
    const tables = Array.from(nb.querySelectorAll("table.schedgame-table"));
    const signature = JSON.stringify([drawn.map((d) => d.data || null), tables.map((t) => t.textContent)]);
    return { plots: plots.length, drawn: drawn.length, tables: nb.querySelectorAll("table.schedgame-table").length, errors, signature, unrun };
  })()`);
}

/**
 * Moves the mouse to (x, y) and waits up to `ms` for the figure's tooltip: Plotly draws it on the
 * next animation frame, so reading it at once can miss it on a busy machine.
 */
async function tooltipAt(page: Page, plot: Locator, x: number, y: number, ms: number): Promise<boolean> {
  await page.mouse.move(x, y);
  return plot
    .locator(".hoverlayer .hovertext")
    .first()
    .waitFor({ state: "attached", timeout: ms })
    .then(
      () => true,
      () => false,
    );
}

/**
 * Page positions of a few data points of the figure's first line traces (a line without markers
 * draws no point element): the middle point of up to three traces, placed by the figure's own axes.
 */
async function linePoints(plot: Locator): Promise<{ x: number; y: number }[]> {
  // evaluated in the page; `el` is the figure's container, holding Plotly's graph div
  return plot.evaluate((el: any) => {
    const gd = el.querySelector(".js-plotly-plot");
    const fl = gd?._fullLayout;
    if (!fl || !Array.isArray(gd._fullData)) return [];
    const box = gd.getBoundingClientRect();
    const out: { x: number; y: number }[] = [];
    for (const t of gd._fullData) {
      if (out.length >= 3) break;
      if (t.type !== "scatter" || !t.visible || !Array.isArray(t.x) || t.x.length === 0) continue;
      const xa = fl[`xaxis${String(t.xaxis || "x").slice(1)}`];
      const ya = fl[`yaxis${String(t.yaxis || "y").slice(1)}`];
      const k = Math.floor(t.x.length / 2);
      const px = xa?.l2p(xa.d2l(t.x[k])),
        py = ya?.l2p(ya.d2l(t.y[k]));
      if (Number.isFinite(px) && Number.isFinite(py))
        out.push({ x: box.left + fl._size.l + px, y: box.top + fl._size.t + py });
    }
    return out;
  });
}

/**
 * Hovers over each drawn figure's plot area (the cartesian drag layer, or a pie's slices) until
 * Plotly shows a tooltip. Returns how many did, and how many figures have no hover layer at all.
 */
async function figuresWithTooltip(
  page: Page,
): Promise<{ shown: number; hoverable: number; missed: string[] }> {
  const plots = page.locator(`${NB} .schedgame-plot:has(svg.main-svg)`);
  const n = await plots.count();
  let ok = 0,
    hoverable = 0;
  const missed: string[] = [];
  for (let k = 0; k < n; k++) {
    const plot = plots.nth(k);
    await plot.scrollIntoViewIfNeeded();
    const layer = plot.locator(".nsewdrag, .pielayer .slice path").first();
    if ((await layer.count()) === 0) continue;
    hoverable++;
    const box = await layer.boundingBox();
    if (!box) continue;
    let shown = false;
    // first the data points themselves (markers, bars; then where a line passes through its data),
    // then a grid over the plot area
    const points = plot.locator(".scatterlayer .point, .barlayer .point path");
    for (let p = 0, n = Math.min(3, await points.count()); p < n && !shown; p++) {
      const pb = await points.nth(p).boundingBox();
      if (!pb) continue;
      shown = await tooltipAt(page, plot, pb.x + pb.width / 2, pb.y + pb.height / 2, 1000);
    }
    for (const at of shown ? [] : await linePoints(plot)) {
      shown = await tooltipAt(page, plot, at.x, at.y, 1000);
      if (shown) break;
    }
    for (let fy = 0.95; fy >= 0.05 && !shown; fy -= 0.15) {
      for (let fx = 0.05; fx <= 0.95 && !shown; fx += 0.05) {
        shown = await tooltipAt(page, plot, box.x + fx * box.width, box.y + fy * box.height, 200);
      }
    }
    if (shown) ok++;
    else
      missed.push(
        `figure ${k + 1} "${(
          (await plot
            .locator(".gtitle")
            .first()
            .textContent()
            .catch(() => "")) ?? ""
        ).slice(0, 60)}"`,
      );
  }
  return { shown: ok, hoverable, missed };
}

/** The figures and tables the headless run (report/notebooks/) shows for a notebook, if it ran. */
function expectedOutputs(name: string): { plots: number; tables: number } | undefined {
  const file = path.join(root, "report", "notebooks", `${name}.ipynb`);
  if (!fs.existsSync(file)) return undefined;
  const nb = JSON.parse(fs.readFileSync(file, "utf8")) as {
    cells: { outputs?: { data?: Record<string, unknown> }[] }[];
  };
  const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
  const count = (re: RegExp) =>
    outputs.reduce((n, o) => n + (String(o.data?.["text/html"] ?? "").match(re)?.length ?? 0), 0);
  return {
    plots: outputs.filter((o) => o.data && "application/vnd.plotly.v1+json" in o.data).length,
    tables: count(/<table class="schedgame-table">/g),
  };
}

/** Whether a notebook's code draws a figure at all (showPlot), for when no headless run is there to count them. */
function drawsFigures(name: string): boolean {
  const nb = JSON.parse(fs.readFileSync(path.join(root, "notebooks", `${name}.ipynb`), "utf8")) as {
    cells: { cell_type: string; source: string | string[] }[];
  };
  return nb.cells.some((c) => c.cell_type === "code" && /\bshowPlot\(/.test([c.source].flat().join("")));
}

/** The edit a user makes to the parameters cell: a seed plus 5, else the first whole number plus 1. */
function parameterEdit(source: string): { name: string; seed: boolean; edited: string } | undefined {
  for (const [re, seed, step] of [
    [/const (\w*SEED\w*)(: \w+)? = (\d+);/, true, 5],
    [/const (\w+)(: \w+)? = (\d+);/, false, 1],
  ] as const) {
    const m = source.match(re);
    if (m)
      return {
        name: m[1],
        seed,
        edited: source.replace(re, (_all, n, t, v) => `const ${n}${t ?? ""} = ${Number(v) + step};`),
      };
  }
  return undefined;
}

async function checkNotebook(
  page: Page,
  base: string,
  name: string,
  file: string,
  progress: Progress,
  shotDir?: string,
): Promise<string> {
  // its own workspace: only this notebook is open, so keystrokes go to it
  progress.phase = "opening it";
  await page.goto(`${base}lab/workspaces/check-${name}/tree/${name}.ipynb`, { timeout: 120_000 });
  await page.waitForSelector("body[data-schedgame-lab=ready]", { state: "attached", timeout: 120_000 });
  await page.waitForFunction(
    `/schedgame/.test(document.querySelector(${JSON.stringify(`${PANEL} .jp-Toolbar-kernelName`)})?.textContent ?? "")`,
    undefined,
    { timeout: 180_000 },
  );
  progress.phase = "waiting for its kernel";
  await waitIdle(page, 120_000);
  const kernel = (await page.locator(`${PANEL} .jp-Toolbar-kernelName`).first().textContent())?.trim();
  const t0 = Date.now();
  await runCellsFrom(page, 0, progress, "running");
  const first = await look(page);
  progress.phase = "hovering over its figures";
  const hover = first.drawn > 0 ? await figuresWithTooltip(page) : { shown: 0, hoverable: 0, missed: [] };
  if (shotDir) await page.screenshot({ path: path.join(shotDir, `${name}-lab.png`) });
  // edit the parameters cell as a user would and re-run from it
  const params = parametersCell(file);
  const edit = parameterEdit(params.source);
  if (!edit) return `✗ ${name}: its parameters cell has no whole-number parameter to edit`;
  const edited = edit.edited;
  progress.phase = `editing ${edit.name}`;
  const editor = page.locator(CELLS).nth(params.index).locator(".cm-content");
  await editor.scrollIntoViewIfNeeded();
  await editor.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(edited);
  await page.keyboard.press("Escape");
  await runCellsFrom(page, params.index, progress, "re-running");
  const second = await look(page);
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  const problems: string[] = [];
  if (!/schedgame/.test(kernel ?? "")) problems.push(`kernel "${kernel}"`);
  const expected = expectedOutputs(name);
  for (const [when, s] of [
    ["run", first],
    ["re-run", second],
  ] as const) {
    if (s.unrun) problems.push(`${s.unrun} code cell(s) without an execution count after the ${when}`);
    if (s.errors.length)
      problems.push(`${s.errors.length} error output(s) after the ${when}: ${s.errors.join(" | ")}`);
    if ((!expected && s.plots === 0 && drawsFigures(name)) || s.drawn !== s.plots)
      problems.push(`${s.drawn}/${s.plots} figure(s) drawn after the ${when}`);
  }
  if (expected && (expected.plots !== first.plots || expected.tables !== first.tables)) {
    problems.push(
      `${first.plots} figure(s) and ${first.tables} table(s), where the headless run shows ${expected.plots} and ${expected.tables}`,
    );
  }
  if (hover.shown !== hover.hoverable)
    problems.push(
      `hovering showed a tooltip on ${hover.shown} of ${hover.hoverable} figure(s) with a hover layer (none on ${hover.missed.join(", ")})`,
    );
  const changed = first.signature !== second.signature;
  if (edit.seed && !changed) problems.push(`editing ${edit.name} and re-running changed no figure or table`);
  const noLayer = first.drawn - hover.hoverable;
  const line = `${name} in JupyterLab 4: kernel ${kernel}, ${first.drawn}/${first.plots} figure(s) drawn, tooltip on hover ${hover.shown}/${hover.hoverable}${noLayer ? ` (${noLayer} without a hover layer)` : ""}, ${first.tables} table(s), 0 error outputs; ${edit.name} edited and re-run: outputs ${changed ? "changed" : "unchanged"} (${secs} s)`;
  return problems.length ? `✗ ${name}: ${problems.join("; ")}` : `✓ ${line}`;
}

/** Shuts down the server's kernel sessions of one notebook (its REST API), so a finished notebook holds no memory. */
async function endSessions(base: string, token: string, notebook: string): Promise<void> {
  const headers = { Authorization: `token ${token}` };
  const r = await fetch(`${base}api/sessions`, { headers, signal: AbortSignal.timeout(60_000) });
  if (!r.ok) throw new Error(`GET ${base}api/sessions: HTTP ${r.status}`);
  for (const s of (await r.json()) as { id: string; path: string }[]) {
    if (path.basename(s.path) !== notebook) continue;
    const d = await fetch(`${base}api/sessions/${s.id}`, {
      method: "DELETE",
      headers,
      signal: AbortSignal.timeout(60_000),
    });
    if (!d.ok) throw new Error(`DELETE ${base}api/sessions/${s.id}: HTTP ${d.status}`);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const si = args.indexOf("--screenshot");
  const shotDir = si >= 0 ? args.splice(si, 2)[1] : undefined;
  const all = fs
    .readdirSync(path.join(root, "notebooks"))
    .filter((f) => f.endsWith(".ipynb"))
    .sort();
  const names = (args.length ? args : all).map((a) => a.replace(/\.ipynb$/, ""));
  const missing = labServerMissing();
  if (missing) {
    console.log(`jupyterlab check: the Jupyter server is not installed (${missing})`);
    return 1;
  }
  console.log(`schedgame-lab: ${ensureLabBuilt().join(", ")}`);
  ensureKernelspec(root); // a stale registration leaves every cell waiting, with no error to see
  // scratch copies inside this checkout (git-ignored report/): the kernel launcher then resolves
  // this checkout's lib/, and the committed notebooks stay untouched by autosave
  fs.mkdirSync(path.join(root, "report"), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, "report", "lab-check-"));
  for (const n of names)
    fs.copyFileSync(path.join(root, "notebooks", `${n}.ipynb`), path.join(dir, `${n}.ipynb`));
  const restoreResults = keepResults();
  const lab = await startLab({ rootDir: dir, stateDir: path.join(dir, ".state") });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  let passed = 0;
  try {
    // a browser context (its own storage: JupyterLab names its windows there) per notebook run
    // at a time, logged in once (a cookie of the context)
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 1300, height: 1000 } });
      const login = await context.newPage();
      await login.goto(`${lab.url}lab?token=${lab.token}`);
      await login.close();
      return context;
    };
    // each notebook in a tab of its own (closed after), so no tab holds every notebook's figures;
    // its kernel session is ended after, so finished notebooks hold no memory
    const attempt = async (context: BrowserContext, n: string) => {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (e) => pageErrors.push(e.message));
      const progress: Progress = { phase: "starting" };
      const t0 = Date.now();
      console.log(`· ${n}: started`);
      let line: string;
      try {
        // every wait inside has its own limit; this bounds the whole, so one stuck notebook is
        // named with what it was doing and the others still run
        const run = checkNotebook(page, lab.url, n, path.join(dir, `${n}.ipynb`), progress, shotDir);
        line = await within(
          run,
          NOTEBOOK_LIMIT_S * 1000,
          () => `✗ ${n}: did not finish in ${NOTEBOOK_LIMIT_S} s (it was ${progress.phase})`,
        );
      } catch (e) {
        line = `✗ ${n}: ${(e as Error).message.split("\n")[0]} (it was ${progress.phase})`;
      } finally {
        // a tab whose page is stuck may never confirm its close: go on after 30 s
        await within(page.close(), 30_000, () => undefined).catch(() => undefined);
        await endSessions(lab.url, lab.token, `${n}.ipynb`).catch((e: Error) =>
          console.log(`· ${n}: ending its kernel session failed: ${e.message}`),
        );
      }
      console.log(`· ${n}: ended after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      return pageErrors.length ? `✗ ${n}: uncaught page error(s): ${pageErrors.join(" | ")} (${line})` : line;
    };
    const check = async (context: BrowserContext, n: string) => {
      let line = await attempt(context, n);
      if (line.startsWith("✗") && /Timeout \d+ms exceeded|Page crashed|closed|did not finish in/.test(line)) {
        // a browser-side failure (a wait that timed out, a crashed or stuck tab), not a failed
        // check: retried once on a fresh copy in a new tab of a new browser context, and said
        fs.copyFileSync(path.join(root, "notebooks", `${n}.ipynb`), path.join(dir, `${n}.ipynb`));
        const first = line;
        const fresh = await newContext();
        line = `${await attempt(fresh, n)} [retried once after: ${first.slice(2, 300)}]`;
        await fresh.close().catch(() => undefined);
      }
      if (line.startsWith("✓")) passed++;
      console.log(line);
    };
    // two notebooks at a time (one kernel each): the machine's cores, not the browser, bound a run
    const queue = names.slice();
    const workers = Math.max(1, Math.min(2, os.cpus().length, queue.length));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        const context = await newContext();
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) await check(context, n);
      }),
    );
  } finally {
    await browser.close();
    await lab.stop();
    restoreResults();
    if (!process.env.KEEP_LAB_CHECK) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`jupyterlab check: ${passed} passed, ${names.length - passed} failed`);
  return passed === names.length ? 0 : 1;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
