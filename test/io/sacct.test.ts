import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseSacct, readSacct, sacctMachine, slurmDuration, slurmTime } from "../../lib/io/sacct";
import { loadCleanJobs } from "../../lib/clean/sources";

// Literal fixture: columns in a non-default order, array tasks, steps, a cancelled-by-uid state,
// UNLIMITED and Partition_Limit time limits, an Unknown End with Elapsed known, day-long durations.
const DUMP = [
  "State|JobID|NCPUS|NNodes|Submit|Start|End|Elapsed|Timelimit|Partition|User|Account|NodeList",
  "COMPLETED|10|4|2|2024-01-01T00:00:00|2024-01-01T00:01:00|2024-01-01T00:11:00|00:10:00|00:30:00|batch|alice|phys|c[01-02]",
  "COMPLETED|10.batch|2|1|2024-01-01T00:01:00|2024-01-01T00:01:00|2024-01-01T00:11:00|00:10:00||||phys|c01",
  "COMPLETED|10.extern|4|2|2024-01-01T00:01:00|2024-01-01T00:01:00|2024-01-01T00:11:00|00:10:00||||phys|c[01-02]",
  "CANCELLED by 1000|11_3|2|1|2024-01-01T00:02:00|Unknown|Unknown|00:00:00|1-00:00:00|batch|bob|chem|None assigned",
  "COMPLETED|11_4|2|1|2024-01-01T00:02:00|2024-01-01T00:03:00|Unknown|01:00:00|UNLIMITED|batch|bob|chem|c03",
  "TIMEOUT|12|2|1|2024-01-01T00:05:00|2024-01-01T00:05:30|2024-01-01T00:06:30|00:01:00|Partition_Limit|batch|bob|chem|c04",
  "PENDING|13_[5-7]|2|1|2024-01-01T00:09:00|Unknown|Unknown|00:00:00|05:00|batch|bob|chem|None assigned",
].join("\n");

describe("slurm value formats", () => {
  it("durations [D-]HH:MM:SS, MM:SS; limits without a value → NaN; ISO times as UTC", () => {
    expect(slurmDuration("1-02:03:04")).toBe(93784);
    expect(slurmDuration("00:30:00")).toBe(1800);
    expect(slurmDuration("05:00")).toBe(300);
    expect(slurmDuration("00:00.250")).toBe(0.25);
    for (const v of ["UNLIMITED", "Partition_Limit", "INVALID", ""]) expect(slurmDuration(v)).toBeNaN();
    expect(slurmTime("2024-01-01T00:01:00")).toBe(1704067260);
    expect(slurmTime("Unknown")).toBeNaN();
  });
});

describe("parseSacct", () => {
  const d = parseSacct(DUMP, "dump.txt");
  it("keeps jobs and array tasks, drops and counts steps, counts missing limits and End from Elapsed", () => {
    expect(d.counts).toEqual({ lines: 7, jobs: 5, steps: 2, noTimeLimit: 2, endFromElapsed: 1, bom: 0 });
    expect(d.jobs.array("job_name")).toEqual(["10", "11_3", "11_4", "12", "13_[5-7]"]);
    expect(d.jobs.array("status")).toEqual(["COMPLETED", "CANCELLED", "COMPLETED", "TIMEOUT", "PENDING"]);
    expect(d.jobs.array("wallclock")).toEqual(["00:30", "24:00", "", "", "00:05"]);
    expect(Array.from(d.jobs.array("finish") as ArrayLike<number>).slice(0, 3)).toEqual([
      1704067860,
      NaN,
      1704067380 + 3600,
    ]);
    expect([...d.nodeNames].sort()).toEqual(["c01", "c02", "c03", "c04"]);
  });
  it("infers the machine from the node names and processors per node, or takes the caller's", () => {
    expect(sacctMachine(d)).toEqual({
      nodes: 4,
      coresPerNode: 2,
      origin:
        "inferred: 4 nodes named in the jobs' NodeList, 2 cores per node (the most processors per node a job used)",
    });
    expect(sacctMachine(d, { nodes: 16, coresPerNode: 8 })).toEqual({
      nodes: 16,
      coresPerNode: 8,
      origin: "caller",
    });
  });
  it("names the file, line and field of bad input", () => {
    expect(() => parseSacct("JobID|State\n1|COMPLETED", "x.txt")).toThrow(
      /^x\.txt:1: invalid header: "JobID\|State"; expected the columns JobID, Submit, Start, State .*missing Submit$/,
    );
    expect(() => parseSacct(DUMP.replace("00:30:00|batch", "30 minutes|batch"), "x.txt")).toThrow(
      /^x\.txt:2: invalid Timelimit: "30 minutes"; expected \[D-\]HH:MM:SS/,
    );
    expect(() => parseSacct(DUMP.replace("2024-01-01T00:05:00", "yesterday"), "x.txt")).toThrow(
      /^x\.txt:7: invalid Submit: "yesterday"; expected an ISO time/,
    );
    expect(() => parseSacct(DUMP.replace("|12|", "|job12|"), "x.txt")).toThrow(
      /^x\.txt:7: invalid JobID: "job12"/,
    );
    expect(() => parseSacct(DUMP + "\nCOMPLETED|14|2", "x.txt")).toThrow(
      /^x\.txt:9: invalid line: "3 fields"; expected 13 fields like the header$/,
    );
  });
  it("CRLF, a BOM and gzip (by magic bytes) read the same", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacct-"));
    const f = path.join(dir, "dump.txt");
    fs.writeFileSync(f, zlib.gzipSync("\uFEFF" + DUMP.replace(/\n/g, "\r\n")));
    const r = readSacct(f);
    expect(r.counts).toEqual({ ...d.counts, bom: 1 });
    expect(r.jobs.objects()).toEqual(d.jobs.objects());
  });
});

describe("SOURCE = sacct:<file> on real Slurm 22.05 output (test/fixtures/slurm, recorded by scripts/record-slurm-dumps.ts)", () => {
  const file = path.join(__dirname, "..", "fixtures", "slurm", "sacct.txt");
  it("reads every line (jobs + steps), cleans to the completed jobs, says what it inferred", () => {
    const text = fs.readFileSync(file, "utf8");
    const dataLines = text.split("\n").filter((l) => l.trim() !== "").length - 1;
    const dump = readSacct(file);
    expect(dump.counts.jobs + dump.counts.steps).toBe(dataLines);
    const c = loadCleanJobs(`sacct:${file}`);
    expect(c.source.kind).toBe("sacct");
    expect(c.source.description).toMatch(
      /^sacct dump sacct\.txt \(Slurm accounting, real jobs\): \d+ lines, \d+ job steps dropped, \d+ jobs.*; machine 2 nodes × \d+ cores \(inferred: 2 nodes named in the jobs' NodeList/,
    );
    const states = dump.jobs.array("status") as string[];
    expect(c.records.length).toBe(states.filter((s) => s === "COMPLETED").length);
    expect(c.log.find((r) => r.step === "status")!.removed).toBe(
      states.filter((s) => s !== "COMPLETED").length,
    );
  });
});

describe("parseSprio (sprio -l)", () => {
  it("reads the header's columns, the second PARTITION as the partition factor, TRES possibly empty", async () => {
    const { parseSprio } = await import("../../lib/io/sprio");
    const text = [
      "          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS        NICE                 TRES",
      "              2 debug         root        501          0          1          0        500          0          0          0           0                     ",
      "              7 gpu           bob         12          0          2          0         10          0          0          0           0   cpu=3",
    ].join("\n");
    const r = parseSprio(text, "sprio.txt");
    expect(r).toEqual([
      {
        jobId: "2",
        partition: "debug",
        user: "root",
        priority: 501,
        factors: {
          SITE: 0,
          AGE: 1,
          ASSOC: 0,
          FAIRSHARE: 500,
          JOBSIZE: 0,
          PARTITION_FACTOR: 0,
          QOS: 0,
          NICE: 0,
        },
        tres: "",
      },
      {
        jobId: "7",
        partition: "gpu",
        user: "bob",
        priority: 12,
        factors: {
          SITE: 0,
          AGE: 2,
          ASSOC: 0,
          FAIRSHARE: 10,
          JOBSIZE: 0,
          PARTITION_FACTOR: 0,
          QOS: 0,
          NICE: 0,
        },
        tres: "cpu=3",
      },
    ]);
    expect(() => parseSprio("JOBID USER\n1 a", "s.txt")).toThrow(
      /^s\.txt:1: invalid header: "JOBID USER"; expected sprio -l's header/,
    );
    expect(() => parseSprio(text.replace(" 501 ", " high "), "s.txt")).toThrow(
      /^s\.txt:2: invalid PRIORITY: "high"; expected a number$/,
    );
    const real = parseSprio(
      fs.readFileSync(path.join(__dirname, "..", "fixtures", "slurm", "sprio.txt"), "utf8"),
      "sprio.txt",
    );
    expect(real.length).toBeGreaterThan(0);
    expect(real.every((x) => x.jobId !== "" && Number.isFinite(x.priority))).toBe(true);
  });
});
