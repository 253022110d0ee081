/**
 * `scontrol show config` (slurmctld's running configuration; lib/io/slurm-exports.ts's
 * `SCONTROL_CONFIG_EXPORT_COMMAND`) → every `Key = Value` line, by section, and the knobs of
 * scheduling and priority typed. The layout is the one Slurm's `slurm_print_ctl_conf` writes
 * (src/api/config_info.c): a `Configuration data as of <time>` line, `%-23s = %s` lines, section
 * titles (`Cgroup Support Configuration:`, `MPI Plugins Configuration:`, …) with `----- <plugin> -----`
 * sub-titles, then `Slurmctld(primary) at <host> is UP` from scontrol. With `PriorityType =
 * priority/basic` Slurm prints no other Priority* line, so those fields are then absent. Keys are
 * found case-insensitively, as slurm.conf's are (`values` keeps them as printed). SchedulerParameters
 * is read by Slurm's own rule (lib/io/scheduler-parameters.ts: substring search, `atoi`), the same
 * rule whichever source the text came from; `schedulerParameters` is that reading's options.
 */
import { type SchedulerParametersReading, readSchedulerParameters } from "./scheduler-parameters";
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
  /**
   * SchedulerParameters for display: each option once (its first occurrence), an old name under its
   * new one, the value Slurm uses (`bf_interval=30s` → "30"), a flag → true; never an empty key; {} for `(null)`.
   */
  schedulerParameters: Record<string, string | true>;
  /** SchedulerParameters read by Slurm's rule: typed knobs, their sources, unknown options, warnings. */
  scheduler: SchedulerParametersReading;
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
  // Slurm's keys are case-insensitive: the typed reading finds them so; `values` keeps them as printed.
  const lower = new Map(Object.keys(values).map((k) => [k.toLowerCase(), k]));
  const v: Record<string, string> = {};
  const at: Record<string, number> = {};
  for (const [low, key] of lower) {
    v[low] = values[key];
    at[low] = lineOf[key];
  }
  const missing = ["PriorityType", "SchedulerType", "SelectType"].filter((key) => !(key.toLowerCase() in v));
  if (missing.length)
    throw invalidField(
      file,
      1,
      "config",
      `${Object.keys(values).length} keys`,
      `scontrol show config output with PriorityType, SchedulerType and SelectType; missing ${missing.join(", ")}`,
    );
  const num = (key: string) => {
    const x = v[key.toLowerCase()];
    if (!/^\d+$/.test(x)) throw invalidField(file, at[key.toLowerCase()], key, x, "a whole number");
    return Number(x);
  };
  const dur = (key: string) => {
    const d = slurmDuration(v[key.toLowerCase()]);
    if (Number.isNaN(d))
      throw invalidField(file, at[key.toLowerCase()], key, v[key.toLowerCase()], "[D-]HH:MM:SS");
    return d;
  };
  const priority: PriorityConfig = { type: v.prioritytype };
  if ("priorityweightage" in v) {
    priority.weights = {
      age: num("PriorityWeightAge"),
      assoc: num("PriorityWeightAssoc"),
      fairShare: num("PriorityWeightFairShare"),
      jobSize: num("PriorityWeightJobSize"),
      partition: num("PriorityWeightPartition"),
      qos: num("PriorityWeightQOS"),
    };
    priority.weightTres = {};
    for (const item of list(v.priorityweighttres ?? "")) {
      const m = /^([^=]+)=(\d+(?:\.\d+)?)$/.exec(item);
      if (!m)
        throw invalidField(file, at.priorityweighttres, "PriorityWeightTRES", item, "TRES=weight items");
      priority.weightTres[m[1]] = Number(m[2]);
    }
  }
  if ("prioritydecayhalflife" in v) priority.decayHalfLife = dur("PriorityDecayHalfLife");
  if ("prioritycalcperiod" in v) priority.calcPeriod = dur("PriorityCalcPeriod");
  if ("prioritymaxage" in v) priority.maxAge = dur("PriorityMaxAge");
  if ("priorityfavorsmall" in v) priority.favorSmall = /^yes$/i.test(v.priorityfavorsmall);
  if ("priorityflags" in v) priority.flags = list(v.priorityflags);
  if ("priorityusageresetperiod" in v) priority.usageResetPeriod = v.priorityusageresetperiod;
  const version = v.slurm_version ?? "";
  const scheduler = readSchedulerParameters(
    NONE.test(v.schedulerparameters ?? "") ? "" : v.schedulerparameters,
    version,
  );
  return {
    values,
    sections,
    version,
    priority,
    schedulerType: v.schedulertype,
    schedulerParameters: { ...scheduler.options },
    scheduler,
    selectType: v.selecttype,
    selectTypeParameters: list(v.selecttypeparameters ?? ""),
    controllers,
  };
}
