/**
 * Every stored experiment beside the thesis, one table per mechanism notebook: for each published
 * column (`<metric>_<experiment>`) the thesis's mean, ours on the counterfactual samples (the same
 * samples, our settings) and ours under each counterfactual (`cf:<setting>` tables), marked ✓
 * where the experiment meets conditions (1)–(3) of lib/scorecard/explanation.ts (ours differs, and
 * the experiment moves it, toward the thesis, to no longer differ; the scorecard also asks (4),
 * that it worsens no other column, and (5), a reading fixed in advance). Plus the ratio of the TV_2B
 * and TV_4B means (the thesis: 2B lower than 4B). Notebook 16 shows it; it is what a row's cause
 * points at.
 */
import { readThesisTable } from "../mechanism/thesis-tables";
import { invalidArgument } from "../util/errors";
import { mean } from "../util/stats";
import { MECHANISM_TABLES, thesisColumn } from "./mechanism-rows";
import type { ResultRow, ResultsFile } from "./results-file";
import { fmt } from "../display/format";
import { counterfactualExplanation } from "./explanation";

/** One row of {@link counterfactualMatrix}: strings, so means and marks print as computed. */
export type MatrixRow = Record<string, string>;

/** Values of one column on the named samples, in their order (undefined when any is missing). */
function valuesOn(
  rows: readonly ResultRow[],
  experiment: string,
  metric: string,
  samples: readonly string[],
): number[] | undefined {
  const by = new Map(
    rows
      .filter((r) => r.experiment === experiment && r.payment === "clarke")
      .map((r) => [r.sample as string, r[metric] as number]),
  );
  const v = samples.map((s) => by.get(s));
  return v.every((x) => x !== undefined && Number.isFinite(x)) ? (v as number[]) : undefined;
}

/**
 * The experiments of one mechanism notebook's results file against the thesis (see the module
 * comment). Column names are the counterfactual labels up to their first " (".
 * @throws `invalid results: …` when the file is not one of notebooks 07–09 or stores no counterfactual
 */
export function counterfactualMatrix(results: ResultsFile, root = process.cwd()): MatrixRow[] {
  const tables = Object.keys(MECHANISM_TABLES)
    .map(Number)
    .filter((t) => MECHANISM_TABLES[t].notebook === results.notebook && t !== 18);
  const cfs = Object.keys(results.tables).filter((k) => k.startsWith("cf:"));
  if (!tables.length || !cfs.length)
    throw invalidArgument(
      "results",
      results.notebook,
      "the results file of notebook 07, 08 or 09 with counterfactual tables",
    );
  const short = (k: string) => k.slice(3).split(" (")[0];
  const samplesOf = new Map(
    cfs.map((k) => [k, [...new Set(results.tables[k].map((r) => r.sample as string))]]),
  );
  const out: MatrixRow[] = [];
  const means = new Map<string, Record<string, number>>();
  for (const t of tables) {
    for (const c of readThesisTable(t, root).columns.filter((x) => x !== "sample" && x !== "size")) {
      const [metric, experiment] = [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];
      const thesis = thesisColumn(t, c, root);
      const row: MatrixRow = { table: String(t), column: c, thesis: fmt(mean(thesis)) };
      const m: Record<string, number> = { thesis: mean(thesis) };
      for (const k of cfs) {
        const samples = samplesOf.get(k)!;
        const base = valuesOn(results.tables.many ?? [], experiment, metric, samples);
        const cf = valuesOn(results.tables[k], experiment, metric, samples);
        if (!base || !cf) {
          row[short(k)] = "—";
          continue;
        }
        row.ours ??= fmt(mean(base));
        m.ours ??= mean(base);
        m[k] = mean(cf);
        const e = counterfactualExplanation(k.slice(3), results.notebook, thesis, cf, base);
        row[short(k)] = `${fmt(mean(cf))}${e.holds ? (e.basis === "post-hoc" ? " ✓ (post-hoc)" : " ✓") : ""}`;
      }
      means.set(c, m);
      out.push(row);
    }
  }
  const a = means.get("TV_2B"),
    b = means.get("TV_4B");
  if (a && b) {
    const row: MatrixRow = {
      table: "10",
      column: "TV_2B / TV_4B (ratio of means)",
      thesis: (a.thesis / b.thesis).toFixed(3),
      ours: (a.ours / b.ours).toFixed(3),
    };
    for (const k of cfs)
      row[short(k)] = a[k] !== undefined && b[k] !== undefined ? (a[k] / b[k]).toFixed(3) : "—";
    out.push(row);
  }
  return out;
}
