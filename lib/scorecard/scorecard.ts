/**
 * The reproduction scorecard (notebook 16, README): one or more rows for every thesis table 8–29
 * and figure 2–22, in the thesis's order, with counts by verdict. Inputs are a cleaned source
 * (Section 4 rows) and the results files of notebooks 07–10; the output is deterministic.
 */
import type { SourceCleaning } from "../clean/clean-source";
import type { ThesisSection4 } from "../io/thesis-section4";
import { dataRows, gameRows } from "./data-rows";
import { MECHANISM_TABLES, mechanismTableRows } from "./mechanism-rows";
import type { ResultsFile } from "./results-file";
import type { ScorecardRow } from "./row";
import { simTableRows } from "./sim-rows";
import { projectRoot } from "../util/project-paths";

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
  const root = input.root ?? projectRoot();
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
