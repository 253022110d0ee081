import { describe, expect, it } from "vitest";
import { paddingFinding } from "../../lib/sim/padding-finding";

const pad = (factor: number, scheduler: string, meanWait_min: number) => ({
  factor,
  scheduler,
  meanWait_min,
});

describe("paddingFinding", () => {
  const small = [
    pad(1, "fcfs", 80),
    pad(1, "easy", 40),
    pad(1, "slurm", 30),
    pad(2, "fcfs", 80),
    pad(2, "easy", 40.2),
    pad(2, "slurm", 36),
    pad(4, "fcfs", 80),
    pad(4, "easy", 50),
    pad(4, "slurm", 36),
  ];
  it("says accurate limits give the longest mean wait only when every other factor is lower beyond ±1%", () => {
    const all = [
      pad(1, "fcfs", 80),
      pad(1, "easy", 44),
      pad(1, "slurm", 30),
      pad(2, "fcfs", 80),
      pad(2, "easy", 40),
      pad(2, "slurm", 29.8),
      pad(4, "fcfs", 80),
      pad(4, "easy", 38),
      pad(4, "slurm", 25),
    ];
    const p = paddingFinding(small, all);
    expect([p.firstFactor, p.fcfsWait]).toEqual([1, 80]);
    // slurm's 29.8 against 30 is −0.7%: within the band, so not "lower"
    expect(p.all.map((x) => [x.scheduler, x.accurateLongest, x.longest.factor, x.shortest.factor])).toEqual([
      ["easy", true, 1, 4],
      ["slurm", false, 1, 4],
    ]);
    expect(p.accurateLongestEverywhere).toBe(false);
    expect(
      paddingFinding(
        small,
        all.map((r) => (r.scheduler === "slurm" && r.factor === 2 ? pad(2, "slurm", 27) : r)),
      ).accurateLongestEverywhere,
    ).toBe(true);
  });
  it("finds each scheduler's first factor higher than the first beyond the band (+0.5% is not)", () => {
    const p = paddingFinding(small, small);
    expect(p.small.map((x) => [x.scheduler, x.first.factor, x.last.factor, x.firstHigher?.factor])).toEqual([
      ["easy", 1, 4, 4],
      ["slurm", 1, 4, 2],
    ]);
  });
  it("breaks ties of the longest and shortest to the smallest factor, and has no verdict without a backfill scheduler", () => {
    const tie = [pad(1, "easy", 40), pad(2, "easy", 40), pad(4, "easy", 40)];
    const p = paddingFinding(tie, tie);
    expect([p.all[0].longest.factor, p.all[0].shortest.factor, p.all[0].accurateLongest]).toEqual([
      1,
      1,
      false,
    ]);
    const only = [pad(1, "fcfs", 80), pad(2, "fcfs", 80)];
    expect(paddingFinding(only, only).accurateLongestEverywhere).toBe(false);
  });
});
