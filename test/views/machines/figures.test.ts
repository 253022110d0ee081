import { describe, expect, it } from "vitest";
import { poaFeatureFigure } from "../../../views/machines/figures";
import type { RealMachineRow } from "../../../lib/machines/real-machines";
import { thesisOrdinaryPoa } from "../../../lib/sim/thesis-poa";

const row = (source: string, PoA: number, meanWidth: number) =>
  ({ source, special: false, PoA, meanWidth }) as unknown as RealMachineRow;

describe("poaFeatureFigure", () => {
  it("one point per machine, and the thesis's mean PoA over its ordinary samples, not a typed value", () => {
    const f = poaFeatureFigure(
      [row("a-2001", 2, 0.1), row("a-2001", 2.2, 0.1), row("b", 3, 0.3)],
      "meanWidth",
      "w/W",
    );
    const [points, thesis] = f.data as { x: number[]; y: number[]; text?: string[]; name: string }[];
    expect(points.text).toEqual(["a", "b"]);
    expect(points.y[0]).toBeCloseTo(2.1, 12);
    const t = thesisOrdinaryPoa();
    expect(t).toHaveLength(15);
    const mean = t.reduce((s, x) => s + x, 0) / t.length;
    expect(thesis.y).toEqual([mean, mean]);
    expect(thesis.name).toBe(`thesis (MareNostrum4) ${mean.toFixed(2)}`);
  });
});
