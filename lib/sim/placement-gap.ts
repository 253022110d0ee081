/**
 * What planning with node counts changes: the Slurm scheduler on the same jobs with its default
 * node placement (select/linear's named nodes, lib/sim/slurm-placement.ts) and with count placement
 * (free-node counts only, as abstract simulators plan: faster, and it backfills across fragmented
 * gaps Slurm cannot use). A comparison of two of our models, not a reproduction: it says how far the
 * faster model's schedule is from the exact one, job by job and in the usual metrics.
 */
import { relativeEffect, type EffectOutcome } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";
import { simulate } from "./engine";
import type { SimJobInput } from "./job";
import { scheduleMetrics } from "./metrics";
import type { PriorityModel } from "./priority";
import { SLURM_DEFAULTS, type SlurmOptions, slurmScheduler } from "./slurm-scheduler";
import { loadTraceWorkload } from "./swf-workload";

/** Count placement against node placement on one workload (waits in hours, bounded slowdown τ = 10 s). */
export interface PlacementGapRow {
  /** Jobs that started under both placements. */
  jobs: number;
  /** Of those, the share that start at the same second under both. */
  sameStart: number;
  /** Of those, the share that start earlier with count placement (the rest start later). */
  earlierWithCounts: number;
  /** Mean |start under counts − start under nodes| over those jobs, hours. */
  meanShift_h: number;
  /** Mean wait with node placement, hours (its own started jobs). */
  meanWaitNodes_h: number;
  /** Mean wait with count placement, hours. */
  meanWaitCounts_h: number;
  /** Mean bounded slowdown with node placement. */
  meanBsldNodes: number;
  /** Mean bounded slowdown with count placement. */
  meanBsldCounts: number;
}

/** Options of {@link placementGap}. */
export interface PlacementGapOptions {
  /** The Slurm scheduler's other settings, the same for both runs. Defaults to Slurm's defaults. */
  slurm?: Omit<SlurmOptions, "placement">;
  /** A fresh priority model per run. Defaults to submit order. */
  priority?: () => PriorityModel;
}

/**
 * Replays `jobs` on the machine under the Slurm scheduler twice, with node and with count placement,
 * and compares the two schedules.
 * @throws `invalid jobs` when no job starts under both placements (nothing to compare)
 */
export function placementGap(
  jobs: readonly SimJobInput[],
  machine: { nodes: number; coresPerNode?: number },
  options: PlacementGapOptions = {},
): PlacementGapRow {
  const run = (placement: "nodes" | "counts") =>
    simulate(jobs, {
      nodes: machine.nodes,
      coresPerNode: machine.coresPerNode,
      scheduler: slurmScheduler({ ...options.slurm, placement }),
      priority: options.priority?.(),
    });
  const byNodes = run("nodes"),
    byCounts = run("counts");
  let both = 0,
    same = 0,
    earlier = 0,
    shift = 0;
  for (let i = 0; i < jobs.length; i++) {
    const a = byNodes.start[i],
      b = byCounts.start[i];
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    both++;
    if (a === b)
      same++; // exact: both replay the same event instants
    else if (b < a) earlier++;
    shift += Math.abs(b - a);
  }
  if (both === 0)
    throw invalidArgument(
      "jobs",
      `${jobs.length} jobs`,
      "a workload where some job starts under both placements",
    );
  const n = scheduleMetrics(byNodes),
    c = scheduleMetrics(byCounts);
  return {
    jobs: both,
    sameStart: same / both,
    earlierWithCounts: earlier / both,
    meanShift_h: shift / both / 3600,
    meanWaitNodes_h: n.meanWait / 3600,
    meanWaitCounts_h: c.meanWait / 3600,
    meanBsldNodes: n.meanBsld,
    meanBsldCounts: c.meanBsld,
  };
}

/**
 * {@link placementGap} as a study kind (study/kinds.ts "placement-gap"): one task = one trace.
 * Parameters: `source` (a trace name), optional `jobs` (the first jobs replayed; all when omitted)
 * and `bfResolution` (seconds; Slurm's default when omitted), which the row records.
 */
export function placementGapStudyTask(
  params: Record<string, unknown>,
): (PlacementGapRow & { source: string; nodes: number; bfResolution: number })[] {
  const source = String(params.source);
  const limit = params.jobs === undefined ? undefined : integer(params.jobs as number, "jobs", 1);
  const bfResolution =
    params.bfResolution === undefined
      ? SLURM_DEFAULTS.bfResolution
      : integer(params.bfResolution as number, "bfResolution", 1, 3600);
  const w = loadTraceWorkload(source, { limit });
  return [{ source, nodes: w.nodes, bfResolution, ...placementGap(w.jobs, w, { slurm: { bfResolution } }) }];
}

/**
 * Whether count placement's mean wait and mean bounded slowdown are higher or lower than node
 * placement's: lib/agreement's relative effect of one run against one run, with its practical band
 * (a change within it is "inconclusive": one run cannot show equivalence; no change at all is
 * "equivalent", as the rule has it). When node placement's value is 0, any positive one is "higher".
 */
export function placementGapEffects(row: PlacementGapRow): { wait: EffectOutcome; bsld: EffectOutcome } {
  const effect = (counts: number, nodes: number): EffectOutcome =>
    nodes === 0
      ? counts === 0
        ? "equivalent"
        : "higher"
      : relativeEffect([counts], [nodes], RELATIVE_EFFECT_BAND).outcome;
  return {
    wait: effect(row.meanWaitCounts_h, row.meanWaitNodes_h),
    bsld: effect(row.meanBsldCounts, row.meanBsldNodes),
  };
}
