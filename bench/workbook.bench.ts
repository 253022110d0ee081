/**
 * Workbook benchmarks: tslab kernel start-up, and the runner's overhead per notebook beyond the
 * time its cells take, against `python3 -m nbconvert --execute` on the same notebook (when Debian's
 * nbconvert is installed) measured in the same run.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { TslabKernel } from "../workbook/kernel-client";
import { parseNotebook } from "../workbook/notebook";
import { runNotebook } from "../workbook/runner";
import type { BenchRow } from "./harness";

const root = path.resolve(__dirname, "..");

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const k = await TslabKernel.start({ root });
    starts.push((performance.now() - t0) / 1000);
    await k.shutdown();
  }
  const nbFile = path.join(root, "notebooks", "00-workbook.ipynb");
  const nb = parseNotebook(fs.readFileSync(nbFile, "utf8"), nbFile);
  const t0 = performance.now();
  const r = await runNotebook(nb, { root, name: "00-workbook" });
  const ours = (performance.now() - t0) / 1000;
  const overhead = ours - r.cellSeconds - r.kernelStartSeconds;
  const nbconvert =
    spawnSync("/usr/bin/python3", ["-c", "import nbconvert"], { encoding: "utf8" }).status === 0;
  let baseline: number | undefined;
  if (nbconvert) {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-bench-"));
    const b0 = performance.now();
    const res = spawnSync(
      "/usr/bin/python3",
      [
        "-m",
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        nbFile,
        "--output-dir",
        out,
        "--ExecutePreprocessor.kernel_name=schedgame",
      ],
      { encoding: "utf8" },
    );
    baseline = res.status === 0 ? (performance.now() - b0) / 1000 : undefined;
    fs.rmSync(out, { recursive: true, force: true });
  }
  const best = Math.min(...starts);
  rows.push({
    name: "kernel start to kernel_info reply (best of 3)",
    value: best,
    unit: "s",
    goal: { value: 3, lowerIsBetter: true },
    note: `all: ${starts.map((s) => s.toFixed(2)).join(", ")} s`,
  });
  rows.push({
    name: "runner overhead on 00-workbook (total − kernel start − cell time)",
    value: overhead,
    unit: "s",
    goal: { value: 1, lowerIsBetter: true },
  });
  rows.push({
    name: "00-workbook end to end, our runner",
    value: ours,
    unit: "s",
    baseline:
      baseline === undefined ? undefined : { name: "python3 -m nbconvert --execute", value: baseline },
    note:
      baseline === undefined
        ? "baseline skipped: Debian python3-nbconvert not installed or failed"
        : undefined,
  });
  return rows;
}
