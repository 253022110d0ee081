import { describe, expect, it } from "vitest";
import { paperOperators, slurmOriginalOperator } from "../../lib/operators/operator";
import { boundaryBehaviour, checkOperator } from "../../lib/operators/properties";

describe("definition and boundary checks", () => {
  it("all seven meet the definition; Absolute and Combined fail the boundary property", () => {
    const checks = paperOperators().map((op) => checkOperator(op, 100));
    expect(checks.map((c) => c.definition)).toEqual([true, true, true, true, true, true, true]);
    expect(checks.map((c) => c.boundary)).toEqual([false, true, true, true, true, true, false]);
    expect(checks[0].failures[0]).toEqual({ check: "boundary t=0", t: 0, s: 0.01, value: -0.01 });
  });
  it("SLURM original is not centred: 0.5 at balance", () => {
    const c = checkOperator(slurmOriginalOperator(), 10);
    expect(c.definition).toBe(false);
    expect(c.failures[0]).toEqual({ check: "balance", t: 0, s: 0, value: 0.5 });
  });
  it("boundary table values", () => {
    const [abs] = boundaryBehaviour(paperOperators().slice(0, 1), [0.5, 1]);
    expect(abs).toEqual({
      operator: "Absolute",
      atTargetZero: [-0.5, -1],
      atStateZero: [0.5, 1],
      lowestAtTargetZero: false,
      highestAtStateZero: false,
    });
    expect(() => checkOperator(paperOperators()[0], 1)).toThrow(
      /^invalid gridSteps: 1; expected an integer >= 2 and <= 5000$/,
    );
    expect(() => boundaryBehaviour(paperOperators(), [0])).toThrow(/^invalid probes: 0;/);
  });
});
