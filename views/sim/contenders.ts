/**
 * Schedulers of your own (lib/sim/contender.ts) beside Slurm's in notebook 10's tables: their PoA
 * rows as summary rows and as per-sample columns. The thesis has no value for them, so they are shown
 * and never judged.
 */
import type { PoaRow } from "../../lib/sim/poa";
import { meanInterval } from "../../lib/util/interval";
import { fmt, group } from "../display/format";

/** A contender's PoA rows over the samples of a table. */
export interface ContenderRows {
  label: string;
  rows: readonly PoaRow[];
}

type Cell = string | number | null;

/** The column a contender's value of `column` takes in a table: "TV, SJF (yours)". */
export const contenderColumn = (column: "TV" | "PoA", label: string) => `${column}, ${label}`;

/**
 * Each contender's `column` in the layout of the summary tables (simSummary): the mean over the
 * ordinary samples shown with its 95% interval, no thesis value, so no ratio and no outcome.
 */
export function contenderSummary(
  yours: readonly ContenderRows[],
  column: "TV" | "PoA",
  special = "sample_20.txt",
): Record<string, Cell>[] {
  return yours.map((c) => {
    const values = c.rows.filter((r) => r.sample !== special).map((r) => r[column]);
    const e = meanInterval(values);
    return {
      quantity: contenderColumn(column, c.label),
      ours: Number(fmt(e.mean)),
      "ours, 95% interval": e.constant ? "— (all equal)" : `${group(e.low)} – ${group(e.high)}`,
      "ours, samples": e.n,
      thesis: null,
      "thesis, 95% interval": "",
      "thesis, samples": null,
      "ours / thesis [95%]": "—",
      tier: "your scheduler",
      outcome: "— (no thesis value)",
      cause: "—",
    };
  });
}

/** A per-sample table (table28Comparison, table29Comparison) with each contender's `column` beside ours, joined on the sample. */
export function withContenderColumns<R extends { sample: string }>(
  rows: readonly R[],
  yours: readonly ContenderRows[],
  column: "TV" | "PoA",
): (R & Record<string, number>)[] {
  const bySample = yours.map((c) => new Map(c.rows.map((r) => [r.sample, r[column]])));
  return rows.map((r) =>
    Object.assign(
      { ...r },
      Object.fromEntries(
        yours.map((c, k) => [contenderColumn(column, c.label), bySample[k].get(r.sample) ?? NaN]),
      ),
    ),
  );
}
