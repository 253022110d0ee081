import { beforeAll, describe, expect, it } from "vitest";
import { cleanSource } from "../../lib/clean/clean-source";
import type { Source } from "../../lib/source/source";
import { type ThesisSection4, readThesisSection4 } from "../../lib/io/thesis-section4";
import { categoryCounts, compareCounts, compareSummaries } from "../../lib/clean/summary";
import { buildCoreJobs } from "../../lib/twin/job-core";
import { generateExperiments } from "../../lib/twin/experiments";
import { type Twin, generateTwin } from "../../lib/twin/twin";
import { twinTargets } from "../../lib/twin/targets";
import { MARENOSTRUM4 } from "../../lib/io/job-record";
import { createRng } from "../../lib/util/rng";

// One generation of the full twin (1.64 M jobs) shared by the checks below.
let ref: ThesisSection4;
let twin: Twin;
let cleaning: ReturnType<typeof cleanSource>;
beforeAll(() => {
  ref = readThesisSection4();
  twin = generateTwin(1, ref);
  const src: Source = {
    spec: { kind: "twin", text: "twin" },
    description: "test",
    synthetic: true,
    files: [],
    experiments: twin.experiments,
    jobs: twin.jobs,
    machine: MARENOSTRUM4,
    cleaning: { rules: "autosubmit" },
    readLog: [],
  };
  cleaning = cleanSource(src);
}, 180_000);

const after = (step: string) => cleaning.log.find((r) => r.step === step)!;

describe("the twin reproduces the published pipeline counts (by construction)", () => {
  it("experiments: 2,734 → 1,265 → 1,157", () => {
    expect(twin.experiments.numRows()).toBe(2734);
    expect(after("wrapper").rowsOut).toBe(1265);
    expect(after("models").rowsOut).toBe(1157);
  });
  it("jobs: 1,639,409 → 794,028 → 722,187 → 102,868 → −5, −2,411, −12,405 → 88,047, 294 identified", () => {
    expect(after("experiment").rowsIn).toBe(1639409);
    expect(after("experiment").rowsOut).toBe(794028);
    expect(after("platform").rowsOut).toBe(722187);
    expect(after("procs-min").rowsOut).toBe(102868);
    expect(after("qtime-negative").removed).toBe(5);
    expect(after("qtime-long").removed).toBe(2411);
    expect(after("rtime-nonpositive").removed).toBe(12405);
    expect(after("rtime-over-minutes").changed).toBe(294);
    expect(cleaning.jobs.final.numRows()).toBe(88047);
    expect(cleaning.jobs.final.rollup({ s: "d => op.sum(d.nnodes)" }).get("s", 0)).toBe(1482526);
  });
  it("has unique job ids (the check behind TWIN_IDS_UNIQUE, which lets loadSource skip it)", () => {
    expect(after("id-duplicate").rule).not.toMatch(/not applied/);
    expect(after("id-duplicate").removed).toBe(0);
  });
  it("every step accounts for every row", () => {
    for (const r of cleaning.log) expect(r.rowsIn).toBe(r.rowsOut + r.removed);
  });
  it("the published counts come from the reference CSVs", () => {
    const t = twinTargets(ref);
    expect([t.jobsRaw, t.jobsValidExperiment, t.jobsPlatform, t.jobsFirstFilters, t.finalJobs]).toEqual([
      1639409, 794028, 722187, 102868, 88047,
    ]);
  });
});

describe("the twin reproduces the published summaries at R's printed precision", () => {
  it("Figure 2 (experiments)", () => {
    const rows = compareSummaries(cleaning.experiments!.figure2, ref.summaries.fig02_experiments_1265);
    expect(rows.filter((r) => !r.match)).toEqual([]);
    expect(
      compareCounts(
        categoryCounts(cleaning.experiments!.figure2, "model"),
        ref.categorical.fig02_experiments_1265.model,
      ).every((r) => r.match),
    ).toBe(true);
    expect(
      compareCounts(
        categoryCounts(cleaning.experiments!.figure2, "hpc"),
        ref.categorical.fig02_experiments_1265.hpc,
      ).every((r) => r.match),
    ).toBe(true);
  });
  it("Figure 9 (102,868 jobs) and Figure 11 (88,047 jobs)", () => {
    expect(
      compareSummaries(cleaning.jobs.figure9, ref.summaries.fig09_jobs_102868).filter((r) => !r.match),
    ).toEqual([]);
    expect(
      compareSummaries(cleaning.jobs.final, ref.summaries.fig11_jobs_88047).filter((r) => !r.match),
    ).toEqual([]);
    expect(
      compareCounts(
        categoryCounts(cleaning.jobs.figure9, "type"),
        ref.categorical.fig09_jobs_102868.type,
      ).every((r) => r.match),
    ).toBe(true);
  });
  it("has the joint structure of Figure 22: 40-minute jobs run about half their time on about 16 nodes", () => {
    const forty = cleaning.jobs.final.filter("d => d.minutes === 40");
    const med = (c: string) => {
      const a = Float64Array.from(forty.array(c) as ArrayLike<number>).sort();
      return a[Math.floor(a.length / 2)];
    };
    expect(forty.numRows()).toBeGreaterThan(20000);
    expect(med("rtime")).toBeGreaterThanOrEqual(15);
    expect(med("rtime")).toBeLessThanOrEqual(25);
    expect(med("nnodes")).toBe(16);
  });
  it("nnodes = ceil(nprocs / 48) on every final job", () => {
    const bad = cleaning.jobs.final.filter("d => d.nnodes !== op.ceil(d.nprocs / 48)").numRows();
    expect(bad).toBe(0);
  });
});

describe("determinism", () => {
  it("same seed → identical experiments and core jobs; another seed → different filler", () => {
    const t = twinTargets(ref);
    const targets = {
      raw: t.experimentsRaw,
      models: t.models,
      hpcs: t.hpcs,
      completed: ref.summaries.fig02_experiments_1265.completed,
      total: ref.summaries.fig02_experiments_1265.total,
    };
    const a = generateExperiments(targets, createRng("x")).table.objects();
    expect(generateExperiments(targets, createRng("x")).table.objects()).toEqual(a);
    expect(generateExperiments(targets, createRng("y")).table.objects()).not.toEqual(a);
    const core = {
      final: ref.summaries.fig11_jobs_88047,
      valid: ref.summaries.fig09_jobs_102868,
      types: ref.categorical.fig09_jobs_102868.type,
      removedQtimeNeg: 5,
      removedQtimeLong: 2411,
      removedRtime: 12405,
      rtimeOverMinutes: 294,
      finalNodeSum: 1482526,
    };
    const c1 = buildCoreJobs(core, createRng(3)),
      c2 = buildCoreJobs(core, createRng(3));
    expect(c2.rtime).toEqual(c1.rtime);
    expect(c2.type).toEqual(c1.type);
  });
});
