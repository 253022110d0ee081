import { describe, expect, it } from "vitest";
import { arrayTaskCount, isSlurmJobId, parseSlurmJobId } from "../../lib/io/slurm-job-id";

// sacct(1) and Slurm's job_array.html / heterogeneous_jobs.html: 123_4, 123_[1-3], 123_[1-3%2], 123+0;
// steps .batch, .extern, .interactive, .N, and a heterogeneous step component .N+K.
describe("parseSlurmJobId", () => {
  it("reads jobs, array tasks, array remainders, heterogeneous components and steps", () => {
    expect(parseSlurmJobId("123")).toEqual({ jobId: 123, job: "123" });
    expect(parseSlurmJobId("123_4")).toEqual({ jobId: 123, job: "123_4", arrayTask: "4" });
    expect(parseSlurmJobId("123_[1-3]")).toEqual({ jobId: 123, job: "123_[1-3]", arrayTask: "[1-3]" });
    expect(parseSlurmJobId("123_[1-3%2]")).toEqual({ jobId: 123, job: "123_[1-3%2]", arrayTask: "[1-3%2]" });
    expect(parseSlurmJobId("123+1")).toEqual({ jobId: 123, job: "123", hetOffset: 1 });
    expect(parseSlurmJobId("123.batch")).toEqual({ jobId: 123, job: "123", step: "batch" });
    expect(parseSlurmJobId("123.extern")).toEqual({ jobId: 123, job: "123", step: "extern" });
    expect(parseSlurmJobId("123.interactive")).toEqual({ jobId: 123, job: "123", step: "interactive" });
    expect(parseSlurmJobId("123.0")).toEqual({ jobId: 123, job: "123", step: "0" });
    expect(parseSlurmJobId("123_4.batch")).toEqual({
      jobId: 123,
      job: "123_4",
      arrayTask: "4",
      step: "batch",
    });
    expect(parseSlurmJobId("123+0.batch")).toEqual({ jobId: 123, job: "123", hetOffset: 0, step: "batch" });
    expect(parseSlurmJobId("123.0+1")).toEqual({ jobId: 123, job: "123", step: "0+1" });
  });
  it("refuses what is not a job id", () => {
    for (const v of ["job12", "12.", "12_", "12+", "12_4+1", "12.ba+", ""]) {
      expect(parseSlurmJobId(v)).toBeUndefined();
      expect(isSlurmJobId(v)).toBe(false);
    }
  });
  it("counts the tasks an array remainder stands for", () => {
    expect(arrayTaskCount("4")).toBe(1);
    expect(arrayTaskCount("[1-3]")).toBe(3);
    expect(arrayTaskCount("[1-3%2]")).toBe(3);
    expect(arrayTaskCount("[1,5-7%2]")).toBe(4);
    expect(arrayTaskCount("[0-9:3]")).toBe(4);
  });
});
