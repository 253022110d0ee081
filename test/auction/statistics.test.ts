import { describe, expect, it } from "vitest";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { runAuctionExperiment, runJobs } from "../../lib/auction/experiment";
import type { AuctionRun } from "../../lib/auction/simulator";
import {
  allocationChanges,
  allocationsAt,
  auctionStatistics,
  mechanismRanking,
} from "../../lib/auction/statistics";

const agent = (incomplete: number, firstRound: number, allocations: number[]) => ({
  frames: 10,
  completed: 10 - incomplete,
  incomplete,
  workLeft: 0,
  moneyLeft: 1,
  spent: 1,
  lostWork: 0,
  interruptions: 0,
  firstRound,
  allocations,
});

describe("auctionStatistics(runs)", () => {
  const runs: AuctionRun[] = [
    { mechanism: "fs", rounds: 5, agents: [agent(0, 0, [2, 2, 3, 3]), agent(4, 1, [3, 1])] },
    { mechanism: "fs", rounds: 5, agents: [agent(2, 2, [5])] },
  ];

  it("computes the Section 5.2 statistics over jobs and allocation steps", () => {
    const s = auctionStatistics(runs);
    expect(s.jobs).toBe(3);
    expect(s.incompleteMean).toBe(2);
    expect(s.incompleteSd).toBe(2);
    expect(s.completePct).toBeCloseTo(100 / 3, 12);
    expect(allocationChanges(runs)).toEqual([0, 1, 0, -2]);
    expect(s.unchangedPct).toBe(50);
    expect(s.absChangeSd).toBeCloseTo(Math.sqrt((0.75 ** 2 * 2 + 0.25 ** 2 + 1.25 ** 2) / 3), 12);
    expect(s.moneyLeftShare).toBe(0.5);
  });

  it("allocationsAt(runs, t) lists the servers of the jobs active at round t", () => {
    expect(allocationsAt(runs, 2)).toEqual([3, 1, 5]);
    expect(allocationsAt(runs, 4)).toEqual([]);
  });
});

describe("runAuctionExperiment(environment, options)", () => {
  it("uses the same jobs for every mechanism (common random numbers) and is reproducible", () => {
    const fs = runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "fs", runs: 3, seed: 5 });
    const ps = runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "ps", runs: 3, seed: 5 });
    fs.forEach((r, i) => r.agents.forEach((a, k) => expect(a.frames).toBe(ps[i].agents[k].frames)));
    expect(runJobs(STANDARD_ENVIRONMENT, 5, 2)[0].frames.length).toBe(fs[2].agents[0].frames);
    expect(
      JSON.stringify(runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "gv", runs: 3, seed: 5 })),
    ).toBe(JSON.stringify(runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "gv", runs: 3, seed: 5 })));
  });
});

describe("mechanismRanking", () => {
  it("orders mechanisms by the statistic, smallest first", () => {
    expect(mechanismRanking({ fs: 4.9, ps: 3.85, gv: 6.38 })).toBe("PS < FS < GV");
    expect(mechanismRanking({ fs: 1, ps: 1, gv: 0 })).toBe("GV < FS < PS");
  });
});
