/**
 * The whole report run: choose notebooks, inject parameters, execute each in a fresh kernel,
 * add static images (one Chromium for the run, drawing each finished notebook's figures while a
 * kernel lane is idle), write executed notebooks and the HTML report.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { libDeclarations } from "./lib-declarations";
import type { TslabKernel } from "./kernel-client";
import { formatNotebook, parseNotebook } from "./notebook";
import { injectParameters, type ParameterValue } from "./parameters";
import { plotlyLibraryPath } from "../views/display/plot";
import { notebookToHtml, reportEntry, reportIndexHtml } from "./report-html";
import { type RunFailure, runNotebook } from "./runner";
import {
  type StaticImageReport,
  type StaticImageSession,
  findChromium,
  staticImageSession,
} from "./static-images";
import { NOTEBOOK_MAP } from "../views/display/notebook-map";
import { integer } from "../lib/util/options";
import type { Notebook } from "./notebook";
import { readStudySpec, studyFile } from "../study/load";
import { runStudy } from "../study/runner";

/**
 * The declared studies (studies/<name>.json) whose results notebooks read, by notebook: the report
 * runs each one a selected notebook reads before that notebook starts (a no-op when its cached
 * results are fresh; a copy when its committed results are today's).
 */
export const NOTEBOOK_STUDIES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "07-main-experiments": ["scorecard"],
  "08-greedy-modified": ["scorecard"],
  "09-priority-model": ["scorecard"],
  "10-slurm-simulator": ["scorecard"],
  "16-scorecard": ["scorecard"],
  "17-appendix": ["scorecard"],
});

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
  /**
   * Run the studies the selected notebooks read ({@link NOTEBOOK_STUDIES}), on one worker thread beside
   * the notebooks that read none; a notebook that reads one starts when it is done. Defaults to true.
   */
  studies?: boolean;
  /**
   * Kernels run at once. A notebook starts only after the selected notebooks its NOTEBOOK_MAP entry
   * lists in `after` have finished (it reads their results files). Defaults to 1.
   */
  jobs?: number;
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
  const body = glob
    .replace(/\.ipynb$/, "")
    .replace(/[.+^${}()|\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

/** Notebook names (no extension) in `dir`, sorted, skipping names starting with `_` or `.`. */
export function listNotebooks(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ipynb") && !/^[_.]/.test(f))
    .map((f) => f.replace(/\.ipynb$/, ""))
    .sort();
}

/**
 * Selects notebooks by glob.
 * @throws `invalid --only …` when a pattern matches nothing
 */
export function selectNotebooks(all: string[], only: string[]): string[] {
  if (!only.length) return all;
  for (const g of only)
    if (!all.some((n) => globToRegExp(g).test(n)))
      throw new Error(
        `invalid --only: ${JSON.stringify(g)} matches no notebook; available: ${all.join(", ")}`,
      );
  return all.filter((n) => only.some((g) => globToRegExp(g).test(n)));
}

/**
 * Builds lib's declarations for the kernels once, before they start (each kernel would otherwise
 * build them when lib changed, in parallel; see lib-declarations.ts). A lib whose declarations
 * cannot be built (a file that does not parse) is logged: the kernels then compile lib themselves
 * and show the diagnostics.
 */
function prebuildLibDeclarations(root: string, log: (line: string) => void): void {
  if (process.env.SCHEDGAME_KERNEL_LIB === "source")
    return log("lib declarations: off (SCHEDGAME_KERNEL_LIB=source)");
  try {
    const d = libDeclarations(root);
    log(
      `lib declarations: ${d.cache === "hit" ? "cached" : `built in ${(d.ms / 1000).toFixed(1)} s`} (${d.files} files, ${path.relative(root, d.folder)})`,
    );
  } catch (e) {
    log(`lib declarations: not built, kernels compile lib/ themselves: ${(e as Error).message}`);
  }
}

/** Runs the report. Never throws for notebook failures (see outcomes); throws for bad options. */
export async function runReport(options: ReportOptions = {}): Promise<ReportSummary> {
  const root = path.resolve(options.root ?? process.cwd());
  const nbDir = options.notebooksDir ?? path.join(root, "notebooks");
  const outDir = options.outDir ?? path.join(root, "report");
  const {
    only = [],
    params = {},
    images = true,
    html = true,
    cellTimeoutSeconds = 600,
    log = () => {},
    onKernel,
    onCell,
    chromiumPath,
  } = options;
  const selected = selectNotebooks(listNotebooks(nbDir), only);
  for (const nbName of Object.keys(params)) {
    if (!selected.includes(nbName))
      throw new Error(
        `invalid --param notebook: ${JSON.stringify(nbName)}; selected notebooks: ${selected.join(", ")}`,
      );
  }
  const loaded = selected.map((name) => {
    const file = path.join(nbDir, `${name}.ipynb`);
    return {
      name,
      nb: injectParameters(parseNotebook(fs.readFileSync(file, "utf8"), file), params[name] ?? {}, name),
    };
  });
  fs.mkdirSync(path.join(outDir, "notebooks"), { recursive: true });
  const jobs = integer(options.jobs ?? 1, "jobs", 1, 64);
  prebuildLibDeclarations(root, log);
  // the studies run beside the notebooks that do not read them: a notebook that reads one waits for it
  const studies =
    (options.studies ?? true)
      ? runNotebookStudies(selected, root, log, { workers: 1 }).then(
          () => undefined,
          (e: Error) => e,
        )
      : Promise.resolve(undefined);
  const results = new Map<
    string,
    { outcome: NotebookOutcome; executed: { name: string; nb: Notebook; executedPath: string } }
  >();
  // Static images: one browser for the run, drawing each finished notebook's figures while a kernel lane is idle.
  const imageSession = images ? staticImageSession(root, chromiumPath ?? findChromium()) : undefined;
  const runOne = async ({ name, nb }: (typeof loaded)[number]) => {
    if (NOTEBOOK_STUDIES[name]?.length) {
      const failed = await studies;
      if (failed) throw failed;
    }
    log(`▶ ${name}`);
    const r = await runNotebook(nb, {
      root,
      name: `${name}.ipynb`,
      cellTimeoutMs: cellTimeoutSeconds * 1000,
      onKernel,
      onCell,
    });
    const executedPath = path.join(outDir, "notebooks", `${name}.ipynb`);
    r.notebook.metadata.papermill.output_path = path.relative(root, executedPath);
    results.set(name, {
      executed: { name, nb: r.notebook, executedPath },
      outcome: {
        name,
        failure: r.failure,
        seconds: r.seconds,
        kernelStartSeconds: r.kernelStartSeconds,
        cellSeconds: r.cellSeconds,
        executedPath,
      },
    });
    imageSession?.add(r.notebook);
    log(
      r.failure
        ? `✗ ${name}: failed at cell ${r.failure.cell} (code cell ${r.failure.codeCell}, ${r.failure.status}) after ${r.seconds.toFixed(1)} s\n${r.failure.stderr.replace(/^/gm, "    ")}`
        : `✓ ${name} (${r.seconds.toFixed(1)} s: kernel ${r.kernelStartSeconds.toFixed(1)} s, cells ${r.cellSeconds.toFixed(1)} s)`,
    );
  };
  try {
    const order = runOrder(selected);
    const byName = new Map(loaded.map((l) => [l.name, l]));
    await runScheduled(
      order.map((n) => byName.get(n)!),
      jobs,
      notebookDependencies(selected),
      runOne,
      imageSession,
    );
  } catch (e) {
    await imageSession?.close(); // no browser left running
    throw e;
  }
  const outcomes = loaded.map((l) => results.get(l.name)!.outcome);
  const executed = loaded.map((l) => results.get(l.name)!.executed);
  let imageReport: StaticImageReport = { images: 0 };
  if (imageSession) {
    imageReport = await imageSession.finish();
    log(
      imageReport.skipped
        ? `static images skipped: ${imageReport.skipped}`
        : `static images: ${imageReport.images} PNG(s), ${imageReport.cached ?? 0} from the PNG cache, ${imageReport.rendered ?? 0} rendered in Chromium`,
    );
  } else log("static images skipped: --no-images");
  for (const e of executed) fs.writeFileSync(e.executedPath, formatNotebook(e.nb));
  let indexPath: string | undefined;
  if (html) {
    const note = `Last run ${new Date().toISOString()} on Node ${process.version}: ${outcomes.length} notebook(s). ${imageReport.skipped ? `Static images skipped: ${imageReport.skipped}.` : `${imageReport.images} static image(s).`}`;
    const written = writeReportHtml({ root, outDir, names: listNotebooks(nbDir), note });
    indexPath = written.indexPath;
    log(`wrote ${path.relative(root, indexPath)} and ${written.pages} page(s)`);
  }
  return { outcomes, images: imageReport.images, imagesSkipped: imageReport.skipped, indexPath };
}

/** Options of {@link writeReportHtml}. */
export interface ReportHtmlOptions {
  /** Project root (plotly.min.js is copied from its node_modules). */
  root: string;
  /** Report folder: executed notebooks are read from its `notebooks/`, pages written beside. */
  outDir: string;
  /** The notebooks of the workbook (names without extension); those without an executed copy are left out. */
  names: readonly string[];
  /** A line at the foot of the index (when and how the run was made). */
  note: string;
}

/**
 * Writes one HTML page per executed notebook of `names` and the index over all of them, so a run
 * of some notebooks (`--only`) keeps the others' last executed copies in the index.
 * @returns the index's path and the number of pages written
 */
export function writeReportHtml(options: ReportHtmlOptions): { indexPath: string; pages: number } {
  const { root, outDir, names, note } = options;
  fs.copyFileSync(plotlyLibraryPath(root), path.join(outDir, "plotly.min.js"));
  const entries = names
    .map((name) => path.join(outDir, "notebooks", `${name}.ipynb`))
    .filter((file) => fs.existsSync(file))
    .map((file) => {
      const name = path.basename(file, ".ipynb");
      const entry = reportEntry(name, parseNotebook(fs.readFileSync(file, "utf8"), file));
      fs.writeFileSync(path.join(outDir, entry.page), notebookToHtml(entry.notebook, entry.title));
      return entry;
    });
  const indexPath = path.join(outDir, "index.html");
  fs.writeFileSync(indexPath, reportIndexHtml(entries, note));
  return { indexPath, pages: entries.length };
}

/**
 * Runs (or finds fresh, or restores from data/studies/) every study the notebooks read, on `workers`
 * worker threads (all cores unless given); logs one line per study.
 */
export async function runNotebookStudies(
  notebooks: readonly string[],
  root: string,
  log: (line: string) => void,
  options: { workers?: number } = {},
): Promise<void> {
  for (const name of [...new Set(notebooks.flatMap((n) => NOTEBOOK_STUDIES[n] ?? []))]) {
    const t0 = Date.now();
    const r = await runStudy(readStudySpec(studyFile(name, root)), {
      root,
      resume: true,
      workers: options.workers,
    });
    log(
      `study ${name}: ${r.ran} of ${r.tasks} task(s) run, ${r.resumed} stored and fresh (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
}

/** The order the report starts notebooks in: NOTEBOOK_MAP's `long` ones first, each group in file order. */
export function runOrder(selected: readonly string[]): string[] {
  const long = new Set(NOTEBOOK_MAP.filter((e) => e.long).map((e) => e.notebook));
  return [...selected.filter((n) => long.has(n)), ...selected.filter((n) => !long.has(n))];
}

/** For each selected notebook, the selected notebooks it must wait for (NOTEBOOK_MAP's `after`). */
export function notebookDependencies(selected: readonly string[]): Map<string, string[]> {
  const chosen = new Set(selected);
  return new Map(
    selected.map((n) => [
      n,
      (NOTEBOOK_MAP.find((e) => e.notebook === n)?.after ?? []).filter((d) => chosen.has(d)),
    ]),
  );
}

/**
 * Runs items with at most `jobs` at once, each after its dependencies, in list order otherwise. A
 * lane with nothing to start draws the images of finished items (`idle`) until something can start.
 */
export async function runScheduled<T extends { name: string }>(
  items: readonly T[],
  jobs: number,
  deps: ReadonlyMap<string, readonly string[]>,
  run: (item: T) => Promise<void>,
  idle?: Pick<StaticImageSession, "pending" | "draw">,
): Promise<void> {
  const done = new Set<string>();
  const started = new Set<string>();
  const waiting: (() => void)[] = [];
  const wakeAll = () => waiting.splice(0).forEach((w) => w());
  const next = () =>
    items.find((i) => !started.has(i.name) && (deps.get(i.name) ?? []).every((d) => done.has(d)));
  const lane = async () => {
    for (;;) {
      const item = next();
      if (item) {
        started.add(item.name);
        await run(item);
        done.add(item.name);
        wakeAll();
        continue;
      }
      if (idle?.pending()) {
        await idle.draw(() => next() !== undefined);
        continue;
      }
      // Nothing to start or draw: finished once every item has started (with `idle`: has finished,
      // since a running item may still add figures); else wait for an item to finish.
      if (idle ? done.size === items.length : started.size === items.length) {
        wakeAll();
        return;
      }
      await new Promise<void>((r) => waiting.push(r));
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, lane));
}
