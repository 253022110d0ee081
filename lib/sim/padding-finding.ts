/**
 * The padding sweeps of notebook 02 (thesis Section 3) judged, one seeded run per point: with every
 * job's limit padded, whether accurate limits give each backfill scheduler its longest mean wait
 * (every other factor's mean wait lower by more than lib/agreement's band, `relativeEffect` with
 * {@link RELATIVE_EFFECT_BAND}), with its longest and shortest; with only the small jobs' limits
 * padded, each scheduler's first factor whose mean wait is higher than at the first factor beyond
 * the band. views/sim/scheduling-text.ts words it.
 */
import { relativeEffect } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";

/** One row of a padding sweep (lib/sim/scenarios.ts paddingSweep). */
export interface PaddingRow {
  factor: number;
  scheduler: string;
  meanWait_min: number;
}

/** The sweeps judged (module comment). */
export interface PaddingFinding {
  /** The sweep's first factor (accurate limits: 1). */
  firstFactor: number;
  /** The small jobs' sweep's mean wait without backfill (fcfs, minutes; NaN without it). */
  fcfsWait: number;
  /** Every job's limit padded, per backfill scheduler of the small jobs' sweep. */
  all: readonly { scheduler: string; accurateLongest: boolean; longest: PaddingRow; shortest: PaddingRow }[];
  /** True when accurate limits give the longest mean wait under every one of them (and there is one). */
  accurateLongestEverywhere: boolean;
  /** Only the small jobs' limits padded, per backfill scheduler: the first and last factor's rows, and the first factor higher than the first. */
  small: readonly { scheduler: string; first: PaddingRow; last: PaddingRow; firstHigher?: PaddingRow }[];
}

/** The padding sweeps judged (module comment); ties of the longest or shortest go to the smallest factor. */
export function paddingFinding(small: readonly PaddingRow[], all: readonly PaddingRow[]): PaddingFinding {
  const schedulers = [...new Set(small.map((r) => r.scheduler))].filter((s) => s !== "fcfs");
  const of = (rows: readonly PaddingRow[], s: string) => rows.filter((r) => r.scheduler === s);
  const change = (r: PaddingRow, base: PaddingRow) =>
    relativeEffect([r.meanWait_min], [base.meanWait_min], RELATIVE_EFFECT_BAND).outcome;
  const extreme = (rows: readonly PaddingRow[], sign: 1 | -1) =>
    rows.reduce((a, r) => (sign * (r.meanWait_min - a.meanWait_min) > 0 ? r : a));
  const allParts = schedulers.map((scheduler) => {
    const rows = of(all, scheduler);
    const first = rows[0];
    return {
      scheduler,
      accurateLongest: rows.length > 1 && rows.slice(1).every((r) => change(r, first) === "lower"),
      longest: extreme(rows, 1),
      shortest: extreme(rows, -1),
    };
  });
  return {
    firstFactor: all[0]?.factor ?? NaN,
    fcfsWait: of(small, "fcfs")[0]?.meanWait_min ?? NaN,
    all: allParts,
    accurateLongestEverywhere: allParts.length > 0 && allParts.every((p) => p.accurateLongest),
    small: schedulers.map((scheduler) => {
      const rows = of(small, scheduler);
      const first = rows[0];
      return {
        scheduler,
        first,
        last: rows[rows.length - 1],
        firstHigher: rows.find((r) => change(r, first) === "higher"),
      };
    }),
  };
}
