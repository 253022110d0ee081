/**
 * A content-addressed cache of the twin in `data/generated/twin-cache/`: the key is the SHA-256 of
 * the generator's source (this module, lib/twin/twin.ts, the table codec and every lib module they
 * import), the published numbers
 * it is calibrated to, the seed, the version and whether jobs were generated. Any change to one of
 * those gives a new key, so a stale twin is never served; a hit loads in well under a second what
 * takes seconds to generate, and the tables are equal value for value (test/twin/twin-cache.test.ts).
 * `SCHEDGAME_TWIN_CACHE=off` in the environment turns the cache off (benchmarks use it for baselines).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { decodeTable, encodeTable } from "../io/table-codec";
import type { ThesisSection4 } from "../clean/reference";
import { keepNewest, writeWhole } from "../util/cache-dir";
import { invalidArgument } from "../util/errors";
import { sourceKey } from "../util/source-key";
import { generateTwin, type Twin } from "./twin";
import type { TwinVersion } from "./joint";

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

function encodeTwin(twin: Twin): Uint8Array {
  const e = encodeTable(twin.experiments), j = encodeTable(twin.jobs);
  const head = Buffer.from(JSON.stringify({ seed: twin.seed, version: twin.version, experimentsBytes: e.byteLength }), "utf8");
  const len = Buffer.alloc(4);
  len.writeUInt32LE(head.byteLength);
  const pad = Buffer.alloc((8 - ((MAGIC.length + 4 + head.byteLength) % 8)) % 8);
  return Buffer.concat([Buffer.from(MAGIC), len, head, pad, e, j]);
}

function decodeTwin(buf: Buffer, file: string): Twin {
  if (buf.toString("latin1", 0, MAGIC.length) !== MAGIC) throw invalidArgument(file, `${buf.byteLength} bytes`, "a cached twin (magic SGTWIN1)");
  const headLen = buf.readUInt32LE(MAGIC.length);
  let off = MAGIC.length + 4;
  const head = JSON.parse(buf.toString("utf8", off, off + headLen)) as { seed: number | string; version: TwinVersion; experimentsBytes: number };
  off += headLen;
  off += (8 - (off % 8)) % 8;
  const experiments = decodeTable(buf.subarray(off, off + head.experimentsBytes), file);
  const jobs = decodeTable(buf.subarray(off + head.experimentsBytes), file);
  return { seed: head.seed, version: head.version, experiments, jobs };
}

/**
 * {@link generateTwin} through the cache: reads the twin when this generator, reference data, seed
 * and options were generated before, else generates it and writes it (atomically: a temporary file
 * renamed into place, so parallel kernels never read half a file). An unreadable cache file is
 * regenerated and replaced.
 * @param seed as for generateTwin
 * @param ref the published numbers the twin is calibrated to
 * @param options as for generateTwin (`jobs`, `version`)
 * @param cache where the cache lives, or `false` to generate without it. Defaults to {}.
 */
export function generateTwinCached(seed: number | string, ref: ThesisSection4, options: { jobs?: boolean; version?: TwinVersion } = {}, cache: TwinCacheOptions | false = {}): CachedTwin {
  const root = (cache && cache.root) || process.cwd();
  const entry = generatorEntry(root);
  if (cache === false || process.env.SCHEDGAME_TWIN_CACHE === "off" || !entry) return { twin: generateTwin(seed, ref, options), cache: "off" };
  const keep = cache.keep ?? 4;
  if (!Number.isInteger(keep) || keep < 1) throw invalidArgument("keep", keep, "a whole number >= 1");
  const dir = cache.dir ?? path.join(root, "data", "generated", "twin-cache");
  const key = sourceKey(entry, { seed, jobs: options.jobs !== false, version: options.version ?? 2, ref }, root);
  const file = path.join(dir, `${key.slice(0, 32)}.twin`);
  if (fs.existsSync(file)) {
    try {
      const twin = decodeTwin(fs.readFileSync(file), file);
      const now = new Date();
      fs.utimesSync(file, now, now);
      return { twin, cache: "hit", file };
    } catch { /* unreadable (cut short, older format): regenerate below */ }
  }
  const twin = generateTwin(seed, ref, options);
  writeWhole(file, encodeTwin(twin));
  keepNewest(dir, keep, (e) => e.name.endsWith(".twin"));
  return { twin, cache: "miss", file };
}
