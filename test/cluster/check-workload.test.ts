import { describe, expect, it } from "vitest";
import { checkWorkload } from "../../cluster/check-workload";
import {
  schedulerKnobs,
  schedulerParameters,
  simSlurmOptions,
  SLURM_VERSION_DEFAULTS,
} from "../../cluster/slurm-versions";

describe("checkWorkload", () => {
  it("is seeded and keeps every job within its limits", () => {
    const a = checkWorkload({ seed: 3 });
    expect(checkWorkload({ seed: 3 })).toEqual(a);
    expect(checkWorkload({ seed: 4 })).not.toEqual(a);
    expect(a.length).toBe(20);
    expect(a.filter((j) => j.offset === 0).length).toBe(10);
    expect(new Set(a.map((j) => j.offset))).toEqual(new Set([0, 40, 80]));
    for (const j of a) {
      expect(j.sleep).toBeGreaterThanOrEqual(5);
      expect(j.sleep).toBeLessThanOrEqual(Math.min(120, j.limitMinutes * 60 - 5));
      expect([1, 2, 3]).toContain(j.limitMinutes);
      expect(j.nodes).toBeGreaterThanOrEqual(1);
      expect(j.nodes).toBeLessThanOrEqual(4);
    }
    expect(a.map((j) => j.name).slice(0, 3)).toEqual(["j01", "j02", "j03"]);
  });
  it("rejects bad options", () => {
    expect(() => checkWorkload({ jobs: 0 })).toThrow(/^invalid jobs: 0; expected an integer in 1\.\.500$/);
    expect(() => checkWorkload({ waves: [5] })).toThrow(
      /^invalid waves: \[5\]; expected increasing integer offsets/,
    );
    expect(() => checkWorkload({ accounts: ["Bad"] })).toThrow(
      /^invalid accounts: \["Bad"\]; expected lower-case account names$/,
    );
    expect(() => checkWorkload({ sleepRange: [0, 10] })).toThrow(
      /^invalid sleepRange: \[0,10\]; expected integers/,
    );
    expect(() => checkWorkload({ maxWidth: 0 })).toThrow(
      /^invalid maxWidth: 0; expected a fraction in \(0, 1\]$/,
    );
  });
});

describe("slurm-versions", () => {
  it("keeps 22.05's bf_max_job_test of 500 and writes every knob", () => {
    expect(SLURM_VERSION_DEFAULTS["22.05"].bfMaxJobTest).toBe(500);
    expect(SLURM_VERSION_DEFAULTS["20.02"].bfMaxJobTest).toBe(100);
    const k = schedulerKnobs("22.05", { bfInterval: 5 });
    expect(schedulerParameters(k)).toBe(
      "default_queue_depth=100,sched_interval=60,bf_interval=5,bf_window=1440,bf_resolution=60,bf_max_job_test=500,bf_max_job_user=0,bf_job_part_count_reserve=0",
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
    });
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
