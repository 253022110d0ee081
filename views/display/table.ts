/**
 * Tables in notebooks: an arquero table (or a list of row objects) shown as HTML for notebook
 * front ends and the report, and as aligned plain text for text viewers.
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import type { DataFrame, Series } from "danfojs-node";
import { fromDataFrame, hasLabelledIndex, isDataFrame, isSeries } from "../../lib/io/dataframe";
import { type MimeBundle, sendBundle } from "./display-sink";

/** Options of {@link tableBundle} and {@link showTable}. */
export interface TableDisplayOptions {
  /** Rows shown at most; a note says how many were left out. Defaults to 50. */
  limit?: number;
  /** Decimal places kept for non-integer numbers. Defaults to 4. */
  digits?: number;
  /** A caption shown above the table. Defaults to none. */
  caption?: string;
}

/** Formats one cell value for display; a number of magnitude 10,000 or more gets thousands separators. */
export function formatCell(v: unknown, digits = 4): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NaN";
    if (!Number.isFinite(v)) return v > 0 ? "Inf" : "-Inf";
    const s = Number.isInteger(v) ? String(v) : v.toFixed(digits).replace(/0+$/, "").replace(/\.$/, "");
    return s === "-0" ? "0" : Math.abs(v) >= 10000 ? groupThousands(s) : s;
  }
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** Digits before the point in groups of three: "1234567.5" → "1,234,567.5" (exponent notation left as is). */
function groupThousands(s: string): string {
  if (/e/i.test(s)) return s;
  const [whole, frac] = s.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Turns rows, a table or a danfo.js DataFrame/Series (its index first when labelled) into an arquero table. */
export function asTable(rows: ColumnTable | readonly object[] | DataFrame | Series): ColumnTable {
  if (Array.isArray(rows)) return aq.from(rows as Record<string, unknown>[]);
  if (isDataFrame(rows) || isSeries(rows))
    return fromDataFrame(rows, hasLabelledIndex(rows) ? { index: "index" } : {});
  if (rows && typeof (rows as ColumnTable).columnNames === "function") return rows as ColumnTable;
  throw new Error(`invalid table: ${String(rows)}; expected an arquero table or an array of row objects`);
}

/** The MIME bundle (`text/html`, `text/plain`) of a table. */
export function tableBundle(
  rows: ColumnTable | readonly object[] | DataFrame | Series,
  options: TableDisplayOptions = {},
): MimeBundle {
  const { limit = 50, digits = 4, caption } = options;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`invalid limit: ${limit}; expected a positive integer`);
  const table = asTable(rows);
  const names = table.columnNames();
  const n = table.numRows();
  const shown = table.objects({ limit }) as Record<string, unknown>[];
  const cells = shown.map((r) => names.map((c) => formatCell(r[c], digits)));
  const more = n > shown.length ? `… ${n - shown.length} more row(s) of ${n}` : "";
  const numeric = names.map((c) =>
    shown.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === "number"),
  );
  const align = (i: number) => (numeric[i] ? ' style="text-align:right"' : "");
  const html =
    `<table class="schedgame-table">` +
    (caption ? `<caption>${escapeHtml(caption)}</caption>` : "") +
    `<thead><tr>${names.map((c, i) => `<th${align(i)}>${escapeHtml(c)}</th>`).join("")}</tr></thead><tbody>` +
    cells
      .map((r) => `<tr>${r.map((v, i) => `<td${align(i)}>${escapeHtml(v)}</td>`).join("")}</tr>`)
      .join("") +
    `</tbody></table>` +
    (more ? `<p><em>${escapeHtml(more)}</em></p>` : "");
  const widths = names.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const pad = (s: string, i: number) => (numeric[i] ? s.padStart(widths[i]) : s.padEnd(widths[i]));
  const text = [
    ...(caption ? [caption] : []),
    names.map(pad).join("  "),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.map((r) => r.map(pad).join("  ")),
    ...(more ? [more] : []),
  ].join("\n");
  return { "text/html": html, "text/plain": text };
}

/**
 * Shows a table in the notebook.
 * @example showTable(aq.table({ user: ["a", "b"], factor: [1, 0.5] }), { caption: "Fair-share factors" })
 */
export function showTable(
  rows: ColumnTable | readonly object[] | DataFrame | Series,
  options: TableDisplayOptions = {},
): void {
  sendBundle(tableBundle(rows, options));
}
