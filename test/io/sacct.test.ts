import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseSacct, readSacct, sacctMachine } from "../../lib/io/sacct";
import { SACCT_EXPORT_COLUMNS, SACCT_EXPORT_COMMAND, XDMOD_SACCT_COLUMNS } from "../../lib/io/slurm-exports";

// Records shaped as Slurm 22.05's sacct prints the export's columns (SACCT_EXPORT_COLUMNS; sacct(1)
// --parsable2: fields joined by "|", nothing escaped; a step has no User, Partition, QOS, Timelimit,
// ReqMem or ReqTRES). Quirks: a "|" inside JobName, steps .batch/.extern/.0 and a step whose job has no
// line, an array task that timed out, the pending remainder of an array `_[3-5%2]`, a heterogeneous
// job's two components and a step of one, a job cancelled while pending (`CANCELLED by 1001`, Start
// None, `None assigned`), a job cancelled while running (`CANCELLED by 0`), a running job (End Unknown,
// UNLIMITED), Partition_Limit, a day-long limit, TRES with GPUs. Flags (inserted before JobName by
// `flagged`) as 22.05 prints them (slurmdb_job_flags_str in slurmdb_defs.c): the scheduler that
// started the job, then `StartRecieved` (sic); a step's is empty.
const UNFLAGGED: string[][] = [
  // JobID JobIDRaw User Account Partition QOS State ExitCode Submit Eligible Start End Elapsed Timelimit NNodes AllocCPUS ReqCPUS ReqMem ReqTRES AllocTRES NodeList JobName
  [
    "4699.batch",
    "4699.batch",
    "",
    "phys",
    "",
    "",
    "COMPLETED",
    "0:0",
    "2023-02-28T23:00:00",
    "2023-02-28T23:00:00",
    "2023-02-28T23:00:00",
    "2023-03-01T10:01:00",
    "11:01:00",
    "",
    "1",
    "8",
    "8",
    "",
    "",
    "cpu=8,mem=46.88G,node=1",
    "c040",
    "batch",
  ],
  [
    "4711",
    "4711",
    "alice",
    "phys",
    "batch",
    "normal",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:00:00",
    "2023-03-01T10:00:00",
    "2023-03-01T10:05:00",
    "2023-03-01T11:05:00",
    "01:00:00",
    "02:00:00",
    "32",
    "256",
    "256",
    "1500G",
    "billing=256,cpu=256,mem=1500G,node=32",
    "billing=256,cpu=256,mem=1500G,node=32",
    "c[001-032]",
    "lammps|in.melt",
  ],
  [
    "4711.batch",
    "4711.batch",
    "",
    "phys",
    "",
    "",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:05:00",
    "2023-03-01T10:05:00",
    "2023-03-01T10:05:00",
    "2023-03-01T11:05:00",
    "01:00:00",
    "",
    "1",
    "8",
    "8",
    "",
    "",
    "cpu=8,mem=46.88G,node=1",
    "c001",
    "batch",
  ],
  [
    "4711.extern",
    "4711.extern",
    "",
    "phys",
    "",
    "",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:05:00",
    "2023-03-01T10:05:00",
    "2023-03-01T10:05:00",
    "2023-03-01T11:05:00",
    "01:00:00",
    "",
    "32",
    "256",
    "256",
    "",
    "",
    "billing=256,cpu=256,mem=1500G,node=32",
    "c[001-032]",
    "extern",
  ],
  [
    "4711.0",
    "4711.0",
    "",
    "phys",
    "",
    "",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:05:02",
    "2023-03-01T10:05:02",
    "2023-03-01T10:05:02",
    "2023-03-01T11:04:58",
    "00:59:56",
    "",
    "32",
    "256",
    "256",
    "",
    "",
    "cpu=256,mem=1500G,node=32",
    "c[001-032]",
    "lmp",
  ],
  [
    "4720_1",
    "4721",
    "bob",
    "chem",
    "batch",
    "normal",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:01:00",
    "2023-03-01T10:01:00",
    "2023-03-01T10:06:00",
    "2023-03-01T10:16:00",
    "00:10:00",
    "00:30:00",
    "1",
    "4",
    "4",
    "8G",
    "billing=4,cpu=4,mem=8G,node=1",
    "billing=4,cpu=4,mem=8G,node=1",
    "c033",
    "scan",
  ],
  [
    "4720_2",
    "4722",
    "bob",
    "chem",
    "batch",
    "normal",
    "TIMEOUT",
    "0:0",
    "2023-03-01T10:01:00",
    "2023-03-01T10:01:00",
    "2023-03-01T10:06:00",
    "2023-03-01T10:36:22",
    "00:30:22",
    "00:30:00",
    "1",
    "4",
    "4",
    "8G",
    "billing=4,cpu=4,mem=8G,node=1",
    "billing=4,cpu=4,mem=8G,node=1",
    "c033",
    "scan",
  ],
  [
    "4720_[3-5%2]",
    "4720",
    "bob",
    "chem",
    "batch",
    "normal",
    "PENDING",
    "0:0",
    "2023-03-01T10:01:00",
    "2023-03-01T10:01:00",
    "Unknown",
    "Unknown",
    "00:00:00",
    "00:30:00",
    "1",
    "4",
    "4",
    "8G",
    "billing=4,cpu=4,mem=8G,node=1",
    "",
    "None assigned",
    "scan",
  ],
  [
    "4730+0",
    "4730",
    "carol",
    "phys",
    "batch",
    "normal",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:02:00",
    "2023-03-01T10:02:00",
    "2023-03-01T10:20:00",
    "2023-03-01T10:40:00",
    "00:20:00",
    "01:00:00",
    "1",
    "1",
    "1",
    "2G",
    "billing=1,cpu=1,mem=2G,node=1",
    "billing=1,cpu=1,mem=2G,node=1",
    "c034",
    "coupled",
  ],
  [
    "4730+0.batch",
    "4730.batch",
    "",
    "phys",
    "",
    "",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:20:00",
    "2023-03-01T10:20:00",
    "2023-03-01T10:20:00",
    "2023-03-01T10:40:00",
    "00:20:00",
    "",
    "1",
    "1",
    "1",
    "",
    "",
    "cpu=1,mem=2G,node=1",
    "c034",
    "batch",
  ],
  [
    "4730+1",
    "4731",
    "carol",
    "phys",
    "gpu",
    "normal",
    "COMPLETED",
    "0:0",
    "2023-03-01T10:02:00",
    "2023-03-01T10:02:00",
    "2023-03-01T10:20:00",
    "2023-03-01T10:40:00",
    "00:20:00",
    "01:00:00",
    "2",
    "16",
    "16",
    "64G",
    "billing=16,cpu=16,mem=64G,node=2,gres/gpu=4",
    "billing=16,cpu=16,mem=64G,node=2,gres/gpu=4,gres/gpu:tesla=4",
    "g[01-02]",
    "coupled",
  ],
  [
    "4740",
    "4740",
    "dave",
    "chem",
    "batch",
    "normal",
    "CANCELLED by 1001",
    "0:0",
    "2023-03-01T10:03:00",
    "2023-03-01T10:03:00",
    "None",
    "2023-03-01T10:09:00",
    "00:00:00",
    "04:00:00",
    "2",
    "48",
    "48",
    "16G",
    "billing=48,cpu=48,mem=16G,node=2",
    "",
    "None assigned",
    "big",
  ],
  [
    "4741",
    "4741",
    "dave",
    "chem",
    "batch",
    "normal",
    "CANCELLED by 0",
    "0:15",
    "2023-03-01T10:04:00",
    "2023-03-01T10:04:00",
    "2023-03-01T10:04:30",
    "2023-03-01T10:07:40",
    "00:03:10",
    "1-00:00:00",
    "1",
    "12",
    "12",
    "4000M",
    "billing=12,cpu=12,mem=4000M,node=1",
    "billing=12,cpu=12,mem=4000M,node=1",
    "c035",
    "long",
  ],
  [
    "4742",
    "4742",
    "erin",
    "phys",
    "batch",
    "normal",
    "RUNNING",
    "0:0",
    "2023-03-01T10:50:00",
    "2023-03-01T10:50:00",
    "2023-03-01T11:00:00",
    "Unknown",
    "00:30:00",
    "UNLIMITED",
    "1",
    "2",
    "2",
    "1000M",
    "billing=2,cpu=2,mem=1000M,node=1",
    "billing=2,cpu=2,mem=1000M,node=1",
    "c036",
    "svc",
  ],
  [
    "4743",
    "4743",
    "erin",
    "phys",
    "batch",
    "normal",
    "FAILED",
    "1:0",
    "2023-03-01T10:51:00",
    "2023-03-01T10:51:00",
    "2023-03-01T10:51:00",
    "2023-03-01T10:51:05",
    "00:00:05",
    "Partition_Limit",
    "1",
    "1",
    "1",
    "1000M",
    "billing=1,cpu=1,mem=1000M,node=1",
    "billing=1,cpu=1,mem=1000M,node=1",
    "c036",
    "bad",
  ],
];
const flagsOf = (r: string[]): string =>
  r[0].includes(".")
    ? ""
    : /^(None|Unknown)$/.test(r[10])
      ? r[6] === "PENDING"
        ? "None"
        : "StartRecieved"
      : r[0] === "4741"
        ? "SchedBackfill,StartRecieved"
        : "SchedMain,StartRecieved";
// Constraints, as sbatch --constraint wrote them (a `|` means "or"); steps print none
const constraintsOf = (r: string[]): string =>
  r[0] === "4711" ? "skylake&ib" : r[0] === "4741" ? "intel|amd" : "";
const flagged = (r: string[]) => [
  ...r.slice(0, 5),
  constraintsOf(r),
  ...r.slice(5, -1),
  flagsOf(r),
  r[r.length - 1],
];
const ROWS: string[][] = UNFLAGGED.map(flagged);
const text = (sep: string, end = "", header = true) =>
  [...(header ? [SACCT_EXPORT_COLUMNS] : []), ...ROWS].map((r) => r.join(sep) + end).join("\n") + "\n";
const PARSABLE2 = text("|");
const t = (iso: string) => Date.parse(iso + "Z") / 1000;
const REAL = path.join(__dirname, "..", "fixtures", "slurm");

describe("parseSacct: sacct --parsable2 with the export's columns", () => {
  const d = parseSacct(PARSABLE2, "export.txt");
  it("counts every record once: jobs + never started + steps + orphan steps + heterogeneous components", () => {
    expect(d.counts).toEqual({
      lines: 15,
      jobs: 7,
      steps: 4,
      orphanSteps: 1,
      hetComponents: 1,
      neverStarted: 2,
      neverStartedBy: { "no start time": 2 },
      recovered: 2,
      noTimeLimit: 2,
      endFromElapsed: 0,
      bom: 0,
      repeatedHeaders: 0,
    });
    const n = d.counts;
    expect(n.jobs + n.neverStarted + n.steps + n.orphanSteps + n.hetComponents).toBe(n.lines);
    expect(d.layout).toEqual({ columnsFrom: "header", delimiter: "|", trailingDelimiter: false });
  });
  it("types a job's every column: times, limit, CPUs, nodes, ReqMem, TRES, its steps; a | in JobName is kept", () => {
    expect(d.records[0]).toEqual({
      id: "4711",
      jobId: 4711,
      hetComponents: 0,
      name: "lammps|in.melt",
      user: "alice",
      account: "phys",
      partition: "batch",
      qos: "normal",
      state: "COMPLETED",
      submit: t("2023-03-01T10:00:00"),
      eligible: t("2023-03-01T10:00:00"),
      start: t("2023-03-01T10:05:00"),
      end: t("2023-03-01T11:05:00"),
      elapsed: 3600,
      timelimit: 7200,
      cpus: 256,
      reqCpus: 256,
      nodes: 32,
      reqNodes: NaN,
      reqMem: { mib: 1536000, per: "job" },
      allocTres: { billing: 256, cpu: 256, memMiB: 1536000, node: 32, gres: {}, other: {} },
      reqTres: { billing: 256, cpu: 256, memMiB: 1536000, node: 32, gres: {}, other: {} },
      nodeList: "c[001-032]",
      steps: ["batch", "extern", "0"],
      flags: ["SchedMain", "StartRecieved"],
      constraints: "skylake&ib",
      line: 3,
    });
  });
  it("reads Constraints; a `|` (or) in them is placed by the checked columns around it", () => {
    expect(d.records.map((j) => j.constraints)).toEqual([
      "skylake&ib",
      undefined,
      undefined,
      undefined,
      "intel|amd",
      undefined,
      undefined,
    ]);
  });
  it("reads Flags: which scheduler started each job; a step's empty Flags leave its job's", () => {
    expect(d.records.map((j) => j.flags?.[0])).toEqual([
      "SchedMain",
      "SchedMain",
      "SchedMain",
      "SchedMain",
      "SchedBackfill",
      "SchedMain",
      "SchedMain",
    ]);
    expect(d.neverStarted.map((x) => x.job.flags)).toEqual([["None"], ["StartRecieved"]]);
  });
  it("keeps array tasks as jobs; the pending remainder 4720_[3-5%2] never started", () => {
    expect(d.records.map((j) => j.id)).toEqual(["4711", "4720_1", "4720_2", "4730", "4741", "4742", "4743"]);
    expect(d.records[2]).toMatchObject({ jobId: 4720, arrayTask: "2", state: "TIMEOUT", elapsed: 1822 });
    expect(d.neverStarted.map((x) => [x.job.id, x.job.arrayTask, x.reason, x.job.line])).toEqual([
      ["4720_[3-5%2]", "[3-5%2]", "no start time", 9],
      ["4740", undefined, "no start time", 13],
    ]);
  });
  it("folds a heterogeneous job's components into one job: CPUs, nodes, TRES summed, node lists joined", () => {
    expect(d.records[3]).toMatchObject({
      id: "4730",
      jobId: 4730,
      hetComponents: 2,
      partition: "batch",
      cpus: 17,
      reqCpus: 17,
      nodes: 3,
      start: t("2023-03-01T10:20:00"),
      end: t("2023-03-01T10:40:00"),
      nodeList: "c034,g[01-02]",
      steps: ["batch"],
      reqMem: { mib: 2048 + 65536, per: "job" },
      allocTres: {
        billing: 17,
        cpu: 17,
        memMiB: 67584,
        node: 3,
        gpus: 4,
        gres: { gpu: 4, "gpu:tesla": 4 },
        other: {},
      },
    });
  });
  it("reads CANCELLED by <uid> as CANCELLED and keeps the uid; a running job keeps End unknown", () => {
    expect(d.records[4]).toMatchObject({ state: "CANCELLED", cancelledBy: 0, timelimit: 86400, cpus: 12 });
    expect(d.neverStarted[1].job).toMatchObject({
      state: "CANCELLED",
      cancelledBy: 1001,
      nodeList: "None assigned",
    });
    expect(d.records[5]).toMatchObject({ state: "RUNNING", end: NaN, elapsed: 1800, timelimit: NaN });
    expect(d.records[0].cancelledBy).toBeUndefined();
  });
  it("writes the Job File columns: never-started jobs are not rows, limits as HH:MM, nodes as given", () => {
    expect(d.jobs.numRows()).toBe(7);
    expect(d.jobs.array("status")).toEqual([
      "COMPLETED",
      "COMPLETED",
      "TIMEOUT",
      "COMPLETED",
      "CANCELLED",
      "RUNNING",
      "FAILED",
    ]);
    expect(d.jobs.array("wallclock")).toEqual(["02:00", "00:30", "00:30", "01:00", "24:00", "", ""]);
    expect(Array.from(d.jobs.array("procs") as ArrayLike<number>)).toEqual([256, 4, 4, 17, 12, 2, 1]);
    expect(Array.from(d.jobs.array("nodes") as ArrayLike<number>)).toEqual([32, 1, 1, 3, 1, 1, 1]);
    expect(Array.from(d.jobs.array("line") as ArrayLike<number>)).toEqual([3, 7, 8, 10, 14, 15, 16]);
    expect([...d.nodeNames].length).toBe(32 + 1 + 1 + 2 + 2);
  });
  it("infers the machine from the node names and the most processors per node, or takes the caller's", () => {
    expect(sacctMachine(d)).toEqual({
      nodes: 38,
      coresPerNode: 12,
      origin:
        "inferred: 38 nodes named in the jobs' NodeList, 12 cores per node (the most processors per node a job used)",
    });
    expect(sacctMachine(d, { nodes: 40, coresPerNode: 12 })).toEqual({
      nodes: 40,
      coresPerNode: 12,
      origin: "caller",
    });
  });
});

describe("parseSacct: the same records in sacct's other shapes", () => {
  const base = parseSacct(PARSABLE2, "export.txt");
  it("--parsable (every line ends with |) reads the same jobs", () => {
    const d = parseSacct(text("|", "|"), "p.txt");
    expect(d.layout.trailingDelimiter).toBe(true);
    expect(d.records).toEqual(base.records);
    expect(d.counts).toEqual(base.counts);
  });
  it("TAB-delimited (--delimiter=$'\\t') is detected and reads the same jobs; its | in JobName needs no recovery", () => {
    const d = parseSacct(text("\t"), "tab.txt");
    expect(d.layout.delimiter).toBe("\t");
    expect(d.records).toEqual(base.records);
    expect(d.counts).toEqual({ ...base.counts, recovered: 0 });
  });
  it("--noheader with the columns option reads the same jobs", () => {
    const d = parseSacct(text("|", "", false), "n.txt", { columns: SACCT_EXPORT_COLUMNS });
    expect(d.layout.columnsFrom).toBe("columns option");
    expect(d.records.map((j) => ({ ...j, line: j.line + 1 }))).toEqual(base.records);
  });
  it("--noheader without columns: the error names the first line and the two fixes", () => {
    expect(() => parseSacct(text("|", "", false), "n.txt")).toThrow(
      /^n\.txt:1: invalid header: "4699\.batch\|4699\.batch\|\|phys.*"; expected a header line naming the columns of sacct --parsable2 output: this line reads as data \(exported with --noheader\?\)\. Pass the column order of its --format as the columns option, or re-export with sacct --allusers --parsable2 /,
    );
  });
  it("CRLF line ends, a byte-order mark and gzip (by magic bytes) read the same; a repeated header is skipped and counted", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sacct-"));
    const f = path.join(dir, "dump.txt");
    fs.writeFileSync(f, zlib.gzipSync("\uFEFF" + PARSABLE2.replace(/\n/g, "\r\n")));
    const r = readSacct(f);
    expect(r.counts).toEqual({ ...base.counts, bom: 1 });
    expect(r.jobs.objects()).toEqual(base.jobs.objects());
    fs.rmSync(dir, { recursive: true });
    const twice = parseSacct(PARSABLE2 + PARSABLE2, "cat.txt");
    expect(twice.counts.repeatedHeaders).toBe(1);
    expect(twice.counts.jobs).toBe(14);
  });
});

// Open XDMoD's export: sacct --parsable2 --noheader --allocations --duplicates with its 26 columns
// (XDMOD_SACCT_COLUMNS, lower case in its --format; sacct prints no header).
describe("parseSacct: Open XDMoD's header-less export", () => {
  const xdmod = [
    "4711|4711|frontier|batch|normal|phys|physgrp|5001|alice|1001|2023-03-01T10:00:00|2023-03-01T10:00:00|2023-03-01T10:05:00|2023-03-01T11:05:00|01:00:00|0:0|COMPLETED|32|256|256|1500G|billing=256,cpu=256,mem=1500G,node=32|billing=256,cpu=256,mem=1500G,node=32|02:00:00|c[001-032]|lammps|in.melt",
    "4740|4740|frontier|batch|normal|chem|chemgrp|5002|dave|1002|2023-03-01T10:03:00|2023-03-01T10:03:00|2023-03-01T10:09:00|2023-03-01T10:09:00|00:00:00|0:0|CANCELLED by 1002|2|0|48|16G|billing=48,cpu=48,mem=16G,node=2||04:00:00|None assigned|big",
  ].join("\n");
  it("is recognised by its 26 columns and values, and says so", () => {
    const d = parseSacct(xdmod, "xdmod.log");
    expect(XDMOD_SACCT_COLUMNS.length).toBe(26);
    expect(d.layout.columnsFrom).toBe("Open XDMoD's sacct export (no header)");
    expect(d.records.map((j) => [j.id, j.name, j.user, j.cpus, j.nodes, j.timelimit])).toEqual([
      ["4711", "lammps|in.melt", "alice", 256, 32, 7200],
    ]);
    expect(d.neverStarted.map((x) => [x.job.id, x.reason])).toEqual([["4740", "no nodes assigned"]]);
  });
});

// sacct's default output (no --parsable): a fixed-width table with a rule line under the header,
// long values cut and marked "+" (sacct(1)).
describe("parseSacct: the fixed-width table is refused with the export command", () => {
  it("names the rule line and quotes the command", () => {
    const fixed = [
      "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
      "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
      "4711             lammps      batch       phys        256  COMPLETED      0:0 ",
      "4711.batch        batch                  phys          8  COMPLETED      0:0 ",
      "4711.extern      extern                  phys        256  COMPLETED      0:0 ",
    ].join("\n");
    const msg = `fixed.txt:2: invalid format: "------------ ---------- ---------- ---------- ---------- ---------- -------- "; expected sacct --parsable2 output (this is the fixed-width table the command prints by default, which cuts long values): re-export with ${SACCT_EXPORT_COMMAND}`;
    expect(() => parseSacct(fixed, "fixed.txt")).toThrow(msg);
  });
});

describe("parseSacct: free-text columns that hold | or a line break", () => {
  // --format=JobID,JobName,SubmitLine,State,Submit,Start,End,Elapsed,Timelimit,NNodes,AllocCPUS,NodeList,WorkDir
  const HEAD =
    "JobID|JobName|SubmitLine|State|Submit|Start|End|Elapsed|Timelimit|NNodes|AllocCPUS|NodeList|WorkDir";
  const tail =
    "2023-03-01T10:00:00|2023-03-01T10:01:00|2023-03-01T10:02:00|00:01:00|00:10:00|1|1|c001|/scratch/alice/run";
  it("gives the extra | of a SubmitLine such as --wrap=env | grep SLURM | sed to SubmitLine, the good jobs around it kept", () => {
    const d = parseSacct(
      [
        HEAD,
        `5000|ok|sbatch ok.sh|COMPLETED|${tail}`,
        `5001|env|sbatch --wrap=env | grep SLURM | sed s/=/:/|COMPLETED|${tail}`,
        `5002|pipe|name|sbatch -J pipe|name --wrap=env | sort|COMPLETED|${tail}`,
        `5003|ok|sbatch ok.sh|COMPLETED|${tail}`,
      ].join("\n"),
      "free.txt",
    );
    expect(d.records.map((j) => [j.id, j.name, j.state, j.cpus])).toEqual([
      ["5000", "ok", "COMPLETED", 1],
      ["5001", "env", "COMPLETED", 1],
      ["5002", "pipe|name", "COMPLETED", 1],
      ["5003", "ok", "COMPLETED", 1],
    ]);
    expect(d.counts.recovered).toBe(2);
  });
  it("joins a record whose JobName and SubmitLine hold a line break", () => {
    const d = parseSacct(
      [
        HEAD,
        `5004|two`,
        `lines|sbatch -J 'two`,
        `lines' --wrap=hostname|COMPLETED|${tail}`,
        `5005|ok|sbatch ok.sh|COMPLETED|${tail}`,
      ].join("\n"),
      "multi.txt",
    );
    expect(d.records.map((j) => [j.id, j.name, j.line])).toEqual([
      ["5004", "two\nlines", 2],
      ["5005", "ok", 5],
    ]);
    expect(d.counts).toMatchObject({ lines: 2, recovered: 1, jobs: 2 });
  });
  it("refuses a | that two neighbouring free-text columns could both hold, naming the line, the columns and the fix", () => {
    const head = "JobID|State|Submit|Start|End|AllocCPUS|JobName|Comment";
    const times = "2023-03-01T10:00:00|2023-03-01T10:01:00|2023-03-01T10:02:00";
    expect(() => parseSacct(`${head}\n6000|COMPLETED|${times}|1|a|b|c`, "amb.txt")).toThrow(
      /^amb\.txt:2: invalid line: "6000\|COMPLETED\|.*"; expected one way to read its 9 fields as the 8 columns: the extra "\|" could belong to JobName or to Comment\. Re-export without one of these columns or with --delimiter=\$'\\t' \(sacct --allusers --parsable2 /,
    );
  });
  it("refuses an extra | in an export without free-text columns, naming the line and the fix", () => {
    const head = "JobID|State|Submit|Start|End|AllocCPUS|Partition";
    const times = "2023-03-01T10:00:00|2023-03-01T10:01:00|2023-03-01T10:02:00";
    expect(() => parseSacct(`${head}\n6001|COMPLETED|${times}|1|batch|x`, "nofree.txt")).toThrow(
      /^nofree\.txt:2: invalid line: "8 fields"; expected 7 fields like the header; a value holds "\|" and no column of this export may hold it \(only JobName, SubmitLine, .*\)\. Re-export with sacct --allusers --parsable2 /,
    );
  });
  it("names the column where extra fields cannot go, and a line cut short", () => {
    const head = "JobID|JobName|State|Submit|Start|End|AllocCPUS";
    const times = "2023-03-01T10:00:00|2023-03-01T10:01:00|2023-03-01T10:02:00";
    expect(() => parseSacct(`${head}\n6002|a|COMPLETED|${times}|1|2`, "bad.txt")).toThrow(
      /^bad\.txt:2: invalid line: "8 fields"; expected 7 fields like the header; the extra "\|" fit in no free-text column \(JobName\): column State would read "2023-03-01T10:00:00"\. Re-export with /,
    );
    expect(() => parseSacct(`${head}\n6003|a|COMPLETED|${times}`, "cut.txt")).toThrow(
      /^cut\.txt:2: invalid line: "6 fields"; expected 7 fields like the header; the line ends before column AllocCPUS \(cut short, or a line break inside a column that cannot hold one\)\. Re-export with /,
    );
  });
});

// Slurm ≤ 20.11: sacct's default format columns (JobID, JobName, Partition, Account, AllocCPUS, State,
// ExitCode) plus times; ReqMem with c (per CPU) or n (per node); a job cancelled while pending has
// Start = End; no NodeList in this export.
describe("parseSacct: a Slurm 20.11 export", () => {
  const OLD = [
    "JobID|JobName|Partition|Account|AllocCPUS|State|ExitCode|Submit|Start|End|Timelimit|ReqMem",
    "812|relax|normal|geo|48|COMPLETED|0:0|2021-05-03T11:00:00|2021-05-03T11:30:00|2021-05-03T13:30:00|3-00:00:00|4000Mc",
    "812.batch|batch||geo|48|COMPLETED|0:0|2021-05-03T11:30:00|2021-05-03T11:30:00|2021-05-03T13:30:00||4000Mc",
    "813|big|normal|geo|96|CANCELLED by 1000|0:0|2021-05-03T11:05:00|2021-05-03T12:00:00|2021-05-03T12:00:00|1-00:00:00|180Gn",
    "814|short|normal|geo|1|COMPLETED|0:0|2021-05-03T11:06:00|2021-05-03T11:06:30|2021-05-03T11:07:00|10|2Gn",
  ].join("\n");
  it("reads AllocCPUS (sacct's default column), ReqMem per CPU and per node, Timelimit in days and minutes", () => {
    const d = parseSacct(OLD, "old.txt");
    expect(d.records.map((j) => [j.id, j.cpus, j.reqMem, j.timelimit, j.nodes, j.steps])).toEqual([
      ["812", 48, { mib: 4000, per: "cpu" }, 3 * 86400, NaN, ["batch"]],
      ["814", 1, { mib: 2048, per: "node" }, 600, NaN, []],
    ]);
  });
  it("sets apart a CANCELLED job with Start = End when no NodeList says whether it ran", () => {
    const d = parseSacct(OLD, "old.txt");
    expect(d.neverStarted.map((x) => [x.job.id, x.reason, x.job.reqMem])).toEqual([
      ["813", "cancelled with Start = End", { mib: 184320, per: "node" }],
    ]);
    expect(d.counts.neverStartedBy).toEqual({ "cancelled with Start = End": 1 });
  });
});

describe("parseSacct: processors, nodes and End from the columns an export has", () => {
  const head = (cols: string) => `JobID|State|Submit|Start|End|Elapsed|${cols}`;
  const times = "2023-03-01T10:00:00|2023-03-01T10:01:00";
  it("takes AllocCPUS, else NCPUS, else ReqCPUS, else AllocTRES cpu=, else ReqTRES cpu=", () => {
    const one = (cols: string, vals: string) =>
      parseSacct(`${head(cols)}\n1|COMPLETED|${times}|2023-03-01T10:02:00|00:01:00|${vals}`, "c.txt")
        .records[0].cpus;
    expect(one("AllocCPUS|ReqCPUS", "8|4")).toBe(8);
    expect(one("NCPUS|ReqCPUS", "6|4")).toBe(6);
    expect(one("ReqCPUS", "4")).toBe(4);
    expect(one("AllocTRES|ReqTRES", "cpu=3,node=1|cpu=2,node=1")).toBe(3);
    expect(one("ReqTRES", "cpu=2,node=1")).toBe(2);
  });
  it("takes NNodes, else AllocNodes, else AllocTRES node=, else the hosts of NodeList", () => {
    const one = (cols: string, vals: string) =>
      parseSacct(
        `${head(`AllocCPUS|${cols}`)}\n1|COMPLETED|${times}|2023-03-01T10:02:00|00:01:00|8|${vals}`,
        "n.txt",
      ).records[0].nodes;
    expect(one("NNodes|AllocNodes", "4|2")).toBe(4);
    expect(one("AllocNodes", "2")).toBe(2);
    expect(one("AllocTRES", "cpu=8,node=3")).toBe(3);
    expect(one("NodeList", "c[01-05]")).toBe(5);
  });
  it("sets End = Start + Elapsed when End is Unknown for a job that no longer runs, and counts it", () => {
    const d = parseSacct(`${head("AllocCPUS")}\n1|COMPLETED|${times}|Unknown|01:00:00|8`, "e.txt");
    expect(d.records[0].end).toBe(t("2023-03-01T11:01:00"));
    expect(d.counts.endFromElapsed).toBe(1);
  });
});

describe("parseSacct: errors name the file, line, column and the fix", () => {
  it("names every missing column at once, with the export command", () => {
    expect(() => parseSacct("JobID|JobName|State\n1|a|COMPLETED\n", "x.txt")).toThrow(
      `x.txt:1: invalid header: "JobID|JobName|State"; expected the columns JobID, Submit, Start, End or Elapsed, State, AllocCPUS or NCPUS or ReqCPUS or AllocTRES or ReqTRES; missing Submit, Start, one of End/Elapsed, one of AllocCPUS/NCPUS/ReqCPUS/AllocTRES/ReqTRES (re-export with ${SACCT_EXPORT_COMMAND})`,
    );
  });
  it("names a bad value's line and column", () => {
    const bad = (column: string, v: string) => {
      const rows = ROWS.map((r) => [...r]);
      rows[5][SACCT_EXPORT_COLUMNS.indexOf(column)] = v;
      return [SACCT_EXPORT_COLUMNS, ...rows].map((r) => r.join("|")).join("\n");
    };
    expect(() => parseSacct(bad("Timelimit", "30 minutes"), "x.txt")).toThrow(
      /^x\.txt:7: invalid Timelimit: "30 minutes"; expected \[D-\]HH:MM:SS, HH:MM:SS, MM:SS, MM, D-HH, UNLIMITED or Partition_Limit$/,
    );
    expect(() => parseSacct(bad("Submit", "yesterday"), "x.txt")).toThrow(
      /^x\.txt:7: invalid Submit: "yesterday"; expected an ISO time/,
    );
    expect(() => parseSacct(bad("JobID", "job12"), "x.txt")).toThrow(
      /^x\.txt:7: invalid JobID: "job12"; expected a job id such as 123, 123_4, 123_\[1-3%2\], 123\+1 or a step 123\.batch$/,
    );
    expect(() => parseSacct(bad("AllocCPUS", "many"), "x.txt")).toThrow(
      /^x\.txt:7: invalid AllocCPUS: "many"; expected a whole number or empty$/,
    );
    expect(() => parseSacct(bad("State", "Done"), "x.txt")).toThrow(
      /^x\.txt:7: invalid State: "Done"; expected a Slurm job state/,
    );
    expect(() => parseSacct(bad("AllocTRES", "cpu=8,mem"), "x.txt")).toThrow(
      /^x\.txt:7: invalid AllocTRES: "cpu=8,mem"; expected TRES items/,
    );
    expect(() => parseSacct(bad("ReqMem", "lots"), "x.txt")).toThrow(
      /^x\.txt:7: invalid ReqMem: "lots"; expected what sacct prints there: a size with unit K, M, G, T or P/,
    );
  });
  it("an empty file names the header it needs", () => {
    expect(() => parseSacct("\n\n", "empty.txt")).toThrow(
      /^empty\.txt:1: invalid header: ""; expected sacct --parsable2 output: a header line, then rows \(sacct --allusers /,
    );
  });
});

describe("readSacct on real Slurm 22.05 output (test/fixtures/slurm, scripts/record-slurm-dumps.ts)", () => {
  it("reads every record: jobs, steps, the job cancelled while pending set apart", () => {
    const file = path.join(REAL, "sacct.txt");
    const lines =
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "").length - 1;
    const d = readSacct(file);
    const n = d.counts;
    expect(n.lines).toBe(lines);
    expect(n.jobs + n.neverStarted + n.steps + n.orphanSteps + n.hetComponents).toBe(lines);
    expect(d.neverStarted.map((x) => [x.job.id, x.job.state, x.job.cancelledBy, x.reason])).toEqual([
      ["4", "CANCELLED", 0, "no start time"],
    ]);
  });
});
