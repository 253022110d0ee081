import { describe, expect, it } from "vitest";
import { expressionOperator, relativeOperator, absoluteOperator } from "../../lib/operators/operator";
import { checkOperator } from "../../lib/operators/properties";
import { stateInverter } from "../../lib/operators/inverse";

describe("expressionOperator: a user-defined F(t, s)", () => {
  const rel = expressionOperator("(t - s) / max(t, s, 1e-12)", "Relative (expression)");
  it("(t − s)/max(t, s) is the Relative operator, bit for bit on the 201 × 201 grid", () => {
    const ref = relativeOperator();
    for (let a = 0; a <= 200; a++)
      for (let b = 0; b <= 200; b++) expect(rel.value(a / 200, b / 200)).toBe(ref.value(a / 200, b / 200));
    expect(rel.centred).toBe(true);
    expect(rel.formula).toBe("(t - s) / max(t, s, 1e-12)");
    expect(rel.dvalueDs).toBeUndefined();
    expect(rel.inverse).toBeUndefined();
  });
  it("works wherever a built-in operator does: the definition checks and the numeric inverse", () => {
    const { operator: _a, ...mine } = checkOperator(rel);
    const { operator: _b, ...theirs } = checkOperator(relativeOperator());
    expect(mine).toEqual(theirs);
    expect(checkOperator(expressionOperator("t - s")).definition).toBe(true);
    expect(stateInverter(rel, 0.4)(0.5)).toBeCloseTo(0.2, 9);
    expect(stateInverter(expressionOperator("t - s"), 0.4)(0.1)).toBeCloseTo(
      absoluteOperator().inverse!(0.1, 0.4),
      9,
    );
  });
  it("is not centred when out of [−1, 1] or non-zero at balance", () => {
    expect(expressionOperator("2*(t - s)").centred).toBe(false);
    expect(expressionOperator("t > 0 ? 2^(-s/t) : 0", "x").centred).toBe(false); // SLURM original: 0.5 at balance
  });
  it("refuses bad expressions by name", () => {
    expect(() => expressionOperator("t - x", "OPERATOR")).toThrow(
      /^invalid OPERATOR: "t - x"; unknown symbol "x"; expected an expression in t, s$/,
    );
    expect(() => expressionOperator("(t - s)/t", "OPERATOR")).toThrow(
      /^invalid OPERATOR: "\(t - s\)\/t" gives NaN at t=0, s=0; expected a finite number$/,
    );
  });
});
