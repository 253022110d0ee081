/**
 * A site's slurm.conf read whole, as slurmctld reads it: the file grammar and Include
 * (lib/io/slurm-conf-file.ts), the key table of Slurm 14.11–25.11 (slurm-conf-keys.ts), the nodes
 * (slurm-conf-nodes.ts), the partitions (slurm-conf-partitions.ts), and its companions beside it —
 * gres.conf when GresTypes is set (gres-conf.ts), topology.conf under TopologyPlugin=topology/tree
 * (topology-conf.ts). A repeated key keeps its last value (Slurm: "specified more than once, latest
 * value used"). Every key Slurm knows that neither the settings nor the nodes and partitions read is
 * listed in `notModelled`, with where it is; nothing is dropped unsaid.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type GresConf, parseGresConf } from "./gres-conf";
import { type ConfEntry, type ConfReadOptions, parseConfFile } from "./slurm-conf-file";
import { SLURM_CONF_SPEC, keyVersionNote } from "./slurm-conf-keys";
import { type ConfNode, confNodes } from "./slurm-conf-nodes";
import { type ConfPartition, confPartitions } from "./slurm-conf-partitions";
import { type Topology, parseTopologyConf } from "./topology-conf";

/** Where a value was read: file and 1-based line. */
export interface ConfSource {
  file: string;
  line: number;
}

/** A read slurm.conf (with its includes and companions). */
export interface SlurmConf {
  /** The main file. */
  file: string;
  /** Top-level keys (canonical spelling) → the value Slurm uses (the last given) and where. */
  settings: Record<string, { value: string } & ConfSource>;
  /** Prolog, Epilog and the other keys Slurm keeps every value of, in order. */
  lists: Record<string, string[]>;
  /** The controllers in order: SlurmctldHost lines, else ControlMachine/ControlAddr then BackupController/BackupAddr. */
  controllers: { host: string; addr: string }[];
  nodes: ConfNode[];
  partitions: ConfPartition[];
  gres?: GresConf;
  topology?: Topology;
  /** Keys (line keys as `NodeName/TmpDisk`) read by neither the settings nor the nodes and partitions. */
  notModelled: ({ key: string } & ConfSource)[];
  /** What Slurm would log and go on: repeated keys, values it resets, keys the version does not know, companions missing. */
  warnings: string[];
}

/** The top-level keys the replay reads (lib/io/slurm-conf-site.ts turns them into scontrol's values). */
export const MODELLED_SLURM_CONF_KEYS: readonly string[] = Object.freeze([
  "PriorityType",
  "PriorityWeightAge",
  "PriorityWeightAssoc",
  "PriorityWeightFairShare",
  "PriorityWeightJobSize",
  "PriorityWeightPartition",
  "PriorityWeightQOS",
  "PriorityWeightTRES",
  "PriorityDecayHalfLife",
  "PriorityCalcPeriod",
  "PriorityMaxAge",
  "PriorityFavorSmall",
  "PriorityFlags",
  "PriorityUsageResetPeriod",
  "SchedulerType",
  "SchedulerParameters",
  "SelectType",
  "SelectTypeParameters",
  "TopologyPlugin",
  "GresTypes",
  "DefMemPerCPU",
  "DefMemPerNode",
  "PreemptType",
  "NodeName",
  "PartitionName",
  "NodeSet",
  "DownNodes",
]);

const READ_SUBKEYS: Record<string, readonly string[]> = {
  NodeName:
    "Boards CPUs Procs Sockets SocketsPerBoard CoresPerSocket ThreadsPerCore RealMemory Feature Features Gres Weight State".split(
      " ",
    ),
  PartitionName: (
    "Nodes Default State MaxTime DefaultTime Priority PriorityTier PriorityJobFactor OverSubscribe Shared " +
    "ExclusiveUser QOS AllowAccounts DenyAccounts AllowQos DenyQos AllowGroups DefMemPerCPU DefMemPerNode " +
    "MaxMemPerCPU MaxMemPerNode MaxNodes MinNodes"
  ).split(" "),
  NodeSet: ["Feature", "Nodes"],
  DownNodes: ["State"],
};

/** Options of the slurm.conf readers. */
export interface SlurmConfOptions extends ConfReadOptions {
  /** gres.conf's text (undefined: none). */
  gresConf?: string;
  /** topology.conf's text (undefined: none). */
  topologyConf?: string;
}

/**
 * Parses slurm.conf text (see the module comment); includes and companions come from `options`.
 * @throws the grammar's errors (lib/io/slurm-conf-file.ts) and the node, partition, gres.conf and
 *   topology.conf readers' `<file>:<line>: invalid <field>: …` errors
 */
export function parseSlurmConf(text: string, file: string, options: SlurmConfOptions = {}): SlurmConf {
  const entries = parseConfFile(text, file, SLURM_CONF_SPEC, options);
  const warnings: string[] = [];
  const settings: SlurmConf["settings"] = {};
  const lists: SlurmConf["lists"] = {};
  const notModelled: SlurmConf["notModelled"] = [];
  for (const e of entries) {
    const note = keyVersionNote(e.key, options.version ?? "");
    if (note) warnings.push(`${e.file}:${e.line}: ${note}`);
    if (SLURM_CONF_SPEC.keys[e.key] === "array") (lists[e.key] ??= []).push(e.value);
    else if (!(e.key in SLURM_CONF_SPEC.lines)) {
      const prior = settings[e.key];
      if (prior)
        warnings.push(
          `${e.file}:${e.line}: ${e.key} also set at ${prior.file}:${prior.line}; Slurm uses the latest value`,
        );
      settings[e.key] = { value: e.value, file: e.file, line: e.line };
    }
    if (!MODELLED_SLURM_CONF_KEYS.includes(e.key))
      notModelled.push({ key: e.key, file: e.file, line: e.line });
    for (const p of e.pairs)
      if (!READ_SUBKEYS[e.key]?.includes(p.key))
        notModelled.push({ key: `${e.key}/${p.key}`, file: e.file, line: e.line });
  }
  const nodes = confNodes(entries, warnings);
  const out: SlurmConf = {
    file,
    settings,
    lists,
    controllers: controllers(entries, settings),
    nodes,
    partitions: confPartitions(entries, nodes),
    notModelled,
    warnings,
  };
  const gresTypes = (settings.GresTypes?.value ?? "").split(",").filter((g) => g !== "");
  if (options.gresConf !== undefined) {
    out.gres = parseGresConf(
      options.gresConf,
      path.join(path.dirname(file), "gres.conf"),
      gresTypes,
      options,
    );
    warnings.push(...out.gres.warnings);
  }
  if (options.topologyConf !== undefined) {
    const names = nodes.map((n) => n.name);
    out.topology = parseTopologyConf(
      options.topologyConf,
      path.join(path.dirname(file), "topology.conf"),
      names,
      options,
    );
    warnings.push(...out.topology.warnings);
  }
  return out;
}

function controllers(
  entries: readonly ConfEntry[],
  settings: SlurmConf["settings"],
): SlurmConf["controllers"] {
  const hosts = entries.filter((e) => e.key === "SlurmctldHost");
  if (hosts.length)
    return hosts.map((e) => {
      const m = /^([^(]*)(?:\(([^)]*)\))?$/.exec(e.value)!;
      return { host: m[1], addr: m[2] ?? m[1] };
    });
  const out: SlurmConf["controllers"] = [];
  const v = (k: string) => settings[k]?.value;
  if (v("ControlMachine"))
    out.push({ host: v("ControlMachine")!, addr: v("ControlAddr") ?? v("ControlMachine")! });
  if (v("BackupController"))
    out.push({ host: v("BackupController")!, addr: v("BackupAddr") ?? v("BackupController")! });
  return out;
}

/**
 * Reads `file` (slurm.conf) from disk with its includes, and gres.conf / topology.conf beside it when
 * slurm.conf calls for them (GresTypes set; TopologyPlugin=topology/tree). A companion that is
 * called for but absent is reported in `warnings` (slurmd or slurmctld would stop on it).
 * @param options the Slurm version (includes and defaults follow it). Defaults to "" (unknown).
 * @throws `<file>: cannot read: …` for a main file that cannot be read; the parsers' errors
 */
export function readSlurmConf(file: string, options: { version?: string } = {}): SlurmConf {
  const read = (p: string) =>
    fs.existsSync(p) && fs.statSync(p).isFile() ? fs.readFileSync(p, "utf8") : undefined;
  const text = read(file);
  if (text === undefined) throw new Error(`${file}: cannot read: no such file`);
  const first = parseSlurmConf(text, file, { ...options, read });
  const beside = (name: string) => read(path.join(path.dirname(file), name));
  const wantGres = first.settings.GresTypes !== undefined;
  const wantTopo = /^topology\/tree$/i.test(first.settings.TopologyPlugin?.value ?? "");
  const conf = parseSlurmConf(text, file, {
    ...options,
    read,
    gresConf: wantGres ? beside("gres.conf") : undefined,
    topologyConf: wantTopo ? beside("topology.conf") : undefined,
  });
  if (wantGres && conf.gres === undefined)
    conf.warnings.push(`${file}: GresTypes is set but no gres.conf is beside it`);
  if (wantTopo && conf.topology === undefined)
    conf.warnings.push(
      `${file}: TopologyPlugin=topology/tree but no topology.conf is beside it (no topology)`,
    );
  return conf;
}
