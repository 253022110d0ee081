/** The PoA decomposition by factor (lib/sim/poa-decomposition.ts) as display rows. */
import type { PoaDecompositionRow } from "../../lib/sim/poa-decomposition";

/** Decomposition rows for display (without the per-sample values). */
export function poaDecompositionTable(
  rows: readonly PoaDecompositionRow[],
): Record<string, string | number>[] {
  return rows.map((r) => ({
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
