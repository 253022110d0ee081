/** Count placement against node placement (lib/sim/placement-gap.ts): a table and its findings sentence. */
import { group, percent, signedPercent } from "../display/format";
import { studyRefreshText } from "../display/study-files";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { EffectOutcome } from "../../lib/agreement/effect";
import { placementGapEffects, type PlacementGapRow } from "../../lib/sim/placement-gap";
import { SLURM_DEFAULTS } from "../../lib/sim/slurm-scheduler";
import { invalidArgument } from "../../lib/util/errors";
import { median } from "../../lib/util/stats";

/** A study row: one trace's comparison at one bf_resolution. */
export type PlacementGapStudyRow = PlacementGapRow & { source: string; nodes: number; bfResolution: number };

const later = (r: PlacementGapRow) => 1 - r.sameStart - r.earlierWithCounts;

// counts' value against nodes' as a signed change with its direction ("—" for no change from 0)
const change = (counts: number, nodes: number, outcome: EffectOutcome) =>
  `${nodes === 0 ? (counts === 0 ? "0.0%" : "—") : signedPercent(counts / nodes - 1)} (${outcome})`;

/** One display row per trace and bf_resolution: the shares of starts, the mean shift, and each metric under both placements. */
export function placementGapRows(rows: readonly PlacementGapStudyRow[]): Record<string, string | number>[] {
  return rows.map((r) => {
    const e = placementGapEffects(r);
    return {
      trace: r.source,
      nodes: r.nodes,
      "bf_resolution (s)": r.bfResolution,
      jobs: r.jobs,
      "same start": percent(r.sameStart),
      "earlier with counts": percent(r.earlierWithCounts),
      "later with counts": percent(later(r)),
      "mean shift (h)": r.meanShift_h,
      "mean wait, nodes (h)": r.meanWaitNodes_h,
      "mean wait, counts (h)": r.meanWaitCounts_h,
      "wait, counts vs nodes": change(r.meanWaitCounts_h, r.meanWaitNodes_h, e.wait),
      "mean bsld, nodes": r.meanBsldNodes,
      "mean bsld, counts": r.meanBsldCounts,
      "bsld, counts vs nodes": change(r.meanBsldCounts, r.meanBsldNodes, e.bsld),
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
 * The findings (markdown) at Slurm's default bf_resolution: how many starts count placement keeps,
 * and which way its waits and slowdowns move; then, labelled post-hoc, the same at each other
 * bf_resolution of the rows; with `read`, where the rows come from and how to recompute them.
 */
export function placementGapText(
  rows: readonly PlacementGapStudyRow[],
  read?: { file: string; study: string },
): string {
  const def = SLURM_DEFAULTS.bfResolution;
  const main = rows.filter((r) => r.bfResolution === def);
  if (!main.length)
    throw invalidArgument(
      "rows",
      `${rows.length} rows`,
      `placementGap's rows at Slurm's default bf_resolution (${def} s)`,
    );
  const lo = main.reduce((a, r) => (r.sameStart < a.sameStart ? r : a));
  const hi = main.reduce((a, r) => (r.sameStart > a.sameStart ? r : a));
  const jobs = main.reduce((s, r) => s + r.jobs, 0);
  const shares = (rs: readonly PlacementGapStudyRow[]) =>
    `a median ${percent(median(rs.map(later)))} start later with counts and ${percent(median(rs.map((r) => r.earlierWithCounts)))} earlier`;
  const others = [...new Set(rows.map((r) => r.bfResolution))].filter((b) => b !== def).sort((a, b) => a - b);
  const check = others.map((b) => {
    const rs = rows.filter((r) => r.bfResolution === b);
    return (
      `at bf_resolution ${b} s (${rs.length} traces) ${shares(rs)}, and the mean wait with counts is ` +
      byOutcome(rs, (r) => placementGapEffects(r).wait)
    );
  });
  return (
    `**Planning with node counts moves the schedule.** Over ${main.length} traces (${group(jobs)} jobs, one run ` +
    `of each placement, Slurm's default bf_resolution of ${def} s), count placement starts a median ` +
    `${percent(median(main.map((r) => r.sameStart)))} of jobs at node placement's second: from ` +
    `${percent(lo.sameStart)} (${lo.source}) to ${percent(hi.sameStart)} (${hi.source}); ${shares(main)}. ` +
    `Its mean wait is ${byOutcome(main, (r) => placementGapEffects(r).wait)}; its mean bounded slowdown ` +
    `${byOutcome(main, (r) => placementGapEffects(r).bsld)} — against node placement, by lib/agreement's ` +
    `relative effect of one run (a change within ±${percent(RELATIVE_EFFECT_BAND, { decimals: 0 })} is inconclusive, none at all equivalent). ` +
    (check.length
      ? `*Post-hoc check* (chosen after seeing these results): ${check.join("; ")}. A mechanism that fits: a ` +
        "reservation whose start bf_resolution rounds down takes free nodes from the count in the seconds before " +
        "the nodes it will use are released; pinned to named nodes, it holds only nodes still busy then. "
      : "") +
    "Both are our models: node placement is the one checked against a live Slurm (docs/slurm.md); this says how " +
    "far the faster abstraction is from it, not how far either is from a real cluster." +
    (read
      ? ` Rows read from \`${read.file}\` (the study \`${read.study}\`); to recompute them: ` +
        `${studyRefreshText(read.study, read.file)}.`
      : "")
  );
}
