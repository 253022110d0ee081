/**
 * A change of settings written as an administrator applies it: the slurm.conf lines that differ
 * (old value commented out above the new one; then `scontrol reconfigure`) and the sacctmgr commands
 * for account shares. Values are written in slurm.conf(5)'s forms: weights as integers,
 * PriorityDecayHalfLife and PriorityMaxAge as `D-HH:MM:SS`, PriorityCalcPeriod in minutes,
 * PriorityFavorSmall YES/NO, PriorityFlags with the fair-share flag of the chosen algorithm
 * (NO_FAIR_TREE for classic, LEVEL_BASED for BYU's patch, none for Fair Tree) and the others kept,
 * SchedulerParameters whole, the site's other knobs kept in their order.
 */
import type { SiteFairShare, SiteSettings } from "./site-settings";

/** One changed setting. */
export interface SettingChange {
  /** "slurm.conf" or "sacctmgr". */
  where: "slurm.conf" | "sacctmgr";
  /** The slurm.conf key, or the account. */
  key: string;
  from: string;
  to: string;
}

/** Seconds as slurm.conf's `[D-]HH:MM:SS`. */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  const d = Math.floor(s / 86400),
    h = Math.floor((s % 86400) / 3600),
    m = Math.floor((s % 3600) / 60),
    r = s % 60;
  const hms = [h, m, r].map((x) => String(x).padStart(2, "0")).join(":");
  return d > 0 ? `${d}-${hms}` : hms;
}

const FS_FLAGS = new Set(["NO_FAIR_TREE", "LEVEL_BASED", "FAIR_TREE"]);

/** PriorityFlags with the fair-share flag of an algorithm, the other flags kept in order. */
export function flagsFor(flags: readonly string[], fairShare: SiteFairShare): string[] {
  const kept = flags.filter((f) => !FS_FLAGS.has(f.toUpperCase()));
  return fairShare === "classic"
    ? [...kept, "NO_FAIR_TREE"]
    : fairShare === "level-based"
      ? [...kept, "LEVEL_BASED"]
      : kept;
}

const SCHED_KNOBS: readonly [keyof SiteSettings, string][] = [
  ["bfInterval", "bf_interval"],
  ["bfWindow", "bf_window"],
  ["bfResolution", "bf_resolution"],
  ["bfMaxJobTest", "bf_max_job_test"],
  ["bfMaxJobUser", "bf_max_job_user"],
  ["bfJobPartCountReserve", "bf_job_part_count_reserve"],
  ["defaultQueueDepth", "default_queue_depth"],
  ["schedInterval", "sched_interval"],
];

/** SchedulerParameters of some settings: the base's knobs in order, changed values replaced, new ones appended. */
export function schedulerParametersText(base: SiteSettings, next: SiteSettings): string {
  const map: Record<string, string | true> = { ...base.schedulerParameters };
  for (const [field, knob] of SCHED_KNOBS) if (next[field] !== base[field]) map[knob] = String(next[field]);
  return Object.entries(map)
    .map(([k, v]) => (v === true ? k : `${k}=${v}`))
    .join(",");
}

/** The settings that differ between base and next, in slurm.conf's order, then the accounts' shares. */
export function settingChanges(base: SiteSettings, next: SiteSettings): SettingChange[] {
  const out: SettingChange[] = [];
  const conf = (key: string, from: string, to: string) => {
    if (from !== to) out.push({ where: "slurm.conf", key, from, to });
  };
  conf("PriorityType", base.priorityType, next.priorityType);
  conf("PriorityDecayHalfLife", durationText(base.halfLifeSeconds), durationText(next.halfLifeSeconds));
  conf("PriorityCalcPeriod", String(base.calcPeriod / 60), String(next.calcPeriod / 60));
  conf("PriorityFavorSmall", base.favorSmall ? "YES" : "NO", next.favorSmall ? "YES" : "NO");
  conf("PriorityFlags", base.priorityFlags.join(","), flagsFor(base.priorityFlags, next.fairShare).join(","));
  conf("PriorityMaxAge", durationText(base.maxAgeSeconds), durationText(next.maxAgeSeconds));
  const names = {
    age: "Age",
    fairShare: "FairShare",
    jobSize: "JobSize",
    partition: "Partition",
    qos: "QOS",
  } as const;
  for (const [k, name] of Object.entries(names) as [keyof typeof names, string][])
    conf(`PriorityWeight${name}`, String(base.weights[k]), String(next.weights[k]));
  conf(
    "SchedulerType",
    base.backfill ? "sched/backfill" : "sched/builtin",
    next.backfill ? "sched/backfill" : "sched/builtin",
  );
  conf("SchedulerParameters", schedulerParametersText(base, base), schedulerParametersText(base, next));
  const accounts = [
    ...new Set([...Object.keys(base.accountShares), ...Object.keys(next.accountShares)]),
  ].sort();
  for (const a of accounts) {
    const from = base.accountShares[a],
      to = next.accountShares[a];
    if (to !== undefined && from !== to)
      out.push({
        where: "sacctmgr",
        key: a,
        from: from === undefined ? "(the tree's)" : String(from),
        to: String(to),
      });
  }
  return out;
}

/** The label of the site's own settings (a change that changes nothing). */
export const OWN_SETTINGS = "the site's own settings";

/**
 * A short label of a change: `PriorityWeightAge 100→0; bf_interval 5→10` (SchedulerParameters by
 * knob), {@link OWN_SETTINGS} when nothing changes.
 */
export function changeLabel(base: SiteSettings, next: SiteSettings): string {
  const c = settingChanges(base, next);
  if (c.length === 0) return OWN_SETTINGS;
  return c
    .flatMap((x) =>
      x.where === "sacctmgr"
        ? [`fairshare of ${x.key} ${x.from}→${x.to}`]
        : x.key === "SchedulerParameters"
          ? SCHED_KNOBS.filter(([f]) => next[f] !== base[f]).map(
              ([f, knob]) => `${knob} ${base[f]}→${next[f]}`,
            )
          : [`${x.key} ${x.from || "(none)"}→${x.to || "(none)"}`],
    )
    .join("; ");
}

/**
 * The change from base to next as text an administrator can paste: slurm.conf lines (the old value
 * commented out above each new one) and sacctmgr commands; "no change" when they are equal.
 */
export function configDiff(base: SiteSettings, next: SiteSettings): string {
  const c = settingChanges(base, next);
  if (c.length === 0) return "# no change: these are the site's own settings";
  const conf = c.filter((x) => x.where === "slurm.conf");
  const acct = c.filter((x) => x.where === "sacctmgr");
  const lines: string[] = [];
  if (conf.length) {
    lines.push("# slurm.conf (then: scontrol reconfigure)");
    for (const x of conf) lines.push(`#${x.key}=${x.from}`, `${x.key}=${x.to}`);
  }
  if (acct.length) {
    if (lines.length) lines.push("");
    lines.push("# sacctmgr (account shares)");
    for (const x of acct) lines.push(`sacctmgr -i modify account where name=${x.key} set fairshare=${x.to}`);
  }
  return lines.join("\n");
}
