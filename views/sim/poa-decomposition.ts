/**
 * The PoA decomposition by factor (lib/sim/poa-decomposition.ts) as display rows. A row compares a
 * factor's setting before and after its switch; a row whose two settings are equal compares a
 * setting with itself (the base already had it) and is refused, never shown as a comparison.
 */
import { type PoaDecompositionRow, switchedRows } from "../../lib/sim/poa-decomposition";

/** Decomposition rows for display (without the per-sample values). @throws as {@link switchedRows} */
export function poaDecompositionTable(
  rows: readonly PoaDecompositionRow[],
): Record<string, string | number>[] {
  return switchedRows(rows).map((r) => ({
    step: r.step,
    factor: r.factor,
    from: r.from,
    to: r.value,
    meanPoA: r.mean,
    ci95Low: r.ciLow,
    ci95High: r.ciHigh,
    delta: r.delta,
    samples: r.values.length,
  }));
}
