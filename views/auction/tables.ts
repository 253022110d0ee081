/**
 * Display tables of notebook 14 (seed 004): our Section 5.2 statistics beside the seed's published
 * values, the calibration trace, the evolved coefficients, and a sweep's statistics and claims over seeds.
 */
import { ciText } from "../display/format";
import { invalidArgument } from "../../lib/util/errors";
import type { CalibrationResult } from "../../lib/auction/calibrate";
import type { AuctionSweepSummaryRow } from "../../lib/auction/robustness";
import type { AuctionClaimCheck } from "../../lib/auction/sweep-claims";
import type { GeneticResult } from "../../lib/auction/genetic";
import type { ReferenceStatistic } from "../../lib/auction/reference";
import type { AuctionMechanism, AuctionRun } from "../../lib/auction/simulator";
import { type AuctionStatistics, auctionStatistics } from "../../lib/auction/statistics";
import { DEFAULT_GV_COEFFICIENTS, DEFAULT_PS_COEFFICIENTS } from "../../lib/auction/strategies";

/** Runs of each mechanism (any subset of fs, ps, gv). */
export type RunsByMechanism = Partial<Record<AuctionMechanism, readonly AuctionRun[]>>;

const ROWS: { metric: string; label: string; key: keyof AuctionStatistics }[] = [
  { metric: "incomplete_frames_mean", label: "incomplete frames: mean", key: "incompleteMean" },
  { metric: "incomplete_frames_sd", label: "incomplete frames: sd", key: "incompleteSd" },
  { metric: "runs_all_frames_complete_pct", label: "jobs with every frame complete (%)", key: "completePct" },
  { metric: "allocation_change_sd", label: "sd of allocation change |ΔN|", key: "absChangeSd" },
  { metric: "", label: "sd of allocation change ΔN (signed)", key: "changeSd" },
  {
    metric: "steps_allocation_unchanged_pct",
    label: "steps with allocation unchanged (%)",
    key: "unchangedPct",
  },
  { metric: "", label: "money left at the deadline (share of budget)", key: "moneyLeftShare" },
];

/**
 * The statistics table: one row per statistic, our value and the seed's for each mechanism.
 * @param runs runs per mechanism (all simulated on the same job sets)
 * @param reference the seed's published values (readByeResults())
 * @returns rows {statistic, FS, "FS (seed)", PS, "PS (seed)", GV, "GV (seed)"}; seed cells are null where it gives none
 */
export function auctionStatisticsTable(
  runs: RunsByMechanism,
  reference: readonly ReferenceStatistic[],
): Record<string, unknown>[] {
  const mechs = (["fs", "ps", "gv"] as const).filter((m) => runs[m] !== undefined);
  if (mechs.length === 0) throw invalidArgument("runs", runs, "runs of at least one of fs, ps, gv");
  const stats = Object.fromEntries(
    mechs.map((m) => [m, auctionStatistics(runs[m] as AuctionRun[])]),
  ) as Record<AuctionMechanism, AuctionStatistics>;
  return ROWS.map((r) => {
    const ref = reference.find((x) => x.metric === r.metric && r.metric !== "");
    const row: Record<string, unknown> = { statistic: r.label };
    for (const m of mechs) {
      row[m.toUpperCase()] = stats[m][r.key];
      const v = ref ? ref[m] : NaN;
      row[`${m.toUpperCase()} (seed)`] = Number.isNaN(v) ? null : v;
    }
    return row;
  });
}

/** The calibration trace: scale, mean work per frame and FS completion share of every bisection step. */
export function frameWorkCalibrationTable(result: CalibrationResult): Record<string, unknown>[] {
  return result.steps.map((s, i) => ({
    step: i + 1,
    scale: s.scale,
    "mean work per frame (server·rounds)": s.meanWork,
    "FS jobs complete (%)": s.completePct,
  }));
}

/** Evolved coefficients beside the defaults, one row per coefficient. */
export function coefficientTable(result: GeneticResult): Record<string, unknown>[] {
  const def = result.mechanism === "ps" ? DEFAULT_PS_COEFFICIENTS : DEFAULT_GV_COEFFICIENTS;
  const terms = ["c1 (/d)", "c2 (1)", "c3 (d)", "c4 (d²)", "c5 (t)", "c6 (t²)"];
  const blocks = result.mechanism === "ps" ? ["b/B"] : ["N_max/N", "b_max/B", "r"];
  return result.best.map((c, i) => ({
    function: blocks[Math.floor(i / 6)],
    term: terms[i % 6],
    default: def[i],
    evolved: c,
  }));
}

/** A sweep's statistics per GA budget, GV bid family and mechanism: mean [95% CI] over the seeds. */
export function sweepSummaryTable(
  rows: readonly AuctionSweepSummaryRow[],
): Record<string, string | number>[] {
  return rows.map((r) => ({
    "GA budget": r.budget,
    "GV bids": r.family,
    mechanism: r.mechanism.toUpperCase(),
    seeds: r.seeds,
    "incomplete frames, mean": ciText(r.incompleteMean, 2),
    "incomplete frames, sd": ciText(r.incompleteSd, 2),
    "allocation change sd": ciText(r.absChangeSd, 2),
    "steps unchanged, %": ciText(r.unchangedPct, 2),
  }));
}

/** The claims over seeds, one row per claim × GA budget × GV bid family: the paired difference, its interval, effect and verdict. */
export function auctionClaimsTable(checks: readonly AuctionClaimCheck[]): Record<string, string | number>[] {
  return checks.map((c) => ({
    claim: c.claim,
    "GA budget": c.budget,
    "GV bids": c.family,
    seeds: c.difference.n,
    difference: `${c.higher.toUpperCase()} − ${c.lower.toUpperCase()}`,
    "mean difference": c.difference.mean,
    "95% CI": c.difference.n >= 2 ? `[${c.difference.low.toFixed(2)}, ${c.difference.high.toFixed(2)}]` : "—",
    effect: c.difference.outcome,
    verdict: c.verdict,
  }));
}
