/**
 * slurm.conf's PartitionName lines → partitions, as Slurm builds them (src/common/read_config.c
 * `_parse_partitionname`; src/slurmctld/read_config.c `_handle_nodesets`, partition_mgr.c
 * `build_part_bitmap`): `PartitionName=DEFAULT` sets defaults for later lines (merged over earlier
 * ones); Nodes= is a hostlist, `ALL` (every node, written exactly so), and NodeSet names (replaced by
 * the set's Nodes= and the nodes with its Feature=); `Priority=` sets both PriorityJobFactor and
 * PriorityTier; OverSubscribe falls back to the old `Shared`; ExclusiveUser is not taken from
 * DEFAULT (as in Slurm); the last `Default=YES` partition is the default.
 */
import { type ConfNode, hostlist, pairsOf } from "./slurm-conf-nodes";
import { type ConfEntry, confBoolean, confNumber } from "./slurm-conf-file";
import { slurmDuration } from "./slurm-time";
import { invalidField } from "../util/errors";

type Pairs = Map<string, string>;

/** One partition of slurm.conf, with the settings the replay may read. Times in seconds. */
export interface ConfPartition {
  name: string;
  /** Its nodes (NodeSets and ALL expanded), in list order. */
  nodes: string[];
  isDefault: boolean;
  /** UP, DOWN, DRAIN or INACTIVE. */
  state: string;
  /** MaxTime, seconds (Infinity for UNLIMITED or unset). */
  maxTime: number;
  /** DefaultTime, seconds (NaN when unset). */
  defaultTime: number;
  priorityTier: number;
  priorityJobFactor: number;
  /** OverSubscribe (or Shared) as Slurm normalises it: NO, EXCLUSIVE, YES:<n>, FORCE:<n>. */
  overSubscribe: string;
  exclusiveUser: boolean;
  /** The partition QOS ("" none). */
  qos: string;
  /** AllowAccounts, DenyAccounts, AllowQos, DenyQos, AllowGroups (lower case; [] = no list, i.e. ALL). */
  allowAccounts: string[];
  denyAccounts: string[];
  allowQos: string[];
  denyQos: string[];
  allowGroups: string[];
  /** DefMemPerCPU / DefMemPerNode / MaxMemPerCPU / MaxMemPerNode, MiB (NaN when unset). */
  defMemPerCPU: number;
  defMemPerNode: number;
  maxMemPerCPU: number;
  maxMemPerNode: number;
  /** MaxNodes (Infinity unset), MinNodes (0 unset). */
  maxNodes: number;
  minNodes: number;
  file: string;
  line: number;
}

const list = (v: string | undefined) =>
  v === undefined || v.toUpperCase() === "ALL"
    ? []
    : v
        .toLowerCase()
        .split(",")
        .filter((x) => x !== "");

/**
 * The partitions of the PartitionName lines, in file order.
 * @throws `<file>:<line>: invalid <key>: …` for a value Slurm refuses (MaxTime, DefaultTime, State,
 *   OverSubscribe), a repeated partition, or Nodes= naming a node no NodeName line defines
 */
export function confPartitions(entries: readonly ConfEntry[], nodes: readonly ConfNode[]): ConfPartition[] {
  let defaults: Pairs = new Map();
  const out: ConfPartition[] = [];
  const sets = entries.filter((e) => e.key === "NodeSet");
  const known = new Set(nodes.map((n) => n.name));
  for (const e of entries) {
    if (e.key !== "PartitionName") continue;
    const own = pairsOf(e);
    if (e.value.toUpperCase() === "DEFAULT") {
      defaults = new Map([...defaults, ...own]);
      continue;
    }
    if (out.some((p) => p.name === e.value))
      throw invalidField(e.file, e.line, "PartitionName", e.value, "a partition defined once");
    const get = (k: string) => own.get(k) ?? defaults.get(k);
    const time = (k: string, unset: number) => {
      const v = get(k);
      if (v === undefined || /^(UNLIMITED|INFINITE)$/i.test(v)) return v === undefined ? unset : Infinity;
      const s = slurmDuration(v);
      if (Number.isNaN(s))
        throw invalidField(e.file, e.line, k, v, "a time such as 2-00:00:00, 90 (minutes) or UNLIMITED");
      return Math.ceil(s / 60) * 60;
    };
    const mem = (k: string) => (get(k) === undefined ? NaN : confNumber(get(k)!, "u64"));
    const state = (get("State") ?? "UP").toUpperCase();
    const st = ["DOWN", "UP", "DRAIN", "INACTIVE"].find((s) => state.startsWith(s));
    if (!st) throw invalidField(e.file, e.line, "State", get("State"), "UP, DOWN, DRAIN or INACTIVE");
    const prio = get("Priority");
    const p: ConfPartition = {
      name: e.value,
      nodes: partitionNodes(e, get("Nodes"), sets, nodes, known),
      isDefault: confBoolean(get("Default") ?? "NO") === true,
      state: st,
      maxTime: time("MaxTime", Infinity),
      defaultTime: time("DefaultTime", NaN),
      priorityTier: Number(prio ?? get("PriorityTier") ?? 1),
      priorityJobFactor: Number(prio ?? get("PriorityJobFactor") ?? 1),
      overSubscribe: overSubscribe(
        e,
        own.get("OverSubscribe") ?? defaults.get("OverSubscribe") ?? get("Shared"),
      ),
      exclusiveUser: confBoolean(own.get("ExclusiveUser") ?? "NO") === true,
      qos: get("QOS") ?? "",
      allowAccounts: list(get("AllowAccounts")),
      denyAccounts: list(get("DenyAccounts")),
      allowQos: list(get("AllowQos")),
      denyQos: list(get("DenyQos")),
      allowGroups: list(get("AllowGroups")),
      defMemPerCPU: get("DefMemPerNode") === undefined ? mem("DefMemPerCPU") : NaN,
      defMemPerNode: mem("DefMemPerNode"),
      maxMemPerCPU: get("MaxMemPerNode") === undefined ? mem("MaxMemPerCPU") : NaN,
      maxMemPerNode: mem("MaxMemPerNode"),
      maxNodes: get("MaxNodes") === undefined ? Infinity : confNumber(get("MaxNodes")!, "u32"),
      minNodes: get("MinNodes") === undefined ? 0 : confNumber(get("MinNodes")!, "u32"),
      file: e.file,
      line: e.line,
    };
    out.push(p);
  }
  const defaults_ = out.filter((p) => p.isDefault);
  for (const p of defaults_.slice(0, -1)) p.isDefault = false;
  return out;
}

function overSubscribe(e: ConfEntry, v: string | undefined): string {
  if (v === undefined || /^no$/i.test(v)) return "NO";
  if (/^exclusive$/i.test(v)) return "EXCLUSIVE";
  if (/^yes$/i.test(v)) return "YES:4";
  if (/^force$/i.test(v)) return "FORCE:4";
  const m = /^(yes|force):(\d+)/i.exec(v);
  if (m)
    return Number(m[2]) > (m[1].toLowerCase() === "yes" ? 1 : 0)
      ? `${m[1].toUpperCase()}:${Number(m[2])}`
      : "NO";
  throw invalidField(e.file, e.line, "OverSubscribe", v, "NO, EXCLUSIVE, YES[:n] or FORCE[:n]");
}

function partitionNodes(
  e: ConfEntry,
  value: string | undefined,
  sets: readonly ConfEntry[],
  nodes: readonly ConfNode[],
  known: ReadonlySet<string>,
): string[] {
  if (value === undefined) return [];
  if (value === "ALL") return nodes.map((n) => n.name);
  let names = hostlist({ ...e, value: value.replace(/\s/g, ",") }, "Nodes");
  for (const set of sets) {
    if (!names.includes(set.value)) continue;
    names = names.filter((n) => n !== set.value);
    const p = pairsOf(set);
    const feature = p.get("Feature");
    if (feature !== undefined)
      names.push(...nodes.filter((n) => n.features.includes(feature)).map((n) => n.name));
    if (p.get("Nodes") !== undefined)
      names.push(...hostlist({ ...set, value: p.get("Nodes")! }, "NodeSet Nodes"));
  }
  const bad = names.find((n) => !known.has(n));
  if (bad !== undefined)
    throw invalidField(
      e.file,
      e.line,
      "Nodes",
      bad,
      `nodes defined by NodeName lines or NodeSet names (partition ${e.value})`,
    );
  return [...new Set(names)];
}
