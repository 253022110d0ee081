import { describe, expect, it } from "vitest";
import { operatorCosts } from "../../../lib/operators/cost";
import { isolationStudy } from "../../../lib/operators/isolation";
import { createRng } from "../../../lib/util/rng";
import { paperOperators } from "../../../lib/operators/operator";
import { isolationTables, operatorCostTables } from "../../../views/operators/cost";

describe("operatorCostTables", () => {
  it("lays out the costs: counts as arith + cmp + pow/root + trig/exp, large counts with separators", () => {
    const t = operatorCostTables(operatorCosts(paperOperators(), [{ branching: 10, depth: 4 }]));
    expect(t.perTree[0]).toMatchObject({
      tree: "10 children × depth 4",
      users: "10,000",
      "operator evaluations": "11,110",
      "Sigmoid-2": "22,220",
    });
    expect(Object.keys(t.perEvaluation[0])).toEqual([
      "operator",
      "below target: arith + cmp + pow/root + trig/exp",
      "above target: arith + cmp + pow/root + trig/exp",
      "pow, root, trig and exp calls (costlier branch)",
    ]);
    expect(t.perEvaluation.map((r) => r.operator)).toEqual(paperOperators().map((o) => o.name));
    for (const r of t.perEvaluation)
      expect(r["below target: arith + cmp + pow/root + trig/exp"]).toMatch(/^\d+ \+ \d+ \+ \d+ \+ \d+$/);
  });
  it("isolation: VO1's order before → after by user name, and the trials' counts per operator", () => {
    const ops = paperOperators();
    const t = isolationTables(isolationStudy(ops, createRng(1), { trials: 50 }));
    expect(t.example.find((r) => r.operator === "Combined")).toMatchObject({
      "VO1's own components": "unchanged",
      "flat: VO1's order before → after": "u3 > u2 > u1 → u2 > u3 > u1",
    });
    expect(t.trials.map((r) => r["tree: a VO1 pair reversed"])).toEqual(ops.map(() => 0));
  });
});
