/**
 * Reading a log file whole: plain, or gzip (by a `.gz` name or gzip's magic bytes 1f 8b), with an
 * error naming the file for a file that cannot be read or does not gunzip. Shared by the SWF, sacct
 * and Autosubmit readers.
 */
import * as fs from "node:fs";
import * as zlib from "node:zlib";

/** True when `file` is named `.gz` or `head` starts with gzip's magic bytes. */
export function isGzip(file: string, head?: Uint8Array): boolean {
  return (
    /\.gz$/i.test(file) || (head !== undefined && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b)
  );
}

/**
 * The bytes of `file`, gunzipped when it is gzip.
 * @param what what the file should be, for the gzip error (e.g. "SWF log")
 * @throws `<file>: cannot read: …`, `<file>: invalid gzip: …; expected a gzip-compressed <what>`
 */
export function readFileBytes(file: string, what: string): Buffer {
  return gunzipIfGzip(file, readRawBytes(file), what);
}

/**
 * The bytes of `file` as stored (not gunzipped).
 * @throws `<file>: cannot read: …`
 */
export function readRawBytes(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw new Error(`${file}: cannot read: ${(e as Error).message}`);
  }
}

/**
 * `bytes` as read from `file`, gunzipped when it is gzip (by name or magic bytes); what
 * {@link readFileBytes} does after reading.
 * @throws `<file>: invalid gzip: …; expected a gzip-compressed <what>`
 */
export function gunzipIfGzip(file: string, buf: Buffer, what: string): Buffer {
  if (!isGzip(file, buf)) return buf;
  try {
    return zlib.gunzipSync(buf);
  } catch (e) {
    throw new Error(`${file}: invalid gzip: ${(e as Error).message}; expected a gzip-compressed ${what}`);
  }
}
