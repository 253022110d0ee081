/**
 * The thesis's published Tables 10–27 from `data/reference/thesis/tableNN.csv` (copies of the
 * shared reference material): a `# caption` line, a header, then one row per sample. Sample names
 * are normalised to `sample_k.txt` (Tables 24 and 27 print `sample.k.txt`).
 */
import * as path from "node:path";
import { type ReferenceCsv, readReferenceCsv, referenceNumber } from "./reference-csv";
import { integer } from "../util/options";
import { projectRoot } from "../util/project-paths";

/** One published table. */
export interface ThesisTable {
  /** Table number. */
  table: number;
  /** Caption from the file's first line. */
  caption: string;
  /** Column names (first is `sample`). */
  columns: string[];
  /** Rows: `sample` as text, other columns as numbers. */
  rows: Record<string, string | number>[];
}

/** Normalises `sample.3.txt` / `sample_3.txt` to `sample_3.txt`. */
export function normaliseSampleName(name: string): string {
  return name.replace(/^sample[._](\d+)\.txt$/, "sample_$1.txt");
}

/** Reads thesis Table `table` (10–27) from `<root>/data/reference/thesis/`. */
export function readThesisTable(table: number, root = projectRoot()): ThesisTable {
  integer(table, "table", 10, 27);
  const file = path.join("data", "reference", "thesis", `table${String(table).padStart(2, "0")}.csv`);
  return _thesisTable(readReferenceCsv(file, root, ["sample"]), table);
}

function _thesisTable(csv: ReferenceCsv, table: number): ThesisTable {
  const rows = csv.records.map((r) => {
    const row: Record<string, string | number> = {};
    for (const c of csv.columns)
      row[c] = c === "sample" ? normaliseSampleName(r.values[c]) : referenceNumber(csv, r, c);
    return row;
  });
  return { table, caption: csv.comments.join(""), columns: csv.columns, rows };
}
