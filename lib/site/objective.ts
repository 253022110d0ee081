/**
 * What an administrator asks of a setting, and the grid's cells ranked by it. An objective is a
 * schedule figure of the what-if grid (lib/site/grid-rows.ts) with the direction that is better:
 * - "wait fairness" (the default, the fair-share target): Jain's index of each account's median
 *   wait against its share (lib/site/account-stats.ts `waitFairness`), higher is better;
 * - "slowdown fairness": Jain's index of the accounts' mean bounded slowdowns, higher is better;
 * - "mean bounded slowdown": lower is better;
 * - "utilisation": CPU utilisation, higher is better.
 * Each cell's change of the objective against the site's own settings is a paired effect with its
 * 95% interval (lib/agreement `relativeEffect`, in the grid's rows): a cell is *better* only when
 * its interval lies wholly on the better side, *worse* wholly on the other, *no change* within the
 * ±1% band, else *inconclusive*. Cells rank better first, each group by its mean change.
 */
import { type ObjectiveOutcome, objectiveOutcome } from "../agreement/verdicts";
import { invalidArgument } from "../util/errors";
import { OWN_SETTINGS } from "./config-diff";
import type { SiteGridRow } from "./grid-rows";

/** The objectives and the direction that is better. */
export const OBJECTIVES = Object.freeze({
  "wait fairness": "higher",
  "slowdown fairness": "higher",
  "mean bounded slowdown": "lower",
  utilisation: "higher",
} as const);

/** One of {@link OBJECTIVES}. */
export type Objective = keyof typeof OBJECTIVES;

/** One cell ranked by an objective (change: relative to the base's mean, with its 95% interval). */
export interface CellRank {
  rank: number;
  cell: string;
  base: number | null;
  value: number | null;
  change: number | null;
  low: number | null;
  high: number | null;
  outcome: ObjectiveOutcome;
}

function objectiveOf(objective: string): Objective {
  if (!(objective in OBJECTIVES))
    throw invalidArgument(
      "OBJECTIVE",
      objective,
      Object.keys(OBJECTIVES)
        .map((o) => JSON.stringify(o))
        .join(", "),
    );
  return objective as Objective;
}

/**
 * The grid's cells ranked by an objective (see the module comment).
 * @throws `invalid OBJECTIVE: …` for an objective not in {@link OBJECTIVES}
 */
export function rankCells(rows: readonly SiteGridRow[], objective: string = "wait fairness"): CellRank[] {
  const o = objectiveOf(objective);
  const up = OBJECTIVES[o] === "higher";
  const group: Record<ObjectiveOutcome, number> = { better: 0, "no change": 1, inconclusive: 2, worse: 3 };
  const ranked = rows
    .filter((r) => r.figure === o && r.account === "(all)")
    .map((r) => ({
      cell: r.cell,
      base: r.base,
      value: r.value,
      change: r.change,
      low: r.low,
      high: r.high,
      outcome: objectiveOutcome(r.outcome, up),
    }))
    .sort(
      (a, b) =>
        group[a.outcome] - group[b.outcome] ||
        (up ? 1 : -1) * ((b.change ?? -Infinity) - (a.change ?? -Infinity)) ||
        a.cell.localeCompare(b.cell),
    );
  return ranked.map((r, k) => ({ rank: k + 1, ...r }));
}

/**
 * The chosen setting's label: `label` when given (a cell of the rows, or {@link OWN_SETTINGS}), else
 * the best cell that is *better* on the objective, else {@link OWN_SETTINGS} (no setting of the grid
 * is shown better).
 * @throws `invalid CHOSEN: …` for a label the grid lacks; `invalid OBJECTIVE: …`
 */
export function chooseCell(
  rows: readonly SiteGridRow[],
  objective: string = "wait fairness",
  label = "",
): string {
  const cells = [...new Set(rows.map((r) => r.cell))];
  if (label !== "") {
    if (label !== OWN_SETTINGS && !cells.includes(label))
      throw invalidArgument(
        "CHOSEN",
        label,
        `"" or one of the grid's settings: ${[OWN_SETTINGS, ...cells].map((c) => JSON.stringify(c)).join(", ")}`,
      );
    return label;
  }
  const best = rankCells(rows, objective)[0];
  return best && best.outcome === "better" ? best.cell : OWN_SETTINGS;
}
