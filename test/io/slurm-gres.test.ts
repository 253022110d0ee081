import { describe, expect, it } from "vitest";
import { gresGpus, gresList, isJobGres, parseJobGres } from "../../lib/io/slurm-gres";

const at = (column: string) => ({ file: "g.txt", line: 4, column });

describe("parseJobGres: ReqGRES and AllocGRES as Slurm 17.11 to 20.02 print them", () => {
  it("17.11 to 19.05 and every AllocGRES: name[:type]:count items, the whole job's", () => {
    expect(parseJobGres("gpu:2", at("AllocGRES"))).toEqual([{ name: "gpu", type: "", count: 2, per: "job" }]);
    expect(parseJobGres("gpu:tesla:2", at("ReqGRES"))).toEqual([
      { name: "gpu", type: "tesla", count: 2, per: "job" },
    ]);
    expect(parseJobGres("gpu:1,mps:100", at("AllocGRES"))).toEqual([
      { name: "gpu", type: "", count: 1, per: "job" },
      { name: "mps", type: "", count: 100, per: "job" },
    ]);
    // a MIG profile as a type starts with a digit
    expect(parseJobGres("gpu:1g.5gb:1", at("ReqGRES"))).toEqual([
      { name: "gpu", type: "1g.5gb", count: 1, per: "job" },
    ]);
  });
  it("drops a device list in brackets, whose commas do not split items", () => {
    expect(parseJobGres("gpu:2(IDX:0-1)", at("AllocGRES"))).toEqual([
      { name: "gpu", type: "", count: 2, per: "job" },
    ]);
    expect(parseJobGres("gpu:tesla:2(IDX:0,1),mps:100", at("AllocGRES"))).toEqual([
      { name: "gpu", type: "tesla", count: 2, per: "job" },
      { name: "mps", type: "", count: 100, per: "job" },
    ]);
  });
  it("20.02: groups tagged PER_JOB, PER_NODE, PER_SOCKET, PER_TASK, space-separated; no count asks one", () => {
    expect(parseJobGres("PER_NODE:gpu:2", at("ReqGRES"))).toEqual([
      { name: "gpu", type: "", count: 2, per: "node" },
    ]);
    expect(parseJobGres("PER_JOB:gpu:tesla:4 PER_NODE:mps:100", at("ReqGRES"))).toEqual([
      { name: "gpu", type: "tesla", count: 4, per: "job" },
      { name: "mps", type: "", count: 100, per: "node" },
    ]);
    expect(parseJobGres("PER_NODE:gpu", at("ReqGRES"))).toEqual([
      { name: "gpu", type: "", count: 1, per: "node" },
    ]);
    expect(parseJobGres("PER_TASK:gpu:1", at("ReqGRES"))[0].per).toBe("task");
    expect(parseJobGres("PER_NODE:mps:1K", at("ReqGRES"))[0].count).toBe(1024);
  });
  it("reads empty, (null) and NONE as none", () => {
    for (const v of ["", "(null)", "NONE"]) expect(parseJobGres(v, at("ReqGRES"))).toEqual([]);
  });
  it("refuses what no release prints, naming the file, line and column", () => {
    for (const bad of ["gpu=2", "PER_RACK:gpu:2", "2", "gpu:tesla:k80:2", "gres/gpu:2"]) {
      expect(isJobGres(bad)).toBe(false);
      expect(() => parseJobGres(bad, at("ReqGRES"))).toThrow(
        /^g\.txt:4: invalid ReqGRES: "[^"]+"; expected GRES items name\[:type\]:count separated by commas/,
      );
    }
  });
  it("gresList reads --gres as sbatch takes it", () => {
    expect(gresList("gpu,mps:50", "node")).toEqual([
      { name: "gpu", type: "", count: 1, per: "node" },
      { name: "mps", type: "", count: 50, per: "node" },
    ]);
    expect(gresList("gpu:", "node")).toBeUndefined();
  });
});

describe("gresGpus", () => {
  it("per job as given, per node times the nodes, summed over typed items; NaN per socket or task", () => {
    const g = (v: string) => parseJobGres(v, at("ReqGRES"));
    expect(gresGpus(g("gpu:tesla:1,gpu:k80:2,mps:100"), 3)).toBe(3);
    expect(gresGpus(g("PER_NODE:gpu:2"), 3)).toBe(6);
    expect(gresGpus(g("PER_JOB:gpu:4 PER_NODE:gpu:1"), 2)).toBe(6);
    expect(gresGpus(g("PER_TASK:gpu:1"), 2)).toBeNaN();
    expect(gresGpus(g("PER_SOCKET:gpu:1"), 2)).toBeNaN();
    expect(gresGpus(g("mps:100"), 2)).toBe(0);
  });
});
