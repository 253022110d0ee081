import { describe, expect, it } from "vitest";
import { schedulingAnalysis } from "../../lib/sim/scheduling-analysis";

describe("schedulingAnalysis", () => {
  const a = schedulingAnalysis({ seed: 3, smallJobs: 12, paddingFactors: [1, 8], chunks: 2 });

  it("runs the four experiments and states each finding", () => {
    expect(a.blocking.runs.map((r) => r.scheduler)).toHaveLength(4);
    expect(a.urgent.labels).toEqual(["EASY, BF_MOD", "EASY, BF_UNMOD", "Slurm, BF_MOD", "Slurm, BF_UNMOD"]);
    expect(a.sweepSmall).toHaveLength(8);
    expect(a.workflow.runs[0].eligible).toBeDefined();
    expect(a.workflow.runs[1].eligible).toBeUndefined();
    expect(a.text.findings.split("\n")).toHaveLength(6);
    expect(a.text.hole).toMatch(/node·hours idle without backfill/);
    expect(a.text.padding).toMatch(
      /^\*\*With every job's limit padded\*\*, the longest and shortest mean waits/,
    );
    expect(a.text.padding).toMatch(
      /With only the small jobs' limits padded \(no backfill: [\d,.]+ min at every factor\)/,
    );
    expect(a.text.workflow).toMatch(/^Under afterok dependencies \d+ of the experiments' 16 jobs/);
  });

  it("is deterministic and refuses bad ranges by name", () => {
    expect(schedulingAnalysis({ seed: 3, smallJobs: 12, paddingFactors: [1, 8], chunks: 2 }).text).toEqual(
      a.text,
    );
    expect(() => schedulingAnalysis({ seed: 1, smallMinutes: [60, 10] })).toThrow(
      /^invalid smallMinutes: \[60,10\]; expected \[lo, hi\] with lo <= hi$/,
    );
    expect(() => schedulingAnalysis({ seed: 1, urgentAfterHours: 0 })).toThrow(
      /^invalid urgentAfterHours: 0;/,
    );
  });
});
