/**
 * R's `summary()` of a data frame, as the thesis prints it (Figures 2, 9, 11): for numeric
 * columns Min, 1st Qu., Median, Mean, 3rd Qu., Max with R's default type-7 quantiles
 * ({@link numericSummary}); for character/factor columns the most frequent values and "(Other)".
 * Plus the side-by-side comparison with the published numbers.
 */
import type { ColumnTable } from "arquero";
import { numericSummary } from "../util/stats";
import { invalidArgument } from "../util/errors";
import type { PublishedSummary } from "../io/thesis-section4";

/** The six R statistics in print order, with R's labels. */
export const R_STATISTICS = [
  ["min", "Min."],
  ["q1", "1st Qu."],
  ["median", "Median"],
  ["mean", "Mean"],
  ["q3", "3rd Qu."],
  ["max", "Max."],
] as const;

function numbers(table: ColumnTable, field: string): Float64Array {
  if (!table.column(field))
    throw invalidArgument("field", field, `a column of the table (${table.columnNames().join(", ")})`);
  const a = table.array(field) as ArrayLike<number>;
  const out = new Float64Array(a.length);
  let k = 0;
  for (let i = 0; i < a.length; i++) if (typeof a[i] === "number" && !Number.isNaN(a[i])) out[k++] = a[i];
  return out.subarray(0, k);
}

/** R summary() of one numeric column (NaN/missing values left out, as R's NA's). */
export function rSummary(table: ColumnTable, field: string): PublishedSummary & { n: number } {
  const s = numericSummary(numbers(table, field));
  return { min: s.min, q1: s.q1, median: s.median, mean: s.mean, q3: s.q3, max: s.max, n: s.n };
}

/**
 * The most frequent values of a column and "(Other)" for the rest, as R's summary() of a factor
 * (top `top` values by count, ties by value).
 */
export function categoryCounts(
  table: ColumnTable | undefined,
  field: string,
  top = 6,
): { value: string; count: number }[] {
  if (!table) return [];
  if (!table.column(field))
    throw invalidArgument("field", field, `a column of the table (${table.columnNames().join(", ")})`);
  const a = table.array(field) as ArrayLike<unknown>;
  const m = new Map<string, number>();
  for (let i = 0; i < a.length; i++) {
    const v = String(a[i] ?? "");
    m.set(v, (m.get(v) ?? 0) + 1);
  }
  const sorted = [...m].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const out = sorted.slice(0, top).map(([value, count]) => ({ value, count }));
  const rest = sorted.slice(top).reduce((s, [, c]) => s + c, 0);
  if (rest > 0 || sorted.length > top) out.push({ value: "(Other)", count: rest });
  return out;
}

/** Rounds as R prints summary() values: 4 significant digits (integers of ≥ 4 digits kept whole). */
export function rRound(x: number, digits = 4): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const e = Math.floor(Math.log10(Math.abs(x)));
  if (e >= digits - 1) return Math.round(x);
  const f = 10 ** (digits - 1 - e);
  return Math.round(x * f) / f;
}

/** One field's statistic, ours beside the thesis's (see {@link compareSummaries}). */
export interface SummaryComparison {
  field: string;
  /** R's name of the statistic ("Min.", "1st Qu.", …). */
  statistic: string;
  ours: number;
  /** Ours rounded as R prints it (4 significant digits). */
  oursPrinted: number;
  thesis: number;
  match: boolean;
}

/** One published category's count, ours beside the thesis's (see {@link compareCounts}). */
export interface CountComparison {
  value: string;
  /** Our value it matched ("" when none). */
  ours: string;
  oursCount: number;
  thesis: number;
  match: boolean;
}

/**
 * Our summary beside the published one, one row per field and statistic: ours (exact), ours as
 * R prints it, the thesis's, and whether they agree at the printed precision. A missing table or
 * column (e.g. an SWF source has no experiments) gives NaN for ours.
 */
export function compareSummaries(
  table: ColumnTable | undefined,
  published: Record<string, PublishedSummary>,
  fields = Object.keys(published),
): SummaryComparison[] {
  const rows: SummaryComparison[] = [];
  for (const field of fields) {
    const ours =
      table && table.column(field)
        ? rSummary(table, field)
        : { min: NaN, q1: NaN, median: NaN, mean: NaN, q3: NaN, max: NaN, n: 0 };
    const theirs = published[field];
    for (const [key, label] of R_STATISTICS) {
      const printed = rRound(ours[key]);
      rows.push({
        field,
        statistic: label,
        ours: ours[key],
        oursPrinted: printed,
        thesis: theirs ? theirs[key] : NaN,
        match: theirs ? printed === rRound(theirs[key]) : false,
      });
    }
  }
  return rows;
}

/** Our category counts beside the published ones (matched by value; the thesis's truncated names match by prefix). */
export function compareCounts(
  ours: { value: string; count: number }[],
  published: { value: string; count: number }[],
): CountComparison[] {
  const used = new Set<string>();
  const rows = published.map((p) => {
    const o = ours.find(
      (x) =>
        !used.has(x.value) && (x.value === p.value || (p.value !== "(Other)" && x.value.startsWith(p.value))),
    );
    if (o) used.add(o.value);
    return {
      value: p.value,
      ours: o?.value ?? "",
      oursCount: o?.count ?? 0,
      thesis: p.count,
      match: (o?.count ?? 0) === p.count,
    };
  });
  for (const o of ours)
    if (!used.has(o.value))
      rows.push({ value: o.value, ours: o.value, oursCount: o.count, thesis: NaN, match: false });
  return rows;
}
