import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanSource, loadCleanJobs } from "../../lib/clean/clean-source";
import { readSource } from "../../lib/source/readers";
import { cleaningFindings } from "../../views/clean/findings";
import { readThesisSection4 } from "../../lib/io/thesis-section4";
import { logRows } from "../../views/clean/tables";

// The export script's sacct.txt recorded on Slurm 22.05 (test/fixtures/slurm/export/README.md): a
// 4-task array, a job named "env|grep", a heterogeneous job (3+0, 3+1), a job of 2 CPUs spread one per
// node over both 2-core nodes (5), a failing job, a job over its limit, a job cancelled while it waited.
const EXPORT = path.join(__dirname, "..", "fixtures", "slurm", "export", "sacct.txt");

describe("the sacct reader", () => {
  it("accounts for every record in the read log and says what was folded or set apart", () => {
    const s = readSource(`sacct:${EXPORT}`);
    expect(logRows(cleanSource(s).log.filter((r) => r.stage === "read"))).toEqual([
      {
        stage: "read",
        step: "steps-folded",
        rule: "job steps (123.batch, 123.extern, 123.0) folded into their job",
        "rows in": 20,
        "rows out": 11,
        removed: 9,
        changed: 0,
        where: "",
      },
      {
        stage: "read",
        step: "het-folded",
        rule: "heterogeneous job components (123+1) folded into their job (123)",
        "rows in": 11,
        "rows out": 10,
        removed: 1,
        changed: 0,
        where: "",
      },
      {
        stage: "read",
        step: "steps-orphan",
        rule: "job steps whose job has no line (not loaded)",
        "rows in": 10,
        "rows out": 10,
        removed: 0,
        changed: 0,
        where: "",
      },
      {
        stage: "read",
        step: "never-started",
        rule: "jobs that never started (no start time, or no nodes assigned: pending or cancelled while pending) set apart, not loaded as jobs that waited",
        "rows in": 10,
        "rows out": 9,
        removed: 1,
        changed: 0,
        where: `lines 21 of ${EXPORT}`,
      },
    ]);
    expect(s.description).toBe(
      'sacct export sacct.txt (Slurm accounting, real jobs): 20 records, 9 job steps folded into their jobs, 1 heterogeneous component folded, 1 job that never started set apart (1 no nodes assigned), 9 jobs, 1 record with "|" or a line break inside a free-text value recovered; machine 2 nodes × 2 cores (inferred: 2 nodes named in the jobs\' NodeList, 2 cores per node (the most processors per node a job used))',
    );
  });
});

describe("loadCleanJobs(sacct:…) on the recorded export", () => {
  it("keeps sacct's node count: job 5 ran 2 CPUs on 2 nodes, not ceil(2 / 2) = 1", () => {
    const c = loadCleanJobs(`sacct:${EXPORT}`);
    const byId = new Map(c.records.map((r) => [r.id, r]));
    expect(byId.get("5")).toMatchObject({ nprocs: 2, nnodes: 2 });
    expect(byId.get("3")).toMatchObject({ nprocs: 3, nnodes: 2 });
    expect(byId.get("1_2")).toMatchObject({ nprocs: 1, nnodes: 1 });
    expect(c.log.slice(0, 4).map((r) => [r.stage, r.step, r.removed])).toEqual([
      ["read", "steps-folded", 9],
      ["read", "het-folded", 1],
      ["read", "steps-orphan", 0],
      ["read", "never-started", 1],
    ]);
    expect(c.log[4]).toMatchObject({ stage: "jobs", rowsIn: 9 });
    expect(c.log.find((r) => r.step === "status")!.removed).toBe(2);
    expect([...byId.keys()].sort()).toEqual(["1_0", "1_1", "1_2", "1_3", "3", "5"]);
  });
  it("reads a header-less export given its columns through readSource's sacct option", async () => {
    const { SACCT_EXPORT_COLUMNS } = await import("../../lib/io/slurm-exports");
    const noheader = path.join(path.dirname(EXPORT), "sacct-noheader.txt");
    const c = loadCleanJobs(`sacct:${noheader}`, { sacct: { columns: SACCT_EXPORT_COLUMNS } });
    expect(c.records.map((r) => [r.id, r.nnodes])).toEqual(
      loadCleanJobs(`sacct:${EXPORT}`).records.map((r) => [r.id, r.nnodes]),
    );
    expect(c.source.description).toMatch(
      /^sacct export sacct-noheader\.txt \(Slurm accounting, real jobs, columns from columns option\): 20 records/,
    );
    expect(() => loadCleanJobs(`sacct:${noheader}`)).toThrow(
      /sacct-noheader\.txt:1: invalid header: .*exported with --noheader/,
    );
  });
});

describe("cleaningFindings on a sacct export", () => {
  it("says how many records the export had and what the reader folded or set apart", () => {
    const ref = readThesisSection4(path.join(__dirname, "..", "..", "data", "reference", "thesis"));
    const md = cleaningFindings(cleanSource(readSource(`sacct:${EXPORT}`)), ref, "jobs");
    expect(md).toContain(
      "- **Read:** 9 jobs on a machine of 2 nodes × 2 cores (from 20 records of the export: 9 steps-folded, 1 het-folded, 1 never-started).",
    );
  });
});
