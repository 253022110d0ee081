import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { checkTresExport, sharedNodeFraction, tresSlurmConf } from "../../cluster/tres-recording";
import { TRES_LAYOUT, tresWorkload, tresWorkloadMix } from "../../cluster/tres-workload";
import type { SacctJob } from "../../lib/io/sacct-jobs";
import { readSlurmExport } from "../../lib/io/slurm-export-folder";
import { loadSite } from "../../lib/site/site-model";

const DIR = path.join(__dirname, "..", "..", "data", "site", "cons-tres");
const sacct = () => fs.readFileSync(path.join(DIR, "sacct.txt"), "utf8");

describe("the committed cons_tres recording (data/site/cons-tres)", () => {
  it("holds every job of the seeded workload, completed, with the TRES each asked", () => {
    const { jobs } = tresWorkload();
    expect(checkTresExport(sacct(), jobs)).toHaveLength(jobs.length);
  });

  // sinfo -N prints a node's partitions in no fixed order (this recording: gpu before batch)
  it("shows the nodes slurmd registered: CPUs, memory, features, GPUs and partitions of the layout", () => {
    const exp = readSlurmExport(DIR);
    // recorded before the export script kept the topology (an empty file without one)
    expect(exp.missing).toEqual(["topology.txt"]);
    expect(
      exp.nodes!.map((n) => [
        n.node,
        n.cpus,
        n.memoryMiB,
        n.features.join(","),
        n.gres,
        [...n.partitions].sort().join(","),
        n.defaultPartition,
      ]),
    ).toEqual([
      ["n1", 8, 8000, "intel", [], "batch", "batch"],
      ["n2", 8, 8000, "intel", [], "batch", "batch"],
      ["n3", 8, 16000, "amd", [], "batch", "batch"],
      ["n4", 8, 16000, "amd", [], "batch", "batch"],
      ["n5", 4, 32000, "amd", [{ name: "gpu", type: "", count: 2 }], "batch,gpu", "batch"],
      ["n6", 4, 32000, "amd", [{ name: "gpu", type: "", count: 2 }], "batch,gpu", "batch"],
    ]);
    expect(exp.config!.values.SelectType).toBe("select/cons_tres");
    expect(exp.config!.values.SelectTypeParameters).toBe("CR_CORE_MEMORY");
    expect(exp.config!.values.AccountingStorageTRES).toMatch(/gres\/gpu/);
    const site = loadSite(DIR);
    expect(site.jobs.length).toBe(tresWorkload().jobs.length);
    expect(site.machine.model).toBe("shared nodes");
  });

  it("has a README whose figures are the workload's and the recording's", () => {
    const readme = fs.readFileSync(path.join(DIR, "README.md"), "utf8");
    const { jobs } = tresWorkload();
    const mix = tresWorkloadMix(jobs, TRES_LAYOUT);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    expect(readme).toContain(`${mix.jobs} jobs submitted over ${mix.spanSeconds.toFixed(0)} s`);
    expect(readme).toContain(`${pct(mix.gpus)} asking GPUs`);
    expect(readme).toContain(
      `${pct(sharedNodeFraction(checkTresExport(sacct(), jobs)))} of the jobs ran beside`,
    );
    expect(readme).toContain(`SchedulerParameters=${tresSlurmConf().SchedulerParameters}`);
  });
});

describe("checkTresExport", () => {
  const { jobs } = tresWorkload();
  const gpuJob = jobs.find((j) => j.gpus === 1 && j.nodes === 1 && !j.exclusive)!;
  const line = (text: string, name: string) => text.split("\n").find((l) => l.endsWith(`|${name}`))!;

  it("names the job whose GPUs the export left out", () => {
    const text = sacct();
    const l = line(text, gpuJob.name);
    expect(() => checkTresExport(text.replace(l, l.replace("gres/gpu=1,", "")), jobs)).toThrow(
      new RegExp(`^sacct.txt: job ${gpuJob.name}: ReqTRES gres/gpu absent, asked 1$`),
    );
  });

  it("names a job missing, one that did not complete, and one with another constraint", () => {
    const text = sacct();
    const l = line(text, "t001");
    expect(() => checkTresExport(text.replace(l + "\n", ""), jobs)).toThrow(/job t001: missing/);
    expect(() => checkTresExport(text.replace(l, l.replace("|COMPLETED|", "|TIMEOUT|")), jobs)).toThrow(
      /job t001: state TIMEOUT, expected COMPLETED/,
    );
    const c = jobs.find((j) => j.constraint === "intel")!;
    const lc = line(text, c.name);
    expect(() => checkTresExport(text.replace(lc, lc.replace("|intel|", "|amd|")), jobs)).toThrow(
      new RegExp(`job ${c.name}: Constraints amd, expected intel`),
    );
  });
});

describe("sharedNodeFraction", () => {
  const job = (name: string, nodeList: string, start: number, end: number) =>
    ({ name, nodeList, start, end }) as unknown as SacctJob;
  it("counts jobs whose intervals overlap on a common node; meeting in a second is not sharing", () => {
    const jobs = [
      job("a", "n1", 0, 10),
      job("b", "n[1-2]", 5, 12), // overlaps a on n1
      job("c", "n2", 12, 20), // starts when b ends: not sharing
      job("d", "n3", 0, 30),
      job("e", "n4", 1, 2),
    ];
    expect(sharedNodeFraction(jobs)).toBe(2 / 5);
    expect(() => sharedNodeFraction([])).toThrow(/no jobs/);
  });
});
