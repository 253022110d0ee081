/**
 * The performance statistics of seed 004, Section 5.2, computed from simulated runs. The unit of
 * observation is one agent's job ("a run" in the seed's Figure 1 wording: each simulation holds one
 * job per agent): incomplete frames at the deadline, whether every frame was completed, and the
 * allocation history over the job's active rounds.
 *
 * Allocation change: the difference N_t − N_{t−1} between consecutive active rounds of a job. The
 * seed reports "the standard deviations of allocation change" of "all absolute changes"; we report
 * the sample sd of the absolute changes |N_t − N_{t−1}| (zeros included) and the share of steps with no
 * change (a documented reading; the signed-change sd is given too).
 */
import { integer } from "../util/options";
import { mean, sampleSd } from "../util/stats";
import type { AuctionRun } from "./simulator";

/** Summary statistics of one mechanism's runs. */
export interface AuctionStatistics {
  /** Jobs observed (runs × agents). */
  jobs: number;
  /** Mean and sample sd of incomplete frames per job. */
  incompleteMean: number;
  incompleteSd: number;
  /** Percentage of jobs with every frame completed. */
  completePct: number;
  /** Sample sd of |N_t − N_{t−1}| over all consecutive active rounds of all jobs, servers. */
  absChangeSd: number;
  /** Sample sd of the signed changes N_t − N_{t−1}, servers. */
  changeSd: number;
  /** Percentage of those steps with no change. */
  unchangedPct: number;
  /** Mean money left at the deadline as a share of the budget (jobs with a positive budget). */
  moneyLeftShare: number;
}

/** The incomplete-frame count of every job, run by run, agent by agent. */
export function incompleteFrames(runs: readonly AuctionRun[]): number[] {
  return runs.flatMap((r) => r.agents.map((a) => a.incomplete));
}

/**
 * Servers held at round `t` by every job active in that round (seed Figure 2 uses t = 15).
 * @example allocationsAt(runs, 15)
 */
export function allocationsAt(runs: readonly AuctionRun[], t: number): number[] {
  integer(t, "t", 0);
  const out: number[] = [];
  for (const r of runs) {
    for (const a of r.agents) {
      if (a.firstRound >= 0 && t >= a.firstRound && t < a.firstRound + a.allocations.length)
        out.push(a.allocations[t - a.firstRound]);
    }
  }
  return out;
}

/** Every change N_t − N_{t−1} between consecutive active rounds of every job. */
export function allocationChanges(runs: readonly AuctionRun[]): number[] {
  const out: number[] = [];
  for (const r of runs)
    for (const a of r.agents)
      for (let i = 1; i < a.allocations.length; i++) out.push(a.allocations[i] - a.allocations[i - 1]);
  return out;
}

/**
 * The Section 5.2 statistics of a set of runs.
 * @example auctionStatistics(runAuctionExperiment(STANDARD_ENVIRONMENT, { mechanism: "fs" }))
 */
export function auctionStatistics(runs: readonly AuctionRun[]): AuctionStatistics {
  const inc = incompleteFrames(runs);
  const changes = allocationChanges(runs);
  const abs = changes.map(Math.abs);
  const shares = runs.flatMap((r) =>
    r.agents.filter((a) => a.moneyLeft + a.spent > 0).map((a) => a.moneyLeft / (a.moneyLeft + a.spent)),
  );
  return {
    jobs: inc.length,
    incompleteMean: mean(inc),
    incompleteSd: sampleSd(inc),
    completePct: inc.length ? (100 * inc.filter((x) => x === 0).length) / inc.length : NaN,
    absChangeSd: sampleSd(abs),
    changeSd: sampleSd(changes),
    unchangedPct: changes.length ? (100 * changes.filter((x) => x === 0).length) / changes.length : NaN,
    moneyLeftShare: mean(shares),
  };
}

/** One number per mechanism. */
export interface PerMechanism {
  fs: number;
  ps: number;
  gv: number;
}

/**
 * The mechanisms ordered by a statistic, smallest first, written as "PS < FS < GV" (ties keep
 * the order FS, PS, GV).
 */
export function mechanismRanking(values: PerMechanism): string {
  return (["fs", "ps", "gv"] as const)
    .slice()
    .sort((a, b) => values[a] - values[b])
    .map((m) => m.toUpperCase())
    .join(" < ");
}
