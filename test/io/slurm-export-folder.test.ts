import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSacct, readSacct } from "../../lib/io/sacct";
import { readSlurmExport } from "../../lib/io/slurm-export-folder";
import { SACCT_EXPORT_COLUMNS, SACCT_EXPORT_COMMAND } from "../../lib/io/slurm-exports";

// Written by the export script on a local Slurm 22.05 (test/fixtures/slurm/export/README.md names
// every command), with the same jobs in sacct's other shapes beside it.
const DIR = path.join(__dirname, "..", "fixtures", "slurm", "export");
const read = (f: string) => fs.readFileSync(path.join(DIR, f), "utf8");

describe("readSlurmExport on the recorded export", () => {
  const e = readSlurmExport(DIR);
  it("reads every file of the script, typed", () => {
    // no topology plugin: scontrol show topology prints nothing, and the file is there, empty
    expect(e.missing).toEqual([]);
    expect(e.sacct!.counts).toEqual({
      lines: 20,
      jobs: 9,
      steps: 9,
      orphanSteps: 0,
      hetComponents: 1,
      neverStarted: 1,
      neverStartedBy: { "no nodes assigned": 1 },
      recovered: 1,
      noTimeLimit: 0,
      endFromElapsed: 0,
      bom: 0,
      repeatedHeaders: 0,
    });
    expect(e.sshare!.map((r) => [r.account, r.user, r.rawShares])).toEqual([
      ["root", "", null],
      ["root", "root", 1],
      ["chem", "", 1],
      ["chem", "root", 1],
      ["physics", "", 3],
      ["physics", "root", 2],
    ]);
    expect(e.associations!.length).toBe(6);
    expect(e.config!.priority.type).toBe("priority/multifactor");
    expect(e.nodes!.map((n) => n.node)).toEqual(["n1", "n2"]);
  });
  it("types the jobs as Slurm ran them: the | in a job name, the heterogeneous job, the thin job, the cancelled one", () => {
    const by = new Map(e.sacct!.records.map((j) => [j.id, j]));
    expect(by.get("2")).toMatchObject({
      name: "env|grep",
      state: "COMPLETED",
      cpus: 1,
      nodes: 1,
      steps: ["batch"],
    });
    expect(by.get("3")).toMatchObject({
      hetComponents: 2,
      cpus: 3,
      nodes: 2,
      nodeList: "n1,n2",
      steps: ["batch"],
    });
    expect(by.get("5")).toMatchObject({
      cpus: 2,
      nodes: 2,
      nodeList: "n[1-2]",
      reqMem: { mib: 2, per: "job" },
    });
    expect(by.get("7")).toMatchObject({ state: "TIMEOUT", elapsed: 77, timelimit: 60 });
    expect(by.get("6")).toMatchObject({
      state: "FAILED",
      allocTres: { billing: 1, cpu: 1, node: 1, gres: {}, other: {} },
    });
    expect(
      e.sacct!.neverStarted.map((x) => [x.job.id, x.job.state, x.job.cancelledBy, x.job.nodeList, x.reason]),
    ).toEqual([["8", "CANCELLED", 0, "None assigned", "no nodes assigned"]]);
  });
  it("reads which scheduler started each job (Flags): the heterogeneous job by backfill", () => {
    expect(e.sacct!.records.map((j) => [j.id, j.flags])).toEqual([
      ["2", ["SchedMain", "StartRecieved"]],
      ["3", ["SchedBackfill", "StartRecieved"]],
      ["5", ["SchedMain", "StartRecieved"]],
      ["6", ["SchedMain", "StartRecieved"]],
      ["1_0", ["SchedMain", "StartRecieved"]],
      ["1_1", ["SchedMain", "StartRecieved"]],
      ["1_2", ["SchedMain", "StartRecieved"]],
      ["1_3", ["SchedMain", "StartRecieved"]],
      ["7", ["SchedMain", "StartRecieved"]],
    ]);
  });
  it("reads --parsable, TAB and --noheader (given the columns) to the same jobs", () => {
    const base = e.sacct!.records;
    expect(parseSacct(read("sacct-parsable.txt"), "p").records).toEqual(base);
    expect(parseSacct(read("sacct-tab.txt"), "t").records).toEqual(base);
    const nh = parseSacct(read("sacct-noheader.txt"), "n", { columns: SACCT_EXPORT_COLUMNS }).records;
    expect(nh.map((j) => ({ ...j, line: j.line + 1 }))).toEqual(base);
  });
  it("recovers the SubmitLine that holds | (env | grep SLURM | sort) and a JobName that holds one", () => {
    const d = readSacct(path.join(DIR, "sacct-submitline.txt"));
    expect(d.counts.recovered).toBe(1);
    expect(d.records.map((j) => [j.id, j.name, j.state, j.cpus])).toEqual(
      e.sacct!.records.map((j) => [j.id, j.name, j.state, j.cpus]),
    );
  });
  it("refuses sacct's default fixed-width table, quoting the export command", () => {
    expect(() => readSacct(path.join(DIR, "sacct-fixed.txt"))).toThrow(
      `sacct-fixed.txt:2: invalid format: "------------ ---------- ---------- ---------- ---------- ---------- -------- "; expected sacct --parsable2 output (this is the fixed-width table the command prints by default, which cuts long values): re-export with ${SACCT_EXPORT_COMMAND}`,
    );
  });
  it("names the absent files, and refuses a folder with none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-"));
    fs.copyFileSync(path.join(DIR, "sshare.txt"), path.join(dir, "sshare.txt"));
    const part = readSlurmExport(dir);
    expect(part.missing).toEqual(["sacct.txt", "assoc.txt", "config.txt", "nodes.txt", "topology.txt"]);
    expect(part.sshare!.length).toBe(6);
    fs.rmSync(path.join(dir, "sshare.txt"));
    expect(() => readSlurmExport(dir)).toThrow(
      /^invalid dir: ".*"; expected a folder holding the export script's files sacct\.txt, sshare\.txt, assoc\.txt, config\.txt, nodes\.txt, topology\.txt \(docs\/your-data\.md\)$/,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
