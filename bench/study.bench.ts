/**
 * Study runner: throughput on 1 vs 2 worker threads in the same run (a CPU-bound kind of ~50 ms per
 * task), and the cost of resuming a finished study (reading the store, nothing recomputed) against
 * running it.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { runStudy } from "../study/runner";
import type { BenchRow } from "./harness";

const TASKS = 40;

function scratch(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sg-study-bench-"));
  for (const d of ["bench", "node_modules", "lib"])
    fs.symlinkSync(path.join(__dirname, "..", d), path.join(root, d));
  return root;
}

export async function run(): Promise<BenchRow[]> {
  const spec = {
    name: "bench",
    experiment: "module:bench/study-kind.ts#spin",
    grid: { k: Array.from({ length: TASKS }, (_, i) => i) },
    params: { ms: 50 },
  };
  const rate: Record<number, number> = {};
  let resumeMs = NaN,
    runMs = NaN;
  for (const workers of [1, 2]) {
    const root = scratch();
    const t0 = performance.now();
    await runStudy(spec, { root, workers });
    const ms = performance.now() - t0;
    rate[workers] = (1000 * TASKS) / ms;
    if (workers === 2) {
      runMs = ms;
      const t1 = performance.now();
      await runStudy(spec, { root, workers, resume: true });
      resumeMs = performance.now() - t1;
    }
  }
  return [
    {
      name: `study throughput, 2 workers (${TASKS} tasks of ~50 ms)`,
      value: rate[2],
      unit: "tasks/s",
      baseline: { name: "1 worker", value: rate[1] },
      goal: { value: 1.5 * rate[1], lowerIsBetter: false },
      note: "goal: ≥ 1.5× one worker on 2 cores",
    },
    {
      name: "resuming a finished study (store read, nothing rerun)",
      value: resumeMs,
      unit: "ms",
      baseline: { name: "running it on 2 workers", value: runMs },
      goal: { value: 0.1 * runMs, lowerIsBetter: true },
      note: "goal: ≤ 10% of the run",
    },
  ];
}
