import { describe, expect, it } from "vitest";
import { backfillCycles } from "../../cluster/real-run";

describe("backfillCycles", () => {
  it("reads the cycle starts of a DebugFlags=Backfill log", () => {
    const log = [
      "[2026-11-23T03:50:32.345] sched/backfill: _attempt_backfill: beginning",
      "[2026-11-23T03:50:32.345] sched/backfill: _attempt_backfill: completed testing 2(2) jobs, usec=230",
      "[2026-11-23T03:50:37.346] sched/backfill: _attempt_backfill: beginning",
    ].join("\n");
    const c = backfillCycles(log);
    expect(c.length).toBe(2);
    expect(Math.round((c[1] - c[0]) * 1000)).toBe(5001);
  });
});
