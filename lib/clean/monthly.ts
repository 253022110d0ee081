/**
 * Grouping by year and month (thesis Section 4.4.1: each datetime is set to the first of its
 * month, "2019-05-01", and rows are grouped by that value). Works on datetime strings
 * (`YYYY-MM-DD …`, the Experiment File's `created`) and on epoch seconds (UTC; the Job File's submit).
 */
import type { ColumnTable } from "arquero";
import { invalidArgument } from "../util/errors";

/** The first of the month of a datetime string or epoch seconds (UTC), as "YYYY-MM-01"; "" when missing. */
export function monthOf(v: unknown): string {
  if (typeof v === "string") return /^\d{4}-\d{2}/.test(v) ? `${v.slice(0, 7)}-01` : "";
  if (typeof v === "number" && Number.isFinite(v))
    return new Date(v * 1000).toISOString().slice(0, 7) + "-01";
  return "";
}

/** Options of {@link byMonth}. */
export interface ByMonthOptions {
  /** Column summed per month as `sum` (e.g. "total" for Figure 3). Defaults to none. */
  sum?: string;
  /** Column whose values split the counts (e.g. "model" for Figures 5–8). Defaults to none. */
  by?: string;
  /** Fill months without rows with 0 between the first and last month. Defaults to true. */
  fill?: boolean;
}

/**
 * Rows per month (`count`) and optionally a column's sum per month (`sum`), optionally per
 * group. Months with no rows are filled with zeros so bar charts show gaps as gaps.
 * @returns rows {month, [by], count, [sum]} sorted by month (then group)
 */
export function byMonth(
  table: ColumnTable,
  timeColumn: string,
  options: ByMonthOptions = {},
): Record<string, string | number>[] {
  for (const c of [timeColumn, options.sum, options.by])
    if (c && !table.column(c)) throw invalidArgument("column", c, `one of ${table.columnNames().join(", ")}`);
  const times = table.array(timeColumn) as ArrayLike<unknown>;
  const sums = options.sum ? (table.array(options.sum) as ArrayLike<number>) : undefined;
  const groups = options.by ? (table.array(options.by) as ArrayLike<unknown>) : undefined;
  const acc = new Map<string, { month: string; group: string; count: number; sum: number }>();
  const months = new Set<string>();
  const groupSet = new Set<string>();
  for (let i = 0; i < times.length; i++) {
    const month = monthOf(times[i]);
    if (!month) continue;
    const group = groups ? String(groups[i] ?? "") : "";
    months.add(month);
    groupSet.add(group);
    const key = `${month}|${group}`;
    let a = acc.get(key);
    if (!a) acc.set(key, (a = { month, group, count: 0, sum: 0 }));
    a.count++;
    if (sums && Number.isFinite(sums[i])) a.sum += sums[i];
  }
  let allMonths = [...months].sort();
  if ((options.fill ?? true) && allMonths.length) {
    allMonths = [];
    const [y0, m0] = [...months].sort()[0].split("-").map(Number);
    const last = [...months].sort().pop()!;
    for (let y = y0, m = m0; ; m === 12 ? (y++, (m = 1)) : m++) {
      const s = `${y}-${String(m).padStart(2, "0")}-01`;
      allMonths.push(s);
      if (s >= last) break;
    }
  }
  const out: Record<string, string | number>[] = [];
  for (const month of allMonths) {
    for (const group of [...groupSet].sort()) {
      const a = acc.get(`${month}|${group}`);
      const row: Record<string, string | number> = { month };
      if (options.by) row[options.by] = group;
      row.count = a?.count ?? 0;
      if (options.sum) row.sum = a?.sum ?? 0;
      out.push(row);
    }
  }
  return out;
}
