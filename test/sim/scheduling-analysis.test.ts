import { describe, expect, it } from "vitest";
import { schedulingAnalysis } from "../../lib/sim/scheduling-analysis";

describe("schedulingAnalysis", () => {
  const a = schedulingAnalysis({ seed: 3, smallJobs: 12, paddingFactors: [1, 8], chunks: 2 });

  it("runs the four experiments", () => {
    expect(a.blocking.runs.map((r) => r.scheduler)).toHaveLength(4);
    expect(a.urgent.labels).toEqual(["EASY, BF_MOD", "EASY, BF_UNMOD", "Slurm, BF_MOD", "Slurm, BF_UNMOD"]);
    expect(a.sweepSmall).toHaveLength(8);
    expect(a.workflow.runs[0].eligible).toBeDefined();
    expect(a.workflow.runs[1].eligible).toBeUndefined();
    expect(a.seed).toBe(3);
    expect(a.urgentAfterHours).toBe(0.5);
    // the queue: the blocking scenario's jobs without the background ones
    expect(a.queue.length).toBeGreaterThan(0);
    expect(a.queue.every((j) => j.user !== "bg")).toBe(true);
  });

  it("is deterministic and refuses bad ranges by name", () => {
    const again = schedulingAnalysis({ seed: 3, smallJobs: 12, paddingFactors: [1, 8], chunks: 2 });
    expect(again.blocking.runs.map((r) => r.start)).toEqual(a.blocking.runs.map((r) => r.start));
    expect(again.sweepAll).toEqual(a.sweepAll);
    expect(() => schedulingAnalysis({ seed: 1, smallMinutes: [60, 10] })).toThrow(
      /^invalid smallMinutes: \[60,10\]; expected \[lo, hi\] with lo <= hi$/,
    );
    expect(() => schedulingAnalysis({ seed: 1, urgentAfterHours: 0 })).toThrow(
      /^invalid urgentAfterHours: 0;/,
    );
  });
});
