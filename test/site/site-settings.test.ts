import { describe, expect, it } from "vitest";
import { parseScontrolConfig } from "../../lib/io/scontrol-config";
import {
  SLURM_2205_SETTINGS,
  applySettingsChange,
  bfMaxJobTestDefault,
  fairShareOfFlags,
  siteSettings,
} from "../../lib/site/site-settings";

// `scontrol show config` lines as slurm_print_ctl_conf prints them (src/api/config_info.c: "%-23s = %s")
const config = (extra: Record<string, string>, version = "20.11.9") =>
  parseScontrolConfig(
    Object.entries({
      PriorityType: "priority/multifactor",
      PriorityDecayHalfLife: "14-00:00:00",
      PriorityCalcPeriod: "00:05:00",
      PriorityFavorSmall: "Yes",
      PriorityFlags: "",
      PriorityMaxAge: "10-00:00:00",
      PriorityUsageResetPeriod: "NONE",
      PriorityWeightAge: "1000",
      PriorityWeightAssoc: "0",
      PriorityWeightFairShare: "10000",
      PriorityWeightJobSize: "500",
      PriorityWeightPartition: "0",
      PriorityWeightQOS: "2000",
      PriorityWeightTRES: "(null)",
      SchedulerParameters: "bf_window=2880,bf_resolution=120,bf_continue",
      SchedulerType: "sched/backfill",
      SelectType: "select/linear",
      SelectTypeParameters: "(null)",
      SLURM_VERSION: version,
      ...extra,
    })
      .map(([k, v]) => `${k.padEnd(23)} = ${v}`)
      .join("\n"),
    "config.txt",
  );

describe("siteSettings", () => {
  it("types every simulated knob; the ones the config leaves out take the version's defaults", () => {
    const s = siteSettings(config({}));
    expect(s).toMatchObject({
      priorityType: "priority/multifactor",
      weights: { age: 1000, fairShare: 10000, jobSize: 500, qos: 2000, partition: 0 },
      halfLifeSeconds: 14 * 86400,
      calcPeriod: 300,
      maxAgeSeconds: 10 * 86400,
      favorSmall: true,
      fairShare: "fair-tree",
      bfInterval: 30,
      bfWindow: 2880,
      bfResolution: 120,
      bfMaxJobTest: 100,
      defaultQueueDepth: 100,
      schedInterval: 60,
      selectType: "select/linear",
    });
    expect(siteSettings(config({}, "22.05.8")).bfMaxJobTest).toBe(500);
  });
  it("reads the fair-share algorithm off PriorityFlags", () => {
    expect(siteSettings(config({ PriorityFlags: "NO_FAIR_TREE,SMALL_RELATIVE_TO_TIME" })).fairShare).toBe(
      "classic",
    );
    expect(fairShareOfFlags(["LEVEL_BASED"])).toBe("level-based");
    expect(fairShareOfFlags(["ACCRUE_ALWAYS"])).toBe("fair-tree");
  });
  it("bf_max_job_test's default moved from 100 to 500 in 21.08", () => {
    expect(["17.11.13", "20.11.9", "21.08.0", "22.05.8", ""].map(bfMaxJobTestDefault)).toEqual([
      100, 100, 500, 500, 500,
    ]);
  });
  it("reads SchedulerParameters by Slurm's rule: a non-number is atoi 0, refused, and the default used", () => {
    const c = config({ SchedulerParameters: "bf_interval=fast" });
    expect(siteSettings(c).bfInterval).toBe(30);
    expect(c.scheduler.warnings).toEqual([
      'bf_interval: "bf_interval=fast" reads 0, which Slurm refuses; it uses 30',
    ]);
  });
  it("a doubled = and max_job_bf (bf_max_job_test's old name) give 20 and 1200, not 0 and the default", () => {
    const s = siteSettings(
      config({ SchedulerParameters: "=bf_max_job_user=20,max_job_bf=1200,bf_continue,bf_interval=30" }),
    );
    expect([s.bfMaxJobUser, s.bfMaxJobTest, s.bfContinue, s.bfInterval]).toEqual([20, 1200, true, 30]);
    expect(s.schedulerParameters).toEqual({
      bf_max_job_user: "20",
      bf_max_job_test: "1200",
      bf_continue: true,
      bf_interval: "30",
    });
    expect(Object.keys(s.schedulerParameters)).not.toContain("");
  });
  it("types bf_max_job_part, bf_max_job_user_part and bf_continue, with Slurm's defaults when absent", () => {
    const s = siteSettings(config({ SchedulerParameters: "bf_max_job_part=50,bf_max_job_user_part=5" }));
    expect([s.bfMaxJobPart, s.bfMaxJobUserPart, s.bfContinue]).toEqual([50, 5, false]);
    expect([SLURM_2205_SETTINGS.bfMaxJobPart, SLURM_2205_SETTINGS.bfMaxJobUserPart]).toEqual([0, 0]);
  });
  it("without a config: Slurm 22.05's defaults", () => {
    expect(siteSettings()).toEqual({ ...SLURM_2205_SETTINGS });
  });
});

describe("applySettingsChange", () => {
  const base = siteSettings(config({}));
  it("changes only what it is given", () => {
    const next = applySettingsChange(base, {
      weights: { age: 0 },
      bfInterval: 60,
      accountShares: { phys: 3 },
    });
    expect(next.weights).toEqual({ ...base.weights, age: 0 });
    expect(next.bfInterval).toBe(60);
    expect(next.accountShares).toEqual({ phys: 3 });
    expect({ ...next, weights: base.weights, bfInterval: base.bfInterval, accountShares: {} }).toEqual(base);
  });
  it("a weight set on priority/basic makes it multifactor", () => {
    expect(applySettingsChange(siteSettings(), { weights: { fairShare: 1 } }).priorityType).toBe(
      "priority/multifactor",
    );
  });
  it("refuses what Slurm would refuse, naming the knob", () => {
    expect(() => applySettingsChange(base, { weights: { age: -1 } })).toThrow(
      /^invalid weights\.age: -1; expected an integer/,
    );
    expect(() => applySettingsChange(base, { bfWindow: 50000 })).toThrow(
      /^invalid bfWindow: 50000; expected an integer/,
    );
    expect(() => applySettingsChange(base, { fairShare: "fifo" as "classic" })).toThrow(
      /^invalid fairShare: "fifo"; expected one of "fair-tree", "classic", "level-based"$/,
    );
    expect(() => applySettingsChange(base, { weights: { nice: 1 } as never })).toThrow(
      /^invalid weights: "nice"/,
    );
  });
});
