/**
 * `sinfo -N -o '%N|%P|%c|%z|%m|%f|%G|%T'` (lib/io/slurm-exports.ts's `SINFO_NODES_EXPORT_COMMAND`)
 * → one record per node: its partitions, CPUs, sockets:cores:threads, memory, features, GRES and
 * state. sinfo -N prints a node once per partition it is in (the default partition marked `*`):
 * those lines are merged. Read through lib/io/parsable.ts, so the columns may come in any order
 * (the header names them: NODELIST, PARTITION, CPUS, S:C:T, MEMORY, AVAIL_FEATURES, GRES, STATE);
 * a file printed with `-h` (no header) is read in the export's order. `(null)` means none. An
 * optional WEIGHT column (sinfo's `%w`, the node's scheduling weight) sets `weight`.
 */
import { expandHostlist } from "./hostlist";
import { type ParsableSpec } from "./parsable-layout";
import { readParsable, requireColumns } from "./parsable";
import { SINFO_NODES_EXPORT_COMMAND } from "./slurm-exports";
import { invalidArgument, invalidField } from "../util/errors";

/** One generic resource of a node: `gpu:tesla:2(S:0-1)` → name gpu, type tesla, count 2. */
export interface NodeGres {
  name: string;
  /** The type ("" when untyped). */
  type: string;
  count: number;
}

/** One node. */
export interface SinfoNode {
  node: string;
  /** Partitions it is in, in file order, without the default's `*`. */
  partitions: string[];
  /** The default partition when the node is in it ("" otherwise). */
  defaultPartition: string;
  /** CPUs (%c). */
  cpus: number;
  /** Sockets, cores per socket, threads per core (%z); NaN when the export has no S:C:T. */
  sockets: number;
  coresPerSocket: number;
  threadsPerCore: number;
  /** Cores: sockets × cores per socket; the CPUs when the export has no S:C:T. */
  cores: number;
  /** Memory (%m), MiB; NaN when absent. */
  memoryMiB: number;
  features: string[];
  gres: NodeGres[];
  /** State as printed (idle, mixed, allocated, drained, down*, …; "" when absent). */
  state: string;
  /** Scheduling weight (slurm.conf Weight=, sinfo %w; lower is used first); absent when the source has none. */
  weight?: number;
  /** 1-based line of its first record. */
  line: number;
}

const SINFO_COLUMNS = ["NODELIST", "PARTITION", "CPUS", "S:C:T", "MEMORY", "AVAIL_FEATURES", "GRES", "STATE"];

/** sinfo's node table as the generic reader reads it. */
export const SINFO_SPEC: ParsableSpec = Object.freeze({
  what: "sinfo -N -o output",
  command: SINFO_NODES_EXPORT_COMMAND,
  known: [
    ...SINFO_COLUMNS,
    "WEIGHT",
    "HOSTNAMES",
    "NODES",
    "ACTIVE_FEATURES",
    "CPU_LOAD",
    "FREE_MEM",
    "REASON",
  ],
  validators: {
    NODELIST: (v: string) => /^[\w.[\],-]+$/.test(v),
    CPUS: (v: string) => /^\d+$/.test(v),
    "S:C:T": (v: string) => /^\d+:\d+:\d+$/.test(v),
    MEMORY: (v: string) => /^\d+$/.test(v),
    WEIGHT: (v: string) => /^\d+$/.test(v),
  },
  presets: [{ name: `the export's column order (${SINFO_COLUMNS.join("|")})`, columns: SINFO_COLUMNS }],
});

const NULL = (v: string) => v === "" || v === "(null)";

/** Parses a GRES list (`gpu:tesla:2(S:0-1),mps:100`); `(null)` → []. */
export function parseNodeGres(v: string): NodeGres[] {
  if (NULL(v.trim())) return [];
  return v
    .trim()
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .filter((x) => x !== "")
    .map((item) => {
      const parts = item.split(":");
      const last = parts[parts.length - 1];
      const m = /^(\d+)([KMGTP]?)$/.exec(last);
      const count = m && parts.length > 1 ? Number(m[1]) * 1024 ** " KMGTP".indexOf(m[2] || " ") : 1;
      const named = m && parts.length > 1 ? parts.slice(0, -1) : parts;
      return { name: named[0], type: named.slice(1).join(":"), count };
    });
}

/**
 * Parses sinfo's node table (see the module comment).
 * @throws `<file>:1: invalid header: …` without NODELIST and CPUS; `<file>:<line>: invalid <column>: …`
 *   for a bad number, or a node whose lines disagree on CPUs, memory or S:C:T
 */
export function parseSinfoNodes(text: string, file = "sinfo"): SinfoNode[] {
  const t = readParsable(text, file, SINFO_SPEC);
  requireColumns(t, [["NODELIST"], ["CPUS"]], SINFO_SPEC);
  const at = (name: string) => t.columns.indexOf(name);
  const byName = new Map<string, SinfoNode>();
  for (const row of t.rows) {
    const get = (name: string) => (at(name) >= 0 ? row.values[at(name)].trim() : "");
    const whole = (name: string) => {
      const v = get(name);
      if (!/^\d+$/.test(v)) throw invalidField(file, row.line, name, v, "a whole number");
      return Number(v);
    };
    const cpus = whole("CPUS");
    const sct = get("S:C:T");
    if (sct !== "" && !/^\d+:\d+:\d+$/.test(sct))
      throw invalidField(file, row.line, "S:C:T", sct, "sockets:cores:threads such as 2:24:1");
    const [s, c, th] = sct === "" ? [NaN, NaN, NaN] : sct.split(":").map(Number);
    const partition = get("PARTITION");
    const isDefault = partition.endsWith("*");
    const part = partition.replace(/\*$/, "");
    const node0: Omit<SinfoNode, "node"> = {
      partitions: part === "" ? [] : [part],
      defaultPartition: isDefault ? part : "",
      cpus,
      sockets: s,
      coresPerSocket: c,
      threadsPerCore: th,
      cores: sct === "" ? cpus : s * c,
      memoryMiB: at("MEMORY") >= 0 ? whole("MEMORY") : NaN,
      features: NULL(get("AVAIL_FEATURES")) ? [] : get("AVAIL_FEATURES").split(","),
      gres: parseNodeGres(get("GRES")),
      state: get("STATE"),
      ...(at("WEIGHT") >= 0 ? { weight: whole("WEIGHT") } : {}),
      line: row.line,
    };
    for (const node of expandHostlist(get("NODELIST"))) {
      const seen = byName.get(node);
      if (!seen) {
        byName.set(node, { node, ...node0, partitions: [...node0.partitions] });
        continue;
      }
      for (const k of ["cpus", "cores", "memoryMiB", "weight"] as const)
        if (!(seen[k] === node0[k] || (Number.isNaN(seen[k]) && Number.isNaN(node0[k] as number))))
          throw invalidField(
            file,
            row.line,
            k,
            node0[k],
            `${seen[k]} as on line ${seen.line} for node ${node}`,
          );
      if (part !== "" && !seen.partitions.includes(part)) seen.partitions.push(part);
      if (isDefault) seen.defaultPartition = part;
    }
  }
  return [...byName.values()];
}

/**
 * The machine of a node table: how many nodes, and the cores per node most of them have (ties: the
 * larger). `coresPerNode` counts cores (sockets × cores per socket), not hardware threads.
 * @throws `invalid nodes: …` for an empty table
 */
export function sinfoMachine(nodes: readonly SinfoNode[]): { nodes: number; coresPerNode: number } {
  if (nodes.length === 0) throw invalidArgument("nodes", 0, "at least one node");
  const count = new Map<number, number>();
  for (const n of nodes) count.set(n.cores, (count.get(n.cores) ?? 0) + 1);
  let best = 0,
    most = -1;
  for (const [cores, k] of count)
    if (k > most || (k === most && cores > best)) {
      best = cores;
      most = k;
    }
  return { nodes: nodes.length, coresPerNode: best };
}
