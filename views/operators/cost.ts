/**
 * Notebook 12's tables of §4.3 and §4.5: subgroup isolation (the example tree, the random trials) and
 * the operators' costs (operations per evaluation, heavy calls per recomputation of a policy tree).
 */
import { localeNumber } from "../display/format";
import type { EvaluationCost, OperationCount, TreeCost } from "../../lib/operators/cost";
import type { IsolationExample, IsolationTrials } from "../../lib/operators/isolation";

const text = (c: OperationCount) => `${c.arithmetic} + ${c.comparisons} + ${c.powers} + ${c.transcendental}`;

/**
 * lib's operatorCosts as two tables: per operator, "arith + cmp + pow/root + trig/exp" below and
 * above target with its heavy calls; per tree shape, users, evaluations and each operator's heavy calls.
 */
export function operatorCostTables(c: {
  perEvaluation: readonly EvaluationCost[];
  perTree: readonly TreeCost[];
}): { perEvaluation: Record<string, string | number>[]; perTree: Record<string, string | number>[] } {
  return {
    perEvaluation: c.perEvaluation.map((e) => ({
      operator: e.operator,
      "below target: arith + cmp + pow/root + trig/exp": text(e.below),
      "above target: arith + cmp + pow/root + trig/exp": text(e.above),
      "pow, root, trig and exp calls (costlier branch)": e.heavyCalls,
    })),
    perTree: c.perTree.map((t) => {
      const row: Record<string, string | number> = {
        tree: `${t.shape.branching} children × depth ${t.shape.depth}`,
        users: localeNumber(t.users),
        "operator evaluations": localeNumber(t.evaluations),
      };
      for (const [name, n] of Object.entries(t.heavyCalls)) row[name] = localeNumber(n);
      return row;
    }),
  };
}

const orderText = (users: readonly string[]) => users.map((u) => u.split("/").pop()).join(" > ");

/** §4.3 as tables: the example tree's order before → after per operator, and the random trials' counts. */
export function isolationTables(study: {
  example: readonly IsolationExample[];
  trials: readonly IsolationTrials[];
}): { example: Record<string, string>[]; trials: Record<string, string | number>[] } {
  return {
    example: study.example.map((o) => ({
      operator: o.operator,
      "VO1's own components": o.treeComponentsKept ? "unchanged" : "changed",
      "tree: VO1's order before → after": `${orderText(o.treeBefore)} → ${orderText(o.treeAfter)}`,
      "flat: VO1's order before → after": `${orderText(o.flatBefore)} → ${orderText(o.flatAfter)}`,
    })),
    trials: study.trials.map((t) => ({
      operator: t.operator,
      "tree: VO1's own components changed": t.treeComponentsChanged,
      "tree: a VO1 pair reversed": t.treeReversed,
      "flat: a VO1 pair reversed": t.flatReversed,
    })),
  };
}
