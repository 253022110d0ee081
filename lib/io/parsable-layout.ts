/**
 * Placing one record's fields into a `--parsable2` table's columns (lib/io/parsable.ts): a value of
 * a free-text column may hold the delimiter or a line break, which Slurm prints as they are, so a
 * record may have more fields than the header has columns. The extra fields go to the free-text
 * columns when exactly one way to share them out leaves every other column a value its check
 * accepts; a line that cannot start a record (it holds fewer fields than a record and the checks of
 * its columns before the first free-text one fail) continues the record before it.
 */
import { invalidField } from "../util/errors";

/** What a reader knows about the table it reads. */
export interface ParsableSpec {
  /** What the table is, for messages (e.g. "sacct --parsable2 output"). */
  what: string;
  /** The command that writes it, quoted in errors as the fix. */
  command: string;
  /** The column names the tool prints (a header is a line naming at least one; matched ignoring case, kept as here). */
  known: readonly string[];
  /** Columns that may hold the delimiter or a line break. Defaults to none. */
  freeText?: readonly string[];
  /** Per column, a test of a raw value. Defaults to none (every value passes). */
  validators?: Readonly<Record<string, (v: string) => boolean>>;
  /** Header-less layouts, tried in order when the first line is data and no `columns` are given. Defaults to none. */
  presets?: readonly { name: string; columns: readonly string[] }[];
}

const MAX_SPLITS = 50_000;

/** A delimiter as error messages show it. */
export const showDelimiter = (d: string) => (d === "\t" ? "TAB" : d === "\x1f" ? "\\x1f" : `"${d}"`);

/** The values of a record, or the two free-text columns that could both take the extra fields, or the column that fails its check. */
export type Fit =
  { values: string[] } | { ambiguous: [string, string] } | { bad?: { column: string; value: string } };

/** A table's columns with their checks: splits a record's text and places its fields (see the module comment). */
export class Layout {
  readonly free: number[];
  constructor(
    readonly columns: string[],
    readonly spec: ParsableSpec,
    readonly delim: string,
    readonly trailing: boolean,
  ) {
    const f = new Set(spec.freeText ?? []);
    this.free = columns.map((c, i) => (f.has(c) ? i : -1)).filter((i) => i >= 0);
  }
  tokens(text: string): string[] {
    const t = text.split(this.delim);
    if (this.trailing && t.length > 1 && t[t.length - 1] === "") t.pop();
    return t;
  }
  valid(j: number, v: string): boolean {
    const check = this.spec.validators?.[this.columns[j]];
    return check === undefined || check(v);
  }
  /**
   * Whether a line (its fields) can be the first line of a record: it holds a whole record's worth of fields, or
   * the columns before the first free-text one pass their checks (or have none).
   */
  canStart(t: string[]): boolean {
    if (t.length >= this.columns.length) return true;
    const p = Math.min(this.free.length ? this.free[0] : this.columns.length, t.length);
    for (let j = 0; j < p; j++) if (!this.valid(j, t[j])) return false;
    return true;
  }
  /** The values of a record's tokens, or why they do not fit. */
  fit(t: string[], force: boolean): Fit {
    const n = this.columns.length,
      extra = t.length - n;
    if (extra < 0) return { bad: { column: this.columns[t.length] ?? "", value: "" } };
    if (extra === 0 && !force && !t.some((x) => x.includes("\n"))) return { values: t };
    if (extra > 0 && this.free.length === 0) return { bad: undefined };
    const found: string[][] = [];
    let best: { at: number; column: string; value: string } | undefined;
    const share = new Array<number>(n).fill(0);
    let tried = 0;
    const check = (): void => {
      const values: string[] = [];
      let k = 0;
      for (let j = 0; j < n; j++) {
        const v = t.slice(k, k + 1 + share[j]).join(this.delim);
        k += 1 + share[j];
        const isFree = this.free.includes(j);
        if ((!isFree && v.includes("\n")) || !this.valid(j, v)) {
          if (!best || j > best.at) best = { at: j, column: this.columns[j], value: v };
          return;
        }
        values.push(v);
      }
      found.push(values);
    };
    const spread = (f: number, left: number): void => {
      if (found.length > 1 || ++tried > MAX_SPLITS) return;
      if (f === this.free.length - 1) {
        share[this.free[f]] = left;
        check();
        return;
      }
      for (let x = left; x >= 0; x--) {
        share[this.free[f]] = x;
        spread(f + 1, left - x);
      }
      share[this.free[f]] = 0;
    };
    if (this.free.length) spread(0, extra);
    else check();
    if (found.length === 1) return { values: found[0] };
    if (found.length > 1) {
      const differ = this.free.filter((j) => found[0][j] !== found[1][j]).map((j) => this.columns[j]);
      return { ambiguous: [differ[0], differ[1] ?? differ[0]] };
    }
    return { bad: best && { column: best.column, value: best.value } };
  }
}

/** The error for a record whose fields cannot be placed: file, line, the column where it fails, the fix. */
export function lineError(
  file: string,
  line: number,
  fields: number,
  layout: Layout,
  bad: { column: string; value: string } | undefined,
  spec: ParsableSpec,
): Error {
  const n = layout.columns.length,
    d = showDelimiter(layout.delim);
  const free = layout.free.map((j) => layout.columns[j]);
  const why =
    fields < n
      ? `the line ends before column ${layout.columns[fields]} (cut short, or a line break inside a column that cannot hold one)`
      : free.length === 0
        ? `a value holds ${d} and no column of this export may hold it (only ${(spec.freeText ?? []).join(", ") || "none"} may)`
        : bad
          ? `the extra ${d} fit in no free-text column (${free.join(", ")}): column ${bad.column} would read ${JSON.stringify(bad.value.slice(0, 60))}`
          : `too many extra ${d} to place`;
  return invalidField(
    file,
    line,
    "line",
    `${fields} fields`,
    `${n} fields like the header; ${why}. Re-export with ${spec.command}`,
  );
}
