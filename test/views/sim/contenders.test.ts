import { describe, expect, it } from "vitest";
import type { PoaRow } from "../../../lib/sim/poa";
import { meanInterval } from "../../../lib/util/interval";
import { contenderSummary, withContenderColumns } from "../../../views/sim/contenders";
import { totalValueFigure } from "../../../views/sim/figures";

const row = (sample: string, TV: number, PoA: number): PoaRow => ({
  sample,
  jobs: 4,
  TV,
  TV_t0: TV,
  TV_1B1: TV * PoA,
  TV_1B2: TV * PoA,
  TV_1B3: TV * PoA,
  TV_1A: TV * PoA,
  PoA,
  PoA_exact: PoA,
});
const ours = [row("sample_0.txt", 100, 1.5), row("sample_1.txt", 200, 1.2), row("sample_20.txt", 50, 3)];
const sjf = {
  label: "SJF (yours)",
  rows: [row("sample_0.txt", 120, 1.25), row("sample_1.txt", 180, 1.4), row("sample_20.txt", 90, 2)],
};

describe("your schedulers in notebook 10's tables", () => {
  it("summarises a contender over the ordinary samples with no thesis value and no outcome", () => {
    const [r] = contenderSummary([sjf], "TV");
    const e = meanInterval([120, 180]); // sample_20 is left out of every mean, as the thesis's
    expect(r).toMatchObject({
      quantity: "TV, SJF (yours)",
      ours: 150,
      "ours, samples": 2,
      thesis: null,
      tier: "your scheduler",
      outcome: "— (no thesis value)",
    });
    expect(e.mean).toBe(150);
    expect(contenderSummary([], "PoA")).toEqual([]);
  });

  it("adds each contender's value beside ours per sample, joined on the sample's name", () => {
    const t = withContenderColumns(
      ours.map((r) => ({ sample: r.sample, PoA: r.PoA })),
      [{ label: "SJF (yours)", rows: sjf.rows.slice(1) }],
      "PoA",
    );
    expect(t.map((r) => r["PoA, SJF (yours)"])).toEqual([NaN, 1.4, 2]);
    expect(t.map((r) => r.PoA)).toEqual([1.5, 1.2, 3]);
  });

  it("draws each contender's Total Value as a bar series of Figure 21 on the same samples", () => {
    const fig = totalValueFigure(ours, "Figure 21", [sjf]);
    const bars = fig.data as { name: string; x: string[]; y: number[] }[];
    const mine = bars.find((b) => b.name === "SJF (yours)")!;
    expect(mine.x).toEqual(ours.map((r) => r.sample));
    expect(mine.y).toEqual([120, 180, 90]);
    expect(totalValueFigure(ours, "Figure 21").data).toHaveLength(4);
  });
});
