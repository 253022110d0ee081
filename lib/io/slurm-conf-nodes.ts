/**
 * slurm.conf's NodeName, NodeSet, DownNodes and PartitionName lines → nodes and partitions, as
 * Slurm builds them (src/common/read_config.c `_parse_nodename`, `_parse_partitionname`;
 * src/slurmctld/read_config.c `_handle_nodesets`, partition_mgr.c `build_part_bitmap`):
 *
 * - `NodeName=DEFAULT` sets defaults for later lines, merged over earlier defaults; a node line
 *   takes each key from itself, else from the defaults (Features before Feature; Procs for CPUs);
 * - sockets, when not given: Boards × SocketsPerBoard, else CPUs / (CoresPerSocket ×
 *   ThreadsPerCore) when that divides, else Boards; CPUs, when not given: Sockets × CoresPerSocket ×
 *   ThreadsPerCore; CPUs that match none of Sockets, Sockets × Cores, Sockets × Cores × Threads are
 *   reset to the last (Slurm logs an error; reported here as a warning); Weight defaults to 1,
 *   RealMemory to 1 MiB; DownNodes= sets the state of nodes defined before it.
 * Partitions: lib/io/slurm-conf-partitions.ts.
 */
import { parseHostlist } from "./hostlist";
import { type ConfEntry, confNumber } from "./slurm-conf-file";
import { invalidField } from "../util/errors";

/** One node of slurm.conf. Memory in MiB. */
export interface ConfNode {
  name: string;
  cpus: number;
  boards: number;
  /** Sockets of the node (all boards). */
  sockets: number;
  coresPerSocket: number;
  threadsPerCore: number;
  realMemoryMiB: number;
  features: string[];
  /** Gres= as written ("" when none). */
  gres: string;
  /** Weight (default 1; UNLIMITED reads 4294967294). */
  weight: number;
  /** State= as written, or DownNodes' state ("" when neither). */
  state: string;
  /** Where its NodeName line is. */
  file: string;
  line: number;
}

type Pairs = Map<string, string>;

/** A line's pairs by key (a repeated key: the last). */
export const pairsOf = (e: ConfEntry): Map<string, string> => new Map(e.pairs.map((p) => [p.key, p.value]));

/** The nodes of the NodeName lines, in file order, DownNodes applied. */
export function confNodes(entries: readonly ConfEntry[], warnings: string[]): ConfNode[] {
  let defaults: Pairs = new Map();
  const out: ConfNode[] = [];
  const seen = new Map<string, ConfNode>();
  for (const e of entries) {
    if (e.key === "DownNodes") {
      const p = pairsOf(e);
      for (const n of hostlist(e, "DownNodes")) {
        const node = seen.get(n);
        if (!node)
          throw invalidField(e.file, e.line, "DownNodes", n, "a node defined by an earlier NodeName line");
        node.state = p.get("State") ?? "DOWN";
      }
    }
    if (e.key !== "NodeName") continue;
    const own = pairsOf(e);
    if (e.value.toUpperCase() === "DEFAULT") {
      for (const k of ["NodeHostname", "NodeAddr", "BcastAddr"])
        if (own.has(k)) throw invalidField(e.file, e.line, k, own.get(k), "no address on NodeName=DEFAULT");
      defaults = new Map([...defaults, ...own]);
      continue;
    }
    if (e.value.toUpperCase() === "ALL")
      throw invalidField(e.file, e.line, "NodeName", e.value, "a node name (ALL is reserved)");
    const get = (k: string) => own.get(k) ?? defaults.get(k);
    const shape = nodeShape(e, get, warnings);
    const features =
      own.get("Features") ?? own.get("Feature") ?? defaults.get("Features") ?? defaults.get("Feature") ?? "";
    const weight = Math.min(num(e, get("Weight"), 1), 4294967294);
    for (const name of hostlist(e, "NodeName")) {
      if (seen.has(name)) {
        const first = seen.get(name)!;
        throw invalidField(
          e.file,
          e.line,
          "NodeName",
          name,
          `a node defined once (also at ${first.file}:${first.line})`,
        );
      }
      const node: ConfNode = {
        name,
        ...shape,
        realMemoryMiB: num(e, get("RealMemory"), 1),
        features: features.split(",").filter((f) => f !== ""),
        gres: get("Gres") ?? "",
        weight,
        state: get("State") ?? "",
        file: e.file,
        line: e.line,
      };
      seen.set(name, node);
      out.push(node);
    }
  }
  return out;
}

function num(e: ConfEntry, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = confNumber(v, "u64");
  return Number.isFinite(n) ? n : n === Infinity ? 4294967294 : fallback;
}

/** The names of an entry's hostlist value, a bad one refused with its file and line. */
export function hostlist(e: ConfEntry, field: string): string[] {
  try {
    return parseHostlist(e.value);
  } catch (err) {
    throw invalidField(e.file, e.line, field, e.value, (err as Error).message.replace(/^.*?; expected /, ""));
  }
}

/** CPUs, boards, sockets, cores, threads by `_parse_nodename`'s rule (see the module comment). */
function nodeShape(e: ConfEntry, get: (k: string) => string | undefined, warnings: string[]) {
  const opt = (k: string) => (get(k) === undefined ? undefined : num(e, get(k), 0));
  const atLeast1 = (k: string, v: number | undefined) => {
    if (v === 0)
      warnings.push(`${e.file}:${e.line}: NodeName=${e.value} ${k}=0 is invalid; Slurm resets it to 1`);
    return v === undefined || v === 0 ? 1 : v;
  };
  let boards = atLeast1("Boards", opt("Boards"));
  const cores = atLeast1("CoresPerSocket", opt("CoresPerSocket"));
  const threads = atLeast1("ThreadsPerCore", opt("ThreadsPerCore"));
  const cpusGiven = opt("CPUs") ?? opt("Procs");
  let cpus = atLeast1("CPUs", cpusGiven);
  const spb = opt("SocketsPerBoard");
  let sockets = opt("Sockets");
  if (sockets !== undefined && spb !== undefined) {
    warnings.push(
      `${e.file}:${e.line}: NodeName=${e.value} sets both Sockets and SocketsPerBoard; Slurm uses SocketsPerBoard`,
    );
    sockets = undefined;
  }
  if (sockets === 0) sockets = atLeast1("Sockets", 0);
  if (sockets === undefined) {
    if (spb !== undefined) sockets = boards * atLeast1("SocketsPerBoard", spb);
    else if (cpusGiven !== undefined && cpus >= cores * threads && cpus % (cores * threads) === 0)
      sockets = cpus / (cores * threads);
    else sockets = boards;
  }
  if (cpusGiven === undefined) cpus = sockets * cores * threads;
  if (sockets < boards) boards = 1;
  if (cpus !== sockets && cpus !== sockets * cores && cpus !== sockets * cores * threads) {
    warnings.push(
      `${e.file}:${e.line}: NodeName=${e.value} CPUs=${cpus} matches no Sockets, Sockets×CoresPerSocket or ` +
        `Sockets×CoresPerSocket×ThreadsPerCore; Slurm resets CPUs to ${sockets * cores * threads}`,
    );
    cpus = sockets * cores * threads;
  }
  return { cpus, boards, sockets, coresPerSocket: cores, threadsPerCore: threads };
}
