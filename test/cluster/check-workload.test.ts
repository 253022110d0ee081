import { describe, expect, it } from "vitest";
import { checkWorkload } from "../../cluster/check-workload";
import {
  schedulerKnobs,
  schedulerParameters,
  simSlurmOptions,
  SLURM_VERSION_DEFAULTS,
} from "../../cluster/slurm-versions";

describe("checkWorkload", () => {
  it("is seeded, spreads submits, and keeps every job within its limits", () => {
    const a = checkWorkload({ seed: 3 });
    expect(checkWorkload({ seed: 3 })).toEqual(a);
    expect(checkWorkload({ seed: 4 })).not.toEqual(a);
    expect(a.length).toBe(200);
    expect(a[0].offset).toBe(0);
    for (let i = 1; i < a.length; i++) expect(a[i].offset).toBeGreaterThanOrEqual(a[i - 1].offset);
    // exponential gaps of mean 0.4 s: 199 gaps in about 80 s
    expect(a[a.length - 1].offset).toBeGreaterThan(60);
    expect(a[a.length - 1].offset).toBeLessThan(100);
    for (const j of a) {
      expect(Math.abs(Math.round(j.offset * 1000) - j.offset * 1000)).toBeLessThan(1e-6); // milliseconds
      expect(j.sleep).toBeGreaterThanOrEqual(1);
      expect(j.sleep).toBeLessThanOrEqual(4);
      expect([1, 2, 3]).toContain(j.limitMinutes);
      expect(j.nodes).toBeGreaterThanOrEqual(1);
      expect(j.nodes).toBeLessThanOrEqual(8);
    }
    expect(new Set(a.map((j) => j.nodes)).size).toBeGreaterThan(4); // mixed widths
    expect(a.map((j) => j.name).slice(0, 3)).toEqual(["j001", "j002", "j003"]);
  });
  it("rejects bad options", () => {
    expect(() => checkWorkload({ jobs: 0 })).toThrow(/^invalid jobs: 0; expected an integer in 1\.\.1000$/);
    expect(() => checkWorkload({ meanGap: -1 })).toThrow(
      /^invalid meanGap: -1; expected seconds in \[0, 60\]$/,
    );
    expect(() => checkWorkload({ accounts: ["Bad"] })).toThrow(
      /^invalid accounts: \["Bad"\]; expected lower-case account names$/,
    );
    expect(() => checkWorkload({ sleepRange: [0, 10] })).toThrow(
      /^invalid sleepRange: \[0,10\]; expected integers/,
    );
  });
});

describe("slurm-versions", () => {
  it("keeps 22.05's bf_max_job_test of 500 and writes every knob", () => {
    expect(SLURM_VERSION_DEFAULTS["22.05"].bfMaxJobTest).toBe(500);
    expect(SLURM_VERSION_DEFAULTS["20.02"].bfMaxJobTest).toBe(100);
    const k = schedulerKnobs("22.05", { bfInterval: 5 });
    expect(schedulerParameters(k)).toBe(
      "default_queue_depth=100,sched_interval=60,bf_interval=5,bf_window=1440,bf_resolution=60,bf_max_job_test=500,bf_max_job_user=0,bf_job_part_count_reserve=0,batch_sched_delay=3,sched_min_interval=2,bf_yield_interval=2000000,bf_yield_sleep=500000,bf_max_time=5",
    );
    expect(simSlurmOptions(k)).toEqual({
      defaultQueueDepth: 100,
      schedInterval: 60,
      bfInterval: 5,
      bfWindow: 1440,
      bfResolution: 60,
      bfMaxJobTest: 500,
      bfMaxJobUser: 0,
      bfJobPartCountReserve: 0,
      batchSchedDelay: 3,
      schedMinInterval: 2e-6,
      bfYieldInterval: 2,
      bfYieldSleep: 0.5,
      bfMaxTime: 5,
    });
    // bf_max_time follows bf_interval unless given
    expect(schedulerKnobs("22.05", { bfInterval: 7, bfMaxTime: 3 }).bfMaxTime).toBe(3);
    expect(schedulerKnobs("17.11").bfMaxTime).toBe(30);
  });
  it("rejects bad knobs", () => {
    expect(() => schedulerKnobs("22.05", { bfInterval: 0 })).toThrow(
      /^invalid bfInterval: 0; expected an integer >= 1$/,
    );
    expect(() => schedulerKnobs("22.05", { bfMaxJobUser: -1 })).toThrow(
      /^invalid bfMaxJobUser: -1; expected a non-negative integer$/,
    );
    expect(() => schedulerKnobs("9.9" as "22.05")).toThrow(
      /^invalid version: "9\.9"; expected one of 17\.11, 20\.02, 22\.05$/,
    );
  });
});
