/** Each mechanism notebook's experiments under each counterfactual (lib/scorecard/counterfactual-matrix.ts), as captioned tables. */
import type { ResultsFile } from "../../lib/scorecard/results-file";
import { type MatrixRow, counterfactualMatrix } from "../../lib/scorecard/counterfactual-matrix";

/**
 * {@link counterfactualMatrix} of each of notebooks 07–09 whose results file stores counterfactuals,
 * captioned with the notebook and the number of samples the experiments ran on.
 */
export function counterfactualTables(
  results: Readonly<Record<string, ResultsFile>>,
  root = process.cwd(),
): { caption: string; rows: MatrixRow[] }[] {
  return ["07-main-experiments", "08-greedy-modified", "09-priority-model"].flatMap((nb) => {
    const file = results[nb];
    const cf = file && Object.keys(file.tables).find((k) => k.startsWith("cf:"));
    if (!cf) return [];
    const n = new Set(file.tables[cf].map((r) => r.sample)).size;
    return [
      { caption: `Experiments of ${nb}: means over ${n} samples`, rows: counterfactualMatrix(file, root) },
    ];
  });
}
