/** Count placement against node placement (lib/sim/placement-gap.ts): a table and its findings sentence. */
import { group, percent, signedPercent } from "../display/format";
import { studyRefreshText } from "../display/study-files";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { EffectOutcome } from "../../lib/agreement/effect";
import { placementGapEffects, type PlacementGapRow } from "../../lib/sim/placement-gap";
import { invalidArgument } from "../../lib/util/errors";
import { median } from "../../lib/util/stats";

/** A study row: one trace's comparison. */
export type PlacementGapStudyRow = PlacementGapRow & { source: string; nodes: number };

/** One display row per trace: the shares of starts, the mean shift, and each metric under both placements. */
export function placementGapRows(rows: readonly PlacementGapStudyRow[]): Record<string, string | number>[] {
  return rows.map((r) => {
    const e = placementGapEffects(r);
    return {
      trace: r.source,
      nodes: r.nodes,
      jobs: r.jobs,
      "same start": percent(r.sameStart),
      "earlier with counts": percent(r.earlierWithCounts),
      "later with counts": percent(1 - r.sameStart - r.earlierWithCounts),
      "mean shift (h)": r.meanShift_h,
      "mean wait, nodes (h)": r.meanWaitNodes_h,
      "mean wait, counts (h)": r.meanWaitCounts_h,
      "wait, counts vs nodes": `${signedPercent(r.meanWaitCounts_h / r.meanWaitNodes_h - 1)} (${e.wait})`,
      "mean bsld, nodes": r.meanBsldNodes,
      "mean bsld, counts": r.meanBsldCounts,
      "bsld, counts vs nodes": `${signedPercent(r.meanBsldCounts / r.meanBsldNodes - 1)} (${e.bsld})`,
    };
  });
}

// "higher on 3 (A, B, C)", by outcome, the empty ones left out
function byOutcome(
  rows: readonly PlacementGapStudyRow[],
  of: (r: PlacementGapStudyRow) => EffectOutcome,
): string {
  const outcomes: EffectOutcome[] = ["higher", "lower", "equivalent", "inconclusive"];
  return outcomes
    .map((o) => {
      const ts = rows.filter((r) => of(r) === o).map((r) => r.source);
      return ts.length ? `*${o}* on ${ts.length} (${ts.join(", ")})` : "";
    })
    .filter(Boolean)
    .join(", ");
}

/**
 * The findings (markdown): how many starts count placement keeps, and which way its waits and
 * slowdowns move; with `read`, where the rows come from and how to recompute them.
 */
export function placementGapText(
  rows: readonly PlacementGapStudyRow[],
  read?: { file: string; study: string },
): string {
  if (!rows.length) throw invalidArgument("rows", "[]", "placementGap's rows (one per trace)");
  const same = rows.map((r) => r.sameStart);
  const lo = rows.reduce((a, r) => (r.sameStart < a.sameStart ? r : a));
  const hi = rows.reduce((a, r) => (r.sameStart > a.sameStart ? r : a));
  const jobs = rows.reduce((s, r) => s + r.jobs, 0);
  return (
    `**Planning with node counts moves the schedule.** Over ${rows.length} traces (${group(jobs)} jobs, one run ` +
    `of each placement), count placement starts a median ${percent(median(same))} of jobs at node placement's ` +
    `second: from ${percent(lo.sameStart)} (${lo.source}) to ${percent(hi.sameStart)} (${hi.source}). ` +
    `Its mean wait is ${byOutcome(rows, (r) => placementGapEffects(r).wait)}; its mean bounded slowdown ` +
    `${byOutcome(rows, (r) => placementGapEffects(r).bsld)} — against node placement, by lib/agreement's ` +
    `relative effect of one run (a change within ±${percent(RELATIVE_EFFECT_BAND, { decimals: 0 })} is inconclusive, none at all equivalent). ` +
    "Both are our models: node placement is the one checked against a live Slurm (docs/slurm.md); this says how " +
    "far the faster abstraction is from it, not how far either is from a real cluster." +
    (read
      ? ` Rows read from \`${read.file}\` (the study \`${read.study}\`); to recompute them: ` +
        `${studyRefreshText(read.study, read.file)}.`
      : "")
  );
}
