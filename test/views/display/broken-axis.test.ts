import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { outlierSplit, withBrokenValueAxis } from "../../../views/display/broken-axis";

describe("outlierSplit", () => {
  it("finds thesis Table 11's sample_9 under 3B (456,960 against at most 207,360)", () => {
    // Table 11's 1A column (138,240 ×15 and 207,360), 3B's sample_9 and four ordinary values
    const values = [...Array(15).fill(138240), 207360, 456960, 118400, 114680, 8778, 2465];
    expect(outlierSplit(values)).toEqual({ outliers: [16], restMax: 207360 });
  });

  it("leaves values without a gap of twice the next alone", () => {
    expect(outlierSplit([506930, 506850, 211480, 295615, 728540])).toBeUndefined();
    expect(outlierSplit([1, 1.9, 1])).toBeUndefined();
    expect(outlierSplit([5])).toBeUndefined();
    expect(outlierSplit([])).toBeUndefined();
  });

  it("needs a positive rest, skips missing values and takes at most maxShare of the values", () => {
    expect(outlierSplit([10, 0, 0, 0])).toBeUndefined();
    expect(outlierSplit([null, 100, NaN, 10, 9])).toEqual({ outliers: [1], restMax: 10 });
    // two values far above eighteen others: 2 ≤ 5% of 40, not of 20
    const two = [100, 100, ...Array(18).fill(1)];
    expect(outlierSplit(two)).toBeUndefined();
    expect(outlierSplit(two, { maxShare: 0.1 })).toEqual({ outliers: [0, 1], restMax: 1 });
    expect(outlierSplit([3, 2, 1], { ratio: 1.5, maxShare: 1 })).toEqual({ outliers: [0], restMax: 2 });
  });

  it("validates its options", () => {
    expect(() => outlierSplit([1], { ratio: 0.5 })).toThrow(
      /^invalid ratio: 0.5; expected a finite number in \[1, Infinity\]/,
    );
    expect(() => outlierSplit([1], { maxShare: 2 })).toThrow(
      /^invalid maxShare: 2; expected a finite number in \[0, 1\]/,
    );
  });

  it("every outlier is at least ratio times every other value", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 60 }), (values) => {
        const split = outlierSplit(values);
        if (!split) return;
        const out = new Set(split.outliers);
        const rest = values.filter((_, i) => !out.has(i));
        expect(Math.max(...rest)).toBe(split.restMax);
        for (const i of out) expect(values[i]).toBeGreaterThanOrEqual(2 * split.restMax);
        expect(out.size).toBeLessThanOrEqual(Math.max(1, Math.floor(0.05 * values.length)));
      }),
    );
  });
});

describe("withBrokenValueAxis", () => {
  const bars = (y: number[]) => ({
    data: [
      { type: "bar", name: "a", x: ["s1", "s2", "s3"], y },
      { type: "bar", name: "b", x: ["s1", "s2", "s3"], y: [1, 2, 3] },
    ],
    layout: { yaxis: { title: { text: "v (node·minutes)" } } },
  });

  it("returns the figure unchanged without outliers", () => {
    const fig = bars([2, 3, 4]);
    expect(withBrokenValueAxis(fig)).toBe(fig);
  });

  it("draws every trace in both panels, the outlier labelled with its value", () => {
    const fig = withBrokenValueAxis(bars([2, 1200, 4]), { maxShare: 0.2 });
    const data = fig.data as Record<string, unknown>[];
    expect(data.map((t) => [t.name, t.yaxis ?? "y", t.showlegend ?? true])).toEqual([
      ["a", "y", true],
      ["b", "y", true],
      ["a", "y2", false],
      ["b", "y2", false],
    ]);
    expect(data[2].text).toEqual(["", "1,200", ""]);
    expect(data[3].text).toEqual(["", "", ""]);
    expect((data[0].marker as { color: string }).color).toBe((data[2].marker as { color: string }).color);
    const layout = fig.layout as Record<string, { range?: number[]; title?: unknown; domain?: number[] }>;
    expect(layout.yaxis.title).toEqual({ text: "v (node·minutes)" });
    expect(layout.yaxis.range).toEqual([0, 4 * 1.08]);
    expect(layout.yaxis2.range![1]).toBeGreaterThan(1200);
    expect(layout.yaxis2.range![0]).toBeGreaterThan(4 * 1.08);
    expect(layout.yaxis.domain![1]).toBeLessThan(layout.yaxis2.domain![0]);
  });
});
