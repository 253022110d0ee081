/**
 * The README's test command, whole (`tsx scripts/test.ts`: type-check, unit tests, every notebook,
 * the trace and sacct runs of notebooks 03/04/10, the nbformat and browser checks), against the same
 * command with every speed setting off, measured in the same bench:
 *   baseline: SCHEDGAME_TEST_BASELINE=sequential (vitest isolating every file on one worker, one
 *             kernel at a time, no twin, trace or PNG cache, tslab compiling lib in every kernel);
 *   now:      the defaults (vitest with a worker per core sharing a module cache, --jobs = cores, the
 *             type-check beside the format check, browser pages a core each, the twin, trace and PNG caches,
 *             lib's prebuilt declarations for the kernels), starting with every cache empty, as on a
 *             fresh clone.
 *   npm run bench -- test      (long: the whole test command twice)
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import type { BenchRow } from "./harness";

const root = path.resolve(__dirname, "..");

/** Runs the test command; its wall time and its last line ("tests: N passed, M failed, K skipped"). */
function testCommand(env: Record<string, string>): Promise<{ seconds: number; summary: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "test.ts")],
      { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let tail = "";
    const keep = (d: Buffer) => {
      tail = (tail + d.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("close", () => {
      const summary = tail.match(/tests: \d+ passed, \d+ failed, \d+ skipped/g)?.pop() ?? "no summary line";
      resolve({ seconds: (performance.now() - t0) / 1000, summary });
    });
  });
}

export async function run(): Promise<BenchRow[]> {
  const base = await testCommand({ SCHEDGAME_TEST_BASELINE: "sequential" });
  console.log(`  baseline: ${base.seconds.toFixed(0)} s (${base.summary})`);
  for (const cache of ["twin-cache", "source-cache", "trace-cache", "png-cache", "kernel-types"])
    fs.rmSync(path.join(root, "data", "generated", cache), { recursive: true, force: true });
  const now = await testCommand({});
  console.log(`  now: ${now.seconds.toFixed(0)} s (${now.summary})`);
  return [
    {
      name: "npm test (whole)",
      value: now.seconds,
      unit: "s",
      baseline: {
        name: "the same command as before (SCHEDGAME_TEST_BASELINE=sequential)",
        value: base.seconds,
      },
      goal: { value: 360, lowerIsBetter: true },
      note: `now: ${now.summary}; baseline: ${base.summary}`,
    },
  ];
}
