import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseScontrolConfig } from "../../lib/io/scontrol-config";

// `scontrol show config` as Slurm's slurm_print_ctl_conf writes it (src/api/config_info.c): a
// "Configuration data as of" line, "%-23s = %s" lines, section titles, "----- <plugin> -----"
// sub-titles, then scontrol's "Slurmctld(primary) at <host> is UP".
const CONFIG = [
  "Configuration data as of 2023-03-01T09:00:00",
  "AccountingStorageType   = accounting_storage/slurmdbd",
  "ClusterName             = hpc",
  "PriorityParameters      = (null)",
  "PriorityDecayHalfLife   = 14-00:00:00",
  "PriorityCalcPeriod      = 00:05:00",
  "PriorityFavorSmall      = Yes",
  "PriorityFlags           = SMALL_RELATIVE_TO_TIME,CALCULATE_RUNNING,MAX_TRES",
  "PriorityMaxAge          = 7-00:00:00",
  "PriorityUsageResetPeriod = NONE",
  "PriorityType            = priority/multifactor",
  "PriorityWeightAge       = 1000",
  "PriorityWeightAssoc     = 0",
  "PriorityWeightFairShare = 100000",
  "PriorityWeightJobSize   = 500",
  "PriorityWeightPartition = 0",
  "PriorityWeightQOS       = 2000",
  "PriorityWeightTRES      = CPU=1000,Mem=2000,GRES/gpu=3000",
  "SchedulerParameters     = bf_interval=60,bf_max_job_test=2000,bf_continue,default_queue_depth=500,max_rpc_cnt=150",
  "SchedulerType           = sched/backfill",
  "SelectType              = select/cons_tres",
  "SelectTypeParameters    = CR_CORE_MEMORY,CR_ONE_TASK_PER_CORE",
  "SLURM_CONF              = /etc/slurm/slurm.conf",
  "SLURM_VERSION           = 23.02.7",
  "SlurmctldHost[0]        = ctl1(10.0.0.1)",
  "SlurmctldHost[1]        = ctl2(10.0.0.2)",
  "PowerPlugin             = ",
  "",
  "Cgroup Support Configuration:",
  "AllowedRAMSpace         = 100.0%",
  "ConstrainCores          = yes",
  "",
  "MPI Plugins Configuration:",
  "PMIxCliTmpDirBase       = (null)",
  "",
  "Node Features Configuration:",
  "----- knl_generic -----",
  "BootTime                = 00:10:00",
  "",
  "Slurmctld(primary) at ctl1 is UP",
  "Slurmctld(backup) at ctl2 is DOWN",
  "*****************************************",
  "** RESTORE SLURMCTLD DAEMON TO SERVICE **",
  "*****************************************",
].join("\n");

describe("parseScontrolConfig", () => {
  const c = parseScontrolConfig(CONFIG, "config.txt");
  it("types the priority knobs: weights, TRES weights, durations in seconds, flags", () => {
    expect(c.priority).toEqual({
      type: "priority/multifactor",
      weights: { age: 1000, assoc: 0, fairShare: 100000, jobSize: 500, partition: 0, qos: 2000 },
      weightTres: { CPU: 1000, Mem: 2000, "GRES/gpu": 3000 },
      decayHalfLife: 14 * 86400,
      calcPeriod: 300,
      favorSmall: true,
      maxAge: 7 * 86400,
      flags: ["SMALL_RELATIVE_TO_TIME", "CALCULATE_RUNNING", "MAX_TRES"],
      usageResetPeriod: "NONE",
    });
  });
  it("maps SchedulerParameters to knobs, a bare flag to true; SelectType and its parameters", () => {
    expect(c.schedulerParameters).toEqual({
      bf_interval: "60",
      bf_max_job_test: "2000",
      bf_continue: true,
      default_queue_depth: "500",
      max_rpc_cnt: "150",
    });
    expect([c.schedulerType, c.selectType, c.selectTypeParameters]).toEqual([
      "sched/backfill",
      "select/cons_tres",
      ["CR_CORE_MEMORY", "CR_ONE_TASK_PER_CORE"],
    ]);
  });
  it("keeps every value as printed, sections by title, the controllers and the version", () => {
    expect(c.version).toBe("23.02.7");
    expect(c.values["SlurmctldHost[1]"]).toBe("ctl2(10.0.0.2)");
    expect(c.values.PriorityParameters).toBe("(null)");
    expect(c.values.PowerPlugin).toBe("");
    expect(c.sections).toEqual({
      "Cgroup Support Configuration": { AllowedRAMSpace: "100.0%", ConstrainCores: "yes" },
      "MPI Plugins Configuration": { PMIxCliTmpDirBase: "(null)" },
      "Node Features Configuration": {},
      "Node Features Configuration/knl_generic": { BootTime: "00:10:00" },
    });
    expect(c.controllers).toEqual([
      { mode: "primary", host: "ctl1", up: true },
      { mode: "backup", host: "ctl2", up: false },
    ]);
  });
  it("prints no other Priority* line under priority/basic: only the type is set", () => {
    const basic =
      "PriorityType            = priority/basic\nSchedulerType           = sched/builtin\nSelectType              = select/linear\nSchedulerParameters     = (null)\nSelectTypeParameters    = (null)\n";
    const b = parseScontrolConfig(basic, "basic.txt");
    expect(b.priority).toEqual({ type: "priority/basic" });
    expect(b.schedulerParameters).toEqual({});
    expect(b.selectTypeParameters).toEqual([]);
  });
  it("reads the config recorded on Slurm 22.05 by the export script", () => {
    const file = path.join(__dirname, "..", "fixtures", "slurm", "export", "config.txt");
    const r = parseScontrolConfig(fs.readFileSync(file, "utf8"), file);
    expect(r.version).toBe("22.05.8");
    expect(r.priority).toEqual({
      type: "priority/multifactor",
      weights: { age: 100, assoc: 0, fairShare: 1000, jobSize: 0, partition: 0, qos: 0 },
      weightTres: {},
      decayHalfLife: 604800,
      calcPeriod: 60,
      favorSmall: false,
      maxAge: 604800,
      flags: [],
      usageResetPeriod: "NONE",
    });
    expect(r.schedulerParameters).toEqual({ bf_interval: "5", bf_continue: true, default_queue_depth: "50" });
    expect([r.selectType, r.selectTypeParameters]).toEqual(["select/cons_tres", ["CR_CORE"]]);
  });
  it("names a line of no known form, the missing keys, and a bad weight or duration", () => {
    expect(() =>
      parseScontrolConfig(CONFIG.replace("ClusterName             = hpc", "ClusterName: hpc"), "c.txt"),
    ).toThrow(
      /^c\.txt:3: invalid line: "ClusterName: hpc"; expected scontrol show config's `Key = Value` lines$/,
    );
    expect(() => parseScontrolConfig("ClusterName = hpc\n", "c.txt")).toThrow(
      /^c\.txt:1: invalid config: "1 keys"; expected scontrol show config output with PriorityType, SchedulerType and SelectType; missing PriorityType, SchedulerType, SelectType$/,
    );
    expect(() => parseScontrolConfig(CONFIG.replace("= 100000", "= lots"), "c.txt")).toThrow(
      /^c\.txt:14: invalid PriorityWeightFairShare: "lots"; expected a whole number$/,
    );
    expect(() => parseScontrolConfig(CONFIG.replace("= 14-00:00:00", "= two weeks"), "c.txt")).toThrow(
      /^c\.txt:5: invalid PriorityDecayHalfLife: "two weeks"; expected \[D-\]HH:MM:SS$/,
    );
  });
});

describe("parseScontrolConfig: keys found case-insensitively; a 20.11 config; SchedulerParameters by Slurm's rule", () => {
  it("reads a Slurm 20.11 scontrol show config (the site fixture beside its slurm.conf)", () => {
    const file = path.join(__dirname, "..", "fixtures", "slurm", "site-conf", "config.txt");
    const r = parseScontrolConfig(fs.readFileSync(file, "utf8"), file);
    expect([r.version, r.selectType, r.selectTypeParameters]).toEqual([
      "20.11.9",
      "select/cons_res",
      ["CR_CORE_MEMORY"],
    ]);
    expect(r.schedulerParameters).toEqual({
      bf_max_job_user: "20",
      bf_max_job_test: "1200",
      bf_continue: true,
      bf_interval: "30",
    });
    expect(r.scheduler.knobs.bfMaxJobTest).toBe(1200);
    expect(r.priority.weights).toEqual({
      age: 1000,
      assoc: 0,
      fairShare: 10000,
      jobSize: 500,
      partition: 1000,
      qos: 0,
    });
    expect(r.values.DefMemPerCPU).toBe("2000");
  });
  it("finds a key whatever its case, keeping `values` as printed", () => {
    const r = parseScontrolConfig(
      CONFIG.replace("PriorityWeightFairShare", "PriorityWeightFairshare"),
      "c.txt",
    );
    expect(r.priority.weights!.fairShare).toBe(100000);
    expect(r.values.PriorityWeightFairshare).toBe("100000");
  });
});
