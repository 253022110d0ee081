/**
 * A custom multifactor priority formula in the PoA experiment (notebook 10's `PRIORITY_FORMULA`):
 * the same samples through the simulator with Slurm's weighted sum and with the formula, side by
 * side. The formula is a mathjs expression in the normalised factors age, fairshare, size,
 * partition, qos (lib/slurm PRIORITY_FORMULA_SYMBOLS; lib/expr).
 */
import type { Sample } from "../sample/draw";
import { invalidArgument } from "../util/errors";
import { type PoaOptions, createPoaModelCache, poaRows, poaSummary } from "./poa";

/** One row of {@link formulaComparison}. */
export interface FormulaComparisonRow {
  /** "weighted sum" or the formula. */
  priority: string;
  /** Samples. */
  n: number;
  /** Mean PoA with its 95% interval (as poaSummary). */
  meanPoA: number;
  ciLow: number;
  ciHigh: number;
  /** Mean Total Value of the simulator's first iteration, node·minutes. */
  meanTV: number;
  /** Samples whose first-iteration TV differs from the weighted sum's (0 on the weighted-sum row). */
  changedSamples: number;
}

/**
 * PoA with the weighted sum (`options.priority` as given) and with `formula` replacing it.
 * @throws `invalid formula: ""; expected a priority formula …` for a blank formula; the errors of
 *   compileExpression (lib/expr) for a bad one
 */
export function formulaComparison(
  samples: readonly Sample[],
  options: PoaOptions,
  formula: string,
): FormulaComparisonRow[] {
  if (typeof formula !== "string" || formula.trim() === "")
    throw invalidArgument("formula", formula, "a priority formula in age, fairshare, size, partition, qos");
  const o: PoaOptions = { ...options, modelCache: options.modelCache ?? createPoaModelCache() }; // the models' side once per sample
  const base = poaRows(samples, o);
  const custom = poaRows(samples, { ...o, priority: { ...o.priority, formula } });
  const row = (priority: string, rows: typeof base, changed: number): FormulaComparisonRow => {
    const s = poaSummary(rows.map((r) => r.PoA));
    return {
      priority,
      n: s.n,
      meanPoA: s.mean,
      ciLow: s.ciLow,
      ciHigh: s.ciHigh,
      meanTV: rows.reduce((a, r) => a + r.TV, 0) / rows.length,
      changedSamples: changed,
    };
  };
  return [
    row("weighted sum", base, 0),
    row(formula, custom, custom.filter((r, i) => r.TV !== base[i].TV).length),
  ];
}
