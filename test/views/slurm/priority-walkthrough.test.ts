import { describe, expect, it } from "vitest";
import { slurmPriorityWalkthrough } from "../../../views/slurm/priority-walkthrough";
import { walkthroughText } from "../../../views/slurm/walkthrough-text";

describe("slurmPriorityWalkthrough", () => {
  const w = slurmPriorityWalkthrough();
  const text = walkthroughText(w);

  it("computes Section 2 on Table 1 with the thesis's defaults", () => {
    expect(w.tree.users).toEqual(["bsc3090", "bsc3092", "bsc3285", "bsc3288", "bsc3200"]);
    expect(w.norm.get("bsc30")!.levelShares).toBe(0.375);
    expect(w.priorities.map((p) => p.priority)).toEqual([30289, 49446, 1006127, 112015]);
    expect(w.results.map((r) => r.algorithm)).toHaveLength(4);
    expect(w.timelineWeekly.every((r) => r.day % 7 === 0)).toBe(true);
    expect(w.clusterTables.map((t) => t.digits)).toEqual([4, 6, 4]);
  });

  it("states its findings from the numbers", () => {
    expect(text.findings).toMatch(/5 of the 5 fair-share factors the thesis prints agree exactly/);
    expect(text.findings).toMatch(/the published Level FS of bsc30 differs from ours/);
    expect(text.priority).toMatch(/job 1003 ranks first with priority 1,006,127/);
    expect(text.differ).toMatch(/^\*\*Where we differ\.\*\* For bsc30 .* a transposition/);
    expect(text.randomCaption).toBe("Random tree (seed 1): 72 users, 33 accounts");
  });

  it('leaves out cluster dumps given as "" and refuses bad options by name', () => {
    const bare = slurmPriorityWalkthrough({ sshareFile: "", sprioFile: "" });
    expect(bare.clusterTables).toEqual([]);
    expect(walkthroughText(bare).cluster).toBe('sshare dump: left out (""); sprio dump: left out ("").');
    expect(() => slurmPriorityWalkthrough({ priorityLevels: 0 })).toThrow(/^invalid priorityLevels: 0;/);
    expect(() => slurmPriorityWalkthrough({ qosNormalization: "mean" as never })).toThrow(
      /^invalid qosNormalization: "mean"; expected "max" or "sum"$/,
    );
  });
});
