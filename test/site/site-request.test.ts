import { describe, expect, it } from "vitest";
import { parseSacct } from "../../lib/io/sacct";
import { parseSinfoNodes } from "../../lib/io/sinfo-nodes";
import type { SiteModel } from "../../lib/site/site";
import { INFERRED_REASONS, type SiteJob, siteJobs } from "../../lib/site/site-jobs";
import { jobTres, tresMachine } from "../../lib/site/site-tres";
import { unsimulatedRows } from "../../lib/site/unsimulated";
import {
  NODES_17_11,
  NODES_23_02,
  SACCT_17_11,
  SACCT_19_05,
  SACCT_20_02,
  SACCT_20_11,
  SACCT_21_08,
  SACCT_23_02,
} from "../io/sacct-release-exports";
import { literalSite } from "./fixtures";

const NODES_20_11 = [
  "NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE",
  "c01|batch*|16|2:8:1|64000|intel|(null)|idle",
  "c02|batch*|16|2:8:1|64000|intel|(null)|idle",
  "bm01|bigmem|8|1:8:1|512000|bigmem|(null)|idle",
  "g01|gpu|8|1:8:1|32000|v100|gpu:2|idle",
  "g02|gpu|8|1:8:1|32000|v100|gpu:2|idle",
].join("\n");

const read = (text: string, nodes?: string) => {
  const machine = nodes ? parseSinfoNodes(nodes, "nodes.txt") : undefined;
  const r = siteJobs(parseSacct(text, "sacct.txt"), 8, machine);
  return { ...r, by: new Map(r.jobs.map((j) => [j.id, j])), tres: machine ? tresMachine(machine) : [] };
};

/** A site of these jobs sharing the nodes under cons_tres with CR_Core_Memory. */
function sharedSite(jobs: SiteJob[], nodes: string): SiteModel {
  const base = literalSite(jobs, 1);
  const tres = tresMachine(parseSinfoNodes(nodes, "nodes.txt"));
  return {
    ...base,
    machine: { nodes: tres.length, coresPerNode: 16, origin: "literal", model: "shared nodes", tres },
    settings: { ...base.settings, selectTypeParameters: ["CR_Core_Memory"] },
  };
}

describe("a site job's request from a Slurm 20.11 export: ReqMem per CPU and per node", () => {
  const r = read(SACCT_20_11, NODES_20_11);
  it("keeps what the memory is per, and the whole job's from ReqTRES mem", () => {
    expect(r.by.get("2001")).toMatchObject({
      reqMem: { mib: 2800, per: "cpu" },
      reqMemMiB: 44800,
      reqCpus: 16,
      reqGpus: 0,
      requestFrom: { memory: "ReqMem", gpus: "ReqTRES", constraint: "Constraints" },
      unknown: [],
      reqNodes: 1,
      startedBy: "main",
    });
    expect(r.by.get("2002")).toMatchObject({ reqMem: { mib: 500000, per: "node" }, reqMemMiB: 500000 });
    expect(r.by.get("2003")).toMatchObject({ reqGpus: 4, gpus: 4, constraint: "v100", reqMemMiB: 8192 });
    // 0n asks none; its ReqTRES has no mem (Slurm leaves zero counts out)
    expect(r.by.get("2004_1")).toMatchObject({
      reqMem: { mib: 0, per: "node" },
      reqMemMiB: 0,
      startedBy: "submit",
    });
    expect(r.inferred).toEqual([]);
  });
  it("jobTres: 2800 MiB per CPU given (memPerCpuMiB, no memory per node); 500000 MiB per node; GPUs over nodes", () => {
    expect(jobTres(r.by.get("2001")!, r.tres, true)).toEqual({
      cpusPerNode: 16,
      memPerNodeMiB: 0,
      memPerCpuMiB: 2800,
      gpusPerNode: 0,
      constraint: "",
      exclusive: false,
    });
    expect(jobTres(r.by.get("2002")!, r.tres, true)).toMatchObject({ cpusPerNode: 8, memPerNodeMiB: 500000 });
    expect(jobTres(r.by.get("2003")!, r.tres, true)).toEqual({
      cpusPerNode: 4,
      memPerNodeMiB: 4096,
      gpusPerNode: 2,
      constraint: "v100",
      exclusive: false,
    });
    expect(jobTres(r.by.get("2004_1")!, r.tres, true).memPerNodeMiB).toBe(0);
    // memory not consumable: no memory at all
    expect(jobTres(r.by.get("2001")!, r.tres, false)).toMatchObject({ memPerNodeMiB: 0 });
    expect(jobTres(r.by.get("2001")!, r.tres, false).memPerCpuMiB).toBeUndefined();
  });
});

describe("GPUs from the columns of Slurm 19.05 and 20.02 (ReqGRES, AllocGRES), no gres/gpu in TRES", () => {
  it("19.05: ReqGRES gpu:2 and gpu:tesla:2 (the job's total), the GPUs held from AllocGRES; NotSet", () => {
    const r = read(SACCT_19_05);
    expect(r.by.get("3001")).toMatchObject({ reqGpus: 2, gpus: 2, requestFrom: { gpus: "ReqGRES" } });
    expect(r.by.get("3002")).toMatchObject({
      reqGpus: 2,
      reqMem: { mib: 1536, per: "node" },
      reqMemMiB: 3072,
      constraint: "[rack1|rack2]",
      startedBy: "not set",
    });
    expect(r.by.get("3003")).toMatchObject({ reqGpus: 0, constraint: "intel&ib", startedBy: "backfill" });
    expect(r.inferred).toEqual([]);
    // the matching OR is tested node by node: rack1 or rack2
    const racks = [
      { name: "g01", cpus: 8, memoryMiB: 32000, gpus: 2, features: ["rack1"], partitions: ["gpu"] },
      { name: "g02", cpus: 8, memoryMiB: 32000, gpus: 2, features: ["rack2"], partitions: ["gpu"] },
    ];
    expect(jobTres(r.by.get("3002")!, racks, true)).toEqual({
      cpusPerNode: 4,
      memPerNodeMiB: 1536,
      gpusPerNode: 1,
      constraint: "rack1|rack2",
      exclusive: false,
    });
  });
  it("20.02: PER_NODE:gpu:2 on 2 nodes is 4; PER_TASK gives no count, so AllocGRES's 3 is inferred and counted", () => {
    const r = read(SACCT_20_02);
    expect(r.by.get("4001")).toMatchObject({
      reqGpus: 4,
      reqMem: { mib: 4096, per: "cpu" },
      reqMemMiB: 65536,
    });
    expect(r.by.get("4002")).toMatchObject({ reqGpus: 3, requestFrom: { gpus: "AllocGRES" } });
    expect(r.by.get("4003")).toMatchObject({ reqGpus: 1, requestFrom: { gpus: "ReqGRES" } });
    expect(r.inferred).toEqual([{ reason: INFERRED_REASONS.AllocGRES, jobs: 1, firstLine: 4 }]);
  });
});

describe("Slurm 17.11: no Constraints column; a constraint inferred from the nodes, by the stated rule", () => {
  const r = read(SACCT_17_11, NODES_17_11);
  it("5001 waited while idle intel nodes could hold it and ran on amd: read as --constraint=amd, counted", () => {
    expect(r.by.get("5001")).toMatchObject({
      constraint: "amd",
      requestFrom: { constraint: "nodes" },
      unknown: [],
    });
    expect(r.inferred).toEqual([{ reason: INFERRED_REASONS.nodes, jobs: 1, firstLine: 6 }]);
  });
  it("5003 waited too, but idle intel nodes were there: no inference, its constraint unknown", () => {
    expect(r.by.get("5003")).toMatchObject({ constraint: "", unknown: ["constraint"] });
    expect(r.by.get("5003")!.requestFrom!.constraint).toBeUndefined();
  });
  it("reads ReqGRES as the GPUs asked, 62.50Gn per node, the reservation", () => {
    expect(r.by.get("5004")).toMatchObject({ reqGpus: 2, gpus: 2, requestFrom: { gpus: "ReqGRES" } });
    expect(jobTres(r.by.get("5005")!, r.tres, true)).toEqual({
      cpusPerNode: 16,
      memPerNodeMiB: 64000,
      gpusPerNode: 0,
      constraint: "",
      exclusive: false,
    });
    expect(r.by.get("5005")!.reservation).toBe("maint");
    expect(jobTres(r.by.get("5001")!, r.tres, true)).toMatchObject({ memPerCpuMiB: 2800, constraint: "amd" });
  });
  it("without the machine's nodes nothing is inferred", () => {
    const bare = read(SACCT_17_11);
    expect(bare.inferred).toEqual([]);
    expect(bare.by.get("5001")!.unknown).toEqual(["constraint"]);
  });
  it("the left-out table counts the inferred constraint and the jobs whose constraint is unknown", () => {
    const rows = unsimulatedRows(sharedSite(r.jobs, NODES_17_11));
    expect(rows.filter((x) => x.feature === "inferred" || x.feature === "unknown")).toEqual([
      { feature: "inferred", request: "constraint", jobs: 1 },
      { feature: "unknown", request: "constraint", jobs: 7 },
    ]);
    expect(rows.find((x) => x.feature === "reservations")).toEqual({
      feature: "reservations",
      jobs: 1,
      inExport: true,
    });
  });
});

describe("Slurm 21.08 and 23.02: SubmitLine as stated evidence", () => {
  it("21.08: --mem-per-cpu=2800 on the command line: 2800 MiB per CPU; 16? with no mem in ReqTRES asks none", () => {
    const r = read(SACCT_21_08);
    expect(r.by.get("6001")).toMatchObject({
      reqMem: { mib: 2800, per: "cpu" },
      reqMemMiB: 44800,
      requestFrom: { memory: "SubmitLine" },
      unknown: ["gpus"],
    });
    expect(r.by.get("6002")).toMatchObject({
      reqMem: { mib: 0, per: "job" },
      reqMemMiB: 0,
      requestFrom: { memory: "ReqTRES" },
      startedBy: "not set",
    });
  });
  const r = read(SACCT_23_02, NODES_23_02);
  it("23.02: Constraints over SubmitLine, --mem per node, --ntasks-per-node, --exclusive, -p a,b, --exclusive=user", () => {
    expect(r.by.get("8001")).toMatchObject({
      constraint: "intel|amd",
      requestFrom: { constraint: "Constraints" },
    });
    expect(jobTres(r.by.get("8001")!, r.tres, true)).toEqual({
      cpusPerNode: 16,
      memPerNodeMiB: 8192,
      gpusPerNode: 0,
      constraint: "intel|amd",
      exclusive: true,
    });
    expect(r.by.get("8002")).toMatchObject({ partition: "gpu", partitions: ["batch", "gpu"], reqGpus: 1 });
    expect(jobTres(r.by.get("8002")!, r.tres, true)).toMatchObject({ gpusPerNode: 1, exclusive: false });
    // [rack1*1&rack2*1]: one node of each rack, tested node by node as rack1|rack2; 1000 MiB per CPU stated
    expect(jobTres(r.by.get("8003")!, r.tres, true)).toEqual({
      cpusPerNode: 1,
      memPerNodeMiB: 0,
      memPerCpuMiB: 1000,
      gpusPerNode: 0,
      constraint: "rack1|rack2",
      exclusive: false,
    });
  });
  it("the left-out table: a simplified constraint, two partitions, a dependency, --exclusive=user, a node range", () => {
    const rows = unsimulatedRows(sharedSite(r.jobs, NODES_23_02));
    const names = [
      "constraint simplified",
      "constraint dropped",
      "several partitions",
      "dependency",
      "exclusive not by node",
      "memory per GPU",
      "node range",
      "inferred",
      "unknown",
    ];
    expect(rows.filter((x) => names.includes(x.feature))).toEqual([
      { feature: "constraint simplified", jobs: 1 },
      { feature: "several partitions", jobs: 1 },
      { feature: "dependency", jobs: 1 },
      { feature: "exclusive not by node", jobs: 1 },
      { feature: "node range", jobs: 1 },
    ]);
  });
});

describe("constraints the replay cannot honour as asked, and GPUs an export does not hold", () => {
  it("a constraint a node it ran on fails is dropped; a matching OR is simplified; each counted", () => {
    const nodes = [
      "NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE",
      "c01|batch*|16|2:8:1|64000|intel|(null)|idle",
      "g01|gpu|8|1:8:1|32000|rack1|gpu:2|idle",
      "g02|gpu|8|1:8:1|32000|rack2|gpu:2|idle",
    ].join("\n");
    const r = read(SACCT_19_05, nodes);
    // 3003 asked intel&ib and ran on c01, which has no ib (now): the replay drops it
    expect(jobTres(r.by.get("3003")!, r.tres, true).constraint).toBe("");
    const rows = unsimulatedRows(sharedSite(r.jobs, nodes));
    expect(rows.filter((x) => /^constraint/.test(x.feature))).toEqual([
      { feature: "constraint simplified", jobs: 1 },
      { feature: "constraint dropped", jobs: 1 },
    ]);
  });
  it("an export without any GPU column on a machine with GPUs: the jobs' GPUs are unknown, counted", () => {
    const r = read(SACCT_21_08, NODES_20_11);
    const rows = unsimulatedRows(sharedSite(r.jobs, NODES_20_11));
    expect(rows.filter((x) => x.feature === "unknown")).toEqual([
      { feature: "unknown", request: "gpus", jobs: 2 },
    ]);
    // on whole nodes a constraint is not modelled at all
    const whole = unsimulatedRows(literalSite(read(SACCT_19_05).jobs, 4));
    expect(whole.find((x) => x.feature === "constraints")).toEqual({ feature: "constraints", jobs: 2 });
  });
});

describe("a Partition of several (a job recorded before its start record)", () => {
  it("is read as the one holding every node it ran on, the others kept, the change counted (line 7)", () => {
    const text = SACCT_20_11.replace("|cyd|phys|gpu|normal|", "|cyd|phys|batch,gpu|normal|");
    const r = read(text, NODES_20_11);
    expect(r.by.get("2003")).toMatchObject({ partition: "gpu", partitions: ["batch", "gpu"] });
    expect(r.changed).toEqual([
      {
        reason: "submitted to several partitions (Partition a,b): read as the one its nodes are in",
        jobs: 1,
        firstLine: 7,
      },
    ]);
  });
});
