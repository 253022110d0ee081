/**
 * Standard Workload Format (Parallel Workloads Archive, version 2.2): one job per line, 18
 * whitespace-separated numeric fields, `-1` = missing, `;` lines = header comments. Reads plain
 * or gzip files, parses the header (MaxNodes, MaxProcs, UnixStartTime,
 * MaxJobs/MaxRecords, queue and partition names, the "(N jobs removed)" notes of cleaned logs),
 * and keeps every field as a Float64Array column (−1 kept as −1; see {@link SWF_FIELDS}).
 * Jobs are sorted by submit time (stable, ties by job number).
 */
import { invalidField } from "../util/errors";
import { readFileBytes } from "./read-file";
import { type SwfHeader, emptySwfHeader, parseHeaderLine } from "./swf-header";

export { type SwfHeader, headerJobCount } from "./swf-header";

/** The 18 SWF fields in file order (1-based field k is index k−1). Units: seconds, processors, KB. */
export const SWF_FIELDS = [
  "job", // 1 job number
  "submit", // 2 submit time, s from log start
  "wait", // 3 wait time, s
  "runtime", // 4 run time, s
  "allocProcs", // 5 allocated processors
  "cpuTime", // 6 average CPU time used, s
  "usedMemory", // 7 KB per processor
  "reqProcs", // 8 requested processors
  "reqTime", // 9 requested time, s
  "reqMemory", // 10 KB per processor
  "status", // 11 1 completed, 0 failed, 5 cancelled, -1 unknown
  "user", // 12
  "group", // 13
  "executable", // 14
  "queue", // 15 (0 = interactive by convention)
  "partition", // 16
  "precedingJob", // 17
  "thinkTime", // 18 s
] as const;

/** An SWF field name. */
export type SwfField = (typeof SWF_FIELDS)[number];

/** A parsed SWF log: header, columns (sorted by submit) and where it came from. */
export interface SwfTrace {
  /** The file path (or name given to the parser). */
  file: string;
  /** The header. */
  header: SwfHeader;
  /** Number of jobs. */
  jobs: number;
  /** One column per SWF field, −1 = missing. */
  columns: Record<SwfField, Float64Array>;
  /** Lines read (header, blank and data lines), and of them data lines (= jobs: every data line is a job or an error). */
  lines?: number;
  dataLines?: number;
  /** The text started with a UTF-8 byte-order mark (removed before parsing). */
  bom?: boolean;
  /** Each job's line in the file (1-based, in the columns' order), for errors and drop reports. */
  lineOf?: Uint32Array;
}

/** SWF parser: read the text, then finish. */
class SwfParser {
  private lineNo = 0;
  private n = 0;
  private cap = 1 << 16;
  private data = new Float64Array(this.cap * 18);
  private lineNos = new Uint32Array(this.cap);
  readonly header: SwfHeader = emptySwfHeader();
  /** True when the text started with a UTF-8 byte-order mark (removed). */
  bom = false;
  constructor(private readonly file: string) {}

  /** Reads the whole text: "\n", "\r\n" and a lone "\r" (old Mac logs) all end a line. */
  read(text: string): this {
    text = text.replace(/^(\uFEFF|\u00EF\u00BB\u00BF)/, () => {
      this.bom = true;
      return "";
    }); // UTF-8 BOM (read as UTF-16 or as latin1)
    if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
    let start = 0;
    for (let j = text.indexOf("\n"); j >= 0; j = text.indexOf("\n", start)) {
      this.line(text, start, j);
      start = j + 1;
    }
    if (start < text.length) this.line(text, start, text.length);
    return this;
  }

  finish(): SwfTrace {
    const columns = {} as Record<SwfField, Float64Array>;
    const order = new Uint32Array(this.n);
    for (let i = 0; i < this.n; i++) order[i] = i;
    const d = this.data;
    let sorted = true;
    for (let i = 1; i < this.n && sorted; i++) if (d[i * 18 + 1] < d[(i - 1) * 18 + 1]) sorted = false;
    if (!sorted) order.sort((a, b) => d[a * 18 + 1] - d[b * 18 + 1] || d[a * 18] - d[b * 18] || a - b);
    SWF_FIELDS.forEach((f, k) => {
      const col = new Float64Array(this.n);
      for (let i = 0; i < this.n; i++) col[i] = d[order[i] * 18 + k];
      columns[f] = col;
    });
    const lineOf = new Uint32Array(this.n);
    for (let i = 0; i < this.n; i++) lineOf[i] = this.lineNos[order[i]];
    return {
      file: this.file,
      header: this.header,
      jobs: this.n,
      columns,
      lines: this.lineNo,
      dataLines: this.n,
      bom: this.bom,
      lineOf,
    };
  }

  private line(text: string, from: number, to: number): void {
    this.lineNo++;
    let i = from;
    while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 13))
      i++;
    if (i >= to) return;
    if (text.charCodeAt(i) === 59) {
      parseHeaderLine(this.header, text.slice(i + 1, to).replace(/\r$/, ""));
      return;
    }
    if (this.n === this.cap) {
      this.cap *= 2;
      const bigger = new Float64Array(this.cap * 18);
      bigger.set(this.data);
      this.data = bigger;
      const lines = new Uint32Array(this.cap);
      lines.set(this.lineNos);
      this.lineNos = lines;
    }
    const base = this.n * 18;
    let k = 0;
    while (i < to) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) {
        i++;
        continue;
      }
      // Fast path: [-]digits[.digits]; anything else goes through Number() (and is checked).
      let j = i,
        v = 0,
        simple = true,
        neg = false,
        scale = 0,
        digits = 0;
      if (c === 45) {
        neg = true;
        j++;
      }
      const digitsFrom = j;
      for (; j < to; j++) {
        const cj = text.charCodeAt(j);
        if (cj === 32 || cj === 9 || cj === 13) break;
        if (cj >= 48 && cj <= 57) {
          v = v * 10 + (cj - 48);
          digits++;
          if (scale) scale *= 10;
        } else if (cj === 46 && !scale) scale = 1;
        else simple = false;
      }
      if (k >= 18)
        throw invalidField(
          this.file,
          this.lineNo,
          "line",
          text.slice(from, to).trim().slice(0, 80),
          "exactly 18 fields",
        );
      if (digits === 0 || j - digitsFrom > 15) simple = false;
      if (simple) {
        if (scale) v /= scale;
        if (neg) v = -v;
      } else {
        const tok = text.slice(i, j);
        v = Number(tok);
        if (!Number.isFinite(v) || tok.trim() === "")
          throw invalidField(
            this.file,
            this.lineNo,
            `field ${k + 1} (${SWF_FIELDS[k]})`,
            tok,
            "a number (-1 when missing)",
          );
      }
      this.data[base + k] = v;
      k++;
      i = j;
    }
    if (k !== 18) throw invalidField(this.file, this.lineNo, "line", `${k} fields`, "exactly 18 fields");
    this.lineNos[this.n] = this.lineNo;
    this.n++;
  }
}

/**
 * Parses SWF text (already decompressed).
 * @param text the log
 * @param file its name, for errors
 * @throws `<file>:<line>: invalid field k (name): …` for a non-number, `… invalid line: …` for a wrong field count
 */
export function parseSwf(text: string, file = "<swf>"): SwfTrace {
  return new SwfParser(file).read(text).finish();
}

/**
 * Reads an SWF file synchronously (gunzipped in memory when named `.gz` or starting with gzip's magic bytes).
 * @throws `<file>: cannot read: …`, `<file>: invalid gzip: …`, or the parse errors of {@link parseSwf}
 */
export function readSwf(file: string): SwfTrace {
  return parseSwf(readFileBytes(file, "SWF log").toString("latin1"), file);
}
