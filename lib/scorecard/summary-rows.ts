/**
 * Summary rows under a per-sample comparison table (columns `X` and `X (thesis)`, one row per
 * sample, as `thesisComparison` and `table28Comparison` build them): the means over the shown
 * ordinary samples, ours over the statistics samples with its interval (lib/util/interval.ts), the
 * thesis's with its interval, the ratio and the scorecard's verdict of the same quantity.
 */
import { firstPrinted } from "./tiers";
import { estimate, fmt } from "./verdict";
import { mechanismTableRows, metricValues } from "./mechanism-rows";
import type { ResultsFile } from "./results-file";
import type { ScorecardRow } from "./row";
import { simTableRows } from "./sim-rows";

/** Options of {@link withSummaryRows}. */
export interface SummaryRowsOptions {
  /** The special sample, left out of every mean (the thesis's sample 20 has no 40-minute jobs). Defaults to "sample_20.txt". */
  special?: string;
  /** Our values of a column over the statistics samples (≥ 200); undefined = use the shown samples. Defaults to none. */
  many?: (column: string) => readonly number[] | undefined;
  /** The scorecard's verdict of a column (one verdict per quantity: none is computed here). Defaults to none ("—"). */
  verdict?: (column: string) => string | undefined;
}

type Cell = string | number | null;

const numbers = (vs: readonly Cell[]) =>
  vs.filter((v): v is number => typeof v === "number" && Number.isFinite(v));

/**
 * The table's rows followed by four summary rows: `mean (shown samples)`, `mean [95% CI]`,
 * `ours / thesis` and `verdict`. Columns without a `(thesis)` partner get empty summary cells.
 */
export function withSummaryRows(
  rows: readonly Record<string, Cell>[],
  options: SummaryRowsOptions = {},
): Record<string, Cell>[] {
  const special = options.special ?? "sample_20.txt";
  const ordinary = rows.filter((r) => r.sample !== special);
  const columns = rows.length
    ? Object.keys(rows[0]).filter((k) => k !== "sample" && k !== "size" && !k.endsWith(" (thesis)"))
    : [];
  const shown: Record<string, Cell> = { sample: `mean, ${ordinary.length} ordinary samples` };
  const ci: Record<string, Cell> = { sample: "mean [95% interval], ours over the statistics samples" };
  const ratio: Record<string, Cell> = { sample: "ours / thesis" };
  const verdict: Record<string, Cell> = { sample: "verdict" };
  for (const c of columns) {
    const t = `${c} (thesis)`;
    const oursShown = numbers(ordinary.map((r) => r[c]));
    if (oursShown.length) shown[c] = estimate(oursShown).mean;
    const thesisVals = numbers(ordinary.map((r) => r[t] ?? null));
    const many = options.many?.(c);
    const ours = many && many.length ? many : oursShown;
    if (ours.length) {
      const e = estimate(ours);
      ci[c] = `${fmt(e.mean)} [${fmt(e.low)}, ${fmt(e.high)}] (n = ${e.n})`;
    }
    if (!(t in (rows[0] ?? {}))) continue;
    if (thesisVals.length) {
      const te = estimate(thesisVals);
      shown[t] = te.mean;
      ci[t] = `${fmt(te.mean)} [${fmt(te.low)}, ${fmt(te.high)}] (n = ${te.n})`;
      ratio[c] = ours.length && te.mean !== 0 ? (estimate(ours).mean / te.mean).toFixed(3) : "—";
      verdict[c] = options.verdict?.(c) ?? "—";
    }
  }
  return [...rows, shown, ci, ratio, verdict];
}

/**
 * A mechanism comparison table (thesisComparison's rows of thesis Table `table`) with its summary
 * rows: ours over the results file's statistics samples, the scorecard's verdict per column — from
 * `scored` (the scorecard rows of several tables, {@link mechanismTableRows}, computed once for a
 * notebook's tables and its conclusion) when given, else computed here.
 */
export function mechanismTableWithSummary(
  rows: readonly Record<string, Cell>[],
  table: number,
  results: ResultsFile,
  scored?: readonly ScorecardRow[],
  root = process.cwd(),
): Record<string, Cell>[] {
  const id = new RegExp(`^Table ${table}(?: /|$)`);
  const mine = scored ? scored.filter((r) => id.test(r.id)) : mechanismTableRows(table, results, root);
  const score = new Map(mine.map((r) => [r.quantity.replace(/ \(s\)$/, ""), r.verdict]));
  const split = (c: string) => [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];
  return withSummaryRows(rows, {
    many: (c) =>
      c.startsWith("TTS_") ? undefined : metricValues(results.tables.many, split(c)[1], split(c)[0]),
    verdict: (c) => score.get(c) ?? repeatOf(table, c),
  });
}

/** "= Table N X" for a column the thesis printed before (scored there), else undefined. */
function repeatOf(table: number, column: string): string | undefined {
  const first = firstPrinted(table, column);
  return first && `= Table ${first.table} ${first.column}`;
}

/** Table 28's comparison rows (table28Comparison) with summary rows over notebook 10's PoA samples and the scorecard's verdicts. */
export function simTableWithSummary(
  rows: readonly Record<string, Cell>[],
  results: ResultsFile,
  root = process.cwd(),
): Record<string, Cell>[] {
  const score = new Map(simTableRows(results, root).map((r) => [r.quantity.split(" ")[0], r.verdict]));
  const table = rows.length && "PoA" in rows[0] ? 29 : 28;
  return withSummaryRows(rows, {
    many: (c) => results.tables.many?.map((r) => r[c] as number).filter((v) => Number.isFinite(v)),
    verdict: (c) => score.get(c) ?? repeatOf(table, c),
  });
}
