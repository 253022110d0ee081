/**
 * Typed delimited text (CSV with RFC 4180 quotes, or TSV) into columns, and back. Used by the
 * Autosubmit Experiment and Job files; its CSV line splitter also by reference-csv.ts. Integers
 * are parsed strictly; an empty integer cell is missing and becomes NaN. Every error names the
 * file, the 1-based line and the field.
 */
import * as fs from "node:fs";
import { invalidArgument, invalidField } from "../util/errors";

/** A column's type: `int` (NaN when empty), `string` (kept as is), `datetime` (`YYYY-MM-DD[ HH:MM[:SS]]` or empty). */
export type ColumnType = "int" | "string" | "datetime";

/** One column of a schema. */
export interface ColumnSpec {
  /** The header name. */
  name: string;
  /** Its type. */
  type: ColumnType;
  /** When false the column may be absent from the header (it is then filled: NaN or ""). Defaults to true. */
  required?: boolean;
  /** For string columns: a non-empty value must match this, described by `expected`. Defaults to none. */
  pattern?: RegExp;
  /** What `pattern` means, for the error message. */
  expected?: string;
}

/** Columns by name: numbers as Float64Array (NaN = missing), strings as string[]. */
export type Columns = Record<string, Float64Array | string[]>;

/** The field delimiter: "," (CSV) or "\t" (TSV). */
export type Delimiter = "," | "\t";

/** The delimiter implied by a file name: `.tsv`/`.tab` → tab, anything else → comma. */
export function delimiterFor(file: string): Delimiter {
  return /\.(tsv|tab)(\.gz)?$/i.test(file) ? "\t" : ",";
}

const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * The fields of one CSV line (RFC 4180 quotes: `"a, b"`, `""` inside quotes).
 * @throws `<file>:<lineNo>: invalid quoting: …` for an unclosed quote or text after a closing one
 */
export function splitCsvLine(line: string, file: string, lineNo: number): string[] {
  if (line.indexOf('"') < 0) return line.split(",");
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let s = "";
      i++;
      for (;;) {
        if (i >= line.length)
          throw invalidField(file, lineNo, "quoting", line.slice(0, 60), "a closing double quote");
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            s += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += line[i++];
      }
      out.push(s);
      if (i < line.length && line[i] !== ",")
        throw invalidField(file, lineNo, "quoting", line.slice(0, 60), "a delimiter after a closing quote");
      i++;
    } else {
      const j = line.indexOf(",", i);
      const end = j < 0 ? line.length : j;
      out.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return out;
}

function parseIntStrict(s: string): number {
  // Fast path for plain (optionally negative) decimal integers; anything else is NaN → error.
  const n = s.length;
  if (n === 0 || n > 16) return NaN;
  let i = 0,
    neg = false,
    v = 0;
  if (s.charCodeAt(0) === 45) {
    neg = true;
    i = 1;
    if (n === 1) return NaN;
  }
  for (; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return neg ? -v : v;
}

/**
 * Parses delimited text into typed columns.
 * @param text the whole file
 * @param schema the expected columns (extra columns in the file are ignored)
 * @param file the file name, for error messages
 * @param delimiter "," or "\t"; defaults to {@link delimiterFor}(file)
 * @throws `<file>:1: invalid header: …` for a missing required column, `<file>:<line>: invalid row: …`
 *   for a wrong field count, `<file>:<line>: invalid <field>: …` for a non-integer or bad datetime
 */
export function parseDelimited(
  text: string,
  schema: readonly ColumnSpec[],
  file = "<text>",
  delimiter?: Delimiter,
): { columns: Columns; rows: number } {
  const delim = delimiter ?? delimiterFor(file);
  // Old Mac exports end lines with a lone CR: read them as line ends (CRLF is handled per line below).
  if (/\r(?!\n)/.test(text)) text = text.replace(/\r\n?/g, "\n");
  if (delim !== "," && delim !== "\t") throw invalidArgument("delimiter", delim, '"," or "\\t"');
  let pos = 0;
  let lineNo = 0;
  const nextLine = (): string | undefined => {
    if (pos >= text.length) return undefined;
    let j = text.indexOf("\n", pos);
    if (j < 0) j = text.length;
    let line = text.slice(pos, j);
    if (line.endsWith("\r")) line = line.slice(0, -1);
    pos = j + 1;
    lineNo++;
    return line;
  };
  const split = (line: string) => (delim === "\t" ? line.split("\t") : splitCsvLine(line, file, lineNo));
  let headerLine = nextLine();
  if (headerLine !== undefined && headerLine.charCodeAt(0) === 0xfeff) headerLine = headerLine.slice(1);
  if (headerLine === undefined || headerLine.trim() === "")
    throw invalidField(file, 1, "header", "", `a header line with ${schema.map((c) => c.name).join(", ")}`);
  const header = split(headerLine).map((h) => h.trim());
  const index = schema.map((c) => header.indexOf(c.name));
  schema.forEach((c, k) => {
    if (index[k] < 0 && c.required !== false) {
      throw invalidField(
        file,
        1,
        "header",
        headerLine,
        `a column named ${JSON.stringify(c.name)} (${delim === "\t" ? "TSV" : "CSV"} columns: ${schema.map((s) => s.name).join(", ")})`,
      );
    }
  });
  // Count data lines first so that numeric columns can be typed arrays.
  let rowsMax = 1;
  for (let j = text.indexOf("\n", pos); j >= 0; j = text.indexOf("\n", j + 1)) rowsMax++;
  const num: (Float64Array | undefined)[] = schema.map((c) =>
    c.type === "int" ? new Float64Array(rowsMax) : undefined,
  );
  const str: (string[] | undefined)[] = schema.map((c) =>
    c.type === "int" ? undefined : new Array<string>(),
  );
  let rows = 0;
  for (let line = nextLine(); line !== undefined; line = nextLine()) {
    if (line === "") continue;
    const f = split(line);
    if (f.length !== header.length)
      throw invalidField(
        file,
        lineNo,
        "row",
        `${f.length} fields`,
        `${header.length} fields as in the header`,
      );
    for (let k = 0; k < schema.length; k++) {
      const c = schema[k];
      const raw = index[k] < 0 ? "" : f[index[k]];
      if (c.type === "int") {
        const v = raw === "" ? NaN : parseIntStrict(raw.trim());
        if (raw !== "" && Number.isNaN(v))
          throw invalidField(file, lineNo, c.name, raw, "an integer or empty");
        num[k]![rows] = v;
      } else {
        if (c.type === "datetime" && raw !== "" && !DATETIME.test(raw))
          throw invalidField(file, lineNo, c.name, raw, "a datetime YYYY-MM-DD[ HH:MM[:SS]] or empty");
        if (c.pattern && raw !== "" && !c.pattern.test(raw))
          throw invalidField(file, lineNo, c.name, raw, `${c.expected ?? String(c.pattern)} or empty`);
        str[k]!.push(raw);
      }
    }
    rows++;
  }
  const columns: Columns = {};
  schema.forEach((c, k) => (columns[c.name] = c.type === "int" ? num[k]!.slice(0, rows) : str[k]!));
  return { columns, rows };
}

function quoteCsv(s: string): string {
  return s.indexOf('"') >= 0 || s.indexOf(",") >= 0 || s.indexOf("\n") >= 0 || s.indexOf("\r") >= 0
    ? `"${s.replace(/"/g, '""')}"`
    : s;
}

/**
 * Writes columns as delimited text straight into a file through one reused byte buffer (no
 * per-row strings: the 1.64 M-row twin Job File is written without churning the heap). Same
 * output as joining rows of cells: numbers as `String(v)` (NaN → empty cell), CSV strings quoted when
 * they hold a quote, comma or newline, TSV strings refused when they hold a tab or newline.
 * @param fd an open file descriptor
 */
export function writeDelimited(
  fd: number,
  columns: Record<string, ArrayLike<number> | ArrayLike<string>>,
  names: readonly string[],
  delimiter: Delimiter,
): void {
  const n = names.length ? columns[names[0]].length : 0;
  for (const name of names) {
    if (!columns[name]) throw invalidArgument("column", name, `one of ${Object.keys(columns).join(", ")}`);
    if (columns[name].length !== n)
      throw invalidArgument(`length of column ${name}`, columns[name].length, `${n} like ${names[0]}`);
  }
  const cols = names.map((k) => columns[k]);
  const isNum = cols.map((c) => ArrayBuffer.isView(c) || (c.length > 0 && typeof c[0] === "number"));
  const size = 1 << 22;
  const buf = Buffer.allocUnsafe(size + 65536);
  let pos = 0;
  const flush = () => {
    fs.writeSync(fd, buf, 0, pos);
    pos = 0;
  };
  const d = delimiter.charCodeAt(0);
  const putString = (s: string) => {
    if (s.length > 16384) {
      flush();
      fs.writeSync(fd, s);
      return;
    }
    pos += buf.write(s, pos, "utf8");
  };
  putString(names.join(delimiter) + "\n");
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < cols.length; k++) {
      if (k) buf[pos++] = d;
      if (isNum[k]) {
        const v = (cols[k] as ArrayLike<number>)[i];
        if (v !== v) continue;
        if (Number.isInteger(v) && v >= 0 && v < 1e15) {
          // ASCII digits of a non-negative integer, written backwards then in place.
          let x = v,
            len = 1;
          for (let t = x; t >= 10; t = Math.floor(t / 10)) len++;
          for (let j = pos + len - 1; j >= pos; j--) {
            buf[j] = 48 + (x % 10);
            x = Math.floor(x / 10);
          }
          pos += len;
        } else putString("" + v);
      } else {
        const s = (cols[k] as ArrayLike<string>)[i] ?? "";
        if (delimiter === "\t") {
          if (s.indexOf("\t") >= 0 || s.indexOf("\n") >= 0 || s.indexOf("\r") >= 0)
            throw invalidArgument(`${names[k]}[${i}]`, s, "no tab or newline in a TSV cell");
          putString(s);
        } else putString(quoteCsv(String(s)));
      }
    }
    buf[pos++] = 10;
    if (pos >= size) flush();
  }
  flush();
}
