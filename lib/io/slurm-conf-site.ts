/**
 * A read slurm.conf (lib/io/slurm-conf.ts) as the two exports the replay takes: the settings as
 * `scontrol show config` would print them (a {@link ScontrolConfig}, through parseScontrolConfig
 * itself, so both sources read alike) and the nodes as `sinfo -N` would list them ({@link SinfoNode},
 * one per node in slurm.conf's order, its partitions in file order, the default marked, the weight
 * set). A key slurm.conf leaves out takes slurmctld's default (read_config.c
 * `_validate_and_set_defaults`) for `version`: PriorityType priority/basic and SelectType
 * select/linear up to 23.02, priority/multifactor and select/cons_tres from 23.11; under cons_tres
 * SelectTypeParameters CR_Core_Memory from 24.05; PriorityDecayHalfLife and PriorityMaxAge 7 days,
 * PriorityCalcPeriod 5 minutes; SchedulerType sched/backfill; TopologyPlugin topology/none (up to
 * 24.11), topology/flat (25.05 on); no DefMemPerCPU (scontrol: `DefMemPerNode = UNLIMITED`). An
 * unknown version takes 22.05's. Values scontrol normalises are printed its way (durations
 * `D-HH:MM:SS`, Yes/No, SelectTypeParameters and PriorityFlags upper case in Slurm's order; a
 * PriorityFlags token Slurm does not know, such as LEVEL_BASED, is kept at the end); other keys as
 * written. Priority* lines other than PriorityType are left out under priority/basic, as scontrol does.
 */
import { type ScontrolConfig, parseScontrolConfig } from "./scontrol-config";
import { type NodeGres, type SinfoNode, parseNodeGres } from "./sinfo-nodes";
import { type SlurmConf } from "./slurm-conf";
import { confBoolean } from "./slurm-conf-file";
import type { ConfPartition } from "./slurm-conf-partitions";
import { slurmDuration } from "./slurm-time";
import type { Topology } from "./topology-conf";
import { invalidField } from "../util/errors";

/** A slurm.conf as the replay's inputs. */
export interface SlurmConfSite {
  config: ScontrolConfig;
  nodes: SinfoNode[];
  partitions: ConfPartition[];
  /** The topology/tree (undefined without one). */
  topology?: Topology;
  notModelled: SlurmConf["notModelled"];
  warnings: string[];
}

const FLAG_ORDER = [
  "ACCRUE_ALWAYS",
  "SMALL_RELATIVE_TO_TIME",
  "CALCULATE_RUNNING",
  "DEPTH_OBLIVIOUS",
  "NO_FAIR_TREE",
  "INCR_ONLY",
  "MAX_TRES",
  "NO_NORMAL_ALL",
  "NO_NORMAL_ASSOC",
  "NO_NORMAL_PART",
  "NO_NORMAL_QOS",
  "NO_NORMAL_TRES",
];
const CR_MAIN = [
  "CR_CPU_MEMORY",
  "CR_CORE_MEMORY",
  "CR_SOCKET_MEMORY",
  "CR_CPU",
  "CR_CORE",
  "CR_SOCKET",
  "CR_MEMORY",
];
const CR_FLAGS = [
  "OTHER_CONS_RES",
  "OTHER_CONS_TRES",
  "CR_ONE_TASK_PER_CORE",
  "CR_CORE_DEFAULT_DIST_BLOCK",
  "CR_LLN",
  "CR_PACK_NODES",
];

const versionNumber = (v: string) => {
  const m = /^(\d+)\.(\d+)/.exec(v);
  return m ? Number(m[1]) * 100 + Number(m[2]) : 2205;
};

/** Seconds as Slurm's `secs2time_str` prints them: `D-HH:MM:SS`, or `HH:MM:SS` under a day. */
export function secondsText(s: number): string {
  if (!Number.isFinite(s)) return "UNLIMITED";
  const d = Math.floor(s / 86400),
    h = Math.floor((s % 86400) / 3600),
    m = Math.floor((s % 3600) / 60),
    sec = s % 60;
  const hms = [h, m, sec].map((x) => String(x).padStart(2, "0")).join(":");
  return d > 0 ? `${d}-${hms}` : hms;
}

/**
 * The scontrol values and sinfo nodes of a slurm.conf (see the module comment).
 * @param version the Slurm release ("20.11.9"; "" unknown: 22.05's defaults)
 * @throws `<file>:<line>: invalid <Key>: …` for a Priority* time, PriorityUsageResetPeriod or
 *   SelectTypeParameters that slurmctld refuses
 */
export function slurmConfSite(conf: SlurmConf, version = ""): SlurmConfSite {
  const v = versionNumber(version);
  const values = new Map<string, string>();
  for (const [k, s] of Object.entries(conf.settings)) values.set(k, s.value);
  for (const k of ["ControlMachine", "ControlAddr", "BackupController", "BackupAddr"]) values.delete(k);
  conf.controllers.forEach((c, i) =>
    values.set(`SlurmctldHost[${i}]`, c.addr === c.host ? c.host : `${c.host}(${c.addr})`),
  );
  const set = (k: string) => conf.settings[k];
  const bad = (k: string, expected: string) =>
    invalidField(set(k).file, set(k).line, k, set(k).value, expected);
  const minutes = (k: string, def: number, min: number) => {
    if (!set(k)) return def;
    const s = slurmDuration(set(k).value);
    if (Number.isNaN(s) || Math.ceil(s / 60) < min)
      throw bad(k, "a time such as 7-0, 14-00:00:00 or 5 (minutes)");
    return Math.ceil(s / 60) * 60;
  };
  const type = set("PriorityType")?.value ?? (v >= 2311 ? "priority/multifactor" : "priority/basic");
  values.set("PriorityType", type);
  const priorityKeys = [...values.keys()].filter((k) => /^Priority(?!Type$|Parameters$|SiteFactor)/.test(k));
  if (type === "priority/basic") for (const k of priorityKeys) values.delete(k);
  else {
    values.set("PriorityDecayHalfLife", secondsText(minutes("PriorityDecayHalfLife", 604800, 0)));
    values.set("PriorityCalcPeriod", secondsText(minutes("PriorityCalcPeriod", 300, 1)));
    values.set("PriorityMaxAge", secondsText(minutes("PriorityMaxAge", 604800, 0)));
    values.set("PriorityFavorSmall", confBoolean(set("PriorityFavorSmall")?.value ?? "no") ? "Yes" : "No");
    values.set("PriorityFlags", priorityFlags(set("PriorityFlags")?.value ?? ""));
    const reset = (set("PriorityUsageResetPeriod")?.value ?? "NONE").toUpperCase();
    if (!/^(NONE|NOW|DAILY|WEEKLY|MONTHLY|QUARTERLY|YEARLY)$/.test(reset))
      throw bad("PriorityUsageResetPeriod", "NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY");
    values.set("PriorityUsageResetPeriod", reset);
    for (const w of ["Age", "Assoc", "FairShare", "JobSize", "Partition", "QOS"])
      values.set(`PriorityWeight${w}`, String(Number(set(`PriorityWeight${w}`)?.value ?? 0)));
    values.set("PriorityWeightTRES", set("PriorityWeightTRES")?.value ?? "(null)");
  }
  values.set("SchedulerType", set("SchedulerType")?.value ?? "sched/backfill");
  values.set("SchedulerParameters", set("SchedulerParameters")?.value ?? "(null)");
  const select = set("SelectType")?.value ?? (v >= 2311 ? "select/cons_tres" : "select/linear");
  values.set("SelectType", select);
  const params = set("SelectTypeParameters")
    ? selectTypeParameters(set("SelectTypeParameters").value, () =>
        bad("SelectTypeParameters", "CR_CPU, CR_Core, CR_Socket, CR_Memory (…_Memory) and Slurm's flags"),
      )
    : v >= 2405 && select.includes("cons_tres")
      ? "CR_CORE_MEMORY"
      : "";
  if (params) values.set("SelectTypeParameters", params);
  else values.delete("SelectTypeParameters");
  values.set(
    "TopologyPlugin",
    set("TopologyPlugin")?.value ?? (v >= 2505 ? "topology/flat" : "topology/none"),
  );
  values.delete("DefMemPerCPU");
  values.delete("DefMemPerNode");
  if (set("DefMemPerCPU")) values.set("DefMemPerCPU", String(Number(set("DefMemPerCPU").value)));
  else values.set("DefMemPerNode", set("DefMemPerNode")?.value ?? "UNLIMITED");
  if (version) values.set("SLURM_VERSION", version);
  const text = [...values].map(([k, val]) => `${k.padEnd(23)} = ${val}`).join("\n");
  return {
    config: parseScontrolConfig(text, conf.file),
    nodes: sinfoNodes(conf),
    partitions: conf.partitions,
    topology: conf.topology,
    notModelled: conf.notModelled,
    warnings: [...conf.warnings, ...gresWarnings(conf)],
  };
}

function priorityFlags(text: string): string {
  const tokens = text
    .toUpperCase()
    .split(",")
    .filter((t) => t !== "");
  const known = FLAG_ORDER.filter((f) => text.toUpperCase().includes(f));
  return [...known, ...tokens.filter((t) => !FLAG_ORDER.includes(t))].join(",");
}

function selectTypeParameters(text: string, refuse: () => Error): string {
  const tokens = text
    .toUpperCase()
    .split(",")
    .filter((t) => t !== "" && t !== "CR_ALLOCATE_FULL_SOCKET");
  const main = tokens.filter((t) => CR_MAIN.includes(t));
  if (main.length > 1 || tokens.some((t) => !CR_MAIN.includes(t) && !CR_FLAGS.includes(t))) throw refuse();
  return [...main, ...CR_FLAGS.filter((f) => tokens.includes(f))].join(",");
}

/** The nodes as sinfo lists them: GRES not in GresTypes dropped (Slurm's gres_name_filter). */
function sinfoNodes(conf: SlurmConf): SinfoNode[] {
  const types = new Set(
    (conf.settings.GresTypes?.value ?? "")
      .toLowerCase()
      .split(",")
      .filter((g) => g !== ""),
  );
  const defaultPart = conf.partitions.find((p) => p.isDefault)?.name ?? "";
  return conf.nodes.map((n) => {
    const partitions = conf.partitions.filter((p) => p.nodes.includes(n.name)).map((p) => p.name);
    return {
      node: n.name,
      partitions,
      defaultPartition: partitions.includes(defaultPart) ? defaultPart : "",
      cpus: n.cpus,
      sockets: n.sockets,
      coresPerSocket: n.coresPerSocket,
      threadsPerCore: n.threadsPerCore,
      cores: n.sockets * n.coresPerSocket,
      memoryMiB: n.realMemoryMiB,
      features: [...n.features],
      gres: parseNodeGres(n.gres).filter((g) => types.has(g.name.toLowerCase())),
      state: n.state.toLowerCase(),
      weight: n.weight,
      line: n.line,
    };
  });
}

/** Node GRES that GresTypes drops, and gres.conf counts that disagree with slurm.conf's Gres=. */
function gresWarnings(conf: SlurmConf): string[] {
  const out: string[] = [];
  const types = new Set(
    (conf.settings.GresTypes?.value ?? "")
      .toLowerCase()
      .split(",")
      .filter((g) => g !== ""),
  );
  for (const n of conf.nodes) {
    const all: NodeGres[] = parseNodeGres(n.gres);
    for (const g of all.filter((x) => !types.has(x.name.toLowerCase())))
      out.push(`${n.file}:${n.line}: node ${n.name} Gres ${g.name} is not in GresTypes; Slurm drops it`);
    if (!conf.gres) continue;
    for (const g of all.filter((x) => types.has(x.name.toLowerCase()))) {
      const recs = conf.gres.records.filter(
        (r) =>
          r.name === g.name &&
          (r.nodes === null || r.nodes.includes(n.name)) &&
          (g.type === "" || r.type === g.type),
      );
      const count = recs.reduce((s, r) => s + r.count, 0);
      if (recs.length && count !== g.count)
        out.push(
          `node ${n.name}: gres.conf gives ${g.name}${g.type ? ":" + g.type : ""} count ${count}, slurm.conf ${g.count}`,
        );
    }
  }
  return out;
}
