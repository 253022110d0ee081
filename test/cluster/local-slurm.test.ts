import { afterEach, describe, expect, it, vi } from "vitest";
import { startLocalSlurm } from "../../cluster/local-slurm";

describe("startLocalSlurm validation (nothing is started)", () => {
  afterEach(() => vi.restoreAllMocks());
  it("rejects bad sizes", async () => {
    await expect(startLocalSlurm({ nodes: 0 })).rejects.toThrow(
      /^invalid nodes: 0; expected an integer in 1\.\.64$/,
    );
    await expect(startLocalSlurm({ coresPerNode: 2.5 })).rejects.toThrow(
      /^invalid coresPerNode: 2\.5; expected an integer in 1\.\.1024$/,
    );
  });
  it("takes a layout or nodes and coresPerNode, and checks the layout", async () => {
    const layout = {
      groups: [{ count: 2, cpus: 4 }],
      partitions: [{ name: "p", nodes: "n[1-2]", default: true }],
    };
    await expect(startLocalSlurm({ layout, nodes: 2 })).rejects.toThrow(
      /^invalid nodes\/coresPerNode: "given with layout"; expected either a layout or nodes and coresPerNode$/,
    );
    await expect(startLocalSlurm({ layout: { ...layout, partitions: [] } })).rejects.toThrow(
      /^invalid layout.partitions: \[\]; expected at least one partition$/,
    );
    await expect(
      startLocalSlurm({
        layout: {
          ...layout,
          groups: [{ count: 65, cpus: 1 }],
          partitions: [{ name: "p", nodes: "n1", default: true }],
        },
      }),
    ).rejects.toThrow(/^invalid nodes: 65; expected an integer in 1\.\.64$/);
  });
  it("needs root", async () => {
    vi.spyOn(process, "getuid").mockReturnValue(1000);
    await expect(startLocalSlurm()).rejects.toThrow(
      /^invalid user id: 1000; expected 0 \(root: slurmd must launch jobs/,
    );
  });
});
