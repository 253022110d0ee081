/**
 * A parsed SWF trace as bytes and back, for the trace cache (swf-cache.ts): every field of
 * {@link SwfTrace} but the file name (the caller's), value for value. Layout (framed-bytes.ts): the
 * magic `SGSWFC1\n`, a little-endian u32 length, a JSON head (counts, header, each column's
 * storage), then each column padded to 8 bytes — Int32 when every value is a whole number in Int32
 * range (not −0), else Float64 — then `lineOf` (Uint32), then the SHA-256 of everything before it. A file
 * cut short, altered or from another format or byte order fails to decode (an error, never a
 * different trace).
 */
import * as os from "node:os";
import { invalidArgument } from "../util/errors";
import { type SwfField, type SwfHeader, type SwfTrace, SWF_FIELDS } from "./swf";
import { decodeFramed, encodeFramed } from "./framed-bytes";

const MAGIC = "SGSWFC1\n";

type Storage = "i32" | "f64";
type HeaderEntry = [string, "map", [number, string][]] | [string, "undefined"] | [string, "json", unknown];
interface Head {
  endianness: string;
  jobs: number;
  lines?: number;
  dataLines?: number;
  bom?: boolean;
  hasLineOf: boolean;
  header: HeaderEntry[];
  storage: Storage[];
}

function storageOf(col: Float64Array): Storage {
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if ((v | 0) !== v || Object.is(v, -0)) return "f64";
  }
  return "i32";
}

/** The bytes of a trace (see the file comment); `trace.file` is not stored. */
export function encodeSwfTrace(trace: SwfTrace): Buffer {
  const storage = SWF_FIELDS.map((f) => storageOf(trace.columns[f]));
  const header: HeaderEntry[] = Object.entries(trace.header).map(([k, v]): HeaderEntry =>
    v instanceof Map ? [k, "map", [...v.entries()]] : v === undefined ? [k, "undefined"] : [k, "json", v],
  );
  const head: Head = {
    endianness: os.endianness(),
    jobs: trace.jobs,
    lines: trace.lines,
    dataLines: trace.dataLines,
    bom: trace.bom,
    hasLineOf: trace.lineOf !== undefined,
    header,
    storage,
  };
  const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const sections = SWF_FIELDS.map((f, k) =>
    bytes(storage[k] === "i32" ? Int32Array.from(trace.columns[f]) : trace.columns[f]),
  );
  if (trace.lineOf) sections.push(bytes(trace.lineOf));
  return encodeFramed(MAGIC, head, sections, true);
}

/**
 * The trace stored in `buf`, with `file` as its file name.
 * @throws `invalid <file>: …; expected a cached SWF trace …` when the bytes are not one (cut short, altered, another format)
 */
export function decodeSwfTrace(buf: Buffer, file: string): SwfTrace {
  const bad = (why: string) =>
    invalidArgument(
      file,
      `${buf.byteLength} bytes`,
      `a cached SWF trace (${why === "magic" ? "magic SGSWFC1" : why})`,
    );
  const frame = decodeFramed(buf, MAGIC, bad, true);
  const head = frame.head as Head;
  if (head.endianness !== os.endianness()) throw bad(`byte order ${head.endianness}`);
  const n = head.jobs;
  // A copy: aligned, and not a view that keeps the whole file alive.
  const take = (bytes: number): ArrayBuffer => frame.take(bytes).slice().buffer;
  const columns = {} as Record<SwfField, Float64Array>;
  SWF_FIELDS.forEach((f, k) => {
    columns[f] =
      head.storage[k] === "i32"
        ? Float64Array.from(new Int32Array(take(4 * n)))
        : new Float64Array(take(8 * n));
  });
  const lineOf = head.hasLineOf ? new Uint32Array(take(4 * n)) : undefined;
  if (frame.offset !== frame.end) throw bad("length");
  const header = {} as Record<string, unknown>;
  for (const e of head.header)
    header[e[0]] = e[1] === "map" ? new Map(e[2]) : e[1] === "undefined" ? undefined : e[2];
  const trace: SwfTrace = { file, header: header as unknown as SwfHeader, jobs: n, columns };
  if ("lines" in head) trace.lines = head.lines;
  if ("dataLines" in head) trace.dataLines = head.dataLines;
  if ("bom" in head) trace.bom = head.bom;
  if (lineOf) trace.lineOf = lineOf;
  return trace;
}
