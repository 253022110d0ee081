/**
 * Summary rows under a per-sample comparison table (columns `X` and `X (thesis)`, one row per
 * sample, as `thesisComparison` and `table28Comparison` build them): the means over the shown
 * ordinary samples, ours over the statistics samples with its interval (lib/util/interval.ts), the
 * thesis's with its interval, and the scorecard's row of the same quantity — its ratio with the
 * interval, outcome and cause (one outcome per quantity: none is computed here).
 */
import { firstPrinted } from "../../lib/scorecard/tiers";
import type { RoundRow } from "../../lib/mechanism/rounds";
import type { MetricName } from "../../lib/mechanism/round-statistics";
import type { PaymentRule } from "../../lib/mechanism/mechanism";
import { fmt, group } from "../display/format";
import { type MeanInterval as Estimate, meanInterval as estimate } from "../../lib/util/interval";
import { mechanismTableRows, metricValues } from "../../lib/scorecard/mechanism-rows";
import type { ResultsFile } from "../../lib/scorecard/results-file";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { ratioText } from "./row-text";
import { repeatedSimRows, simTableRows } from "../../lib/scorecard/sim-rows";

/** Options of {@link withSummaryRows}. */
export interface SummaryRowsOptions {
  /** The special sample, left out of every mean (the thesis's sample 20 has no 40-minute jobs). Defaults to "sample_20.txt". */
  special?: string;
  /** Our values of a column over the statistics samples (≥ 200); undefined = use the shown samples. Defaults to none. */
  many?: (column: string) => readonly number[] | undefined;
  /** The scorecard's row of a column, or a note ("= Table 10 TV_1B") where it is scored elsewhere. Defaults to none ("—"). */
  verdict?: (column: string) => ScorecardRow | string | undefined;
  /** Where a column given a row by `verdict` is scored when not here ("scored with Table 10 TV_1B"), shown as its cause. Defaults to none. */
  scoredWith?: (column: string) => string | undefined;
}

type Cell = string | number | null;

const range = (e: Estimate) => (e.constant ? "— (all equal)" : `${group(e.low)} – ${group(e.high)}`);

const numbers = (vs: readonly Cell[]) =>
  vs.filter((v): v is number => typeof v === "number" && Number.isFinite(v));

/** One compared column of a per-sample table, summarised (see {@link summaryTable}). */
export interface ColumnSummary {
  column: string;
  /** Our mean over the shown ordinary samples. */
  shownMean?: number;
  /** Ours over the statistics samples (else the shown ones), with the 95% interval. */
  ours?: Estimate;
  /** The thesis's published values over its ordinary samples, with the 95% interval. */
  thesis?: Estimate;
  /** The scorecard's ours / thesis with its 95% interval, "—" when none was given. */
  ratio?: string;
  /** The scorecard's outcome (or where it is scored), "—" when none was given. */
  verdict?: string;
  /** The scorecard's tier and cause, "—" when none was given. */
  tier?: string;
  cause?: string;
}

function columnSummaries(
  rows: readonly Record<string, Cell>[],
  options: SummaryRowsOptions,
): { ordinary: number; columns: ColumnSummary[] } {
  const special = options.special ?? "sample_20.txt";
  const ordinary = rows.filter((r) => r.sample !== special);
  const names = rows.length
    ? Object.keys(rows[0]).filter((k) => k !== "sample" && k !== "size" && !k.endsWith(" (thesis)"))
    : [];
  const columns = names.map((c): ColumnSummary => {
    const t = `${c} (thesis)`;
    const oursShown = numbers(ordinary.map((r) => r[c]));
    const many = options.many?.(c);
    const values = many && many.length ? many : oursShown;
    const out: ColumnSummary = {
      column: c,
      shownMean: oursShown.length ? estimate(oursShown).mean : undefined,
      ours: values.length ? estimate(values) : undefined,
    };
    const thesisVals = numbers(ordinary.map((r) => r[t] ?? null));
    if (!(t in (rows[0] ?? {})) || !thesisVals.length) return out;
    out.thesis = estimate(thesisVals);
    const row = options.verdict?.(c);
    if (typeof row === "object") {
      out.ratio = ratioText(row);
      out.verdict = row.verdict;
      out.tier = row.tier;
      out.cause = options.scoredWith?.(c) ?? row.cause;
    } else {
      out.ratio = "—";
      out.verdict = row ?? "—";
      out.tier = "—";
      out.cause = "—";
    }
    return out;
  });
  return { ordinary: ordinary.length, columns };
}

/**
 * The table's rows followed by four summary rows: `mean (shown samples)`, `mean [95% CI]`,
 * `ours / thesis` and `verdict`. Columns without a `(thesis)` partner get empty summary cells.
 */
export function withSummaryRows(
  rows: readonly Record<string, Cell>[],
  options: SummaryRowsOptions = {},
): Record<string, Cell>[] {
  const { ordinary, columns } = columnSummaries(rows, options);
  const shown: Record<string, Cell> = { sample: `mean, ${ordinary} ordinary samples` };
  const ci: Record<string, Cell> = { sample: "mean [95% interval], ours over the statistics samples" };
  const ratio: Record<string, Cell> = { sample: "ours / thesis [95%]" };
  const verdict: Record<string, Cell> = { sample: "outcome" };
  const text = (e: Estimate) => `${fmt(e.mean)} [${fmt(e.low)}, ${fmt(e.high)}] (n = ${e.n})`;
  for (const s of columns) {
    const t = `${s.column} (thesis)`;
    if (s.shownMean !== undefined) shown[s.column] = s.shownMean;
    if (s.ours) ci[s.column] = text(s.ours);
    if (!s.thesis) continue;
    shown[t] = s.thesis.mean;
    ci[t] = text(s.thesis);
    ratio[s.column] = s.ratio ?? "—";
    verdict[s.column] = s.verdict ?? "—";
  }
  return [...rows, shown, ci, ratio, verdict];
}

/**
 * One row per compared column: ours beside the thesis's, each a mean with its 95% interval and
 * sample count, and the scorecard's ratio with its interval, tier, outcome and cause — the summary a
 * reader needs instead of the per-sample table.
 */
export function summaryTable(
  rows: readonly Record<string, Cell>[],
  options: SummaryRowsOptions = {},
): Record<string, Cell>[] {
  return columnSummaries(rows, options)
    .columns.filter((s) => s.thesis)
    .map((s) => ({
      quantity: s.column,
      ours: s.ours ? Number(fmt(s.ours.mean)) : null,
      "ours, 95% interval": s.ours ? range(s.ours) : "",
      "ours, samples": s.ours?.n ?? null,
      thesis: s.thesis ? Number(fmt(s.thesis.mean)) : null,
      "thesis, 95% interval": s.thesis ? range(s.thesis) : "",
      "thesis, samples": s.thesis?.n ?? null,
      "ours / thesis [95%]": s.ratio ?? "—",
      tier: s.tier ?? "—",
      outcome: s.verdict ?? "—",
      cause: s.cause ?? "—",
    }));
}

function mechanismOptions(
  table: number,
  results: ResultsFile,
  scored: readonly ScorecardRow[] | undefined,
  root: string,
): SummaryRowsOptions {
  const id = new RegExp(`^Table ${table}(?: /|$)`);
  const mine = scored ? scored.filter((r) => id.test(r.id)) : mechanismTableRows(table, results, root);
  const score = new Map(mine.map((r) => [r.quantity.split(" ")[0], r]));
  const split = (c: string) => [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];
  return {
    many: (c) =>
      c.startsWith("TTS_") ? undefined : metricValues(results.tables.many, split(c)[1], split(c)[0]),
    verdict: (c) => score.get(c) ?? repeatOf(table, c),
  };
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
  return withSummaryRows(rows, mechanismOptions(table, results, scored, root));
}

/** The same comparison as {@link mechanismTableWithSummary}, one row per column ({@link summaryTable}). */
export function mechanismSummary(
  rows: readonly Record<string, Cell>[],
  table: number,
  results: ResultsFile,
  scored?: readonly ScorecardRow[],
  root = process.cwd(),
): Record<string, Cell>[] {
  return summaryTable(rows, mechanismOptions(table, results, scored, root));
}

/** "= Table N X" for a column the thesis printed before (scored there), else undefined. */
function repeatOf(table: number, column: string): string | undefined {
  const first = firstPrinted(table, column);
  return first && `= Table ${first.table} ${first.column}`;
}

function simOptions(
  rows: readonly Record<string, Cell>[],
  results: ResultsFile,
  root: string,
): SummaryRowsOptions {
  const score = new Map(simTableRows(results, root).map((r) => [r.quantity.split(" ")[0], r]));
  // a model column the thesis printed before: the same rule on the same samples as where it is scored
  const repeated = repeatedSimRows(results, root);
  const table = rows.length && "PoA" in rows[0] ? 29 : 28;
  // Table 29's TV_1B is the original greedy's, Table 28's TV_1B1 (the results store it under that name)
  const stored = (c: string) => (table === 29 && c === "TV_1B" ? "TV_1B1" : c);
  const scoredWith = (c: string) => {
    const first = firstPrinted(table, c) ?? (table === 29 ? firstPrinted(28, stored(c)) : undefined);
    return first && `scored with Table ${first.table} ${first.column}`;
  };
  return {
    many: (c) => results.tables.many?.map((r) => r[stored(c)] as number).filter((v) => Number.isFinite(v)),
    verdict: (c) => score.get(c) ?? repeated.get(stored(c)) ?? repeatOf(table, c),
    scoredWith: (c) => (score.has(c) ? undefined : scoredWith(c)),
  };
}

/** Table 28's comparison rows (table28Comparison) with summary rows over notebook 10's PoA samples and the scorecard's verdicts. */
export function simTableWithSummary(
  rows: readonly Record<string, Cell>[],
  results: ResultsFile,
  root = process.cwd(),
): Record<string, Cell>[] {
  return withSummaryRows(rows, simOptions(rows, results, root));
}

/** The same comparison as {@link simTableWithSummary}, one row per column ({@link summaryTable}). */
export function simSummary(
  rows: readonly Record<string, Cell>[],
  results: ResultsFile,
  root = process.cwd(),
): Record<string, Cell>[] {
  return summaryTable(rows, simOptions(rows, results, root));
}

/**
 * Summary rows of your own experiments (EXTRA_RULES, extra-rules.ts, or rule objects) in
 * {@link summaryTable}'s layout: ours over the shown ordinary samples with the interval ("not
 * measured" where the metric has no value, as TTS without timing), no thesis value, so no ratio and
 * no outcome.
 */
export function yoursSummary(
  rows: readonly RoundRow[],
  metric: MetricName,
  options: { payment?: PaymentRule; special?: string } = {},
): Record<string, Cell>[] {
  const payment = options.payment ?? "clarke",
    special = options.special ?? "sample_20.txt";
  const mine = rows.filter((r) => r.payment === payment && r.sample !== special);
  return [...new Set(mine.map((r) => r.experiment))].map((label) => {
    const values = numbers(mine.filter((r) => r.experiment === label).map((r) => r[metric]));
    const e = values.length ? estimate(values) : undefined; // TTS is not measured for your rules
    return {
      quantity: `${metric}_${label}`,
      ours: e ? Number(fmt(e.mean)) : null,
      "ours, 95% interval": e ? range(e) : "— (not measured)",
      "ours, samples": e ? e.n : 0,
      thesis: null,
      "thesis, 95% interval": "",
      "thesis, samples": null,
      "ours / thesis [95%]": "—",
      tier: "your rule",
      outcome: "— (no thesis value)",
      cause: "—",
    };
  });
}
