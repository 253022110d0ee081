import { describe, expect, it } from "vitest";
import { isSlurmDuration, isSlurmTime, slurmDuration, slurmTime } from "../../lib/io/slurm-time";

// Forms from sbatch(1) --time ("minutes", "minutes:seconds", "hours:minutes:seconds", "days-hours",
// "days-hours:minutes", "days-hours:minutes:seconds") and sacct(1) ("[days-]hours:minutes:seconds[.microseconds]").
describe("slurmDuration", () => {
  it("reads every form of sbatch's --time and sacct's Elapsed/Timelimit, in seconds", () => {
    expect(slurmDuration("30")).toBe(30 * 60); // minutes
    expect(slurmDuration("05:30")).toBe(5 * 60 + 30); // minutes:seconds
    expect(slurmDuration("02:00:00")).toBe(7200); // hours:minutes:seconds
    expect(slurmDuration("36:00:00")).toBe(36 * 3600);
    expect(slurmDuration("2-12")).toBe(2 * 86400 + 12 * 3600); // days-hours
    expect(slurmDuration("2-12:30")).toBe(2 * 86400 + 12 * 3600 + 30 * 60); // days-hours:minutes
    expect(slurmDuration("1-02:03:04")).toBe(86400 + 2 * 3600 + 3 * 60 + 4);
    expect(slurmDuration("7-00:00:00")).toBe(604800);
    expect(slurmDuration("00:00.250")).toBe(0.25); // sacct's CPU times MM:SS.mmm
    expect(slurmDuration("01:02:03.5")).toBe(3723.5);
  });
  it("reads the words for no value as missing, and anything else as missing too (isSlurmDuration tells them apart)", () => {
    for (const v of ["UNLIMITED", "Partition_Limit", "INVALID", "INFINITE", "NONE", ""]) {
      expect(slurmDuration(v)).toBeNaN();
      expect(isSlurmDuration(v)).toBe(true);
    }
    for (const v of ["30 minutes", "1:2:3:4", "01:02.5:03", "-5"]) {
      expect(slurmDuration(v)).toBeNaN();
      expect(isSlurmDuration(v)).toBe(false);
    }
  });
});

describe("slurmTime", () => {
  it("reads ISO times as UTC and epoch seconds (SLURM_TIME_FORMAT=%s); Unknown, None, empty are missing", () => {
    expect(slurmTime("2024-01-01T00:01:00")).toBe(1704067260);
    expect(slurmTime("2024-01-01 00:01:00")).toBe(1704067260);
    expect(slurmTime("1704067260")).toBe(1704067260);
    for (const v of ["Unknown", "None", ""]) {
      expect(slurmTime(v)).toBeNaN();
      expect(isSlurmTime(v)).toBe(true);
    }
    expect(isSlurmTime("yesterday")).toBe(false);
    expect(isSlurmTime("2024-01-01")).toBe(false);
  });
});
