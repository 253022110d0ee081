import { describe, expect, it } from "vitest";
import { paddingFinding } from "../../../lib/sim/padding-finding";
import { schedulingAnalysis } from "../../../lib/sim/scheduling-analysis";
import { paddingPoints, paddingRows, paddingText, schedulingText } from "../../../views/sim/scheduling-text";

const pad = (factor: number, scheduler: string, meanWait_min: number) => ({
  factor,
  scheduler,
  meanWait_min,
});

describe("paddingText", () => {
  const small = [pad(1, "fcfs", 80), pad(1, "easy", 40), pad(2, "fcfs", 80), pad(2, "easy", 50)];
  it("says first that accurate limits give the longest mean wait when every other factor is lower beyond ±1%", () => {
    const all = [pad(1, "fcfs", 80), pad(1, "easy", 44.4), pad(2, "fcfs", 80), pad(2, "easy", 38.1)];
    expect(paddingText(paddingFinding(small, all))).toBe(
      "**With every job's limit padded, accurate limits (1×) give the longest mean wait** of the sweep under every " +
        "backfill scheduler (one run; it says so only when every other factor's mean wait is lower by more than 1%, " +
        'and "higher" below means higher by more than 1%, lib/agreement): easy 44.4 min at 1× (the ' +
        "longest) against 38.1 min at 2× (the shortest) — consistent with the running jobs' padded limits pushing " +
        "BIG's reservation later, which opens a larger window for backfill. With only the small jobs' limits padded " +
        "(no backfill: 80.0 min at every factor): easy 40.0 min at 1×, 50.0 min at 2× (25% of the way to no " +
        "backfill), first higher than at 1× at 2×.",
    );
  });
  it("does not say so for a change within the band, nor for a tie", () => {
    const within = [pad(1, "fcfs", 80), pad(1, "easy", 40.2), pad(2, "fcfs", 80), pad(2, "easy", 40)];
    expect(paddingText(paddingFinding(small, within))).toMatch(
      /^\*\*With every job's limit padded\*\*, the longest and shortest/,
    );
    const tie = [pad(1, "fcfs", 80), pad(1, "easy", 40), pad(2, "fcfs", 80), pad(2, "easy", 40)];
    expect(paddingText(paddingFinding(small, tie))).toContain("easy 40.0 min at every factor");
  });
});

describe("schedulingText", () => {
  const a = schedulingAnalysis({ seed: 3, smallJobs: 12, paddingFactors: [1, 8], chunks: 2 });
  const text = schedulingText(a);

  it("states each finding from the runs", () => {
    // the findings in short (the index shows them): one line per experiment, the full sentences in the sections
    expect(text.findings.split("\n")).toHaveLength(6);
    expect(text.findings.length).toBeLessThan(
      [text.blocking, text.hole, text.modes, text.padding, text.workflow].join(" ").length / 2,
    );
    expect(text.findings).toMatch(
      /^- Without backfill BIG blocks the queue: \d+ of the 12 small jobs start before it; with backfill/m,
    );
    expect(text.blocking).toMatch(/^Without backfill, \d+ of the 12 small jobs start before BIG/);
    expect(text.workload).toMatch(
      /^Seed 3: \d+ jobs on 100 nodes; \d+ background jobs hold [\d,]+ nodes at t = 0\.$/,
    );
    expect(text.hole).toMatch(/node·hours idle without backfill/);
    expect(text.padding).toMatch(
      /^\*\*With every job's limit padded\*\*, the longest and shortest mean waits/,
    );
    expect(text.padding).toMatch(
      /With only the small jobs' limits padded \(no backfill: [\d,.]+ min at every factor\)/,
    );
    expect(text.workflow).toMatch(/^Under afterok dependencies \d+ of the experiments' 16 jobs/);
  });

  it("shows both sweeps side by side, one row per factor and scheduler", () => {
    const rows = paddingRows(a);
    expect(rows).toHaveLength(a.sweepSmall.length);
    expect(rows[1]["mean wait, all padded (min)"]).toBe(a.sweepAll[1].meanWait_min);
    expect(paddingPoints(a).map((p) => p.y)).toEqual(a.sweepSmall.map((r) => r.meanWait_min));
  });
});
