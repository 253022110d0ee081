/**
 * The delimited tables Slurm's commands print with `--parsable2` (`-P`) or `--parsable` (`-p`: every
 * line ends with the delimiter too), read robustly:
 *
 * - the delimiter is `|` (the default), TAB or the ASCII unit separator (`--delimiter=…`), detected
 *   on the first line, whichever it holds most of;
 * - the column names come from the header line, else from `columns`, else from a header-less layout
 *   the reader knows (a preset, e.g. Open XDMoD's sacct export) whose checks every value passes;
 * - a free-text column (sacct's SubmitLine, JobName, …) may hold the delimiter or a line break, which
 *   Slurm prints as they are: a line with extra fields, or a record spread over several lines, is
 *   recovered when exactly one way to give the extra fields to the free-text columns leaves every
 *   other column a valid value (per-column checks; a line that cannot start a record — it holds
 *   fewer fields than a record and its first columns fail their checks — continues the one before);
 *   otherwise an error names the line, the column and the fix;
 * - the fixed-width table the commands print by default (a `-----` rule under the header) is refused
 *   with the command to use;
 * - a line repeating the header (exports concatenated with `cat`) is skipped and counted.
 */
import { invalidField } from "../util/errors";
import { Layout, type ParsableSpec, lineError, showDelimiter } from "./parsable-layout";

/** Options of {@link readParsable}. */
export interface ParsableOptions {
  /** The column order of a header-less file (its `--format` list); a file with a header line is read by its header. Defaults to the header line (or a preset). */
  columns?: readonly string[];
  /** The delimiter. Defaults to the one detected on the first line (`|`, TAB or `\x1f`). */
  delimiter?: string;
}

/** One record: its values (one per column) and where it is. */
export interface ParsableRow {
  /** 1-based line where the record starts. */
  line: number;
  /** 1-based line where it ends (> line when a free-text value holds a line break). */
  lastLine: number;
  values: string[];
  /** True when a free-text value held the delimiter or a line break (recovered). */
  recovered: boolean;
}

/** A table opened by {@link openParsable}: its layout, and its records read as they are iterated. */
export interface ParsableTable {
  file: string;
  columns: string[];
  /** Where the column names came from: "header", "columns option", or a preset's name. */
  columnsFrom: string;
  delimiter: string;
  /** True when lines end with the delimiter (`--parsable`). */
  trailingDelimiter: boolean;
  /** The header's line (0 without one). */
  headerLine: number;
  /** 1 when a UTF-8 byte-order mark was removed. */
  bom: number;
  /** The records, in file order, read (and checked) as they are iterated; iterate once. */
  records(): Generator<ParsableRow>;
  /** What the iteration met so far: records, records recovered, lines repeating the header (skipped). */
  counts: { records: number; recovered: number; repeatedHeaders: number };
}

const DELIMITERS = ["|", "\t", "\x1f"];
const MAX_SPAN = 100;

function isHeader(tokens: string[], known: Map<string, string>): boolean {
  const names = tokens.map((x) => x.trim()).filter((x) => x !== "");
  return (
    names.length > 0 &&
    names.every((x) => /^[A-Za-z][\w:% ]*$/.test(x)) &&
    names.some((x) => known.has(x.toLowerCase()))
  );
}

/**
 * Opens a `--parsable2`/`--parsable` table (see the module comment): reads its layout now, its
 * records as they are iterated (a large export is never held twice).
 * @throws `<file>:<line>: invalid format: …` for a fixed-width table; `<file>:1: invalid header: …`
 *   for a header-less file without `columns` and no preset that fits; `<file>:<line>: invalid line: …`
 *   for a record whose fields cannot be placed, naming the column and the fix
 */
export function openParsable(
  text: string,
  file: string,
  spec: ParsableSpec,
  options: ParsableOptions = {},
): ParsableTable {
  let bom = 0;
  if (text.startsWith("\uFEFF")) {
    text = text.slice(1);
    bom = 1;
  }
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first < 0)
    throw invalidField(file, 1, "header", "", `${spec.what}: a header line, then rows (${spec.command})`);
  const second = lines.findIndex((l, i) => i > first && l.trim() !== "");
  const fixedWidth = () =>
    invalidField(
      file,
      second + 1,
      "format",
      lines[second].slice(0, 80),
      `${spec.what} (this is the fixed-width table the command prints by default, which cuts long values): re-export with ${spec.command}`,
    );
  if (second >= 0 && /^\s*-{2,}(\s+-{2,})*\s*$/.test(lines[second])) throw fixedWidth();
  const found = DELIMITERS.map((d) => lines[first].split(d).length - 1);
  const delim = options.delimiter ?? DELIMITERS[found.indexOf(Math.max(...found))];
  const known = new Map(spec.known.map((k) => [k.toLowerCase(), k]));
  const canon = (name: string) => known.get(name.trim().toLowerCase()) ?? name.trim();
  const headTokens = lines[first].split(delim);
  let columns: string[], columnsFrom: string, headerLine: number, trailing: boolean;
  if (isHeader(headTokens, known)) {
    if (headTokens.length === 1 && /\S {2,}\S/.test(lines[first])) throw fixedWidth();
    trailing = headTokens.length > 1 && headTokens[headTokens.length - 1] === "";
    columns = (trailing ? headTokens.slice(0, -1) : headTokens).map(canon);
    columnsFrom = "header";
    headerLine = first + 1;
  } else {
    headerLine = 0;
    const candidates = options.columns
      ? [{ name: "columns option", columns: options.columns }]
      : (spec.presets ?? []);
    const pick = candidates.find((c) => {
      const tr = headTokens.length === c.columns.length + 1 && headTokens[headTokens.length - 1] === "";
      return (
        "values" in new Layout(c.columns.map(canon), spec, delim, tr).fit(headTokens, true) ||
        !!options.columns
      );
    });
    if (!pick)
      throw invalidField(
        file,
        first + 1,
        "header",
        lines[first].slice(0, 80),
        `a header line naming the columns of ${spec.what}: this line reads as data (exported with --noheader?). Pass the column order of its --format as the columns option, or re-export with ${spec.command}`,
      );
    columns = pick.columns.map(canon);
    columnsFrom = pick.name;
    trailing = headTokens.length === columns.length + 1 && headTokens[headTokens.length - 1] === "";
  }
  const layout = new Layout(columns, spec, delim, trailing);
  const counts = { records: 0, recovered: 0, repeatedHeaders: 0 };
  function* records(): Generator<ParsableRow> {
    const headerText = headerLine ? lines[first] : undefined;
    // Each line is split once: looked at as the next record's start, then read as a record (two slots).
    const slots: [number, string[]][] = [
      [-1, []],
      [-1, []],
    ];
    const tokensOf = (k: number) => {
      const hit = slots[0][0] === k ? slots[0] : slots[1][0] === k ? slots[1] : undefined;
      if (hit) return hit[1];
      slots[1] = slots[0];
      slots[0] = [k, layout.tokens(lines[k])];
      return slots[0][1];
    };
    for (let i = headerLine ? first + 1 : first; i < lines.length;) {
      if (lines[i].trim() === "") {
        i++;
        continue;
      }
      if (lines[i] === headerText) {
        counts.repeatedHeaders++;
        i++;
        continue;
      }
      let more = 0;
      if (layout.free.length)
        while (
          more < MAX_SPAN &&
          i + more + 1 < lines.length &&
          lines[i + more + 1].trim() !== "" &&
          !layout.canStart(tokensOf(i + more + 1))
        )
          more++;
      let done = false;
      for (let k = more; k >= 0 && !done; k--) {
        const t = k === 0 ? tokensOf(i) : layout.tokens(lines.slice(i, i + k + 1).join("\n"));
        const f = layout.fit(t, k > 0);
        if ("ambiguous" in f)
          throw invalidField(
            file,
            i + 1,
            "line",
            lines[i].slice(0, 80),
            `one way to read its ${t.length} fields as the ${columns.length} columns: the extra ${showDelimiter(delim)} could belong to ${f.ambiguous[0]} or to ${f.ambiguous[1]}. Re-export without one of these columns or with --delimiter=$'\\t' (${spec.command})`,
          );
        if ("values" in f) {
          const recovered = t.length > columns.length || k > 0;
          counts.records++;
          if (recovered) counts.recovered++;
          const row = { line: i + 1, lastLine: i + k + 1, values: f.values, recovered };
          i += k + 1;
          done = true;
          yield row;
        } else if (k === 0) throw lineError(file, i + 1, t.length, layout, f.bad, spec);
      }
    }
  }
  return {
    file,
    columns,
    columnsFrom,
    delimiter: delim,
    trailingDelimiter: trailing,
    headerLine,
    bom,
    records,
    counts,
  };
}

/**
 * Reads a `--parsable2`/`--parsable` table whole (see {@link openParsable}).
 * @throws the errors of {@link openParsable}
 */
export function readParsable(
  text: string,
  file: string,
  spec: ParsableSpec,
  options: ParsableOptions = {},
): ParsableTable & { rows: ParsableRow[] } {
  const t = openParsable(text, file, spec, options);
  return { ...t, rows: [...t.records()] };
}

/**
 * Checks that a table has every required column, naming every missing one at once. A group of
 * several names needs one of them.
 * @throws `<file>:<line>: invalid header: …; expected the columns …; missing A, B, one of C/D (…)`
 */
export function requireColumns(
  table: ParsableTable,
  groups: readonly (readonly string[])[],
  spec: ParsableSpec,
): void {
  const missing = groups
    .filter((g) => !g.some((c) => table.columns.includes(c)))
    .map((g) => (g.length === 1 ? g[0] : `one of ${g.join("/")}`));
  if (missing.length)
    throw invalidField(
      table.file,
      Math.max(table.headerLine, 1),
      "header",
      table.columns.join(table.delimiter),
      `the columns ${groups.map((g) => g.join(" or ")).join(", ")}; missing ${missing.join(", ")} (re-export with ${spec.command})`,
    );
}
