/**
 * The reproduction scorecard (notebook 16, README): one or more rows for every thesis table 8–29
 * and figure 2–22, in the thesis's order, with counts by verdict. Inputs are a cleaned source
 * (Section 4 rows) and the results files of notebooks 07–10; the output is deterministic.
 */
import type { SourceCleaning } from "../clean/sources";
import type { ThesisSection4 } from "../clean/reference";
import { dataRows, gameRows } from "./data-rows";
import { MECHANISM_TABLES, mechanismTableRows } from "./mechanism-rows";
import type { ResultsFile } from "./results-file";
import { type ScorecardRow, verdictCounts } from "./row";
import { simTableRows } from "./sim-rows";
import { type Verdict, VERDICTS, fmt } from "./verdict";

/** Inputs of {@link buildScorecard}. */
export interface ScorecardInput {
  /** The cleaned source of notebooks 03–04 (undefined: Section 4 rows are left out). */
  cleaning?: SourceCleaning;
  /** The thesis's Section 4 reference (with `cleaning`). */
  ref?: ThesisSection4;
  /** Results files by notebook name (a missing one gives "ours not computed" rows). */
  results: Partial<Record<string, ResultsFile>>;
  /** Project root. Defaults to the working directory. */
  root?: string;
}

const order = (id: string) => {
  const m = /^(Table|Figure) (\d+)/.exec(id);
  return m ? (m[1] === "Table" ? 0 : 1) * 100 + Number(m[2]) : 999;
};

/** Every scorecard row: Tables 8–29 first, then the figures not already paired with a table. */
export function buildScorecard(input: ScorecardInput): ScorecardRow[] {
  const root = input.root ?? process.cwd();
  const rows: ScorecardRow[] = [];
  if (input.cleaning && input.ref) rows.push(...dataRows(input.cleaning, input.ref));
  rows.push(...gameRows());
  for (const t of Object.keys(MECHANISM_TABLES).map(Number))
    rows.push(...mechanismTableRows(t, input.results[MECHANISM_TABLES[t].notebook], root));
  rows.push(...simTableRows(input.results["10-slurm-simulator"], root));
  return rows
    .map((r, k) => ({ r, k }))
    .sort((a, b) => order(a.r.id) - order(b.r.id) || a.k - b.k)
    .map((x) => x.r);
}

/** Counts by verdict as display rows (verdict, rows), every verdict present. */
export function verdictCountRows(rows: readonly ScorecardRow[]): { verdict: Verdict; rows: number }[] {
  const c = verdictCounts(rows);
  return VERDICTS.map((v) => ({ verdict: v, rows: c[v] }));
}

/** The published items (`Table 10`, `Figure 21`, …) with at least one "differs — unexplained" row whose table number is in `tables`. */
export function unexplainedTables(rows: readonly ScorecardRow[], tables: readonly number[]): string[] {
  const ids = rows.filter((r) => r.verdict === "differs — unexplained").map((r) => r.id);
  return [...new Set(ids)].filter((id) => {
    const m = /^Table (\d+)/.exec(id);
    return m !== null && tables.includes(Number(m[1]));
  });
}

/** A markdown summary of the scorecard: counts by verdict and the rows that differ unexplained. */
export function scorecardMarkdown(rows: readonly ScorecardRow[]): string {
  const c = verdictCounts(rows);
  const head = `**${rows.length} rows:** ${VERDICTS.map((v) => `${c[v]} ${v}`).join(", ")}.`;
  const un = rows.filter((r) => r.verdict === "differs — unexplained");
  if (!un.length) return head;
  return `${head}\n\nDiffering without an explanation:\n\n${un.map((r) => `- ${r.id}, ${r.quantity}: thesis ${fmt(r.thesis)}, ours ${fmt(r.ours)}${Number.isFinite(r.ratio) ? ` (ratio ${r.ratio.toFixed(2)})` : ""}`).join("\n")}`;
}

/** Counts by verdict per published item (`Table 10 / Figure 18`, `Figure 2`, …), in scorecard order. */
export function verdictsByItem(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  const by = new Map<string, ScorecardRow[]>();
  for (const r of rows) by.set(r.id, [...(by.get(r.id) ?? []), r]);
  return [...by.entries()].map(([id, rs]) => ({ item: id, rows: rs.length, ...verdictCounts(rs) }));
}
