import { describe, expect, it } from "vitest";
import { onOneValueAxis } from "../../../views/display/shared-axis";

describe("onOneValueAxis", () => {
  it("gives ours and the thesis's figure the range that holds both, from 0", () => {
    const ours = { data: [{ type: "bar", y: [100, 500_000] }], layout: { yaxis: { title: { text: "TV" } } } };
    const thesis = { data: [{ type: "bar", y: [700_000, 200] }] };
    const [a, b] = onOneValueAxis([ours, thesis]);
    expect((a.layout as { yaxis: unknown }).yaxis).toEqual({
      title: { text: "TV" },
      range: [0, 735_000],
      autorange: false,
    });
    expect((b.layout as { yaxis: { range: number[] } }).yaxis.range).toEqual([0, 735_000]);
  });
  it("shares a broken figure's lower panel range and leaves its upper panel", () => {
    const broken = {
      data: [
        { type: "bar", y: [1, 2] },
        { type: "bar", y: [1, 2], yaxis: "y2" },
      ],
      layout: { yaxis: { range: [0, 300] }, yaxis2: { range: [900, 1000] } },
    };
    const plain = { data: [{ type: "bar", y: [-10, 400] }] };
    const [a, b] = onOneValueAxis([broken, plain]);
    const la = a.layout as { yaxis: { range: number[] }; yaxis2: unknown };
    expect(la.yaxis.range).toEqual([-10.5, 420]);
    expect(la.yaxis2).toEqual({ range: [900, 1000] });
    expect((b.layout as { yaxis: { range: number[] } }).yaxis.range).toEqual([-10.5, 420]);
  });
});
