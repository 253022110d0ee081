import * as aq from "arquero";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanJobs, jobSteps } from "../../lib/clean/jobs";
import { cleanExperiments } from "../../lib/clean/experiments";
import { runSteps } from "../../lib/clean/pipeline";
import { toJobRecords } from "../../lib/clean/records";

const N = NaN;
// One literal job per rule, in the thesis's order; the last two pass everything.
const JOBS = aq.table({
  exp_id: [9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  job_name: [
    "x",
    "plat",
    "sub",
    "stat",
    "debug",
    "noprocs",
    "small",
    "qneg",
    "qlong",
    "rzero",
    "over",
    "ok",
    "okq",
    "okw",
  ],
  type: ["SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "SIM", "POST", "SIM"],
  submit: [100, 100, 0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
  start: [160, 160, 0, 160, 160, 160, 160, 40, 100 + 60 * 721, 160, 160, 220, 160, 160],
  finish: [
    400,
    400,
    0,
    400,
    400,
    400,
    400,
    400,
    100 + 60 * 730,
    160,
    160 + 60 * 50,
    220 + 60 * 20,
    160 + 60,
    160 + 60,
  ],
  status: [
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "FAILED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
    "COMPLETED",
  ],
  wallclock: [
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "00:40",
    "01:30",
    "",
  ],
  procs: [768, 768, 768, 768, 768, N, 47, 768, 768, 768, 768, 768, 50, 96],
  queue: [
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "debug",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "bsc_es",
    "",
    "bsc_es",
  ],
  platform: [
    "marenostrum4",
    "local",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum4",
    "marenostrum3",
    "marenostrum4",
  ],
});

describe("cleanJobs", () => {
  const r = cleanJobs(JOBS, { experimentIds: [1], wallclockDefaults: { bsc_es: 2880 } });
  const by = Object.fromEntries(r.log.map((l) => [l.step, l]));
  it("removes one job per rule, in the thesis's order, and counts the fixes", () => {
    expect(r.log.map((l) => [l.step, l.removed, l.changed])).toEqual([
      ["id-duplicate", 0, 0],
      ["experiment", 1, 0],
      ["platform", 1, 0],
      ["fix-queue", 0, 1],
      ["fix-wallclock", 0, 1],
      ["submit", 1, 0],
      ["status", 1, 0],
      ["queue", 1, 0],
      ["procs-present", 1, 0],
      ["procs-min", 1, 0],
      ["derive", 0, 0],
      ["minutes-known", 0, 0],
      ["times-known", 0, 0],
      ["qtime-negative", 1, 0],
      ["qtime-long", 1, 0],
      ["rtime-nonpositive", 1, 0],
      ["values-absurd", 0, 0],
      ["nodes-wider", 0, 0],
      ["rtime-over-minutes", 0, 1],
    ]);
    expect(r.table.array("job_name")).toEqual(["over", "ok", "okq", "okw"]);
    expect(by["procs-min"].rowsOut).toBe(r.figure9.numRows());
  });
  it("derives minutes, nprocs, nnodes = ceil(procs/48), qtime and rtime in minutes, and applies the fixes", () => {
    const rows = r.table.objects() as Record<string, unknown>[];
    expect(rows[1]).toMatchObject({ minutes: 40, nprocs: 768, nnodes: 16, qtime: 2, rtime: 20 });
    expect(rows[2]).toMatchObject({ queue: "bsc_es", minutes: 90, nnodes: 2, qtime: 1, rtime: 1 });
    expect(rows[3]).toMatchObject({ wallclock: "48:00", minutes: 2880 });
  });
  it("drops rtime > minutes when asked", () => {
    const d = cleanJobs(JOBS, {
      experimentIds: [1],
      wallclockDefaults: { bsc_es: 2880 },
      rtimeOverMinutes: "drop",
    });
    expect(d.table.array("job_name")).toEqual(["ok", "okq", "okw"]);
  });
  it("reports steps a source cannot apply, and validates options", () => {
    const s = cleanJobs(JOBS, { platforms: null });
    expect(s.log[1]).toMatchObject({ step: "experiment", removed: 0 });
    expect(s.log[1].rule).toMatch(/not applied: the source has no experiments/);
    expect(s.log.find((l) => l.step === "nodes-wider")!.rule).toMatch(
      /not applied: the machine's width was not given/,
    );
    expect(() => jobSteps({ rtimeOverMinutes: "maybe" as never })).toThrow(
      /^invalid rtimeOverMinutes: "maybe"; expected one of "identify", "drop"$/,
    );
    expect(() => jobSteps({ coresPerNode: 0 })).toThrow(
      /^invalid coresPerNode: 0; expected an integer >= 1$/,
    );
  });
  it("fills unknown minutes from rtime when asked (SWF logs without requested times)", () => {
    const s = cleanJobs(JOBS, { experimentIds: [1], missingMinutes: "rtime" });
    expect(s.log.find((l) => l.step === "fix-minutes")!.changed).toBe(1);
    expect(
      (s.table.objects() as { job_name: string; minutes: number }[]).find((x) => x.job_name === "okw")!
        .minutes,
    ).toBe(1);
  });
  it("converts to JobRecords", () => {
    const recs = toJobRecords(r.table);
    expect(recs[1]).toEqual({
      id: "ok",
      type: "SIM",
      submit: 100,
      nprocs: 768,
      nnodes: 16,
      minutes: 40,
      qtime: 2,
      rtime: 20,
      user: "",
      account: "",
      qos: "bsc_es",
      partition: "",
    });
    expect(() => toJobRecords(JOBS)).toThrow(
      /^invalid table: .*expected a cleaned job table with column nprocs \(run cleanJobs first\)$/,
    );
  });
});

describe("cleanJobs: a log's own node counts", () => {
  // sacct's NNodes: 256 CPUs spread over 32 nodes of a 12-core machine (8 per node), 12 CPUs on one node,
  // and a job whose node count the log does not give.
  const base = {
    exp_id: [N, N, N],
    job_name: ["thin", "full", "unknown"],
    type: ["", "", ""],
    submit: [100, 100, 100],
    start: [160, 160, 160],
    finish: [760, 760, 760],
    status: ["COMPLETED", "COMPLETED", "COMPLETED"],
    wallclock: ["00:20", "00:20", "00:20"],
    procs: [256, 12, 30],
    threads: [N, N, N],
    tasks: [N, N, N],
    queue: ["batch", "batch", "batch"],
    platform: ["", "", ""],
  };
  const options = {
    platforms: null,
    defaultQueue: null,
    coresPerNode: 12,
    minProcs: 1,
    idsUniqueBecause: "literal",
  };
  it("keeps the nodes the log gives and computes ceil(nprocs / cores) only where it gives none", () => {
    const r = cleanJobs(aq.table({ ...base, nodes: [32, 1, N] }), options);
    expect(r.table.array("nnodes")).toEqual([32, 1, 3]);
    expect(r.log.find((l) => l.step === "derive")!.rule).toMatch(
      /nnodes = the log's nodes where it gives them, else ceil\(nprocs \/ 12\)/,
    );
  });
  it("computes ceil(nprocs / cores) for a table without a nodes column (SWF, Autosubmit)", () => {
    const r = cleanJobs(aq.table(base), options);
    expect(r.table.array("nnodes")).toEqual([22, 1, 3]);
  });
});

describe("rows in = rows out + removed at every step (property)", () => {
  it("holds for random job tables", () => {
    const job = fc.record({
      exp_id: fc.integer({ min: 0, max: 3 }),
      submit: fc.integer({ min: -5, max: 100 }),
      wait: fc.integer({ min: -10, max: 900 }),
      run: fc.integer({ min: -3, max: 200 }),
      status: fc.constantFrom("COMPLETED", "FAILED"),
      wallclock: fc.constantFrom("", "00:40", "02:00"),
      procs: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: NaN }),
      queue: fc.constantFrom("", "bsc_es", "debug", "xlarge"),
      platform: fc.constantFrom("marenostrum4", "local"),
    });
    fc.assert(
      fc.property(fc.array(job, { maxLength: 60 }), fc.constantFrom("identify", "drop"), (rows, over) => {
        const objs = rows.map((x, i) => ({
          job_name: `j${i}`,
          type: "SIM",
          exp_id: x.exp_id,
          submit: x.submit,
          start: x.submit + 60 * x.wait,
          finish: x.submit + 60 * (x.wait + x.run),
          status: x.status,
          wallclock: x.wallclock,
          procs: x.procs,
          queue: x.queue,
          platform: x.platform,
        }));
        const names = [
          "job_name",
          "type",
          "exp_id",
          "submit",
          "start",
          "finish",
          "status",
          "wallclock",
          "procs",
          "queue",
          "platform",
        ] as const;
        const t = aq.table(Object.fromEntries(names.map((k) => [k, objs.map((o) => o[k])])));
        const r = cleanJobs(t, {
          experimentIds: [1, 2],
          wallclockDefaults: { bsc_es: 2880 },
          rtimeOverMinutes: over as "identify" | "drop",
        });
        let n = rows.length;
        for (const l of r.log) {
          if (l.rowsIn !== n || l.rowsIn !== l.rowsOut + l.removed) return false;
          n = l.rowsOut;
        }
        const fin = r.table.objects() as Record<string, number>[];
        return (
          n === fin.length &&
          fin.every(
            (j) =>
              j.qtime >= 0 &&
              j.qtime <= 720 &&
              j.rtime > 0 &&
              j.nprocs >= 48 &&
              (over === "identify" || j.rtime <= j.minutes),
          )
        );
      }),
    );
  });
  it("names a missing column of the job table", () => {
    expect(() => cleanJobs(JOBS.select("job_name"))).toThrow(
      /^invalid jobs table: missing column "exp_id"; expected the Job File columns/,
    );
  });
  it("runSteps refuses a fix that drops rows", () => {
    expect(() =>
      runSteps("jobs", JOBS, [{ id: "bad", rule: "x", kind: "fix", apply: (t) => ({ table: t.slice(1) }) }]),
    ).toThrow(/^invariant violated: jobs step bad \(fix\) changed the row count 14 → 13$/);
  });
});

describe("cleanExperiments", () => {
  const E = aq.table({
    id: [1, 2, 3, 4, 5, 6, 7],
    name: ["a001", "a002", "a003", "t0ab", "a005", "a006", "a007"],
    completed: [5, 10, 2, 10, 10, 10, 3],
    total: [10, 10, 30, 10, 10, 10, 30],
    model: ["auto-ecearth3", "auto-ecearth3", "auto-monarch", "auto-nemo", "", "auto-caliope", "auto-nemo"],
    hpc: [
      "cca",
      "marenostrum4",
      "marenostrum3",
      "marenostrum4",
      "marenostrum4",
      "marenostrum4",
      "marenostrum4",
    ],
    wrapper: ["", "", "", "", "", "vertical", "horizontal"],
  });
  it("applies the five filters then the model filter, one removal each; 10 % is compared in integers", () => {
    const r = cleanExperiments(E);
    expect(r.log.map((l) => [l.step, l.removed])).toEqual([
      ["hpc", 1],
      ["completed-share", 1],
      ["test-name", 1],
      ["model-empty", 1],
      ["wrapper", 1],
      ["models", 1],
    ]);
    expect(r.beforeModels.array("id")).toEqual([2, 7]);
    expect(r.table.array("id")).toEqual([2]);
  });
});
