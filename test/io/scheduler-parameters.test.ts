import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { atoi, readSchedulerParameters } from "../../lib/io/scheduler-parameters";

// Expected values follow Slurm's code: each knob is xstrcasestr(sched_params, "name=") then atoi
// (src/plugins/sched/backfill/backfill.c _load_config, src/slurmctld/job_scheduler.c), flags by presence.
describe("readSchedulerParameters", () => {
  it("a doubled = still finds bf_max_job_user=20; max_job_bf stands for bf_max_job_test", () => {
    const r = readSchedulerParameters(
      "=bf_max_job_user=20,max_job_bf=1200,bf_continue,bf_interval=30",
      "20.11.9",
    );
    expect(r.knobs).toMatchObject({ bfMaxJobUser: 20, bfMaxJobTest: 1200, bfContinue: true, bfInterval: 30 });
    expect(r.sources).toEqual({
      bfInterval: "bf_interval=30",
      bfMaxJobTest: "max_job_bf=1200",
      bfMaxJobUser: "bf_max_job_user=20",
      bfContinue: "bf_continue",
    });
    expect(r.options).toEqual({
      bf_max_job_user: "20",
      bf_max_job_test: "1200",
      bf_continue: true,
      bf_interval: "30",
    });
    expect(r.warnings).toEqual([
      "max_job_bf is bf_max_job_test's old name; Slurm 20.02 and later stop slurmctld on it under sched/backfill (read as bf_max_job_test)",
    ]);
    expect(readSchedulerParameters("max_job_bf=1200", "19.05.8").warnings).toEqual([
      "max_job_bf is bf_max_job_test's old name (read as bf_max_job_test)",
    ]);
  });
  it("bf_max_job_test wins over max_job_bf wherever it stands; defaults follow the version", () => {
    const r = readSchedulerParameters("max_job_bf=1200,bf_max_job_test=300", "20.11.9");
    expect(r.knobs.bfMaxJobTest).toBe(300);
    expect(r.options).toEqual({ bf_max_job_test: "300" });
    expect(r.warnings).toEqual(["max_job_bf is ignored: Slurm reads bf_max_job_test, which is also set"]);
    expect(readSchedulerParameters("", "20.11.9").knobs.bfMaxJobTest).toBe(100);
    expect(readSchedulerParameters("", "21.08.8").knobs.bfMaxJobTest).toBe(500);
  });
  it("names are case-insensitive since 19.05 (xstrcasestr), case-sensitive before (strstr)", () => {
    expect(readSchedulerParameters("BF_Interval=45", "20.11.9").knobs.bfInterval).toBe(45);
    expect(readSchedulerParameters("BF_Interval=45", "18.08.9").knobs.bfInterval).toBe(30);
  });
  it("atoi: bf_interval=30s reads 30 (and says where it stopped); a non-number reads 0, refused, default used", () => {
    const r = readSchedulerParameters("bf_interval=30s,bf_window=two_days,default_queue_depth=0");
    expect([r.knobs.bfInterval, r.knobs.bfWindow, r.knobs.defaultQueueDepth]).toEqual([30, 1440, 0]);
    expect(r.warnings).toEqual([
      'bf_interval: "bf_interval=30s" reads 30 (Slurm\'s atoi stops at "s")',
      'bf_window: "bf_window=two_days" reads 0, which Slurm refuses; it uses 1440',
    ]);
    expect([atoi("30s"), atoi(" -5x"), atoi("x"), atoi("")]).toEqual([30, -5, 0, 0]);
  });
  it("a repeated knob: the first occurrence wins, as a substring search finds it first", () => {
    const r = readSchedulerParameters("bf_interval=60,bf_window=100,bf_interval=90");
    expect(r.knobs.bfInterval).toBe(60);
    expect(r.options).toEqual({ bf_interval: "60", bf_window: "100" });
    expect(r.warnings).toEqual(["SchedulerParameters repeats bf_interval; Slurm reads the first occurrence"]);
  });
  it("lists unknown options with the nearest known names, and known ones the replay does not model", () => {
    const r = readSchedulerParameters("bf_resolutoin=5,bf_continue,max_rpc_cnt=150,kill_invalid_depend");
    expect(r.unknown).toEqual([
      { option: "bf_resolutoin=5", nearest: ["bf_resolution", "bf_continue", "bf_hetjob_prio"] },
    ]);
    expect(r.notModelled).toEqual(["max_rpc_cnt", "kill_invalid_depend"]);
    expect(r.knobs.bfResolution).toBe(60);
  });
  it("flags by presence anywhere: defer_batch turns defer on; bf_max_time defaults to bf_interval", () => {
    const r = readSchedulerParameters("bf_interval=45,defer_batch");
    expect([r.knobs.defer, r.knobs.bfMaxTime, r.knobs.bfBusyNodes]).toEqual([true, 45, false]);
  });
  it("never an empty option name: empty items and a lone = are reported", () => {
    const r = readSchedulerParameters("bf_interval=5,,=,bf_window=60,");
    expect(Object.keys(r.options)).toEqual(["bf_interval", "bf_window"]);
    expect(r.warnings).toEqual([
      "SchedulerParameters has an empty item (a doubled or trailing comma)",
      'SchedulerParameters item "=" has no option name (ignored)',
      "SchedulerParameters has an empty item (a doubled or trailing comma)",
    ]);
  });
});

describe("readSchedulerParameters properties", () => {
  it("a knob in bounds reads its value wherever it stands and whatever its case; the first of two wins", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3600 }),
        fc.integer({ min: 1, max: 3600 }),
        fc.array(fc.constantFrom("bf_continue", "defer", "max_rpc_cnt=10", "kill_invalid_depend"), {
          maxLength: 3,
        }),
        fc.boolean(),
        (a, b, others, upper) => {
          const name = upper ? "BF_RESOLUTION" : "bf_resolution";
          const text = [...others, `${name}=${a}`, `bf_resolution=${b}`].join(",");
          const r = readSchedulerParameters(text, "20.11.9");
          expect(r.knobs.bfResolution).toBe(a);
          expect(r.options.bf_resolution).toBe(String(a));
          expect(Object.keys(r.options)).not.toContain("");
        },
      ),
    );
  });
});
