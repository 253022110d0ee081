/** The budget scheduler's first iteration on the thesis samples (lib/coop/budget-experiments.ts), as notebook 11's table. */
import type { BudgetFirstIterationRow } from "../../lib/coop/budget-experiments";

/** One row per sample and budget level: Total Value under the budget scheduler, Slurm and the greedy 1B, and budget / Slurm. */
export function budgetFirstIterationTable(
  rows: readonly BudgetFirstIterationRow[],
): Record<string, string | number>[] {
  return rows.map((r) => ({
    sample: r.sample,
    "budget (share of Σ bids)": r.level === Infinity ? "unlimited" : r.level,
    "TV budget": r.tvBudget,
    "TV Slurm": r.tvSlurm,
    "TV 1B (greedy)": r.tvGreedy,
    "budget / Slurm": r.tvBudget / r.tvSlurm,
    ...Object.fromEntries(r.tvYours.map((y) => [`TV ${y.label}`, y.TV])),
  }));
}
