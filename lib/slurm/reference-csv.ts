/**
 * Reading the small published tables under `data/reference/` (thesis Tables 1–5, the Section 2
 * worked example, the LEVEL_BASED example): comma-separated, a header line, `#` comment lines,
 * optional double-quoted fields. Also the association table parser (Table 1's form).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";
import type { AssociationRow } from "./associations";

/** One parsed record: field values by header name, plus the 1-based line it came from. */
export interface ReferenceRecord {
  /** Field values by column name (strings, trimmed). */
  values: Record<string, string>;
  /** 1-based line number in the file. */
  line: number;
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") out.push(cur.trim()), (cur = "");
    else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/**
 * Parses CSV text with a header line; `#` lines and blank lines are skipped.
 * @throws `<file>:<line>: invalid row: …` when a row's field count differs from the header's
 */
export function parseReferenceCsv(text: string, file = "<csv>"): { columns: string[]; records: ReferenceRecord[] } {
  let columns: string[] | undefined;
  const records: ReferenceRecord[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fields = splitCsvLine(line);
    if (!columns) {
      columns = fields;
      return;
    }
    if (fields.length !== columns.length) throw invalidField(file, i + 1, "row", line, `${columns.length} comma-separated fields (${columns.join(",")})`);
    records.push({ values: Object.fromEntries(columns.map((c, j) => [c, fields[j]])), line: i + 1 });
  });
  if (!columns) throw invalidField(file, 1, "header", "", "a header line");
  return { columns, records };
}

/** Reads a CSV file relative to the project root (the kernel's working directory). */
export function readReferenceCsv(file: string, root = process.cwd()): { columns: string[]; records: ReferenceRecord[] } {
  const full = path.resolve(root, file);
  return parseReferenceCsv(fs.readFileSync(full, "utf8"), file);
}

/**
 * Parses an association table `entity,parent,kind,shares,usage` (Table 1's form; usage may be
 * blank = 0, CPU·s).
 * @throws `<file>:<line>: invalid <field>: …` for a missing column, a bad kind or a bad number
 */
export function parseAssociationCsv(text: string, file = "<associations>"): AssociationRow[] {
  const { columns, records } = parseReferenceCsv(text, file);
  for (const c of ["entity", "parent", "kind", "shares"]) {
    if (!columns.includes(c)) throw invalidField(file, 1, "header", columns.join(","), `columns entity,parent,kind,shares[,usage]`);
  }
  return records.map(({ values, line }) => {
    const num = (field: string, blankOk: boolean): number => {
      const s = values[field] ?? "";
      if (s === "" && blankOk) return 0;
      const v = Number(s);
      if (s === "" || !Number.isFinite(v) || v < 0) throw invalidField(file, line, field, s, "a finite number >= 0");
      return v;
    };
    const kind = values.kind;
    if (kind !== "account" && kind !== "user") throw invalidField(file, line, "kind", kind, '"account" or "user"');
    if (!values.entity) throw invalidField(file, line, "entity", values.entity, "a non-empty name");
    if (!values.parent) throw invalidField(file, line, "parent", values.parent, "a non-empty name");
    return { entity: values.entity, parent: values.parent, kind, shares: num("shares", false), usage: num("usage", true) };
  });
}

/** Reads an association table file (path relative to the project root). */
export function readAssociationCsv(file: string, root = process.cwd()): AssociationRow[] {
  return parseAssociationCsv(fs.readFileSync(path.resolve(root, file), "utf8"), file);
}
