/**
 * The report and the test command's notebook phase (the same headless run with images and HTML):
 * `--jobs` kernels in parallel (default: cores) with the twin cache (lib/twin/twin-cache.ts), against
 * the sequential run without the cache measured in the same bench. Three runs of every notebook:
 *   1. baseline: --jobs 1, SCHEDGAME_TWIN_CACHE=off (each of 03–10 generates the twin),
 *      SCHEDGAME_TRACE_CACHE=off (every trace parsed), SCHEDGAME_PNG_CACHE=off (every figure drawn) and
 *      SCHEDGAME_KERNEL_LIB=source (tslab type-checks and emits lib in every kernel);
 *   2. --jobs N with empty caches (the first notebook to need a twin, its cleaned jobs or a trace writes them, every figure is drawn; lib's declarations
 *      for the kernels are built once, workbook/lib-declarations.ts);
 *   3. --jobs N with warm caches (what every later run sees).
 * Then the executed notebooks of runs 1 and 3 are compared byte for byte after removing the
 * execution times (papermill start/end/duration, Jupyter's execute_reply timestamps).
 *   npm run bench -- report      (long: three runs of every notebook)
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { runReport } from "../workbook/report";
import type { BenchRow } from "./harness";

const root = path.resolve(__dirname, "..");
// execution times, and the output path (each run writes to its own folder)
const TIME_KEYS = new Set([
  "start_time",
  "end_time",
  "duration",
  "shell.execute_reply.started",
  "shell.execute_reply",
  "iopub.execute_input",
  "iopub.status.busy",
  "iopub.status.idle",
  "output_path",
]);

/** The executed notebook's cells (JSON, one string per cell) without execution times. */
function cellsWithoutTimes(file: string): string[] {
  const nb = JSON.parse(fs.readFileSync(file, "utf8")) as { cells: unknown[]; metadata: unknown };
  const strip = (x: unknown) => JSON.stringify(x, (k, v) => (TIME_KEYS.has(k) ? undefined : v));
  return [strip(nb.metadata), ...nb.cells.map(strip)];
}

/** Cells (1-based; 0 = notebook metadata) whose outputs differ between two executed copies. */
function differingCells(a: string, b: string): number[] | "missing" {
  if (!fs.existsSync(b)) return "missing";
  const x = cellsWithoutTimes(a),
    y = cellsWithoutTimes(b);
  const out: number[] = [];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) out.push(i);
  return out;
}

async function timed(
  label: string,
  opts: { jobs: number; cache: boolean; outDir: string },
): Promise<{ seconds: number; failed: string[] }> {
  const before = process.env.SCHEDGAME_TWIN_CACHE,
    beforeLib = process.env.SCHEDGAME_KERNEL_LIB,
    beforeTrace = process.env.SCHEDGAME_TRACE_CACHE,
    beforePng = process.env.SCHEDGAME_PNG_CACHE;
  if (!opts.cache) {
    process.env.SCHEDGAME_TWIN_CACHE = "off";
    process.env.SCHEDGAME_TRACE_CACHE = "off";
    process.env.SCHEDGAME_PNG_CACHE = "off";
    process.env.SCHEDGAME_KERNEL_LIB = "source";
  }
  try {
    const t0 = performance.now();
    const s = await runReport({ root, jobs: opts.jobs, outDir: opts.outDir });
    const seconds = (performance.now() - t0) / 1000;
    console.log(`  ${label}: ${seconds.toFixed(1)} s`);
    return { seconds, failed: s.outcomes.filter((o) => o.failure).map((o) => o.name) };
  } finally {
    if (before === undefined) delete process.env.SCHEDGAME_TWIN_CACHE;
    else process.env.SCHEDGAME_TWIN_CACHE = before;
    if (beforeLib === undefined) delete process.env.SCHEDGAME_KERNEL_LIB;
    else process.env.SCHEDGAME_KERNEL_LIB = beforeLib;
    if (beforeTrace === undefined) delete process.env.SCHEDGAME_TRACE_CACHE;
    else process.env.SCHEDGAME_TRACE_CACHE = beforeTrace;
    if (beforePng === undefined) delete process.env.SCHEDGAME_PNG_CACHE;
    else process.env.SCHEDGAME_PNG_CACHE = beforePng;
  }
}

export async function run(): Promise<BenchRow[]> {
  const jobs = Math.max(1, os.availableParallelism());
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-bench-report-"));
  const base = await timed("sequential, no twin cache, tslab compiling lib", {
    jobs: 1,
    cache: false,
    outDir: path.join(out, "base"),
  });
  for (const cache of ["twin-cache", "source-cache", "trace-cache", "png-cache", "kernel-types"])
    fs.rmSync(path.join(root, "data", "generated", cache), { recursive: true, force: true });
  const cold = await timed(`--jobs ${jobs}, empty caches`, {
    jobs,
    cache: true,
    outDir: path.join(out, "cold"),
  });
  const warm = await timed(`--jobs ${jobs}, warm caches`, {
    jobs,
    cache: true,
    outDir: path.join(out, "warm"),
  });
  const names = fs
    .readdirSync(path.join(out, "base", "notebooks"))
    .filter((f) => f.endsWith(".ipynb"))
    .sort();
  // a notebook that prints a wall-clock measurement (07's TTS column) differs in that cell only: listed by cell
  const differ = names.flatMap((f) => {
    const d = differingCells(path.join(out, "base", "notebooks", f), path.join(out, "warm", "notebooks", f));
    return d === "missing"
      ? [`${f} (missing)`]
      : d.length
        ? [`${f} (cell${d.length > 1 ? "s" : ""} ${d.join(", ")})`]
        : [];
  });
  const failed = [...new Set([...base.failed, ...cold.failed, ...warm.failed])];
  const baseline = { name: "sequential (--jobs 1), no twin cache, tslab compiling lib", value: base.seconds };
  fs.rmSync(out, { recursive: true, force: true });
  return [
    {
      name: `report: --jobs ${jobs}, empty caches`,
      value: cold.seconds,
      unit: "s",
      baseline,
      goal: { value: 120, lowerIsBetter: true },
      note: failed.length ? `FAILED notebooks: ${failed.join(", ")}` : undefined,
    },
    {
      name: `report: --jobs ${jobs}, warm caches`,
      value: warm.seconds,
      unit: "s",
      baseline,
      goal: { value: 120, lowerIsBetter: true },
    },
    {
      name: "executed notebooks identical to the sequential run (execution times and output folder removed)",
      value: names.length - differ.length,
      unit: `of ${names.length}`,
      note: differ.length ? `differ: ${differ.join("; ")}` : "all identical",
    },
  ];
}
