/**
 * The content-addressed caches in data/generated/ (twin, cleaned source, parsed trace, PNG, lib
 * declarations): an entry is named by a key that hashes everything it depends on, written whole
 * or not at all (a temporary file renamed into place, so a parallel process never reads half an
 * entry), read back only when it decodes (otherwise computed again and replaced), marked as used
 * when read, and only the most recently used entries are kept. An environment variable per cache
 * set to "off" turns it off. {@link memoOnDisk} is the whole cycle; the PNG cache, which draws its
 * misses in one browser session, uses the steps ({@link readEntry}, {@link storeEntry},
 * {@link keepNewest}).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "./errors";

/** Whether the cache switched by environment variable `name` (e.g. SCHEDGAME_TWIN_CACHE) is on: not "off". */
export function cacheOn(name: string): boolean {
  return process.env[name] !== "off";
}

/**
 * Writes `data` to `file` through a temporary file renamed into place, so a parallel process never
 * reads half an entry. Creates the folder.
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/** {@link writeWhole}, reporting instead of throwing: false when the folder cannot be written. */
export function storeEntry(file: string, data: string | NodeJS.ArrayBufferView): boolean {
  try {
    writeWhole(file, data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The entry `file` decoded, its modification time set to now (eviction keeps the most recently
 * used); undefined when there is none or `decode` throws (cut short, altered, another format).
 */
export function readEntry<T>(file: string, decode: (bytes: Buffer) => T): T | undefined {
  let value: T;
  try {
    value = decode(fs.readFileSync(file));
  } catch {
    return undefined;
  }
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    /* removed meanwhile by another process's eviction: the value is still right */
  }
  return value;
}

/**
 * Removes all but the `keep` most recently modified entries of `dir` that `isEntry` accepts (files
 * or folders). An entry removed meanwhile by another process is skipped.
 */
export function keepNewest(dir: string, keep: number, isEntry: (entry: fs.Dirent) => boolean): void {
  const entries = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter(isEntry)
    .flatMap((e) => {
      const f = path.join(dir, e.name);
      try {
        return [{ f, t: fs.statSync(f).mtimeMs }];
      } catch {
        return [];
      }
    });
  entries.sort((a, b) => b.t - a.t);
  for (const { f } of entries.slice(keep)) fs.rmSync(f, { recursive: true, force: true });
}

/** A content-addressed cache folder of values of type T. */
export interface DiskCache<T> {
  /** The folder. */
  dir: string;
  /** The entries' file suffix, e.g. ".twin". */
  ext: string;
  /** How many entries to keep (least recently used go first), a whole number >= 1. */
  keep: number;
  /** The environment variable that turns the cache off when "off", e.g. SCHEDGAME_TWIN_CACHE. */
  env: string;
  /** The value as the bytes (or UTF-8 text) of an entry. */
  encode(value: T): string | Uint8Array;
  /** The value of an entry's bytes; throws when they are not one (cut short, altered, another format). */
  decode(bytes: Buffer, file: string): T;
  /** Whether a value may be stored, given what its encoding decodes to. Defaults to always (not decoded). */
  storable?: (value: T, decoded: T) => boolean;
}

/** A value and where it came from: "hit" (read), "miss" (computed and stored), "off" (computed, not stored). */
export interface Memoised<T> {
  value: T;
  cache: "hit" | "miss" | "off";
  /** The entry (hit or miss). */
  file?: string;
}

/**
 * The value of entry `<key><ext>` of `cache`, or else `compute()`'s, stored whole, with the entries
 * beyond `keep` evicted. Computed and not stored ("off") when the cache's environment variable is
 * "off", `key()` gives undefined (the key cannot be formed: e.g. this checkout's sources are not on
 * disk), `storable` refuses the value, or the folder cannot be written.
 * @param key the entry's name without the suffix, asked for only when the cache is on
 * @throws `invalid keep: …` unless a whole number >= 1
 */
export function memoOnDisk<T>(
  cache: DiskCache<T>,
  key: () => string | undefined,
  compute: () => T,
): Memoised<T> {
  if (!Number.isInteger(cache.keep) || cache.keep < 1) {
    throw invalidArgument("keep", cache.keep, "a whole number >= 1");
  }
  const name = cacheOn(cache.env) ? key() : undefined;
  if (name === undefined) return { value: compute(), cache: "off" };
  const file = path.join(cache.dir, `${name}${cache.ext}`);
  const hit = readEntry(file, (bytes) => cache.decode(bytes, file));
  if (hit !== undefined) return { value: hit, cache: "hit", file };
  const value = compute();
  const data = cache.encode(value);
  if (cache.storable && !_readsBack(cache, value, data, file)) return { value, cache: "off" };
  if (!storeEntry(file, data)) return { value, cache: "off" };
  try {
    keepNewest(cache.dir, cache.keep, (e) => e.name.endsWith(cache.ext));
  } catch {
    /* the folder vanished meanwhile: nothing to evict */
  }
  return { value, cache: "miss", file };
}

function _readsBack<T>(cache: DiskCache<T>, value: T, data: string | Uint8Array, file: string): boolean {
  const bytes =
    typeof data === "string"
      ? Buffer.from(data, "utf8")
      : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    return cache.storable!(value, cache.decode(bytes, file));
  } catch {
    return false;
  }
}
