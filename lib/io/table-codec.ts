/**
 * A compact binary form of arquero tables whose columns hold numbers or strings, for caches of
 * generated data: decoding gives columns equal, value for value and type for type (plain arrays),
 * to the encoded ones. Numbers are stored as Int32 when every value is an integer that fits, else as
 * Float64 (NaN and −0 survive); strings as a dictionary when they repeat, else NUL-joined UTF-8;
 * anything else (nulls, mixed types, strings with NUL) as JSON (where `undefined` becomes `null`).
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { invalidArgument } from "../util/errors";
import { decodeFramed, encodeFramed } from "./framed-bytes";

const MAGIC = "SGTBL2\n";

type Kind = "i32" | "f64" | "dict" | "joined" | "json";
interface ColumnHeader {
  name: string;
  kind: Kind;
  bytes: number;
  dict?: string[];
  width?: 1 | 2 | 4;
}
interface Header {
  rows: number;
  columns: ColumnHeader[];
}

function encodeColumn(values: ArrayLike<unknown>): {
  kind: Kind;
  data: Uint8Array;
  dict?: string[];
  width?: 1 | 2 | 4;
} {
  const n = values.length;
  let allNum = true,
    allInt = true,
    allStr = true;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (typeof v === "number") {
      allStr = false;
      if (allInt && !(Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 && !Object.is(v, -0)))
        allInt = false;
    } else if (typeof v === "string") {
      allNum = false;
      if (allStr && v.includes("\0")) allStr = false;
    } else {
      allNum = false;
      allStr = false;
    }
  }
  if (allNum && n > 0) {
    const a = allInt
      ? Int32Array.from(values as ArrayLike<number>)
      : Float64Array.from(values as ArrayLike<number>);
    return { kind: allInt ? "i32" : "f64", data: new Uint8Array(a.buffer) };
  }
  if (allStr && n > 0) {
    const index = new Map<string, number>();
    const codes = new Uint32Array(n);
    for (let i = 0; i < n && index.size <= n / 2; i++) {
      const s = values[i] as string;
      let c = index.get(s);
      if (c === undefined) {
        c = index.size;
        index.set(s, c);
      }
      codes[i] = c;
    }
    if (index.size <= n / 2) {
      // codes as narrow as the dictionary allows
      const width = index.size <= 0x100 ? 1 : index.size <= 0x10000 ? 2 : 4;
      const narrow = width === 1 ? Uint8Array.from(codes) : width === 2 ? Uint16Array.from(codes) : codes;
      return { kind: "dict", data: new Uint8Array(narrow.buffer), dict: [...index.keys()], width };
    }
    return { kind: "joined", data: Buffer.from(Array.from(values as ArrayLike<string>).join("\0"), "utf8") };
  }
  return { kind: "json", data: Buffer.from(JSON.stringify(Array.from(values)), "utf8") };
}

/**
 * Encodes a table (all columns, in order) into bytes (the layout of framed-bytes.ts, magic SGTBL2).
 * @param table an arquero table
 */
export function encodeTable(table: ColumnTable): Uint8Array {
  const header: Header = { rows: table.numRows(), columns: [] };
  const blobs: Uint8Array[] = [];
  for (const name of table.columnNames()) {
    const { kind, data, dict, width } = encodeColumn(table.array(name) as ArrayLike<unknown>);
    header.columns.push({ name, kind, bytes: data.byteLength, ...(dict ? { dict, width } : {}) });
    blobs.push(data);
  }
  return encodeFramed(MAGIC, header, blobs);
}

/**
 * Decodes bytes written by {@link encodeTable}.
 * @param bytes the encoded table
 * @param what a name for errors (a file path). Defaults to "table".
 * @throws `invalid <what>: …` when the bytes are not an encoded table or are cut short
 */
export function decodeTable(bytes: Uint8Array, what = "table"): ColumnTable {
  const size = `${bytes.byteLength} bytes`;
  const frame = decodeFramed(bytes, MAGIC, () =>
    invalidArgument(what, size, "a table encoded by encodeTable (magic SGTBL2)"),
  );
  const header = frame.head as Header;
  const columns: Record<string, unknown[]> = {};
  for (const c of header.columns) {
    if (frame.offset + c.bytes > frame.end) {
      throw invalidArgument(
        what,
        size,
        `column ${c.name} at byte ${frame.offset} (+${c.bytes}); the file is cut short`,
      );
    }
    const slice = frame.take(c.bytes);
    const copy = () => slice.slice().buffer;
    let col: unknown[];
    if (c.kind === "i32" || c.kind === "f64") {
      const a = c.kind === "i32" ? new Int32Array(copy()) : new Float64Array(copy());
      col = new Array(a.length);
      for (let i = 0; i < a.length; i++) col[i] = a[i];
    } else if (c.kind === "dict") {
      const d = c.dict!,
        w = c.width ?? 4;
      const codes =
        w === 1 ? new Uint8Array(copy()) : w === 2 ? new Uint16Array(copy()) : new Uint32Array(copy());
      col = new Array(codes.length);
      for (let i = 0; i < codes.length; i++) col[i] = d[codes[i]];
    } else if (c.kind === "joined")
      col = header.rows === 0 ? [] : Buffer.from(slice).toString("utf8").split("\0");
    else col = JSON.parse(Buffer.from(slice).toString("utf8"));
    if (col.length !== header.rows)
      throw invalidArgument(what, `${col.length} values in column ${c.name}`, `${header.rows} rows`);
    columns[c.name] = col;
  }
  return aq.table(columns);
}
