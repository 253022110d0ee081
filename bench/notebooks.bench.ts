/**
 * Notebook benchmarks: one row per notebook, the time its cells take at default parameters (the
 * runner's cell time; kernel start apart, in the note), one kernel at a time, with warm caches —
 * lib's declarations built, the studies the notebooks read run first (studies/, a no-op when
 * fresh), and each notebook run once before it is timed. Goal: at most 10 s of cells, so that
 * editing a parameter in JupyterLab and re-running is interactive.
 *   SCHEDGAME_BENCH_NOTEBOOKS=07,10 npm run bench -- notebooks   only notebooks whose name starts so
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { libDeclarations } from "../workbook/lib-declarations";
import { parseNotebook } from "../workbook/notebook";
import { listNotebooks, runNotebookStudies } from "../workbook/report";
import { runNotebook } from "../workbook/runner";
import type { BenchRow } from "./harness";

const root = path.resolve(__dirname, "..");

/** Seconds of cells a notebook may take at default parameters. */
export const NOTEBOOK_CELLS_GOAL_S = 10;

export async function run(): Promise<BenchRow[]> {
  const prefixes = (process.env.SCHEDGAME_BENCH_NOTEBOOKS ?? "").split(",").filter((p) => p !== "");
  const names = listNotebooks(path.join(root, "notebooks")).filter(
    (n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)),
  );
  libDeclarations(root);
  await runNotebookStudies(names, root, () => {});
  const rows: BenchRow[] = [];
  for (const name of names) {
    const file = path.join(root, "notebooks", `${name}.ipynb`);
    const once = async () => {
      const r = await runNotebook(parseNotebook(fs.readFileSync(file, "utf8"), file), { root, name });
      if (r.failure)
        throw new Error(`${name} failed at cell ${r.failure.cell}: ${r.failure.stderr.slice(0, 300)}`);
      return r;
    };
    await once(); // warms the twin, trace and source caches this notebook uses
    const r = await once();
    rows.push({
      name: `${name}: cells at default parameters`,
      value: r.cellSeconds,
      unit: "s",
      goal: { value: NOTEBOOK_CELLS_GOAL_S, lowerIsBetter: true },
      note: `kernel start ${r.kernelStartSeconds.toFixed(1)} s, apart`,
    });
  }
  return rows;
}
