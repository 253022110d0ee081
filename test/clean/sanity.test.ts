import * as aq from "arquero";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JobCleanOptions, cleanJobs } from "../../lib/clean/jobs";
import { logRows } from "../../views/clean/tables";
import { MAX_JOB_MINUTES, absurdValuesStep, widerThanMachineStep } from "../../lib/clean/sanity";
import { parseSwf } from "../../lib/io/swf";
import { swfToJobTable } from "../../lib/io/swf-jobs";

// One SWF fixture per sanity kind: job 2 repeats job 1's id (line 5), job 4 runs 1e20 s (line 7),
// job 5 asks 40 processors on a 4 × 4 machine (line 8); jobs 1 and 3 are ordinary.
const SWF = [
  "; MaxNodes: 4",
  "; MaxProcs: 16",
  "1 0 10 600 4 -1 -1 4 1200 -1 1 1 1 -1 1 -1 -1 -1",
  "",
  "1 5 10 600 4 -1 -1 4 1200 -1 1 1 1 -1 1 -1 -1 -1",
  "3 9 10 600 8 -1 -1 8 1200 -1 1 1 1 -1 1 -1 -1 -1",
  "4 12 10 1e20 4 -1 -1 4 1200 -1 1 1 1 -1 1 -1 -1 -1",
  "5 15 10 600 40 -1 -1 40 1200 -1 1 1 1 -1 1 -1 -1 -1",
].join("\n");
const OPTIONS: JobCleanOptions = {
  experimentIds: null,
  platforms: null,
  defaultQueue: null,
  wallclockDefaults: {},
  submitAbove: -1,
  coresPerNode: 4,
  minProcs: 4,
  status: "COMPLETED",
  debugQueues: [],
  maxNodes: 4,
  file: "t.swf",
};

describe("one sanity rule: drop what cannot be a job of this machine, counted, with the file lines", () => {
  const trace = parseSwf(SWF, "t.swf");
  const r = cleanJobs(swfToJobTable(trace), OPTIONS);
  const by = Object.fromEntries(r.log.map((l) => [l.step, l]));
  it("reads every data line (jobs read = data lines) and keeps each job's line", () => {
    expect(trace.jobs).toBe(5);
    expect(trace.dataLines).toBe(5);
    expect(Array.from(trace.lineOf!)).toEqual([3, 5, 6, 7, 8]);
  });
  it("drops the duplicate id, the corrupt run time and the job wider than the machine, naming their lines", () => {
    expect([by["id-duplicate"].removed, by["values-absurd"].removed, by["nodes-wider"].removed]).toEqual([
      1, 1, 1,
    ]);
    expect(by["id-duplicate"].detail).toBe("lines 5 of t.swf");
    expect(by["values-absurd"].detail).toBe("lines 7 of t.swf");
    expect(by["nodes-wider"].detail).toBe("lines 8 of t.swf");
    expect(r.table.array("job_name")).toEqual(["1", "3"]);
    expect(logRows(r.log).find((x) => x.step === "nodes-wider")!.where).toBe("lines 8 of t.swf");
  });
  it("names data rows when the table has no line column, and shows at most five", () => {
    const t = aq.table({ nnodes: [1, 9, 9, 9, 9, 9, 9, 2] });
    const out = widerThanMachineStep(4, "jobs.csv").apply(t);
    expect(out.table.numRows()).toBe(2);
    expect(out.detail).toBe("data rows row 2, row 3, row 4, row 5, row 6 (first 5 of 6) of jobs.csv");
  });
  it("lets missing values through (later steps count them) and validates its options", () => {
    const t = aq.table({
      minutes: [NaN, MAX_JOB_MINUTES, MAX_JOB_MINUTES + 1],
      qtime: [1, 1, 1],
      rtime: [NaN, 1, 1],
    });
    expect(absurdValuesStep().apply(t).table.numRows()).toBe(2);
    expect(() => absurdValuesStep(0)).toThrow(/^invalid maxMinutes: 0; expected minutes > 0$/);
    expect(() => widerThanMachineStep(2.5)).toThrow(/^invalid maxNodes: 2.5/);
  });
  it("keeps exactly the first row of every id (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }), (ids) => {
        const t = aq.table({
          exp_id: ids.map(() => NaN),
          job_name: ids.map(String),
          submit: ids.map(() => 1),
          start: ids.map(() => 2),
          finish: ids.map(() => 3),
          status: ids.map(() => "COMPLETED"),
          wallclock: ids.map(() => "00:10"),
          procs: ids.map(() => 4),
          queue: ids.map(() => ""),
          platform: ids.map(() => ""),
          type: ids.map(() => ""),
          exp_name: ids.map(() => ""),
        });
        const c = cleanJobs(t, { ...OPTIONS, file: undefined });
        expect(c.log[0].removed).toBe(ids.length - new Set(ids).size);
        expect(Array.from(c.table.array("job_name") as ArrayLike<string>)).toEqual([
          ...new Set(ids.map(String)),
        ]);
      }),
    );
  });
});
