/**
 * The whole report run: choose notebooks, inject parameters, execute each in a fresh kernel,
 * add static images (one Chromium for the run), write executed notebooks and the HTML report.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { TslabKernel } from "./kernel-client";
import { formatNotebook, parseNotebook } from "./notebook";
import { injectParameters, type ParameterValue } from "./parameters";
import { plotlyLibraryPath } from "./plot";
import { type ReportEntry, notebookTitle, notebookToHtml, reportIndexHtml } from "./report-html";
import { type RunFailure, runNotebook } from "./runner";
import { addStaticImages, findChromium } from "./static-images";

/** Options of {@link runReport}. Globs support `*`, `?` and `[…]` classes. */
export interface ReportOptions {
  /** Project root. Defaults to `process.cwd()`. */
  root?: string;
  /** Folder of the notebooks. Defaults to `<root>/notebooks`. */
  notebooksDir?: string;
  /** Output folder. Defaults to `<root>/report`. */
  outDir?: string;
  /** Glob patterns (`*`, `?`) on notebook names; empty = all. Defaults to []. */
  only?: string[];
  /** Parameters per notebook name. Defaults to {}. */
  params?: Record<string, Record<string, ParameterValue>>;
  /** Render static PNGs in Chromium. Defaults to true. */
  images?: boolean;
  /** Write the HTML pages. Defaults to true. */
  html?: boolean;
  /** Per-cell limit, seconds. Defaults to 600. */
  cellTimeoutSeconds?: number;
  /** Progress lines. Defaults to none. */
  log?: (line: string) => void;
  /** Kernel start/stop hook (for Ctrl-C clean-up). Defaults to none. */
  onKernel?: (kernel: TslabKernel, state: "started" | "stopped") => void;
  /** Called after each code cell. Defaults to none. */
  onCell?: (info: { cell: number; status: string; ms: number }) => void;
  /** Browser for static images. Defaults to the first Chromium found. */
  chromiumPath?: string;
}

/** One notebook's outcome. */
export interface NotebookOutcome {
  name: string;
  failure?: RunFailure;
  seconds: number;
  kernelStartSeconds: number;
  cellSeconds: number;
  executedPath: string;
}

/** What the run did. */
export interface ReportSummary {
  outcomes: NotebookOutcome[];
  images: number;
  imagesSkipped?: string;
  indexPath?: string;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/\.ipynb$/, "").replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

/** Notebook names (no extension) in `dir`, sorted, skipping names starting with `_` or `.`. */
export function listNotebooks(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith(".ipynb") && !/^[_.]/.test(f)).map((f) => f.replace(/\.ipynb$/, "")).sort();
}

/**
 * Selects notebooks by glob.
 * @throws `invalid --only …` when a pattern matches nothing
 */
export function selectNotebooks(all: string[], only: string[]): string[] {
  if (!only.length) return all;
  for (const g of only) if (!all.some((n) => globToRegExp(g).test(n))) throw new Error(`invalid --only: ${JSON.stringify(g)} matches no notebook; available: ${all.join(", ")}`);
  return all.filter((n) => only.some((g) => globToRegExp(g).test(n)));
}

/** Runs the report. Never throws for notebook failures (see outcomes); throws for bad options. */
export async function runReport(options: ReportOptions = {}): Promise<ReportSummary> {
  const root = path.resolve(options.root ?? process.cwd());
  const nbDir = options.notebooksDir ?? path.join(root, "notebooks");
  const outDir = options.outDir ?? path.join(root, "report");
  const { only = [], params = {}, images = true, html = true, cellTimeoutSeconds = 600, log = () => {}, onKernel, onCell, chromiumPath } = options;
  const selected = selectNotebooks(listNotebooks(nbDir), only);
  for (const nbName of Object.keys(params)) {
    if (!selected.includes(nbName)) throw new Error(`invalid --param notebook: ${JSON.stringify(nbName)}; selected notebooks: ${selected.join(", ")}`);
  }
  const loaded = selected.map((name) => {
    const file = path.join(nbDir, `${name}.ipynb`);
    return { name, nb: injectParameters(parseNotebook(fs.readFileSync(file, "utf8"), file), params[name] ?? {}, name) };
  });
  fs.mkdirSync(path.join(outDir, "notebooks"), { recursive: true });
  const outcomes: NotebookOutcome[] = [];
  const executed = [];
  for (const { name, nb } of loaded) {
    log(`▶ ${name}`);
    const r = await runNotebook(nb, { root, name: `${name}.ipynb`, cellTimeoutMs: cellTimeoutSeconds * 1000, onKernel, onCell });
    const executedPath = path.join(outDir, "notebooks", `${name}.ipynb`);
    r.notebook.metadata.papermill.output_path = path.relative(root, executedPath);
    executed.push({ name, nb: r.notebook, executedPath });
    outcomes.push({ name, failure: r.failure, seconds: r.seconds, kernelStartSeconds: r.kernelStartSeconds, cellSeconds: r.cellSeconds, executedPath });
    log(r.failure
      ? `✗ ${name}: failed at cell ${r.failure.cell} (code cell ${r.failure.codeCell}, ${r.failure.status}) after ${r.seconds.toFixed(1)} s\n${r.failure.stderr.replace(/^/gm, "    ")}`
      : `✓ ${name} (${r.seconds.toFixed(1)} s: kernel ${r.kernelStartSeconds.toFixed(1)} s, cells ${r.cellSeconds.toFixed(1)} s)`);
  }
  let imageReport: { images: number; skipped?: string } = { images: 0 };
  if (images) {
    imageReport = await addStaticImages(executed.map((e) => e.nb), root, chromiumPath ?? findChromium());
    log(imageReport.skipped ? `static images skipped: ${imageReport.skipped}` : `static images: ${imageReport.images} PNG(s) rendered in Chromium`);
  } else log("static images skipped: --no-images");
  for (const e of executed) fs.writeFileSync(e.executedPath, formatNotebook(e.nb));
  let indexPath: string | undefined;
  if (html) {
    fs.copyFileSync(plotlyLibraryPath(root), path.join(outDir, "plotly.min.js"));
    const entries: ReportEntry[] = executed.map((e, i) => {
      const page = `${e.name}.html`;
      fs.writeFileSync(path.join(outDir, page), notebookToHtml(e.nb, notebookTitle(e.nb, e.name)));
      const f = outcomes[i].failure;
      return { name: e.name, title: notebookTitle(e.nb, e.name), page, ipynb: `notebooks/${e.name}.ipynb`, status: f ? `failed at cell ${f.cell}` : "passed", seconds: outcomes[i].seconds };
    });
    indexPath = path.join(outDir, "index.html");
    const note = `Executed ${new Date().toISOString()} on Node ${process.version}. ${imageReport.skipped ? `Static images skipped: ${imageReport.skipped}.` : `${imageReport.images} static image(s).`}`;
    fs.writeFileSync(indexPath, reportIndexHtml(entries, note));
    log(`wrote ${path.relative(root, indexPath)} and ${entries.length} page(s)`);
  }
  return { outcomes, images: imageReport.images, imagesSkipped: imageReport.skipped, indexPath };
}
