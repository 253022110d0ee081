import { describe, expect, it } from "vitest";
import { parseSubmitLine, submitSizeMiB, submittedGpus } from "../../lib/io/submit-line";

describe("parseSubmitLine: the options sbatch, srun and salloc read from a SubmitLine", () => {
  it("reads --name=value, --name value, -X value, -Xvalue; stops at the script", () => {
    const r = parseSubmitLine(
      "sbatch --constraint=intel&ib -d afterok:41 --exclusive --mem=64G -N2 --ntasks-per-node 8 -c 2 -p batch,gpu job.sh -C amd",
    )!;
    expect(r).toMatchObject({
      command: "sbatch",
      constraint: "intel&ib",
      dependency: "afterok:41",
      exclusive: "node",
      memPerNodeMiB: 65536,
      nodes: { min: 2, max: 2 },
      ntasksPerNode: 8,
      cpusPerTask: 2,
      partitions: ["batch", "gpu"],
    });
  });
  it("reads -C, --mem-per-cpu, --gres, --gpus*, -n, a range -N 2-4, the command's path", () => {
    const r = parseSubmitLine(
      "/usr/bin/sbatch -C [rack1|rack2] --mem-per-cpu=2800 --gres=gpu:tesla:2 --gpus-per-task=1 -n 4 -N 2-4 x.sh",
    )!;
    expect(r.command).toBe("sbatch");
    expect(r.constraint).toBe("[rack1|rack2]");
    expect(r.memPerCpuMiB).toBe(2800);
    expect(r.gres).toEqual([
      { name: "gpu", type: "tesla", count: 2, per: "node" },
      { name: "gpu", type: "", count: 1, per: "task" },
    ]);
    expect(r.ntasks).toBe(4);
    expect(r.nodes).toEqual({ min: 2, max: 4 });
    // 2 per node × 2 nodes + 1 per task × 4 tasks
    expect(submittedGpus(r, 2)).toBe(8);
  });
  it("reads grouped flags (-Hs), an unambiguous prefix (--constr), --exclusive=user, -G, the last of a repeat", () => {
    const r = parseSubmitLine("salloc -Hs --constr=amd --exclusive=user -G 3 -p a -p b")!;
    expect(r.options.hold).toBe("");
    expect(r.options.oversubscribe).toBe("");
    expect(r.constraint).toBe("amd");
    expect(r.exclusive).toBe("user");
    expect(submittedGpus(r, 5)).toBe(3);
    expect(r.partitions).toEqual(["b"]);
  });
  it("stops at --wrap (its command, joined by spaces, cannot be told from options) and at --", () => {
    expect(parseSubmitLine("sbatch -p gpu --wrap=srun -N 4 hostname")!.nodes).toBeUndefined();
    expect(parseSubmitLine("sbatch -p gpu --wrap=srun -N 4 hostname")!.partitions).toEqual(["gpu"]);
    expect(parseSubmitLine("srun -N1 -- -N 3 a.out")!.nodes).toEqual({ min: 1, max: 1 });
  });
  it("takes srun's -W with a value and sbatch's -W without", () => {
    expect(parseSubmitLine("srun -W 30 -N 2 a.out")!.nodes).toEqual({ min: 2, max: 2 });
    expect(parseSubmitLine("sbatch -W -N 3 a.sh")!.nodes).toEqual({ min: 3, max: 3 });
  });
  it("a line without a submitting command, or empty, states nothing", () => {
    expect(parseSubmitLine("")).toBeUndefined();
    expect(parseSubmitLine("bash run.sh")).toBeUndefined();
    expect(submittedGpus(parseSubmitLine("sbatch a.sh")!, 1)).toBeUndefined();
    expect(submittedGpus(parseSubmitLine("sbatch --gpus-per-task=1 a.sh")!, 1)).toBeNaN();
  });
});

describe("submitSizeMiB", () => {
  it("reads --mem as str_to_mbytes does: whole numbers, K (rounded up) M G T, an optional B, MiB without unit", () => {
    expect(submitSizeMiB("4000")).toBe(4000);
    expect(submitSizeMiB("4G")).toBe(4096);
    expect(submitSizeMiB("4gb")).toBe(4096);
    expect(submitSizeMiB("1T")).toBe(1024 * 1024);
    expect(submitSizeMiB("1500K")).toBe(2);
    expect(submitSizeMiB("1.5G")).toBeUndefined();
  });
});
