import { describe, expect, it } from "vitest";
import { inputDensity, operatorProfiles } from "../../../lib/operators/density";
import {
  inputDensityHeatmap,
  localDensityByTargetHeatmap,
  localDensityHeatmap,
  operatorCurvesFigure,
  operatorProfileFigure,
} from "../../../views/operators/figures";
import { absoluteOperator, paperOperators, relativeOperator } from "../../../lib/operators/operator";

describe("operator figures", () => {
  it("heat maps carry one row per operator (or target) and one column per level; unreachable levels are blank", () => {
    const fig = localDensityHeatmap([absoluteOperator(), relativeOperator()], 0.5, 2);
    const tr = fig.data[0] as { x: string[]; y: string[]; z: (number | null)[][] };
    expect(tr.x).toEqual(["-1", "-0.5", "0", "0.5"]);
    expect(tr.y).toEqual(["Absolute", "Relative"]);
    expect(tr.z[0]).toEqual([null, 0.5, 0.5, null]);
    const by = localDensityByTargetHeatmap(absoluteOperator(), [0, 1], 1).data[0] as {
      y: string[];
      z: (number | null)[][];
    };
    expect(by.y).toEqual(["t=0", "t=1"]);
    expect(by.z).toEqual([
      [1, null],
      [null, 1],
    ]);
    const d = inputDensityHeatmap(inputDensity([relativeOperator()], { bits: 1, targetSteps: 10 }), 1)
      .data[0] as { z: number[][] };
    expect(d.z[0].map((x) => +x.toFixed(12))).toEqual([0.5, 0.5]);
  });
  it("profiles: a line and a bar trace per operator; curves: one line per operator × target", () => {
    const fig = operatorProfileFigure(operatorProfiles(paperOperators().slice(0, 3), 0.5, 3, 11));
    expect(fig.data.length).toBe(6);
    expect((fig.data[1] as { orientation: string; x: number[] }).orientation).toBe("h");
    expect((fig.data[1] as { x: number[] }).x).toEqual([0, 0, 0.25, 0.25, 0.25, 0.25, 0, 0]);
    expect(operatorCurvesFigure(paperOperators(), [0.1, 0.5], 5).data.length).toBe(14);
  });
});
