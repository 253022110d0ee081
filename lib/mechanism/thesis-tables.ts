/**
 * The thesis's published Tables 10–27 from `data/reference/thesis/tableNN.csv` (copies of the
 * shared reference material): a `# caption` line, a header, then one row per sample. Sample names
 * are normalised to `sample_k.txt` (Tables 24 and 27 print `sample.k.txt`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";
import { integer } from "../util/options";

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

/** Parses a table CSV. @throws `<file>:<line>: invalid <column>: …` for a non-numeric cell */
export function parseThesisTable(text: string, table: number, file = `table${table}.csv`): ThesisTable {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  let caption = "";
  let k = 0;
  while (k < lines.length && lines[k].startsWith("#")) caption += lines[k++].replace(/^#\s*/, "");
  const columns = lines[k].split(",");
  const rows: Record<string, string | number>[] = [];
  for (let ln = k + 1; ln < lines.length; ln++) {
    if (lines[ln].trim() === "") continue;
    const cells = lines[ln].split(",");
    if (cells.length !== columns.length) throw invalidField(file, ln + 1, "row", lines[ln], `${columns.length} comma-separated fields`);
    const row: Record<string, string | number> = {};
    columns.forEach((c, i) => {
      if (c === "sample") row[c] = normaliseSampleName(cells[i]);
      else {
        const v = Number(cells[i]);
        if (cells[i].trim() === "" || !Number.isFinite(v)) throw invalidField(file, ln + 1, c, cells[i], "a number");
        row[c] = v;
      }
    });
    rows.push(row);
  }
  return { table, caption, columns, rows };
}

/** Reads thesis Table `table` (10–27) from `<root>/data/reference/thesis/`. */
export function readThesisTable(table: number, root = process.cwd()): ThesisTable {
  integer(table, "table", 10, 27);
  const file = path.join(root, "data", "reference", "thesis", `table${String(table).padStart(2, "0")}.csv`);
  return parseThesisTable(fs.readFileSync(file, "utf8"), table, path.relative(root, file));
}
