import { describe, expect, it } from "vitest";
import { budgetFirstIterationTable } from "../../../views/coop/budget-tables";

describe("budgetFirstIterationTable", () => {
  it("names an unlimited budget, divides the budget scheduler's Total Value by Slurm's and adds your schedulers' after them", () => {
    const rows = budgetFirstIterationTable([
      { sample: "s1", level: 0.25, tvBudget: 50, tvSlurm: 200, tvGreedy: 210, tvYours: [] },
      {
        sample: "s1",
        level: Infinity,
        tvBudget: 200,
        tvSlurm: 200,
        tvGreedy: 210,
        tvYours: [{ label: "SJF (yours)", TV: 120 }],
      },
    ]);
    expect(rows).toEqual([
      {
        sample: "s1",
        "budget (share of Σ bids)": 0.25,
        "TV budget": 50,
        "TV Slurm": 200,
        "TV 1B (greedy)": 210,
        "budget / Slurm": 0.25,
      },
      {
        sample: "s1",
        "budget (share of Σ bids)": "unlimited",
        "TV budget": 200,
        "TV Slurm": 200,
        "TV 1B (greedy)": 210,
        "budget / Slurm": 1,
        "TV SJF (yours)": 120,
      },
    ]);
  });
});
