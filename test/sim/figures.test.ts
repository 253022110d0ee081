import { describe, expect, it } from "vitest";
import { schedulerComparisonFigure, totalValueFigure } from "../../lib/sim/figures";
import { thesisTotalValueRows } from "../../lib/sim/tables";

type Layout = Record<string, { title?: { text: string } } | undefined>;

describe("simulator figures' axes", () => {
  it("Figure 21's value axis says Total Value in node·minutes, one axis for the thesis's values", () => {
    const fig = totalValueFigure(thesisTotalValueRows(), "Figure 21 (thesis)");
    expect((fig.layout as Layout).yaxis?.title?.text).toBe("Total Value TV (node·minutes)");
    expect(fig.data.length).toBe(4);
    expect((fig.layout as Layout).yaxis2).toBeUndefined();
  });

  it("the scheduler comparison titles its value axis with the column's unit", () => {
    const rows = [
      { trace: "KTH", scheduler: "FCFS", meanWait_h: 2, meanBsld: 9 },
      { trace: "KTH", scheduler: "EASY", meanWait_h: 1, meanBsld: 4 },
    ];
    expect((schedulerComparisonFigure(rows, "meanWait_h").layout as Layout).yaxis?.title?.text).toBe(
      "mean wait (hours)",
    );
    expect((schedulerComparisonFigure(rows, "meanBsld").layout as Layout).yaxis?.title?.text).toBe(
      "mean bounded slowdown (ratio, τ = 10 s)",
    );
  });
});
