import { describe, expect, it } from "vitest";
import { operationCount, operatorCosts } from "../../lib/operators/cost";
import {
  expressionOperator,
  paperOperators,
  relativeOperator,
  slurmOriginalOperator,
} from "../../lib/operators/operator";

describe("operator expressions", () => {
  for (const op of [...paperOperators(), ...paperOperators({ n: 3, k: 0.25 }), slurmOriginalOperator()]) {
    it(`${op.name}'s expression equals its value on a grid`, () => {
      const e = expressionOperator(op.expression!, op.name);
      for (let i = 1; i <= 20; i++)
        for (let j = 0; j <= 20; j++)
          expect(e.value(i / 20, j / 20)).toBeCloseTo(op.value(i / 20, j / 20), 12);
    });
  }
});

describe("operation counts (§4.5)", () => {
  it("counts the branch taken", () => {
    const rel = relativeOperator();
    expect(operationCount(rel, 0.5, 0.25)).toEqual({
      arithmetic: 2,
      comparisons: 1,
      powers: 0,
      transcendental: 0,
    });
    expect(operationCount(rel, 0.5, 0.75)).toEqual({
      arithmetic: 3,
      comparisons: 2,
      powers: 0,
      transcendental: 0,
    });
    const mine = expressionOperator("max(t, s) > 0 ? sin(t - s) / max(t, s) : 0", "mine");
    expect(operationCount(mine, 0.5, 0.25)).toEqual({
      arithmetic: 2,
      comparisons: 3,
      powers: 0,
      transcendental: 1,
    });
  });

  it("costs: evaluations per tree and heavy calls", () => {
    const ops = paperOperators();
    const t = operatorCosts(ops, [{ branching: 3, depth: 2 }]);
    // a tree of 3 children × depth 2: 3 + 9 nodes below the root, 9 users
    expect(t.perTree.map((r) => [r.users, r.evaluations])).toEqual([[9, 12]]);
    expect(t.perTree[0].heavyCalls).toEqual({
      Absolute: 0,
      Relative: 0,
      "Relative-2": 12,
      Sigmoid: 12,
      "Sigmoid-2": 24,
      SLURM: 12,
      Combined: 12,
    });
    expect(t.perEvaluation.map((r) => r.heavyCalls)).toEqual([0, 0, 1, 1, 2, 1, 1]);
  });

  it("refuses bad input", () => {
    const { expression: _, ...plain } = relativeOperator();
    expect(() => operationCount(plain, 0.5, 0.5)).toThrow(/^invalid op: /);
    expect(() => operatorCosts(paperOperators(), [{ branching: 0, depth: 2 }])).toThrow(
      /^invalid shapes.branching: /,
    );
  });
});
