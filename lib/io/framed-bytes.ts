/**
 * The byte layout shared by the cache codecs (table-codec.ts, swf-codec.ts, the twin's cache entry
 * in lib/twin/twin-cache.ts): a magic line, a little-endian u32 length, a JSON head, then sections,
 * each starting on an 8-byte boundary (typed-array views need the alignment), optionally followed
 * by the SHA-256 of everything before it.
 */
import { createHash } from "node:crypto";

const DIGEST = 32;

/** Zero bytes that bring `n` up to a multiple of 8. */
export function pad8(n: number): number {
  return (8 - (n % 8)) % 8;
}

/**
 * The bytes of `head` (as JSON) and `sections` under `magic`.
 * @param digest append the SHA-256 of the bytes before it. Defaults to false.
 */
export function encodeFramed(
  magic: string,
  head: unknown,
  sections: readonly Uint8Array[],
  digest = false,
): Buffer {
  const headBytes = Buffer.from(JSON.stringify(head), "utf8");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(headBytes.byteLength);
  const pad = Buffer.alloc(pad8(magic.length + 4 + headBytes.byteLength));
  const parts: Uint8Array[] = [Buffer.from(magic, "latin1"), len, headBytes, pad];
  for (const s of sections) parts.push(s, Buffer.alloc(pad8(s.byteLength)));
  const body = Buffer.concat(parts);
  return digest ? Buffer.concat([body, createHash("sha256").update(body).digest()]) : body;
}

/** A framed buffer being read: its head and its sections in order. */
export interface Framed {
  /** The parsed JSON head. */
  head: unknown;
  /** Offset of the next section. */
  offset: number;
  /** Where the sections end (before the digest, if any). */
  end: number;
  /** The next section of `bytes` bytes (a Uint8Array view into the buffer); `bad("length")` past the end. */
  take(bytes: number): Uint8Array;
}

/**
 * Opens bytes written by {@link encodeFramed}.
 * @param bad the error for bytes that are not such a frame, given why ("magic", "checksum", "length")
 * @param digest whether a SHA-256 ends the bytes (it is checked). Defaults to false.
 */
export function decodeFramed(
  bytes: Uint8Array,
  magic: string,
  bad: (why: "magic" | "checksum" | "length") => Error,
  digest = false,
): Framed {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = buf.byteLength - (digest ? DIGEST : 0);
  if (end < magic.length + 4 || buf.toString("latin1", 0, magic.length) !== magic) throw bad("magic");
  const sum = digest ? createHash("sha256").update(buf.subarray(0, end)).digest() : undefined;
  if (sum && !sum.equals(buf.subarray(end))) throw bad("checksum");
  const headLen = buf.readUInt32LE(magic.length);
  const start = magic.length + 4;
  if (start + headLen > end) throw bad("length");
  const head = JSON.parse(buf.toString("utf8", start, start + headLen)) as unknown;
  const framed: Framed = {
    head,
    offset: start + headLen + pad8(start + headLen),
    end,
    take(n: number): Uint8Array {
      if (framed.offset + n > end) throw bad("length");
      const out = new Uint8Array(buf.buffer, buf.byteOffset + framed.offset, n);
      framed.offset += n + pad8(n);
      return out;
    },
  };
  return framed;
}
