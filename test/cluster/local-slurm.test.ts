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
  it("needs root", async () => {
    vi.spyOn(process, "getuid").mockReturnValue(1000);
    await expect(startLocalSlurm()).rejects.toThrow(
      /^invalid user id: 1000; expected 0 \(root: slurmd must launch jobs/,
    );
  });
});
