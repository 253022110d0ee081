import { describe, expect, it } from "vitest";
import { appendixCFigure, sampleDistributionFigure } from "../../../views/sample/figures";
import { JOBS } from "../../sample/fixtures";

describe("appendixCFigure", () => {
  const lists = [
    { name: "source", jobs: JOBS },
    { name: "sample_0", jobs: JOBS.slice(0, 3) },
  ];
  it("one panel per list, every list drawn, on one x range, titled by name and size", () => {
    const f = appendixCFigure(lists, "nnodes", {}, 1);
    expect(f.data).toHaveLength(2);
    expect(f.data.map((t) => (t as { xaxis: string }).xaxis)).toEqual(["x1", "x2"]);
    expect(f.data.every((t) => (t as { visible?: boolean }).visible !== false)).toBe(true);
    expect(f.layout!.grid).toMatchObject({ rows: 2, columns: 1 });
    const layout = f.layout as Record<string, { range: number[] }>;
    expect(layout.xaxis1.range).toEqual(layout.xaxis2.range);
    const notes = f.layout!.annotations as { text: string }[];
    expect(notes.map((a) => a.text)).toEqual([`source (${JOBS.length} jobs)`, "sample_0 (3 jobs)"]);
    // The source's panel is sampleDistributionFigure's nodes histogram.
    expect((f.data[0] as { y: number[] }).y).toEqual(
      (sampleDistributionFigure(JOBS, "x").data[0] as { y: number[] }).y,
    );
  });
  it("refuses an empty list of lists, an unknown field and a bad column count", () => {
    expect(() => appendixCFigure([], "nnodes")).toThrow(
      /^invalid lists: "\[\]"; expected at least one job list$/,
    );
    expect(() => appendixCFigure(lists, "cores")).toThrow(/^invalid field: "cores"/);
    expect(() => appendixCFigure(lists, "rtime", {}, 0)).toThrow(/^invalid columns: 0/);
  });
});
