/**
 * A content-addressed cache of parsed SWF traces in `data/generated/trace-cache/<key>.swfc`
 * (lib/util/cache-dir.ts): the key is the SHA-256 of the file's bytes as stored (gzip or not),
 * whether its name says gzip, and the parser's source (this module, swf.ts, swf-header.ts,
 * read-file.ts, the codec swf-codec.ts and every lib module they import; lib/util/source-key.ts),
 * so another file, another name rule or an edit to the parser gives a new key. A hit decodes the
 * columns (swf-codec.ts; `npm run bench -- io` compares it with parsing) and is the same trace
 * value for value (test/io/swf-cache.test.ts). An entry that does not decode (cut short, altered,
 * older format) is parsed again and replaced. `SCHEDGAME_TRACE_CACHE=off` in the environment turns
 * the cache off.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "../util/errors";
import { sourceKey } from "../util/source-key";
import { memoOnDisk } from "../util/cache-dir";
import { gunzipIfGzip, readRawBytes } from "./read-file";
import { type SwfTrace, parseSwf } from "./swf";
import { decodeSwfTrace, encodeSwfTrace } from "./swf-codec";
import { projectRoot } from "../util/project-paths";

/** Options of {@link readSwfCached}. */
export interface SwfCacheOptions {
  /** Project root (the parser's source is read from `<root>/lib`; without it the cache is off). Defaults to the current directory. */
  root?: string;
  /** Cache folder. Defaults to `<root>/data/generated/trace-cache`. */
  dir?: string;
  /** How many cached traces to keep (least recently used go first). Defaults to 32. */
  keep?: number;
  /** Files smaller than this (bytes as stored) are parsed, not cached: they parse in milliseconds. Defaults to 65536. */
  minBytes?: number;
  /** False: parse without the cache. Defaults to true (unless `SCHEDGAME_TRACE_CACHE=off`). */
  cache?: boolean;
}

/** A parsed trace and where it came from. */
export interface CachedSwf {
  trace: SwfTrace;
  /** "hit": decoded from the cache; "miss": parsed and written; "off": parsed, cache not used. */
  cache: "hit" | "miss" | "off";
  /** The cache entry (hit or miss). */
  entry?: string;
}

/** The cache's entry module (it imports the parser and the codec), or undefined when this checkout's sources are not on disk. */
function cacheEntryModule(root: string): string | undefined {
  const f = path.join(root, "lib", "io", "swf-cache.ts");
  return fs.existsSync(f) ? f : undefined;
}

/**
 * What {@link readSwf} gives for `file` (same value, same errors), through the cache (see the
 * file comment).
 * @param file the .swf or .swf.gz file
 * @param options see {@link SwfCacheOptions}
 * @throws `invalid keep: …` / `invalid minBytes: …`, or the errors of readSwf
 */
export function readSwfCached(file: string, options: SwfCacheOptions = {}): CachedSwf {
  const keep = options.keep ?? 32;
  if (!Number.isInteger(keep) || keep < 1) throw invalidArgument("keep", keep, "a whole number >= 1");
  const minBytes = options.minBytes ?? 65536;
  if (!Number.isInteger(minBytes) || minBytes < 0)
    throw invalidArgument("minBytes", minBytes, "a whole number >= 0");
  const root = options.root ?? projectRoot();
  const raw = readRawBytes(file);
  const parse = () => parseSwf(gunzipIfGzip(file, raw, "SWF log").toString("latin1"), file);
  const module = cacheEntryModule(root);
  if (options.cache === false || !module || raw.byteLength < minBytes)
    return { trace: parse(), cache: "off" };
  const dir = options.dir ?? path.join(root, "data", "generated", "trace-cache");
  const inputs = () => ({
    bytes: createHash("sha256").update(raw).digest("hex"),
    gzipByName: /\.gz$/i.test(file),
  });
  const key = () => sourceKey(module, inputs(), root).slice(0, 32);
  const decode = (b: Buffer) => decodeSwfTrace(b, file);
  const m = memoOnDisk(
    { dir, ext: ".swfc", keep, env: "SCHEDGAME_TRACE_CACHE", encode: encodeSwfTrace, decode },
    key,
    parse,
  );
  return { trace: m.value, cache: m.cache, entry: m.file };
}
