/**
 * A site's priority and scheduling settings as `scontrol show config` prints them (lib/io
 * parseScontrolConfig), typed into the knobs the replay simulates: PriorityType, the
 * PriorityWeight*, PriorityDecayHalfLife, PriorityCalcPeriod, PriorityMaxAge, PriorityFavorSmall,
 * PriorityFlags (NO_FAIR_TREE → classic fair share; LEVEL_BASED, the flag of BYU's patch that seed 002
 * describes → LEVEL_BASED; else Fair Tree, the default since Slurm 19.05), PriorityUsageResetPeriod,
 * SchedulerType and SchedulerParameters (bf_interval, bf_window, bf_resolution, bf_max_job_test,
 * bf_max_job_user, bf_max_job_user_part, bf_max_job_part, bf_job_part_count_reserve, bf_continue,
 * default_queue_depth, sched_interval — read by Slurm's own rule, lib/io/scheduler-parameters.ts,
 * whether the config came from scontrol or slurm.conf), SelectType.
 * A knob the config leaves out takes its slurm.conf(5) default for the config's Slurm version;
 * {@link applySettingsChange} makes the what-if settings from them.
 */
import type { ScontrolConfig } from "../io/scontrol-config";
import { SLURM_DEFAULTS } from "../sim/slurm-scheduler";
import { RESET_PERIODS, type ResetPeriod } from "../slurm/usage";
import { MAX_PRIORITY } from "../slurm/multifactor";
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer, keyword } from "../util/options";

/** The fair-share algorithms a site can run (and the what-if can try). */
export const SITE_FAIR_SHARE = ["fair-tree", "classic", "level-based"] as const;

/** One of {@link SITE_FAIR_SHARE}. */
export type SiteFairShare = (typeof SITE_FAIR_SHARE)[number];

/** The PriorityWeight* the replay simulates (integers, as slurm.conf takes them). */
export interface SiteWeights {
  age: number;
  fairShare: number;
  jobSize: number;
  qos: number;
  partition: number;
}

/** A site's settings (see the module comment). Times in seconds unless named otherwise. */
export interface SiteSettings {
  /** Slurm version the config came from ("" when unknown); defaults that moved between releases follow it. */
  version: string;
  /** PriorityType: "priority/multifactor", or "priority/basic" (jobs in submit order). */
  priorityType: string;
  weights: SiteWeights;
  /** PriorityWeightAssoc (not simulated when above 0). */
  weightAssoc: number;
  /** PriorityWeightTRES as set ({} for none; not simulated). */
  weightTres: Record<string, number>;
  /** PriorityDecayHalfLife, seconds (0: usage never decays). */
  halfLifeSeconds: number;
  /** PriorityCalcPeriod, seconds. */
  calcPeriod: number;
  /** PriorityMaxAge, seconds. */
  maxAgeSeconds: number;
  /** PriorityFavorSmall. */
  favorSmall: boolean;
  /** The fair-share algorithm (from PriorityFlags). */
  fairShare: SiteFairShare;
  /** PriorityFlags as set, the fair-share flag included. */
  priorityFlags: string[];
  /** PriorityUsageResetPeriod ("NOW" is not simulated and read as "NONE"). */
  usageResetPeriod: ResetPeriod;
  /** SchedulerType sched/backfill (true) or sched/builtin (false). */
  backfill: boolean;
  /** bf_interval, seconds. */
  bfInterval: number;
  /** bf_window, minutes. */
  bfWindow: number;
  /** bf_resolution, seconds. */
  bfResolution: number;
  /** bf_max_job_test, jobs. */
  bfMaxJobTest: number;
  /** bf_max_job_user (0 = no limit). */
  bfMaxJobUser: number;
  /** bf_max_job_user_part, jobs per user and partition (0 = no limit). */
  bfMaxJobUserPart: number;
  /** bf_max_job_part, jobs per partition (0 = no limit). */
  bfMaxJobPart: number;
  /** bf_continue: backfill resumes its queue where it stopped after yielding its locks. */
  bfContinue: boolean;
  /** bf_job_part_count_reserve (0 = every tested job reserves). */
  bfJobPartCountReserve: number;
  /** default_queue_depth, jobs. */
  defaultQueueDepth: number;
  /** sched_interval, seconds. */
  schedInterval: number;
  /** SchedulerParameters as set (every knob, the simulated ones and the others), in order. */
  schedulerParameters: Record<string, string | true>;
  /** Raw shares (sacctmgr fairshare) by account that replace the association tree's. Defaults to none. */
  accountShares: Record<string, number>;
  /** SelectType, e.g. select/cons_tres. */
  selectType: string;
  /** SelectTypeParameters, e.g. ["CR_CORE_MEMORY"]. */
  selectTypeParameters: string[];
}

/** bf_max_job_test's default: 100 up to Slurm 20.11, 500 since 21.08 (slurm.conf(5)). */
export function bfMaxJobTestDefault(version: string): number {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return 500;
  return Number(m[1]) * 100 + Number(m[2]) >= 2108 ? 500 : SLURM_DEFAULTS.bfMaxJobTest;
}

/** Slurm 22.05's defaults (slurm.conf(5)): the settings of a site whose export has no config.txt. */
export const SLURM_2205_SETTINGS: Readonly<SiteSettings> = Object.freeze({
  version: "22.05",
  priorityType: "priority/basic",
  weights: Object.freeze({ age: 0, fairShare: 0, jobSize: 0, qos: 0, partition: 0 }),
  weightAssoc: 0,
  weightTres: Object.freeze({}),
  halfLifeSeconds: 7 * 86400,
  calcPeriod: 300,
  maxAgeSeconds: 7 * 86400,
  favorSmall: false,
  fairShare: "fair-tree",
  priorityFlags: Object.freeze([]) as unknown as string[],
  usageResetPeriod: "NONE",
  backfill: true,
  bfInterval: SLURM_DEFAULTS.bfInterval,
  bfWindow: SLURM_DEFAULTS.bfWindow,
  bfResolution: SLURM_DEFAULTS.bfResolution,
  bfMaxJobTest: 500,
  bfMaxJobUser: SLURM_DEFAULTS.bfMaxJobUser,
  bfMaxJobUserPart: 0,
  bfMaxJobPart: 0,
  bfContinue: false,
  bfJobPartCountReserve: SLURM_DEFAULTS.bfJobPartCountReserve,
  defaultQueueDepth: SLURM_DEFAULTS.defaultQueueDepth,
  schedInterval: SLURM_DEFAULTS.schedInterval,
  schedulerParameters: Object.freeze({}),
  accountShares: Object.freeze({}),
  selectType: "select/cons_tres",
  selectTypeParameters: Object.freeze([]) as unknown as string[],
}) as SiteSettings;

/** The fair-share algorithm PriorityFlags select. */
export function fairShareOfFlags(flags: readonly string[]): SiteFairShare {
  const up = flags.map((f) => f.toUpperCase());
  return up.includes("LEVEL_BASED") ? "level-based" : up.includes("NO_FAIR_TREE") ? "classic" : "fair-tree";
}

/**
 * The settings of a site's config — `scontrol show config` (lib/io parseScontrolConfig) or slurm.conf
 * turned into the same shape (lib/io/slurm-conf-site.ts) — (see the module comment); Slurm 22.05's
 * defaults ({@link SLURM_2205_SETTINGS}) without one. SchedulerParameters knobs are the values Slurm
 * uses (a value it refuses takes its default; the config's `scheduler.warnings` say so).
 */
export function siteSettings(config?: ScontrolConfig): SiteSettings {
  if (!config) return { ...SLURM_2205_SETTINGS };
  const p = config.priority;
  const k = config.scheduler.knobs;
  const version = config.version;
  const d = SLURM_2205_SETTINGS;
  const flags = [...(p.flags ?? [])];
  const reset = (p.usageResetPeriod ?? "NONE").toUpperCase();
  return {
    version,
    priorityType: p.type,
    weights: p.weights
      ? {
          age: p.weights.age,
          fairShare: p.weights.fairShare,
          jobSize: p.weights.jobSize,
          qos: p.weights.qos,
          partition: p.weights.partition,
        }
      : { ...d.weights },
    weightAssoc: p.weights?.assoc ?? 0,
    weightTres: { ...(p.weightTres ?? {}) },
    halfLifeSeconds: p.decayHalfLife ?? d.halfLifeSeconds,
    calcPeriod: p.calcPeriod ?? d.calcPeriod,
    maxAgeSeconds: p.maxAge ?? d.maxAgeSeconds,
    favorSmall: p.favorSmall ?? false,
    fairShare: fairShareOfFlags(flags),
    priorityFlags: flags,
    usageResetPeriod: (RESET_PERIODS as readonly string[]).includes(reset) ? (reset as ResetPeriod) : "NONE",
    backfill: config.schedulerType !== "sched/builtin",
    bfInterval: k.bfInterval,
    bfWindow: k.bfWindow,
    bfResolution: k.bfResolution,
    bfMaxJobTest: k.bfMaxJobTest,
    bfMaxJobUser: k.bfMaxJobUser,
    bfMaxJobUserPart: k.bfMaxJobUserPart,
    bfMaxJobPart: k.bfMaxJobPart,
    bfContinue: k.bfContinue,
    bfJobPartCountReserve: k.bfJobPartCountReserve,
    defaultQueueDepth: k.defaultQueueDepth,
    schedInterval: k.schedInterval,
    schedulerParameters: { ...config.schedulerParameters },
    accountShares: {},
    selectType: config.selectType,
    selectTypeParameters: [...config.selectTypeParameters],
  };
}

/** A change of settings: the knobs a what-if may move. Every field defaults to the base's value. */
export interface SettingsChange {
  weights?: Partial<SiteWeights>;
  halfLifeSeconds?: number;
  calcPeriod?: number;
  maxAgeSeconds?: number;
  favorSmall?: boolean;
  fairShare?: SiteFairShare;
  bfInterval?: number;
  bfWindow?: number;
  bfResolution?: number;
  bfMaxJobTest?: number;
  bfMaxJobUser?: number;
  defaultQueueDepth?: number;
  schedInterval?: number;
  /** Raw shares by account (merged over the base's). */
  accountShares?: Record<string, number>;
}

/**
 * The base settings with a change applied (a weight set on priority/basic makes it multifactor).
 * @throws `invalid <knob>: …` for a value Slurm would refuse (weights: integers in [0, 2^32 − 1];
 *   times: whole seconds; bf_window: 1–43200 minutes)
 */
export function applySettingsChange(base: SiteSettings, change: SettingsChange): SiteSettings {
  const out: SiteSettings = {
    ...base,
    weights: { ...base.weights },
    accountShares: { ...base.accountShares },
  };
  for (const [k, v] of Object.entries(change.weights ?? {})) {
    if (!(k in out.weights)) throw invalidArgument("weights", k, "age, fairShare, jobSize, qos or partition");
    out.weights[k as keyof SiteWeights] = integer(v, `weights.${k}`, 0, MAX_PRIORITY);
  }
  if (change.weights && out.priorityType === "priority/basic") out.priorityType = "priority/multifactor";
  const whole = (k: keyof SettingsChange, min: number, max = Infinity) => {
    if (change[k] !== undefined)
      (out as unknown as Record<string, number>)[k] = integer(change[k], k, min, max);
  };
  whole("halfLifeSeconds", 0);
  whole("calcPeriod", 1);
  whole("maxAgeSeconds", 1);
  whole("bfInterval", 1);
  whole("bfWindow", 1, 43200);
  whole("bfResolution", 1, 3600);
  whole("bfMaxJobTest", 1);
  whole("bfMaxJobUser", 0);
  whole("defaultQueueDepth", 1);
  whole("schedInterval", 1);
  if (change.favorSmall !== undefined) {
    if (typeof change.favorSmall !== "boolean")
      throw invalidArgument("favorSmall", change.favorSmall, "a boolean");
    out.favorSmall = change.favorSmall;
  }
  if (change.fairShare !== undefined) out.fairShare = keyword(change.fairShare, "fairShare", SITE_FAIR_SHARE);
  for (const [a, v] of Object.entries(change.accountShares ?? {}))
    out.accountShares[a] = finiteNumber(v, `accountShares.${a}`, 0);
  return out;
}
