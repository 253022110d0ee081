/**
 * A content-addressed cache of the twin in `data/generated/twin-cache/` (lib/util/cache-dir.ts):
 * the key is the SHA-256 of the generator's source (this module, lib/twin/twin.ts, the table codec
 * and every lib module they import), the published numbers it is calibrated to, the seed, the
 * version and whether jobs were generated. Any change to one of those gives a new key, so a stale
 * twin is never served; a hit reads the tables instead of generating them, equal value for value
 * (test/twin/twin-cache.test.ts). `SCHEDGAME_TWIN_CACHE=off` in the environment turns the cache off
 * (benchmarks use it for baselines).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decodeFramed, encodeFramed } from "../io/framed-bytes";
import { decodeTable, encodeTable } from "../io/table-codec";
import type { ThesisSection4 } from "../io/thesis-section4";
import { memoOnDisk } from "../util/cache-dir";
import { invalidArgument } from "../util/errors";
import { sourceKey } from "../util/source-key";
import { generateTwin, type Twin } from "./twin";
import type { TwinVersion } from "./joint";
import { projectRoot } from "../util/project-paths";

const MAGIC = "SGTWIN1\n";

/** Options of {@link generateTwinCached}. */
export interface TwinCacheOptions {
  /** Project root (the generator's source is read from `<root>/lib`; without it the cache is off). Defaults to the current directory. */
  root?: string;
  /** Cache folder. Defaults to `<root>/data/generated/twin-cache`. */
  dir?: string;
  /** How many cached twins to keep (least recently used go first). Defaults to 4. */
  keep?: number;
}

/** A twin and where it came from. */
export interface CachedTwin {
  twin: Twin;
  /** "hit": read from the cache; "miss": generated and written; "off": generated, cache not used. */
  cache: "hit" | "miss" | "off";
  /** The cache file (hit or miss). */
  file?: string;
}

/** The cache's entry module (it imports the generator and the codec), or undefined when this checkout's sources are not on disk. */
function generatorEntry(root: string): string | undefined {
  const f = path.join(root, "lib", "twin", "twin-cache.ts");
  return fs.existsSync(f) ? f : undefined;
}

/** The twin as bytes (framed-bytes.ts): a head with its seed and version, then its two encoded tables. */
function encodeTwin(twin: Twin): Uint8Array {
  const e = encodeTable(twin.experiments),
    j = encodeTable(twin.jobs);
  return encodeFramed(MAGIC, { seed: twin.seed, version: twin.version, experimentsBytes: e.byteLength }, [
    e,
    j,
  ]);
}

function decodeTwin(buf: Buffer, file: string): Twin {
  const frame = decodeFramed(buf, MAGIC, () =>
    invalidArgument(file, `${buf.byteLength} bytes`, "a cached twin (magic SGTWIN1)"),
  );
  const head = frame.head as { seed: number | string; version: TwinVersion; experimentsBytes: number };
  const experiments = decodeTable(frame.take(head.experimentsBytes), file);
  const jobs = decodeTable(frame.take(frame.end - frame.offset), file);
  return { seed: head.seed, version: head.version, experiments, jobs };
}

/**
 * {@link generateTwin} through the cache: reads the twin when this generator, reference data, seed
 * and options were generated before, else generates it and stores it. An entry that does not
 * decode is generated again and replaced.
 * @param seed as for generateTwin
 * @param ref the published numbers the twin is calibrated to
 * @param options as for generateTwin (`jobs`, `version`)
 * @param cache where the cache lives, or `false` to generate without it. Defaults to {}.
 * @throws `invalid keep: …` unless a whole number >= 1
 */
export function generateTwinCached(
  seed: number | string,
  ref: ThesisSection4,
  options: { jobs?: boolean; version?: TwinVersion } = {},
  cache: TwinCacheOptions | false = {},
): CachedTwin {
  const generate = () => generateTwin(seed, ref, options);
  if (cache === false) return { twin: generate(), cache: "off" };
  const root = cache.root || projectRoot();
  const entry = generatorEntry(root);
  const inputs = { seed, jobs: options.jobs !== false, version: options.version ?? 2, ref };
  const key = () => (entry ? sourceKey(entry, inputs, root).slice(0, 32) : undefined);
  const dir = cache.dir ?? path.join(root, "data", "generated", "twin-cache");
  const twins = {
    dir,
    ext: ".twin",
    keep: cache.keep ?? 4,
    env: "SCHEDGAME_TWIN_CACHE",
    encode: encodeTwin,
    decode: decodeTwin,
  };
  const m = memoOnDisk(twins, key, generate);
  return { twin: m.value, cache: m.cache, file: m.file };
}
