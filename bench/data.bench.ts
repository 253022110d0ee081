/**
 * Data benchmarks: cleaning the 1.64 M-row twin Job File with every filter and the
 * summaries (goal ≤ 5 s), generating the twin in memory and with its files written (goal ≤ 10 s),
 * and the SWF parse rate on the largest shared trace. Each goal is printed against a baseline measured in the same run:
 * - cleaning vs a hand-written single pass over the same columns applying the same predicates;
 * - twin generation vs building an arquero table of the same shape from uniform random columns;
 * - generation + writing vs generation + one write of the same number of bytes;
 * - SWF parsing vs gunzip + counting lines (the I/O floor).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { type BenchRow, timeMs } from "./harness";
import { cleanSource } from "../lib/clean/clean-source";
import type { Source } from "../lib/source/source";
import { categoryCounts, compareSummaries } from "../lib/clean/summary";
import { THESIS_DEBUG_QUEUES, THESIS_PLATFORMS } from "../lib/io/thesis-section4";
import { readThesisSection4 } from "../lib/io/thesis-section4";
import { generateTwin } from "../lib/twin/twin";
import { writeExperimentFile, writeJobFile } from "../lib/io/autosubmit";
import { MARENOSTRUM4 } from "../lib/io/job-record";
import { readSwf } from "../lib/io/swf";
import { findTrace, traceDirectories } from "../lib/io/trace-paths";
import { createRng } from "../lib/util/rng";

/** The same job filters as the pipeline, as one hand-written loop over the columns (the baseline). */
function handLoop(jobs: ColumnTable, valid: Set<number>): number {
  const g = (c: string) => jobs.array(c) as ArrayLike<unknown>;
  const exp = g("exp_id") as ArrayLike<number>,
    plat = g("platform") as string[],
    sub = g("submit") as ArrayLike<number>,
    st = g("status") as string[];
  const q = g("queue") as string[],
    procs = g("procs") as ArrayLike<number>,
    start = g("start") as ArrayLike<number>,
    fin = g("finish") as ArrayLike<number>;
  const plats = new Set(THESIS_PLATFORMS);
  const debug = new Set(THESIS_DEBUG_QUEUES);
  let kept = 0;
  for (let i = 0; i < exp.length; i++) {
    if (
      !valid.has(exp[i]) ||
      !plats.has(plat[i]) ||
      !(sub[i] > 0) ||
      st[i] !== "COMPLETED" ||
      debug.has(q[i]) ||
      !(procs[i] >= 48)
    )
      continue;
    const qt = (start[i] - sub[i]) / 60,
      rt = (fin[i] - start[i]) / 60;
    if (qt >= 0 && qt <= 720 && rt > 0) kept++;
  }
  return kept;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const ref = readThesisSection4();

  // ---- twin generation
  let twin = generateTwin(1, ref);
  const genMs = await timeMs(() => {
    twin = generateTwin(1, ref);
  }, 1);
  const n = twin.jobs.numRows();
  const rng = createRng(1);
  const randomTable = () => {
    const cols: Record<string, Float64Array | string[]> = {};
    for (const c of twin.jobs.columnNames()) {
      if (typeof twin.jobs.get(c, 0) === "number") {
        const a = new Float64Array(n);
        for (let i = 0; i < n; i++) a[i] = rng.next();
        cols[c] = a;
      } else {
        const a = new Array<string>(n);
        for (let i = 0; i < n; i++) a[i] = "x" + (i % 1000);
        cols[c] = a;
      }
    }
    return aq.table(cols);
  };
  const rndMs = await timeMs(randomTable, 1);
  rows.push({
    name: `generate the twin (${n} jobs + 2734 experiments)`,
    value: genMs,
    unit: "ms",
    baseline: { name: "same-shape table of uniform random columns", value: rndMs },
    goal: { value: 10_000, lowerIsBetter: true },
  });

  // ---- writing the twin's files (TSV) after generating it, vs writing the same number of bytes at once
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bench-twin-"));
  let bytes = 0;
  const writeMs = await timeMs(() => {
    const [e, j] = [path.join(dir, "experiments.tsv"), path.join(dir, "jobs.tsv")];
    writeExperimentFile(twin.experiments, e);
    writeJobFile(twin.jobs, j);
    bytes = fs.statSync(j).size + fs.statSync(e).size;
  }, 1);
  const blob = Buffer.alloc(bytes, 65);
  const rawMs = await timeMs(() => fs.writeFileSync(path.join(dir, "raw.bin"), blob), 1);
  fs.rmSync(dir, { recursive: true, force: true });
  rows.push({
    name: `generate + write the twin files (${(bytes / 1e6).toFixed(0)} MB TSV)`,
    value: genMs + writeMs,
    unit: "ms",
    baseline: { name: "generate + one write of the same bytes", value: genMs + rawMs },
    goal: { value: 10_000, lowerIsBetter: true },
    note: `write alone ${writeMs.toFixed(0)} ms`,
  });

  // ---- cleaning with every filter and the summaries
  const src: Source = {
    spec: { kind: "twin", text: "twin" },
    description: "bench",
    synthetic: true,
    files: [],
    experiments: twin.experiments,
    jobs: twin.jobs,
    machine: MARENOSTRUM4,
    cleaning: { rules: "autosubmit" },
    readLog: [],
  };
  let final = 0;
  const cleanMs = await timeMs(() => {
    const c = cleanSource(src);
    compareSummaries(c.jobs.figure9, ref.summaries.fig09_jobs_102868);
    compareSummaries(c.jobs.final, ref.summaries.fig11_jobs_88047);
    categoryCounts(c.jobs.figure9, "type");
    final = c.jobs.final.numRows();
  }, 2);
  const valid = new Set(
    Array.from(
      cleanSource({ ...src, jobs: twin.jobs.slice(0, 0), experimentsOnly: true }).experiments!.final.array(
        "id",
      ) as ArrayLike<number>,
    ),
  );
  let handKept = 0;
  const handMs = await timeMs(() => {
    handKept = handLoop(twin.jobs, valid);
  }, 2);
  rows.push({
    name: `clean ${n} twin jobs: all filters, fixes, derived fields, summaries → ${final}`,
    value: cleanMs,
    unit: "ms",
    baseline: {
      name: `hand-written single loop (same filters, no fixes/summaries → ${handKept})`,
      value: handMs,
    },
    goal: { value: 5_000, lowerIsBetter: true },
  });

  // ---- SWF parse rate on the largest shared trace
  const manifestPath = traceDirectories()
    .map((d) => `${d}/manifest.json`)
    .find((p) => fs.existsSync(p));
  const manifest: { file: string; jobs: number }[] = manifestPath
    ? JSON.parse(fs.readFileSync(manifestPath, "utf8"))
    : [];
  const largest = manifest.sort((a, b) => b.jobs - a.jobs)[0];
  const file = largest ? findTrace(largest.file) : undefined;
  if (!file) {
    rows.push({
      name: "SWF parse rate",
      value: NaN,
      unit: "jobs/s",
      note: "skipped: no shared traces (../shared/traces) and nothing in data/traces",
    });
  } else {
    let jobs = 0;
    const parseMs = await timeMs(async () => {
      jobs = readSwf(file).jobs;
    }, 2);
    let lines = 0;
    const floorMs = await timeMs(() => {
      const text = zlib.gunzipSync(fs.readFileSync(file)).toString("latin1");
      lines = 0;
      for (let j = text.indexOf("\n"); j >= 0; j = text.indexOf("\n", j + 1)) lines++;
    }, 2);
    rows.push({
      name: `SWF parse rate, ${largest.file} (${jobs} jobs, gunzip + 18 fields + sort)`,
      value: jobs / (parseMs / 1000),
      unit: "jobs/s",
      baseline: { name: `gunzipSync + count ${lines} lines`, value: jobs / (floorMs / 1000) },
      note: `${parseMs.toFixed(0)} ms`,
    });
  }
  return rows;
}
