/**
 * gres.conf read as slurmd reads it (src/common/gres.c, `_parse_gres_config`; the same file grammar
 * as slurm.conf, lib/io/slurm-conf-file.ts): `Name=gpu Type=tesla File=/dev/nvidia[0-1]` or
 * `NodeName=gpu[01-02] Name=gpu …` lines. A record's count is its File= hostlist's length; Count=
 * (with Slurm's suffixes k/K/KiB = 1024, KB = 1000, likewise M, G, T, P) gives it without File
 * (count-only GRES) and must agree with File except for mps and shard; neither gives 1. A line
 * without NodeName applies to the node that reads the file (`nodes: null`). A name missing from
 * slurm.conf's GresTypes is dropped as slurmd drops it ("Ignoring gres.conf record, invalid name"),
 * and reported.
 */
import { parseHostlist } from "./hostlist";
import { type ConfEntry, type ConfReadOptions, type ConfSpec, parseConfFile } from "./slurm-conf-file";
import { invalidField } from "../util/errors";

const RECORD_KEYS = Object.freeze(
  Object.fromEntries(
    "AutoDetect CPUs Cores Count File Files Flags Link Links MultipleFiles Name NodeName Type"
      .split(" ")
      .map((k) => [k, "string" as const]),
  ),
);

/** gres.conf's keys. */
export const GRES_CONF_SPEC: ConfSpec = Object.freeze({
  what: "gres.conf",
  keys: Object.freeze({ AutoDetect: "string" as const }),
  lines: Object.freeze({ Name: RECORD_KEYS, NodeName: RECORD_KEYS }),
});

/** One gres.conf record. */
export interface GresConfRecord {
  /** The nodes of its NodeName= hostlist; null without NodeName (the node reading the file). */
  nodes: string[] | null;
  name: string;
  /** Type= ("" untyped). */
  type: string;
  count: number;
  /** File= (or Files=, MultipleFiles=) as written ("" count-only). */
  deviceFile: string;
  /** Cores= (or CPUs=) as written. */
  cores: string;
  /** Flags= tokens. */
  flags: string[];
  /** AutoDetect= on the line ("" none). */
  autoDetect: string;
  file: string;
  line: number;
}

/** A read gres.conf. */
export interface GresConf {
  records: GresConfRecord[];
  /** The file-wide AutoDetect= ("" none). */
  autoDetect: string;
  /** Records dropped and why. */
  warnings: string[];
}

const MULT: Record<string, number> = {
  "": 1,
  k: 1024,
  kib: 1024,
  kb: 1e3,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1e6,
};
for (const [i, u] of ["g", "t", "p"].entries()) {
  MULT[u] = MULT[`${u}ib`] = 1024 ** (i + 3);
  MULT[`${u}b`] = 1000 ** (i + 3);
}

/**
 * Parses gres.conf text (see the module comment).
 * @param gresTypes slurm.conf's GresTypes names (e.g. ["gpu"]); records of other names are dropped.
 * @throws the grammar's errors (lib/io/slurm-conf-file.ts); `<file>:<line>: invalid Count: …` for a
 *   count Slurm refuses or that disagrees with File=; `invalid File: …` / `invalid NodeName: …` for a bad hostlist
 */
export function parseGresConf(
  text: string,
  file: string,
  gresTypes: readonly string[],
  options: ConfReadOptions = {},
): GresConf {
  const out: GresConf = { records: [], autoDetect: "", warnings: [] };
  const types = new Set(gresTypes.map((t) => t.toLowerCase()));
  for (const e of parseConfFile(text, file, GRES_CONF_SPEC, options)) {
    if (e.key === "AutoDetect") {
      out.autoDetect = e.value;
      continue;
    }
    const r = record(e);
    if (r === undefined) {
      out.warnings.push(`${e.file}:${e.line}: gres.conf line without Name (ignored)`);
      continue;
    }
    if (!types.has(r.name.toLowerCase())) {
      out.warnings.push(
        `${e.file}:${e.line}: gres.conf record ${r.name} is not in GresTypes (${gresTypes.join(",")}); ignored`,
      );
      continue;
    }
    out.records.push(r);
  }
  return out;
}

function record(e: ConfEntry): GresConfRecord | undefined {
  const p = new Map(e.pairs.map((x) => [x.key, x.value]));
  const name = e.key === "Name" ? e.value : p.get("Name");
  if (name === undefined) return undefined;
  const hosts = (field: string, v: string) => {
    try {
      return parseHostlist(v);
    } catch (err) {
      throw invalidField(e.file, e.line, field, v, (err as Error).message.replace(/^.*?; expected /, ""));
    }
  };
  const deviceFile = p.get("File") ?? p.get("Files") ?? p.get("MultipleFiles") ?? "";
  let count = deviceFile === "" ? 0 : p.has("MultipleFiles") ? 1 : hosts("File", deviceFile).length;
  const c = p.get("Count");
  if (c !== undefined) {
    const m = /^(\d+)([a-z]*)$/i.exec(c);
    const mult = m ? MULT[m[2].toLowerCase()] : undefined;
    if (!m || mult === undefined)
      throw invalidField(
        e.file,
        e.line,
        "Count",
        c,
        "a whole number with an optional k, M, G, T or P suffix",
      );
    const n = Number(m[1]) * mult;
    if (count && count !== n && !/^(mps|shard)$/i.test(name))
      throw invalidField(e.file, e.line, "Count", c, `${count}, the number of File= devices`);
    count = n;
  } else if (count === 0) count = 1;
  return {
    nodes: e.key === "NodeName" ? hosts("NodeName", e.value) : null,
    name,
    type: p.get("Type") ?? "",
    count,
    deviceFile,
    cores: p.get("Cores") ?? p.get("CPUs") ?? "",
    flags: (p.get("Flags") ?? "").split(",").filter((f) => f !== ""),
    autoDetect: p.get("AutoDetect") ?? "",
    file: e.file,
    line: e.line,
  };
}
