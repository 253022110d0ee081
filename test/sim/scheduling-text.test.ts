import { describe, expect, it } from "vitest";
import { paddingText } from "../../lib/sim/scheduling-text";

const pad = (factor: number, scheduler: string, meanWait_min: number) => ({
  factor,
  scheduler,
  meanWait_min,
});

describe("paddingText", () => {
  const small = [pad(1, "fcfs", 80), pad(1, "easy", 40), pad(2, "fcfs", 80), pad(2, "easy", 50)];
  it("says first that accurate limits give the longest mean wait when every other factor is lower beyond ±1%", () => {
    const all = [pad(1, "fcfs", 80), pad(1, "easy", 44.4), pad(2, "fcfs", 80), pad(2, "easy", 38.1)];
    expect(paddingText(small, all)).toBe(
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
    expect(paddingText(small, within)).toMatch(
      /^\*\*With every job's limit padded\*\*, the longest and shortest/,
    );
    const tie = [pad(1, "fcfs", 80), pad(1, "easy", 40), pad(2, "fcfs", 80), pad(2, "easy", 40)];
    expect(paddingText(small, tie)).toContain("easy 40.0 min at every factor");
  });
});
