/** Each mechanism notebook's experiments under each counterfactual (lib/scorecard/counterfactual-matrix.ts), as captioned tables. */
import { fmt } from "../display/format";
import type { ResultsFile } from "../../lib/scorecard/results-file";
import { type CounterfactualMatrix, counterfactualMatrix } from "../../lib/scorecard/counterfactual-matrix";

/** A table row of the matrix: strings, so means and marks print as computed. */
export type MatrixTableRow = Record<string, string>;

/**
 * The matrix as rows: table, column, the thesis's mean and ours, then ours under each experiment
 * (✓ where it meets conditions (1)–(3), "(post-hoc)" when its reading was not fixed in advance; — where
 * not stored), and the TV_2B / TV_4B ratio of means last.
 */
export function counterfactualMatrixRows(m: CounterfactualMatrix): MatrixTableRow[] {
  const out: MatrixTableRow[] = m.rows.map((r) => {
    const row: MatrixTableRow = { table: String(r.table), column: r.column, thesis: fmt(r.thesis) };
    r.under.forEach((c, i) => {
      if (!c) {
        row[m.experiments[i]] = "—";
        return;
      }
      row.ours ??= fmt(r.ours);
      row[m.experiments[i]] =
        `${fmt(c.mean)}${c.holds ? (c.basis === "post-hoc" ? " ✓ (post-hoc)" : " ✓") : ""}`;
    });
    return row;
  });
  if (m.ratio) {
    const row: MatrixTableRow = {
      table: "10",
      column: "TV_2B / TV_4B (ratio of means)",
      thesis: m.ratio.thesis.toFixed(3),
      ours: m.ratio.ours.toFixed(3),
    };
    m.ratio.under.forEach((x, i) => (row[m.experiments[i]] = x === null ? "—" : x.toFixed(3)));
    out.push(row);
  }
  return out;
}

/**
 * The matrix of each of notebooks 07–09 whose results file stores counterfactuals, captioned with
 * the notebook and the number of samples the experiments ran on.
 */
export function counterfactualTables(
  results: Readonly<Record<string, ResultsFile>>,
  root = process.cwd(),
): { caption: string; rows: MatrixTableRow[] }[] {
  return ["07-main-experiments", "08-greedy-modified", "09-priority-model"].flatMap((nb) => {
    const file = results[nb];
    const cf = file && Object.keys(file.tables).find((k) => k.startsWith("cf:"));
    if (!cf) return [];
    const n = new Set(file.tables[cf].map((r) => r.sample)).size;
    return [
      {
        caption: `Experiments of ${nb}: means over ${n} samples`,
        rows: counterfactualMatrixRows(counterfactualMatrix(file, root)),
      },
    ];
  });
}
