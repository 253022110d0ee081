/**
 * I/O benchmarks: reading each shared SWF trace through the parse cache
 * (lib/io/swf-cache.ts, warm: the entry exists) against parsing it raw (readSwf: gunzip +
 * parse), both in CPU ms (best of 3 after one warm-up), one row per trace and one for all of them.
 * The cache lives in a temporary folder, so the run neither uses nor changes data/generated/.
 * And the sacct reader (lib/io/sacct.ts) on the recorded export (test/fixtures/slurm/export/sacct.txt)
 * repeated to 200,000 records, against splitting the same text into lines and fields — the least
 * any reader of it does.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type BenchRow } from "./harness";
import { readSwf } from "../lib/io/swf";
import { readSwfCached } from "../lib/io/swf-cache";
import { findTrace, listTraces, traceDirectories } from "../lib/io/trace-paths";
import { parseSacct } from "../lib/io/sacct";

/** CPU milliseconds (user + system) of `fn`, best of `repeats` after one warm-up. */
function cpuMs(fn: () => unknown, repeats = 3): number {
  fn();
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  return best;
}

function sharedTraces(): string[] {
  return (listTraces()?.names ?? []).map((n) => findTrace(n)!);
}

/** The sacct reader on 200,000 records against splitting them into fields. */
function sacctRow(): BenchRow {
  const text = fs.readFileSync(
    path.join(__dirname, "..", "test", "fixtures", "slurm", "export", "sacct.txt"),
    "utf8",
  );
  const [head, ...rows] = text.trim().split("\n");
  const lines = [head];
  // Copies renumbered so that every job id stays distinct.
  for (let k = 0; lines.length <= 200_000; k++)
    for (const r of rows) lines.push(r.replace(/^\d+/, (m) => String(Number(m) + k * 1000)));
  const big = lines.join("\n");
  const split = cpuMs(() => big.split("\n").map((l) => l.split("|")));
  const read = cpuMs(() => parseSacct(big, "bench"));
  return {
    name: `sacct export, ${lines.length - 1} records: parseSacct, CPU`,
    value: read,
    unit: "ms",
    baseline: { name: "split into lines and fields", value: split },
  };
}

export async function run(): Promise<BenchRow[]> {
  const sacct = sacctRow();
  const traces = sharedTraces();
  if (traces.length === 0)
    return [
      sacct,
      {
        name: "SWF parse cache",
        value: NaN,
        unit: "ms",
        note: "skipped: no traces in " + traceDirectories().join(", "),
      },
    ];
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "sg-bench-trace-cache-"));
  const rows: BenchRow[] = [sacct];
  let raw = 0,
    cached = 0;
  try {
    for (const file of traces) {
      const opts = { dir: cache, minBytes: 0 };
      if (readSwfCached(file, opts).cache !== "miss")
        throw new Error(`bench: ${file} was not a cache miss in a new folder`);
      const r = cpuMs(() => readSwf(file));
      const c = cpuMs(() => {
        if (readSwfCached(file, opts).cache !== "hit") throw new Error(`bench: ${file} was not a cache hit`);
      });
      raw += r;
      cached += c;
      rows.push({
        name: `${path.basename(file)}: read through the parse cache (warm), CPU`,
        value: c,
        unit: "ms",
        baseline: { name: "raw parse (gunzip + parse)", value: r },
      });
    }
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
  rows.push({
    name: `all ${traces.length} traces: read through the parse cache (warm), CPU`,
    value: cached,
    unit: "ms",
    baseline: { name: "raw parse", value: raw },
    goal: { value: Math.round(raw / 4), lowerIsBetter: true },
    note: "goal: a quarter of the raw parse",
  });
  return rows;
}
