/**
 * Tiers by dependency: which published rows an input of the run fixes, so that they are *by
 * construction* and never count as reproduced. Each entry names an input — a fact a twin version
 * is calibrated to, or the capacity W that every run is given — the sources it holds on, the rows
 * it determines and the identity by which it does. Notebook 17 shows the table; the scorecard's
 * mechanism rows take their tier from it.
 */
import type { SourceSpec } from "../source/source";
import { twinSpec } from "../source/twin-reader";

/** A published row: thesis table and column (`<metric>_<experiment>`). */
export interface RowRef {
  table: number;
  column: string;
}

/** An input and the rows it determines. */
export interface Dependency {
  /** The input, e.g. `F4` or `the capacity W`. */
  input: string;
  /** What it states. */
  statement: string;
  /** The twin versions calibrated to it, or "every source" for a setting of every run. */
  sources: readonly number[] | "every source";
  /** The rows it determines. */
  rows: readonly RowRef[];
  /** The identity by which it determines them. */
  how: string;
}

const rows = (table: number, ...columns: string[]): RowRef[] => columns.map((column) => ({ table, column }));

/** Every dependency, in the order notebook 17 lists them. */
export const DEPENDENCIES: readonly Dependency[] = [
  {
    input: "the capacity W",
    statement: "every allocation holds at most W nodes, and every sample asks for 2W",
    sources: "every source",
    rows: [...rows(17, "TW_1B", "TW_3B", "TW_2B", "TW_4B"), ...rows(20, "TW_1B", "TW_4B")],
    how: "TW ≤ W, and a greedy over a sample of 2W nodes stops only at a gap no remaining job fits (the modified greedy skips until none fits): TW is W less a gap of a few nodes",
  },
  {
    input: "F4",
    statement:
      "the node-weighted planned time of a sample crosses W inside the 40-minute band (TP_1A = 40·W in every ordinary sample, Section 6.3.1)",
    sources: [2, 3, 4, 5],
    rows: [...rows(11, "TP_1A"), ...rows(21, "TP_1B")],
    how: "every winner of 1A pays the 40-minute band's price, 40 per node: TP_1A = 40·TW_1A = 40·W; the modified greedy fills W with every winner paying 40 per node (TP_1B = 40·W)",
  },
  {
    input: "F7 and F8",
    statement:
      "the share of a sample's jobs planned above 40 minutes (F7) and their node-minutes beyond 40 minutes (F8), read off Tables 10, 11, 13 and 15 (lib/twin/derived-facts.ts)",
    sources: [5],
    rows: [...rows(10, "TV_1A", "TV_1B"), ...rows(19, "TV_1B")],
    how: "with F4, TV_1A = 40·W + F8 exactly; 1B and the modified greedy take the same jobs above 40 minutes and fill the rest with 40-minute jobs, so TV_1B = TV_1A − 40·(W − TW_1B)",
  },
];

/** The twin version of a source (`"twin"` = 2, `"twin-v5:7"` = 5), or undefined for any other source. */
export function twinVersionOf(source: string | SourceSpec): number | undefined {
  return (typeof source === "string" ? twinSpec(source) : source)?.twin?.version;
}

/** The dependency that makes column `column` of table `table` by construction on `source`, if any. */
export function dependencyOf(
  table: number,
  column: string,
  source: string | SourceSpec,
): Dependency | undefined {
  const version = twinVersionOf(source);
  return DEPENDENCIES.find(
    (d) =>
      (d.sources === "every source" || (version !== undefined && d.sources.includes(version))) &&
      d.rows.some((r) => r.table === table && r.column === column),
  );
}
