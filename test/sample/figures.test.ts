import { describe, expect, it } from "vitest";
import { appendixCFigure, sampleDistributionFigure } from "../../lib/sample/figures";
import { JOBS } from "./fixtures";

describe("appendixCFigure", () => {
  it("four histograms per list, only the first list visible; the menu shows one list at a time", () => {
    const lists = [
      { name: "source", jobs: JOBS },
      { name: "sample_0", jobs: JOBS.slice(0, 3) },
    ];
    const f = appendixCFigure(lists, ["Figure 24", "Figure 25"]);
    expect(f.data).toHaveLength(8);
    expect(f.data.map((t) => (t as { visible: boolean }).visible)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    const menu = (
      f.layout!.updatemenus as {
        buttons: { label: string; args: [{ visible: boolean[] }, Record<string, string>] }[];
      }[]
    )[0];
    expect(menu.buttons.map((b) => b.label)).toEqual(["source", "sample_0"]);
    expect(menu.buttons[1].args[0].visible).toEqual([false, false, false, false, true, true, true, true]);
    expect(menu.buttons[1].args[1]["title.text"]).toBe("Figure 25 (3 jobs)");
    // The visible traces of list k are sampleDistributionFigure's.
    expect(f.data.slice(0, 4).map((t) => (t as { y: number[] }).y)).toEqual(
      sampleDistributionFigure(JOBS, "x").data.map((t) => (t as { y: number[] }).y),
    );
  });
  it("refuses an empty list of lists", () => {
    expect(() => appendixCFigure([])).toThrow(/^invalid lists: "\[\]"; expected at least one job list$/);
  });
});
