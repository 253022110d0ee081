/**
 * The PoA decomposition by factor (lib/sim/poa-decomposition.ts) as display rows. A row compares a
 * factor's setting before and after its switch; a row whose two settings are equal compares a
 * setting with itself (the base already had it) and is refused, never shown as a comparison.
 */
import type { PoaDecompositionRow } from "../../lib/sim/poa-decomposition";
import { invalidArgument } from "../../lib/util/errors";

/**
 * The rows, checked: every switched row changes its factor's setting.
 * @throws `invalid rows[k]: …; expected a factor whose setting changes` for a row from a setting to itself
 */
export function switchedRows(rows: readonly PoaDecompositionRow[]): readonly PoaDecompositionRow[] {
  rows.forEach((r, k) => {
    if (r.step !== "base" && r.from === r.value)
      throw invalidArgument(
        `rows[${k}]`,
        `${r.factor} from ${r.from} to ${r.value}`,
        "a factor whose setting changes (the base already has this one: start from the other setting)",
      );
  });
  return rows;
}

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
