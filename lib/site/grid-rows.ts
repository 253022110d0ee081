/**
 * A what-if grid as tidy rows, one per cell and account figure (median and 90th-percentile wait,
 * seconds) and per cell and schedule figure (utilisation, makespan, Jain's index of usage against
 * shares, wait and slowdown fairness, mean bounded slowdown, first-iteration PoA, backfilled share): the base's mean, the cell's, the mean paired change with its 95% interval
 * and lib/agreement's outcome (`effect`/`relativeEffect`: the waits' change in
 * seconds, the schedule figures' relative to the base). The study writes these rows
 * (lib/site/study-kind.ts) and notebook 18's heatmap and tables read them, from a study's results
 * file or from a grid run in the notebook. A value that JSON cannot hold (NaN) is written as null.
 */
import { invalidArgument } from "../util/errors";
import { GRID_AXES, type SiteGrid } from "./grid";
import type { FigureChange } from "./what-if";

/** One row of a grid (see the module comment). */
export interface SiteGridRow {
  /** The cell's label (lib/site/config-diff.ts changeLabel). */
  cell: string;
  /** The axis values that make the cell (lib/site/grid.ts gridCell); written spread into the row. */
  params: Record<string, unknown>;
  /** The account, or "(all)" for a schedule figure. */
  account: string;
  /** "median wait", "p90 wait", "utilisation", "makespan", "Jain's index", "PoA" or "backfilled share". */
  figure: string;
  /** The account's jobs (the schedule's for "(all)"). */
  jobs: number;
  base: number | null;
  value: number | null;
  /** The paired change's mean and 95% interval: seconds for waits, relative to the base for the rest. */
  change: number | null;
  low: number | null;
  high: number | null;
  /** higher, lower, equivalent or inconclusive. */
  outcome: string;
  /** Paired runs. */
  runs: number;
}

/** The figures each cell has for the whole schedule. */
export const SCHEDULE_FIGURES = [
  "utilisation",
  "makespan",
  "Jain's index",
  "wait fairness",
  "slowdown fairness",
  "mean bounded slowdown",
  "PoA",
  "backfilled share",
] as const;

const orNull = (x: number) => (Number.isFinite(x) ? x : null);

/** A grid's rows (see the module comment), each as a flat record: the cell's axis values, then the row's fields. */
export function siteGridRows(grid: SiteGrid): Record<string, unknown>[] {
  return gridRowsOf(grid).map(({ params, ...r }) => ({ ...params, ...r }));
}

function gridRowsOf(grid: SiteGrid): SiteGridRow[] {
  const rows: SiteGridRow[] = [];
  for (const { label, params, whatIf } of grid.cells) {
    const jobs = whatIf.accounts.reduce((s, a) => s + a.jobs, 0);
    for (const a of whatIf.accounts)
      for (const [figure, base, value, e] of [
        ["median wait", a.baseMedianWait, a.medianWait, a.dMedian],
        ["p90 wait", a.baseP90Wait, a.p90Wait, a.dP90],
      ] as const)
        rows.push({
          cell: label,
          params,
          account: a.account,
          figure,
          jobs: a.jobs,
          base: orNull(base),
          value: orNull(value),
          change: orNull(e.mean),
          low: orNull(e.low),
          high: orNull(e.high),
          outcome: e.outcome,
          runs: whatIf.runs,
        });
    const schedule: [string, FigureChange][] = [
      ["utilisation", whatIf.utilisation],
      ["makespan", whatIf.makespan],
      ["Jain's index", whatIf.jain],
      ["wait fairness", whatIf.waitFairness],
      ["slowdown fairness", whatIf.slowdownFairness],
      ["mean bounded slowdown", whatIf.meanBoundedSlowdown],
      ["PoA", whatIf.poa],
      ["backfilled share", whatIf.backfilledShare],
    ];
    for (const [figure, f] of schedule)
      rows.push({
        cell: label,
        params,
        account: "(all)",
        figure,
        jobs,
        base: orNull(f.base),
        value: orNull(f.value),
        change: orNull(f.relative.mean),
        low: orNull(f.relative.low),
        high: orNull(f.relative.high),
        outcome: f.relative.outcome,
        runs: whatIf.runs,
      });
  }
  return rows;
}

const FIELDS: readonly Exclude<keyof SiteGridRow, "params">[] = [
  "cell",
  "account",
  "figure",
  "jobs",
  "base",
  "value",
  "change",
  "low",
  "high",
  "outcome",
  "runs",
];

/**
 * Grid rows read back from a study's results (each row may carry the task's parameters too).
 * @throws `invalid grid row k: …` naming the first field that is missing or of the wrong type
 */
export function readGridRows(rows: readonly Record<string, unknown>[]): SiteGridRow[] {
  return rows.map((r, k) => {
    for (const f of FIELDS) {
      const v = r[f];
      const ok = ["cell", "account", "figure", "outcome"].includes(f)
        ? typeof v === "string"
        : ["jobs", "runs"].includes(f)
          ? typeof v === "number"
          : v === null || typeof v === "number";
      if (!ok)
        throw invalidArgument(`grid row ${k}`, `${f}: ${JSON.stringify(v)}`, "a row written by siteGridRows");
    }
    const params = Object.fromEntries(GRID_AXES.filter((a) => r[a] !== undefined).map((a) => [a, r[a]]));
    return { ...Object.fromEntries(FIELDS.map((f) => [f, r[f]])), params } as unknown as SiteGridRow;
  });
}
