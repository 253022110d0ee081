/**
 * Usage and Fair Tree factors over time: the decay thread's loop (advance usage every
 * PriorityCalcPeriod, recompute fair share) run on a fixed set of running jobs, sampled once per
 * reporting interval. Shows how decay lets an idle user's usage fade while a running job's grows.
 */
import { finiteNumber } from "../util/options";
import { type AssociationTree } from "./associations";
import type { FairTreeVariant } from "./compiled-fair-tree";
import { fairTree } from "./fair-tree";
import { advanceUsage, type RunningJobUsage, type UsageConfig, type UsageState } from "./usage";

/** Options of {@link usageTimeline}. */
export interface UsageTimelineOptions {
  /** How long to run, seconds. Defaults to 28 days. */
  durationSeconds?: number;
  /** PriorityCalcPeriod, seconds. Defaults to 300. */
  calcPeriodSeconds?: number;
  /** Reporting interval, seconds (a multiple of the calc period works best). Defaults to 1 day. */
  reportEverySeconds?: number;
  /** Decay configuration. Defaults to Slurm's (7-day half-life, no reset). */
  usage?: UsageConfig;
  /** Fair Tree variant. Defaults to "thesis". */
  variant?: FairTreeVariant;
}

/** One sample: time (days since start), own usage per user (CPU·s) and Fair Tree factor per user. */
export interface UsageTimelineRow {
  /** Days since the start. */
  day: number;
  /** User name. */
  user: string;
  /** Own usage, CPU·s. */
  usage: number;
  /** Fair Tree factor. */
  factor: number;
}

/** Runs the decay loop from `initial` with `running` jobs and reports every user at each interval (long format). */
export function usageTimeline(
  tree: AssociationTree,
  initial: UsageState,
  running: readonly RunningJobUsage[],
  options: UsageTimelineOptions = {},
): UsageTimelineRow[] {
  const duration = finiteNumber(options.durationSeconds ?? 28 * 86400, "durationSeconds", 0);
  const step = finiteNumber(options.calcPeriodSeconds ?? 300, "calcPeriodSeconds", 1);
  const every = finiteNumber(options.reportEverySeconds ?? 86400, "reportEverySeconds", step);
  const rows: UsageTimelineRow[] = [];
  const report = (s: UsageState) => {
    const ft = fairTree(tree, { variant: options.variant ?? "thesis", usage: s.usage });
    for (const u of tree.users)
      rows.push({
        day: (s.time - initial.time) / 86400,
        user: u,
        usage: s.usage.get(u) ?? 0,
        factor: ft.factors.get(u)!,
      });
  };
  let s = initial;
  report(s);
  let nextReport = initial.time + every;
  const end = initial.time + duration;
  while (s.time < end) {
    s = advanceUsage(s, Math.min(end, s.time + step), tree, running, options.usage ?? {});
    if (s.time >= nextReport - 1e-9 || s.time >= end) {
      report(s);
      nextReport += every;
    }
  }
  return rows;
}
