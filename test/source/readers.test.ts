import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import * as aq from "arquero";
import { describe, expect, it } from "vitest";
import { cleanSource, loadCleanJobs } from "../../lib/clean/clean-source";
import { readSource } from "../../lib/source/readers";
import { writeSourceFiles } from "../../lib/clean/source-files";
import { writeExperimentFile, writeJobFile } from "../../lib/io/autosubmit";
import { sharedTrace } from "../shared-traces";

describe("readSource / loadCleanJobs on real Autosubmit files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-src-"));
  writeExperimentFile(
    aq.table({
      id: [1, 2],
      name: ["a001", "t0aa"],
      completed: [9, 9],
      total: [10, 10],
      user: ["u", "u"],
      "as.version": ["3", "3"],
      created: ["2019-05-01 00:00:00", "2019-05-01 00:00:00"],
      model: ["auto-monarch", "auto-monarch"],
      hpc: ["marenostrum4", "marenostrum4"],
      wrapper: ["", ""],
      maxwrapper: [NaN, NaN],
    }),
    path.join(dir, "experiments.csv"),
  );
  writeJobFile(
    aq.table({
      exp_id: [1, 2, 1],
      exp_name: ["a001", "t0aa", "a001"],
      job_name: ["a", "b", "c"],
      type: ["SIM", "SIM", "POST"],
      submit: [100, 100, 100],
      start: [160, 160, 160],
      finish: [1360, 1360, 1360],
      status: ["COMPLETED", "COMPLETED", "COMPLETED"],
      wallclock: ["00:40", "00:40", ""],
      procs: [96, 96, 48],
      threads: [1, 1, 1],
      tasks: [96, 96, 48],
      queue: ["bsc_es", "bsc_es", "prace"],
      platform: ["marenostrum4", "marenostrum4", "marenostrum4"],
    }),
    path.join(dir, "jobs.csv"),
  );
  it("cleans a folder of Autosubmit exports with Table 9's defaults", () => {
    const c = loadCleanJobs(dir);
    expect(c.source.spec.kind).toBe("autosubmit");
    expect(c.records.map((r) => [r.id, r.minutes, r.nnodes, r.qtime, r.rtime])).toEqual([
      ["a", 40, 2, 1, 20],
      ["c", 4320, 1, 1, 20],
    ]);
    expect(c.log.find((l) => l.step === "test-name")!.removed).toBe(1);
  });
  it("cleans only the experiments when loaded with experimentsOnly (the empty job table is by request, not an error)", () => {
    const src = readSource(dir, { experimentsOnly: true });
    expect(src.jobs.numRows()).toBe(0);
    const c = cleanSource(src);
    expect(c.experiments!.final.numRows()).toBe(1);
    expect(() => cleanSource({ ...src, experimentsOnly: false })).toThrow(/invalid source .*holds no job/);
  });
  it("loads the same folder exported as .csv.gz", () => {
    const gz = fs.mkdtempSync(path.join(os.tmpdir(), "sg-src-gz-"));
    for (const f of ["experiments.csv", "jobs.csv"])
      fs.writeFileSync(path.join(gz, `${f}.gz`), zlib.gzipSync(fs.readFileSync(path.join(dir, f))));
    expect(loadCleanJobs(gz).records).toEqual(loadCleanJobs(dir).records);
  });
  it("writes a source back as Autosubmit files that load again", () => {
    const out = path.join(dir, "copy");
    const src = readSource(dir);
    const w = writeSourceFiles(src, { dir: out, format: "csv" });
    expect(w.files.map((f) => path.basename(f))).toEqual(["experiments.csv", "jobs.csv"]);
    expect(readSource(out).jobs.objects()).toEqual(src.jobs.objects());
  });
  it("says what a source string must be", () => {
    expect(() => readSource("")).toThrow(/^invalid source: ""; expected one of: "twin", .*an SWF trace/);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "sg-empty-"));
    expect(() => readSource(empty)).toThrow(
      /^invalid source: .*expected one of: .*a folder with experiments/,
    );
    expect(() => readSource("no-such-trace-xyz")).toThrow(
      /^invalid source: "no-such-trace-xyz"; expected one of: .*traces are looked up in .*npm run traces:download/,
    );
  });
});

describe("loadCleanJobs on a header-stripped SWF log", () => {
  it("loads when the caller gives the machine size, and says what is missing otherwise", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-swf-"));
    const file = path.join(dir, "stripped.swf.gz");
    fs.writeFileSync(
      file,
      zlib.gzipSync(
        "1 0 60 600 4 -1 -1 4 900 -1 1 1 1 -1 1 -1 -1 -1\n2 10 0 30 8 -1 -1 8 60 -1 1 2 1 -1 1 -1 -1 -1\n",
      ),
    );
    const c = loadCleanJobs(file, { machine: { nodes: 16, coresPerNode: 4 } });
    expect(c.records.map((r) => [r.id, r.nnodes, r.minutes, r.qtime, r.rtime])).toEqual([
      ["1", 1, 15, 1, 10],
      ["2", 2, 1, 0, 0.5],
    ]);
    // Without a header or a caller's machine: the widest job (8 processors) as nodes of one processor, said in the description.
    const inferred = loadCleanJobs(file);
    expect(inferred.machine).toEqual({
      nodes: 8,
      coresPerNode: 1,
      origin:
        "inferred: no MaxNodes or MaxProcs in the header, so the widest job (8 processors) as nodes of one processor",
      nodeSizeStated: false,
    });
    expect(inferred.source.description).toMatch(
      /; machine 8 nodes × 1 cores \(inferred: no MaxNodes or MaxProcs in the header, so the widest job \(8 processors\) as nodes of one processor\)$/,
    );
  });
});

describe("loadCleanJobs on an SWF trace", () => {
  const p = sharedTrace("SDSC-SP2-1998-4.2-cln");
  it.skipIf(!p)("maps, cleans and accounts for every job of SDSC-SP2", () => {
    const c = loadCleanJobs("SDSC-SP2-1998-4.2-cln");
    expect(c.source.swfJobs).toEqual({ header: 59715, loaded: 59715 });
    expect(c.machine).toEqual({
      nodes: 128,
      coresPerNode: 1,
      origin: "header (MaxNodes 128, MaxProcs 128)",
      nodeSizeStated: true,
    });
    expect(c.log[0].rowsIn).toBe(59715);
    for (const l of c.log) expect(l.rowsIn).toBe(l.rowsOut + l.removed);
    expect(c.records.length).toBe(c.log[c.log.length - 1].rowsOut);
    expect(
      c.records.every(
        (r) =>
          r.nnodes >= 1 &&
          r.nnodes <= 128 &&
          r.qtime >= 0 &&
          r.qtime <= 720 &&
          r.rtime > 0 &&
          Number.isInteger(r.minutes),
      ),
    ).toBe(true);
    expect(c.log.find((l) => l.step === "status")!.rowsOut).toBe(43117); // status 1 (completed) jobs, as the traces README states (72 %)
  });
});
