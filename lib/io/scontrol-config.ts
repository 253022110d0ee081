/**
 * `scontrol show config` (slurmctld's running configuration; lib/io/slurm-exports.ts's
 * `SCONTROL_CONFIG_EXPORT_COMMAND`) → every `Key = Value` line, by section, and the knobs of
 * scheduling and priority typed. The layout is the one Slurm's `slurm_print_ctl_conf` writes
 * (src/api/config_info.c): a `Configuration data as of <time>` line, `%-23s = %s` lines, section
 * titles (`Cgroup Support Configuration:`, `MPI Plugins Configuration:`, …) with `----- <plugin> -----`
 * sub-titles, then `Slurmctld(primary) at <host> is UP` from scontrol. With `PriorityType =
 * priority/basic` Slurm prints no other Priority* line, so those fields are then absent.
 */
import { slurmDuration } from "./slurm-time";
import { invalidField } from "../util/errors";

/** The priority knobs (slurm.conf's Priority*), typed. Absent under priority/basic. */
export interface PriorityConfig {
  /** PriorityType, e.g. `priority/multifactor`. */
  type: string;
  /** PriorityWeightAge, …Assoc, …FairShare, …JobSize, …Partition, …QOS. */
  weights?: {
    age: number;
    assoc: number;
    fairShare: number;
    jobSize: number;
    partition: number;
    qos: number;
  };
  /** PriorityWeightTRES by TRES (`CPU=1000,Mem=2000,GRES/gpu=3000`); {} for `(null)`. */
  weightTres?: Record<string, number>;
  /** PriorityDecayHalfLife, seconds (0: no decay). */
  decayHalfLife?: number;
  /** PriorityCalcPeriod, seconds. */
  calcPeriod?: number;
  /** PriorityFavorSmall. */
  favorSmall?: boolean;
  /** PriorityMaxAge, seconds. */
  maxAge?: number;
  /** PriorityFlags (`ACCRUE_ALWAYS`, `NO_FAIR_TREE`, …); [] when none. */
  flags?: string[];
  /** PriorityUsageResetPeriod (NONE, NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY). */
  usageResetPeriod?: string;
}

/** A parsed `scontrol show config`. */
export interface ScontrolConfig {
  /** The main section's values by key, as printed (`(null)` kept). */
  values: Record<string, string>;
  /** Later sections (`Cgroup Support Configuration`, `Node Features Configuration/<plugin>`, …) by title. */
  sections: Record<string, Record<string, string>>;
  /** SLURM_VERSION, e.g. "22.05.8" ("" when absent). */
  version: string;
  priority: PriorityConfig;
  /** SchedulerType, e.g. `sched/backfill`. */
  schedulerType: string;
  /** SchedulerParameters as a knob map: `bf_interval=30` → "30", a bare flag `bf_continue` → true; {} for `(null)`. */
  schedulerParameters: Record<string, string | true>;
  /** SelectType, e.g. `select/cons_tres`. */
  selectType: string;
  /** SelectTypeParameters, e.g. ["CR_CORE_MEMORY"]; [] for `(null)`. */
  selectTypeParameters: string[];
  /** The controllers scontrol pinged: mode (primary, backup, …), host, and whether it answered. */
  controllers: { mode: string; host: string; up: boolean }[];
}

const NONE = /^(\(null\)|N\/A|)$/;
const list = (v: string) => (NONE.test(v) ? [] : v.split(",").filter((x) => x !== ""));

/**
 * Parses `scontrol show config` output (see the module comment).
 * @throws `<file>:<line>: invalid line: …` for a line of none of the forms; `<file>:1: invalid config: …`
 *   naming every missing key of PriorityType, SchedulerType, SelectType; `<file>:<line>: invalid <Key>: …`
 *   for a Priority* value that is not a number or duration
 */
export function parseScontrolConfig(text: string, file = "scontrol-config"): ScontrolConfig {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const values: Record<string, string> = {};
  const sections: Record<string, Record<string, string>> = {};
  const lineOf: Record<string, number> = {};
  const controllers: ScontrolConfig["controllers"] = [];
  let section: Record<string, string> = values,
    title = "";
  lines.forEach((raw, k) => {
    const l = raw.trimEnd();
    let m: RegExpExecArray | null;
    if (l === "" || /^Configuration data as of /.test(l) || /^\*+$|^\*\* .* \*\*$/.test(l)) return;
    if ((m = /^(\S+)\s+=(?: (.*))?$/.exec(l))) {
      section[m[1]] = (m[2] ?? "").trim();
      if (section === values) lineOf[m[1]] = k + 1;
    } else if ((m = /^-{3,} (.+?) -{3,}$/.exec(l))) {
      section = sections[`${title}/${m[1]}`] = {};
    } else if ((m = /^([A-Z][\w ]*[Cc]onfiguration):?$/.exec(l))) {
      title = m[1];
      section = sections[title] = {};
    } else if ((m = /^Slurmctld\((\w+)\) at (\S+) is (UP|DOWN)$/.exec(l))) {
      controllers.push({ mode: m[1], host: m[2], up: m[3] === "UP" });
    } else
      throw invalidField(file, k + 1, "line", l.slice(0, 80), "scontrol show config's `Key = Value` lines");
  });
  const missing = ["PriorityType", "SchedulerType", "SelectType"].filter((key) => !(key in values));
  if (missing.length)
    throw invalidField(
      file,
      1,
      "config",
      `${Object.keys(values).length} keys`,
      `scontrol show config output with PriorityType, SchedulerType and SelectType; missing ${missing.join(", ")}`,
    );
  const num = (key: string) => {
    const v = values[key];
    if (!/^\d+$/.test(v)) throw invalidField(file, lineOf[key], key, v, "a whole number");
    return Number(v);
  };
  const dur = (key: string) => {
    const d = slurmDuration(values[key]);
    if (Number.isNaN(d)) throw invalidField(file, lineOf[key], key, values[key], "[D-]HH:MM:SS");
    return d;
  };
  const priority: PriorityConfig = { type: values.PriorityType };
  if ("PriorityWeightAge" in values) {
    priority.weights = {
      age: num("PriorityWeightAge"),
      assoc: num("PriorityWeightAssoc"),
      fairShare: num("PriorityWeightFairShare"),
      jobSize: num("PriorityWeightJobSize"),
      partition: num("PriorityWeightPartition"),
      qos: num("PriorityWeightQOS"),
    };
    priority.weightTres = {};
    for (const item of list(values.PriorityWeightTRES ?? "")) {
      const m = /^([^=]+)=(\d+(?:\.\d+)?)$/.exec(item);
      if (!m)
        throw invalidField(file, lineOf.PriorityWeightTRES, "PriorityWeightTRES", item, "TRES=weight items");
      priority.weightTres[m[1]] = Number(m[2]);
    }
  }
  if ("PriorityDecayHalfLife" in values) priority.decayHalfLife = dur("PriorityDecayHalfLife");
  if ("PriorityCalcPeriod" in values) priority.calcPeriod = dur("PriorityCalcPeriod");
  if ("PriorityMaxAge" in values) priority.maxAge = dur("PriorityMaxAge");
  if ("PriorityFavorSmall" in values) priority.favorSmall = /^yes$/i.test(values.PriorityFavorSmall);
  if ("PriorityFlags" in values) priority.flags = list(values.PriorityFlags);
  if ("PriorityUsageResetPeriod" in values) priority.usageResetPeriod = values.PriorityUsageResetPeriod;
  const schedulerParameters: Record<string, string | true> = {};
  for (const item of list(values.SchedulerParameters ?? "")) {
    const eq = item.indexOf("=");
    schedulerParameters[eq < 0 ? item : item.slice(0, eq)] = eq < 0 ? true : item.slice(eq + 1);
  }
  return {
    values,
    sections,
    version: values.SLURM_VERSION ?? "",
    priority,
    schedulerType: values.SchedulerType,
    schedulerParameters,
    selectType: values.SelectType,
    selectTypeParameters: list(values.SelectTypeParameters ?? ""),
    controllers,
  };
}
