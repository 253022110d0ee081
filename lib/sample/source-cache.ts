/**
 * A content-addressed cache of the cleaned twin as a sample source, in
 * `data/generated/source-cache/` (lib/util/cache-dir.ts): notebooks 04–10 each load the twin and
 * clean it only to keep the cleaned jobs; a hit reads those jobs alone. The key is
 * the SHA-256 of the loader's source closure (lib/sample/source.ts and every lib module it imports:
 * the twin generator, its cache, the cleaning pipeline) plus the source string, the machine
 * override and the published tables both the twin and the cleaning read — so any change to one of
 * them gives a new key and a stale table is never served. Only twin sources are cached (a trace's
 * file could change under the same name). An entry is written only when it reads back equal to
 * what was computed (every field of every job, `Object.is`, in the same key order), so a hit gives
 * exactly what the pipeline gives. `SCHEDGAME_TWIN_CACHE=off` turns it off with the twin cache.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { JobRecord, Machine } from "../io/job-record";
import type { SourceSpec } from "../source/source";
import { readThesisSection4 } from "../io/thesis-section4";
import { memoOnDisk } from "../util/cache-dir";
import { sourceKey } from "../util/source-key";
import { projectRoot } from "../util/project-paths";

const MAGIC = "SGSRC1\n";

/** Cleaned sources kept (least recently used go first): room for every twin version notebook 17 compares, with a machine override or two. */
export const SOURCE_CACHE_KEEP = 8;

/** What is cached: a sample source's fields (see SampleSource in source.ts). */
export interface CachedSourceData {
  description: string;
  jobs: JobRecord[];
  machine: Machine;
  removed: { stage: string; step: string; rule: string; rows: number }[];
}

/** Options of {@link cachedSourceData}. */
export interface SourceCacheOptions {
  /** Project root: lib sources and data/reference are read from it. Defaults to the current directory. */
  root?: string;
  /** Cache folder. Defaults to `<root>/data/generated/source-cache`. */
  dir?: string;
}

/** Where a twin sample source came from: "hit" (read), "miss" (computed and written), "off" (computed, not cached). */
export type SourceCacheUse = "hit" | "miss" | "off";

/**
 * The data of a twin sample source from the cache, or computed by `compute` and written. Falls
 * back to `compute` alone ("off") when the cache is turned off, the checkout's lib is not on disk,
 * the source is not the twin, or the data does not read back equal.
 * @param machine the caller's machine override (part of the key)
 * @param compute what the cache stands for: loading and cleaning the source
 */
export function cachedSourceData(
  source: SourceSpec,
  machine: Partial<Machine> | undefined,
  compute: () => CachedSourceData,
  options: SourceCacheOptions = {},
): { data: CachedSourceData; cache: SourceCacheUse } {
  const root = options.root ?? projectRoot();
  const entry = path.join(root, "lib", "sample", "source.ts");
  const key = () => {
    if (!source.twin || !fs.existsSync(entry)) return undefined;
    const ref = readThesisSection4(path.join(root, "data", "reference", "thesis"));
    return sourceKey(entry, { source: source.text, machine: machine ?? null, ref }, root).slice(0, 32);
  };
  const dir = options.dir ?? path.join(root, "data", "generated", "source-cache");
  // A value JSON cannot carry (NaN, −0, …) does not read back equal: it is not stored.
  const decode = (b: Buffer) => decodeSource(b.toString("utf8"));
  const sources = {
    dir,
    ext: ".json",
    keep: SOURCE_CACHE_KEEP,
    env: "SCHEDGAME_TWIN_CACHE",
    encode: encodeSource,
    decode,
    storable: sameSourceData,
  };
  const m = memoOnDisk(sources, key, compute);
  return { data: m.value, cache: m.cache };
}

const KEYS: readonly (keyof JobRecord)[] = [
  "id",
  "type",
  "submit",
  "nprocs",
  "nnodes",
  "minutes",
  "qtime",
  "rtime",
  "user",
  "account",
  "qos",
  "partition",
];

/** Column-wise JSON: one array per JobRecord field (fast to parse, small). */
function encodeSource(d: CachedSourceData): string {
  const columns: Record<string, unknown[]> = {};
  for (const k of KEYS) columns[k] = d.jobs.map((j) => j[k]);
  return (
    MAGIC +
    JSON.stringify({
      description: d.description,
      machine: d.machine,
      removed: d.removed,
      rows: d.jobs.length,
      columns,
    })
  );
}

function decodeSource(text: string): CachedSourceData {
  if (!text.startsWith(MAGIC)) throw new Error("not a cached source");
  const o = JSON.parse(text.slice(MAGIC.length)) as {
    description: string;
    machine: Machine;
    removed: CachedSourceData["removed"];
    rows: number;
    columns: Record<string, unknown[]>;
  };
  const c = KEYS.map((k) => o.columns[k]);
  if (c.some((col) => !Array.isArray(col) || col.length !== o.rows)) throw new Error("cut short");
  const [id, type, submit, nprocs, nnodes, minutes, qtime, rtime, user, account, qos, partition] = c;
  const jobs: JobRecord[] = new Array(o.rows);
  for (let i = 0; i < o.rows; i++) {
    jobs[i] = {
      id: id[i] as string,
      type: type[i] as string,
      submit: submit[i] as number,
      nprocs: nprocs[i] as number,
      nnodes: nnodes[i] as number,
      minutes: minutes[i] as number,
      qtime: qtime[i] as number,
      rtime: rtime[i] as number,
      user: user[i] as string,
      account: account[i] as string,
      qos: qos[i] as string,
      partition: partition[i] as string,
    };
  }
  return { description: o.description, machine: o.machine, removed: o.removed, jobs };
}

function sameSourceData(a: CachedSourceData, b: CachedSourceData): boolean {
  const head = (d: CachedSourceData) => [d.description, d.machine, d.removed];
  if (
    !isDeepStrictEqual(head(a), head(b)) ||
    JSON.stringify(head(a)) !== JSON.stringify(head(b)) ||
    a.jobs.length !== b.jobs.length
  )
    return false;
  for (let i = 0; i < a.jobs.length; i++) {
    const x = a.jobs[i],
      y = b.jobs[i];
    const kx = Object.keys(x);
    if (kx.length !== KEYS.length || kx.some((k, q) => k !== KEYS[q])) return false;
    for (const k of KEYS) if (!Object.is(x[k], y[k])) return false;
  }
  return true;
}
