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
import { readThesisTable } from "../io/thesis-tables";
import { invalidArgument } from "../util/errors";
import { mean } from "../util/stats";
import { MECHANISM_TABLES, thesisColumn } from "./mechanism-rows";
import type { ResultRow, ResultsFile } from "./results-file";
import { type ExplanationBasis, counterfactualExplanation } from "./explanation";
import { projectRoot } from "../util/project-paths";

/** One experiment on one column: ours under it, and whether it meets conditions (1)–(3). */
export interface MatrixCell {
  mean: number;
  holds: boolean;
  basis: ExplanationBasis;
}

/** One published column: the thesis's mean, ours, and ours under each experiment (null: not stored). */
export interface MatrixRow {
  table: number;
  column: string;
  thesis: number;
  /** Ours on the samples of the first experiment that has this column (NaN when none has). */
  ours: number;
  under: (MatrixCell | null)[];
}

/** A notebook's experiments against the thesis (see the module comment). */
export interface CounterfactualMatrix {
  /** The experiments' short labels, in the results file's order. */
  experiments: string[];
  rows: MatrixRow[];
  /** TV_2B / TV_4B of the means: the thesis's, ours and under each experiment (null: a mean missing); null without both columns. */
  ratio: { thesis: number; ours: number; under: (number | null)[] } | null;
}

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
export function counterfactualMatrix(results: ResultsFile, root = projectRoot()): CounterfactualMatrix {
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
  const samplesOf = new Map(
    cfs.map((k) => [k, [...new Set(results.tables[k].map((r) => r.sample as string))]]),
  );
  const rows: MatrixRow[] = [];
  const means = new Map<string, Record<string, number>>();
  for (const t of tables) {
    for (const c of readThesisTable(t, root).columns.filter((x) => x !== "sample" && x !== "size")) {
      const [metric, experiment] = [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];
      const thesis = thesisColumn(t, c, root);
      const row: MatrixRow = { table: t, column: c, thesis: mean(thesis), ours: NaN, under: [] };
      const m: Record<string, number> = { thesis: mean(thesis) };
      for (const k of cfs) {
        const samples = samplesOf.get(k)!;
        const base = valuesOn(results.tables.many ?? [], experiment, metric, samples);
        const cf = valuesOn(results.tables[k], experiment, metric, samples);
        if (!base || !cf) {
          row.under.push(null);
          continue;
        }
        if (Number.isNaN(row.ours)) row.ours = mean(base);
        m.ours ??= mean(base);
        m[k] = mean(cf);
        const e = counterfactualExplanation(k.slice(3), results.notebook, thesis, cf, base);
        row.under.push({ mean: mean(cf), holds: e.holds, basis: e.basis });
      }
      means.set(c, m);
      rows.push(row);
    }
  }
  const a = means.get("TV_2B"),
    b = means.get("TV_4B");
  return {
    experiments: cfs.map((k) => k.slice(3).split(" (")[0]),
    rows,
    ratio:
      a && b
        ? {
            thesis: a.thesis / b.thesis,
            ours: a.ours / b.ours,
            under: cfs.map((k) => (a[k] !== undefined && b[k] !== undefined ? a[k] / b[k] : null)),
          }
        : null,
  };
}
