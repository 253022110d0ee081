import { describe, expect, it } from "vitest";
import { parseSacct } from "../../lib/io/sacct";
import {
  SACCT_17_11,
  SACCT_19_05,
  SACCT_20_02,
  SACCT_20_11,
  SACCT_21_08,
  SACCT_22_05,
  SACCT_23_02,
  SACCT_24_05,
} from "./sacct-release-exports";

const byId = (text: string, file: string) => new Map(parseSacct(text, file).records.map((j) => [j.id, j]));

describe("sacct --parsable2 of every release: each request column read as that release prints it", () => {
  it("17.11: ReqMem per CPU and per node (62.50Gn is 64000 MiB), ReqGRES/AllocGRES gpu:2, ReqNodes, Reservation; steps folded", () => {
    const d = parseSacct(SACCT_17_11, "s17.txt");
    expect(d.columns).toContain("ReqGRES");
    expect(d.columns).not.toContain("Constraints");
    expect(d.counts).toMatchObject({ jobs: 8, steps: 5 });
    const j = new Map(d.records.map((r) => [r.id, r]));
    expect(j.get("5001")).toMatchObject({ reqMem: { mib: 2800, per: "cpu" }, reqGres: [], allocGres: [] });
    expect(j.get("5001")!.steps).toEqual(["batch", "extern"]);
    expect(j.get("5004")).toMatchObject({
      reqMem: { mib: 4096, per: "node" },
      reqGres: [{ name: "gpu", type: "", count: 2, per: "job" }],
      allocGres: [{ name: "gpu", type: "", count: 2, per: "job" }],
      reqNodes: 1,
    });
    expect(j.get("5005")).toMatchObject({
      reqMem: { mib: 64000, per: "node" },
      reqNodes: 2,
      nodes: 2,
      reservation: "maint",
      reqTres: { cpu: 32, memMiB: 128000, node: 2 },
    });
    expect(j.get("5005")!.flags).toBeUndefined();
    expect(j.get("5005")!.constraints).toBeUndefined();
    expect(j.get("5007_1")).toMatchObject({ arrayTask: "1", reqMem: { mib: 1000, per: "cpu" } });
  });
  it("19.05: ReqGRES typed (gpu:tesla:2, the job's total), Constraints with a | placed, Flags NotSet", () => {
    const j = byId(SACCT_19_05, "s19.txt");
    expect(j.get("3001")).toMatchObject({
      reqGres: [{ name: "gpu", type: "", count: 2, per: "job" }],
      allocGres: [{ name: "gpu", type: "", count: 2, per: "job" }],
      reqMem: { mib: 8192, per: "node" },
      flags: ["SchedMain"],
    });
    expect(j.get("3002")).toMatchObject({
      reqGres: [{ name: "gpu", type: "tesla", count: 2, per: "job" }],
      reqMem: { mib: 1536, per: "node" },
      constraints: "[rack1|rack2]",
      flags: ["NotSet"],
      name: "md",
    });
    expect(j.get("3003")).toMatchObject({ reqGres: [], constraints: "intel&ib", flags: ["SchedBackfill"] });
  });
  it("20.02: ReqGRES per node, per task, per job with a second group", () => {
    const j = byId(SACCT_20_02, "s20.txt");
    expect(j.get("4001")!.reqGres).toEqual([{ name: "gpu", type: "", count: 2, per: "node" }]);
    expect(j.get("4002")!.reqGres).toEqual([{ name: "gpu", type: "", count: 1, per: "task" }]);
    expect(j.get("4002")!.allocGres).toEqual([{ name: "gpu", type: "", count: 3, per: "job" }]);
    expect(j.get("4003")!.reqGres).toEqual([
      { name: "gpu", type: "tesla", count: 1, per: "job" },
      { name: "mps", type: "", count: 100, per: "node" },
    ]);
  });
  it("20.11: 2800Mc on 16 CPUs (ReqTRES mem 44800M), 500000Mn, 0n; GPUs only in TRES; array tasks", () => {
    const d = parseSacct(SACCT_20_11, "s2011.txt");
    expect(d.columns).not.toContain("ReqGRES");
    const j = new Map(d.records.map((r) => [r.id, r]));
    expect(j.get("2001")).toMatchObject({
      reqMem: { mib: 2800, per: "cpu" },
      reqTres: { memMiB: 44800, cpu: 16 },
    });
    expect(j.get("2002")).toMatchObject({
      reqMem: { mib: 500000, per: "node" },
      reqTres: { memMiB: 500000 },
    });
    expect(j.get("2003")).toMatchObject({
      reqMem: { mib: 4096, per: "node" },
      reqTres: { gpus: 4 },
      constraints: "v100",
    });
    expect(j.get("2004_1")).toMatchObject({ reqMem: { mib: 0, per: "node" }, steps: ["batch"] });
    expect(j.get("2004_1")!.reqTres!.memMiB).toBeUndefined();
    expect(j.get("2004_2")).toMatchObject({ jobId: 2004, arrayTask: "2" });
    expect(j.get("2001")!.reqGres).toBeUndefined();
  });
  it("21.08: ReqMem the whole job's, 16? for a job without mem in its ReqTRES, SubmitLine read; steps' empty ReqMem", () => {
    const j = byId(SACCT_21_08, "s21.txt");
    expect(j.get("6001")).toMatchObject({
      reqMem: { mib: 44800, per: "job" },
      submitted: { command: "sbatch", memPerCpuMiB: 2800, ntasks: 16 },
      flags: ["SchedMain"],
    });
    expect(j.get("6002")!.reqMem).toEqual({ mib: NaN, per: "job" });
    expect(j.get("6002")!.flags).toEqual(["NotSet"]);
  });
  it("22.05 and 24.05: SchedNotSet,StartRecieved and StartReceived; 24.05's ReqMem 0", () => {
    expect(byId(SACCT_22_05, "s22.txt").get("7001")).toMatchObject({
      flags: ["SchedNotSet", "StartRecieved"],
      reqMem: { mib: NaN, per: "job" },
    });
    expect(byId(SACCT_24_05, "s24.txt").get("9001")).toMatchObject({
      flags: ["SchedBackfill", "StartReceived"],
      reqMem: { mib: 0, per: "job" },
    });
  });
  it("23.02: Constraints with a |, SubmitLine with --exclusive, -d, -p a,b, --gpus, -N 1-2; a step's own srun line is not its job's", () => {
    const j = byId(SACCT_23_02, "s23.txt");
    expect(j.get("8001")).toMatchObject({
      constraints: "intel|amd",
      reqMem: { mib: 16384, per: "job" },
      submitted: { memPerNodeMiB: 8192, nodes: { min: 2, max: 2 }, ntasksPerNode: 16, exclusive: "node" },
      steps: ["batch", "0"],
    });
    expect(j.get("8001")!.submitted!.constraint).toBeUndefined();
    expect(j.get("8002")).toMatchObject({
      partition: "gpu",
      reservation: "rsv1",
      reqMem: { mib: 0, per: "job" },
      submitted: { partitions: ["batch", "gpu"], dependency: "afterok:8001", exclusive: "user" },
    });
    expect(j.get("8003")).toMatchObject({ reqNodes: 1, nodes: 2, constraints: "[rack1*1&rack2*1]" });
  });
});

describe("sacct exports of every release: the fixtures and the errors", () => {
  it("each fixture line holds its header's fields, or more where a free-text column holds a |", () => {
    for (const text of [
      SACCT_17_11,
      SACCT_19_05,
      SACCT_20_02,
      SACCT_20_11,
      SACCT_21_08,
      SACCT_22_05,
      SACCT_23_02,
      SACCT_24_05,
    ]) {
      const [head, ...lines] = text.split("\n");
      const n = head.split("|").length;
      for (const l of lines)
        expect(l.split("|").length - (l.match(/\[rack1\|rack2\]|intel\|amd/) ? 1 : 0)).toBe(n);
    }
  });
  it("names the file, line and column of a value no release prints there, with the fix", () => {
    const bad = (text: string, from: string, to: string) => text.replace(from, to);
    expect(() => parseSacct(bad(SACCT_17_11, "|gpu:2|gpu:2|cpu=8", "|gpu=2|gpu:2|cpu=8"), "b.txt")).toThrow(
      /^b\.txt:4: invalid ReqGRES: "gpu=2"; expected GRES items name\[:type\]:count/,
    );
    expect(() => parseSacct(bad(SACCT_20_11, "|500000Mn|billing", "|500000MBn|billing"), "b.txt")).toThrow(
      /^b\.txt:5: invalid ReqMem: "500000MBn"; expected what sacct prints there/,
    );
    expect(() =>
      parseSacct(bad(SACCT_20_11, "|1|16|16|1|2800Mc|billing", "|1|16|16|one|2800Mc|billing"), "b.txt"),
    ).toThrow(
      /^b\.txt:2: invalid ReqNodes: "one"; expected a whole number, or one with K \(1024\) as 1K or 1\.50K/,
    );
  });
});
