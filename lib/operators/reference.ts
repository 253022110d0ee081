/**
 * The seed's published results, read from data/reference/operators/ (copies of the shared
 * reference): the Fig. 17 table of minimum resolution bits and the orderings of operators.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";

/** The directory holding the operators reference files, under the project root. */
export function operatorsReferenceDir(root = process.cwd()): string {
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
export function readPaperResolutionBits(file = path.join(operatorsReferenceDir(), "fig17-resolution-bits.csv")): PaperResolutionBits[] {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
  const expected = ["operator", "balance", "over_target", "under_target", "overall"];
  let header: string[] | undefined;
  const out: PaperResolutionBits[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("#")) return;
    const cells = line.split(",").map((c) => c.trim());
    if (!header) {
      if (cells.join(",") !== expected.join(",")) throw invalidField(file, i + 1, "header", line, expected.join(","));
      header = cells;
      return;
    }
    if (cells.length !== expected.length) throw invalidField(file, i + 1, "row", line, `${expected.length} comma-separated cells`);
    const num = (j: number) => {
      const v = Number(cells[j]);
      if (!Number.isInteger(v) || v < 1) throw invalidField(file, i + 1, expected[j], cells[j], "a positive integer number of bits");
      return v;
    };
    out.push({ operator: cells[0], balance: num(1), overTarget: num(2), underTarget: num(3), overall: num(4) });
  });
  if (!header) throw invalidField(file, lines.length, "header", "", expected.join(","));
  return out;
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
export function readPaperOrderings(file = path.join(operatorsReferenceDir(), "orderings.md")): PaperOrderings {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
  const find = (label: string): string[] => {
    const i = lines.findIndex((l) => l.startsWith(`- ${label} (Fig.`));
    if (i < 0) throw invalidField(file, lines.length, label, "missing", `a line "- ${label} (Fig. N): A, B, …"`);
    const list = lines[i].slice(lines[i].indexOf(":") + 1).split(",").map((x) => x.trim()).filter(Boolean);
    if (list.length < 2) throw invalidField(file, i + 1, label, lines[i], "at least two operator names");
    return list;
  };
  return { balance: find("Around balance"), overTarget: find("Over target"), underTarget: find("Under target") };
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
export function readPaperBoundaryVerdict(file = path.join(operatorsReferenceDir(), "orderings.md")): PaperBoundaryVerdict {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
  const i = lines.findIndex((l) => l.startsWith("- Boundary behaviour"));
  const m = i >= 0 ? /:\s*(.+?)\s+fail\b[^;]*;\s*(.+?)\s+comply/.exec(lines[i]) : null;
  if (!m) throw invalidField(file, i >= 0 ? i + 1 : lines.length, "boundary", i >= 0 ? lines[i] : "missing", 'a line "- Boundary behaviour (Table 1): A and B fail …; C, D comply."');
  const names = (x: string) => x.split(/,|\band\b/).map((n) => n.trim()).filter(Boolean);
  return { fail: names(m[1]), comply: names(m[2]) };
}

/**
 * The text of one "- <label> …: text" line of orderings.md (e.g. "Input density", "Equivalence").
 * @throws `<file>:<line>: invalid <label>: missing; …` when absent
 */
export function readPaperNote(label: string, file = path.join(operatorsReferenceDir(), "orderings.md")): string {
  const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
  const line = lines.find((l) => l.startsWith(`- ${label}`));
  if (!line) throw invalidField(file, lines.length, label, "missing", `a line "- ${label} …: text"`);
  return line.slice(line.indexOf(":") + 1).trim();
}
