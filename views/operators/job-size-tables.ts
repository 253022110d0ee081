/**
 * Display tables of the job-size analysis (notebook 12 §7–8): job sizes per resolution, Fig. 17
 * beside the paper's with the agreeing cells, the agreement of every reading of the method, and
 * the orderings of operators beside the paper's.
 */
import { localeNumber } from "../display/format";
import { FIG17_CONTEXTS, fig17Agreement, fig17WithinOneBit } from "../../lib/operators/fig17-agreement";
import type { JobSizeRow } from "../../lib/operators/job-size-analysis";
import type { JobSizeReading } from "../../lib/operators/job-size-readings";
import type { PaperOrderings, PaperResolutionBits } from "../../lib/operators/reference";
import {
  type OperatorOrdering,
  type ResolutionBitsRow,
  compareOrderings,
  minimumResolutionBits,
} from "../../lib/operators/resolution-bits";

/** Fig. 17 ours beside the paper's, and the number of the 4 cells per operator that agree (lib/operators/fig17-agreement.ts). */
export function resolutionBitsTable(
  ours: readonly ResolutionBitsRow[],
  paper: readonly PaperResolutionBits[],
): { rows: Record<string, unknown>[]; agree: number; cells: number } {
  const show = (v: number | null) => (v === null ? ">max" : v);
  const rows = ours.map((o) => {
    const p = paper.find((x) => x.operator === o.operator);
    const row: Record<string, unknown> = { operator: o.operator };
    for (const [ctx, key] of FIG17_CONTEXTS) {
      row[`${ctx} (ours)`] = show(o.bits[ctx] ?? null);
      row[`${ctx} (paper)`] = p ? p[key] : "";
    }
    row["overall (ours)"] = show(o.overall);
    row["overall (paper)"] = p ? p.overall : "";
    return row;
  });
  return { rows, ...fig17Agreement(ours, paper) };
}

const PAPER_ORDER_KEYS: [string, keyof PaperOrderings][] = [
  ["balance", "balance"],
  ["over target", "overTarget"],
  ["under target", "underTarget"],
];

/**
 * Orderings per context: our most frequent ordering across resolutions (with how many resolutions
 * share it), the paper's, and pairwise agreement (concordant pairs) of each resolution's ordering.
 */
export function orderingTable(
  orderings: readonly OperatorOrdering[],
  paper: PaperOrderings,
): Record<string, unknown>[] {
  return PAPER_ORDER_KEYS.map(([ctx, key]) => {
    const mine = orderings.filter((o) => o.context === ctx);
    const text = (o: OperatorOrdering) => o.groups.map((g) => g.join(" = ")).join(", ");
    const counts = new Map<string, number>();
    for (const o of mine) counts.set(text(o), (counts.get(text(o)) ?? 0) + 1);
    const [top, topCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    const agreements = mine.map((o) => compareOrderings(o.groups, paper[key]));
    const conc = agreements.map((a) => a.concordantPairs);
    return {
      context: ctx,
      "ours (most frequent)": top,
      "resolutions with it": `${topCount} of ${mine.length}`,
      paper: paper[key].join(", "),
      "concordant pairs (min–max over resolutions)": agreements.length
        ? `${Math.min(...conc)}–${Math.max(...conc)} of ${agreements[0].pairs}`
        : "",
      "identical at resolutions": agreements.filter((a) => a.identical).length,
    };
  });
}

/** Rows of one reading, as a wide table operator × bits of job sizes (hours) for one context. */
export function jobSizeTable(rows: readonly JobSizeRow[], context: string): Record<string, unknown>[] {
  const ops = [...new Set(rows.map((r) => r.operator))];
  return ops.map((op) => {
    const row: Record<string, unknown> = { operator: op };
    for (const r of rows) if (r.operator === op && r.context === context) row[`${r.bits} b`] = r.jobHours;
    return row;
  });
}

/**
 * How many Fig. 17 cells (of 4 per operator) each reading of the method reproduces, from the rows
 * of {@link jobSizeReadings} for these readings.
 */
export function readingsTable(
  rows: readonly JobSizeRow[],
  readings: readonly JobSizeReading[],
  paper: readonly PaperResolutionBits[],
  jobHours = 2000,
): Record<string, unknown>[] {
  return readings.map((x, j) => {
    const bits = minimumResolutionBits(
      rows.filter((r) => r.reading === j),
      jobHours,
    );
    const t = fig17Agreement(bits, paper);
    return {
      formula: x.formula ?? "corrected",
      "state in Eq. 25": x.stateAt ?? "lower",
      aggregate: x.aggregate ?? "max",
      "cells equal to the paper": `${t.agree} of ${t.cells}`,
      "cells within 1 bit": `${fig17WithinOneBit(bits, paper)} of ${t.cells}`,
    };
  });
}

const hoursText = (h: number) =>
  Number.isNaN(h) ? "–" : Number.isFinite(h) ? localeNumber(h, { max: h < 100 ? 1 : 0 }) : "never";

/**
 * One reading's job sizes for one context, summarised: node·hours at every fourth studied resolution
 * counting down from the finest (e.g. 8, 12, 16, 20 bits), with thousands separators, and the job at
 * the finest resolution as a share of the usage pool U (%).
 * @param pool the usage pool U, node·hours (usagePoolHours)
 */
export function jobSizeSummaryTable(
  rows: readonly JobSizeRow[],
  context: string,
  pool: number,
): Record<string, string>[] {
  const bits = [...new Set(rows.map((r) => r.bits))].sort((a, b) => a - b);
  const top = bits[bits.length - 1];
  const shown = bits.filter((b) => (top - b) % 4 === 0).slice(-4);
  const ops = [...new Set(rows.map((r) => r.operator))];
  return ops.map((op) => {
    const of = (b: number) => rows.find((r) => r.operator === op && r.context === context && r.bits === b);
    const row: Record<string, string> = { operator: op };
    for (const b of shown) row[`${b} bits (node·h)`] = hoursText(of(b)?.jobHours ?? NaN);
    const last = of(top)?.jobHours ?? NaN;
    row[`${top} bits, % of U`] = Number.isNaN(last)
      ? "–"
      : Number.isFinite(last)
        ? localeNumber((100 * last) / pool, { significant: 3 })
        : "never";
    return row;
  });
}
