/**
 * The seed's published results, read from data/reference/operators/ (copies of the shared
 * reference): the Fig. 17 table of minimum resolution bits (by lib/io/reference-csv.ts) and the
 * orderings of operators and other notes (orderings.md, one note per line).
 */
import * as path from "node:path";
import { readRawBytes } from "../io/read-file";
import { type ReferenceRecord, readReferenceCsv, referenceNumber } from "../io/reference-csv";
import { invalidField } from "../util/errors";
import { projectRoot } from "../util/project-paths";

/** The directory holding the operators reference files, under the project root. */
export function operatorsReferenceDir(root = projectRoot()): string {
  return path.join(root, "data", "reference", "operators");
}

/** One row of the paper's Fig. 17 (bits). */
export interface PaperResolutionBits {
  operator: string;
  balance: number;
  overTarget: number;
  underTarget: number;
  overall: number;
}

/**
 * Reads fig17-resolution-bits.csv (lines starting with # are comments).
 * @throws `<file>:<line>: invalid <field>: …` for a bad header or value
 */
export function readPaperResolutionBits(
  file = path.join(operatorsReferenceDir(), "fig17-resolution-bits.csv"),
): PaperResolutionBits[] {
  const table = readReferenceCsv(file, projectRoot(), [
    "operator",
    "balance",
    "over_target",
    "under_target",
    "overall",
  ]);
  const expected = "a positive integer number of bits";
  const bits = (r: ReferenceRecord, field: string) =>
    referenceNumber(table, r, field, { integer: true, min: 1, expected });
  return table.records.map((r) => ({
    operator: r.values.operator,
    balance: bits(r, "balance"),
    overTarget: bits(r, "over_target"),
    underTarget: bits(r, "under_target"),
    overall: bits(r, "overall"),
  }));
}

/** The paper's operator orderings by context (best resolving power first). */
export interface PaperOrderings {
  balance: string[];
  overTarget: string[];
  underTarget: string[];
}

/**
 * Reads the three ordering lines of orderings.md ("- Around balance (Fig. 14): A, B, …",
 * "- Over target (Fig. 16): …", "- Under target (Fig. 15): …").
 * @throws `<file>:<line>: invalid <field>: …` when a line is missing or empty
 */
export function readPaperOrderings(
  file = path.join(operatorsReferenceDir(), "orderings.md"),
): PaperOrderings {
  const lines = noteLines(file);
  const find = (label: string): string[] => {
    const i = lines.findIndex((l) => l.startsWith(`- ${label} (Fig.`));
    if (i < 0)
      throw invalidField(file, lines.length, label, "missing", `a line "- ${label} (Fig. N): A, B, …"`);
    const list = lines[i]
      .slice(lines[i].indexOf(":") + 1)
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.length < 2) throw invalidField(file, i + 1, label, lines[i], "at least two operator names");
    return list;
  };
  return {
    balance: find("Around balance"),
    overTarget: find("Over target"),
    underTarget: find("Under target"),
  };
}

/** The paper's boundary verdict (Table 1): operators failing and complying with Eq. 4. */
export interface PaperBoundaryVerdict {
  fail: string[];
  comply: string[];
}

/**
 * Reads the "- Boundary behaviour (Table 1): A and B fail …; C, D, … comply." line of orderings.md.
 * @throws `<file>:<line>: invalid boundary: …` when missing or malformed
 */
export function readPaperBoundaryVerdict(
  file = path.join(operatorsReferenceDir(), "orderings.md"),
): PaperBoundaryVerdict {
  const lines = noteLines(file);
  const i = lines.findIndex((l) => l.startsWith("- Boundary behaviour"));
  const m = i >= 0 ? /:\s*(.+?)\s+fail\b[^;]*;\s*(.+?)\s+comply/.exec(lines[i]) : null;
  if (!m)
    throw invalidField(
      file,
      i >= 0 ? i + 1 : lines.length,
      "boundary",
      i >= 0 ? lines[i] : "missing",
      'a line "- Boundary behaviour (Table 1): A and B fail …; C, D comply."',
    );
  const names = (x: string) =>
    x
      .split(/,|\band\b/)
      .map((n) => n.trim())
      .filter(Boolean);
  return { fail: names(m[1]), comply: names(m[2]) };
}

/**
 * The text of one "- <label> …: text" line of orderings.md (e.g. "Input density", "Equivalence").
 * @throws `<file>:<line>: invalid <label>: missing; …` when absent
 */
export function readPaperNote(
  label: string,
  file = path.join(operatorsReferenceDir(), "orderings.md"),
): string {
  const lines = noteLines(file);
  const line = lines.find((l) => l.startsWith(`- ${label}`));
  if (!line) throw invalidField(file, lines.length, label, "missing", `a line "- ${label} …: text"`);
  return line.slice(line.indexOf(":") + 1).trim();
}

/** The lines of orderings.md (one "- <label> …: text" note per line). @throws `<file>: cannot read: …` */
function noteLines(file: string): string[] {
  return readRawBytes(file).toString("utf8").split(/\r?\n/);
}
