/**
 * The computational cost of the operators (seed 001 §4.5). The paper argues from the formulas:
 * "those including power, root or trigonometric operations will be more complex in math related cpu
 * cycles", memory is alike, and real performance depends on the implementation. Counted here the same
 * way, deterministically: the operations an evaluation of the operator's expression performs (the
 * branch taken below and above target, the expression as written, no constant folding), and how
 * often the tree algorithm evaluates the operator: once per node of the policy tree.
 */
import type { MathNode } from "mathjs";
import { restrictedMath } from "../expr/instance";
import { invalidArgument } from "../util/errors";
import { integer } from "../util/options";
import { once } from "../util/once";
import type { PriorityOperator } from "./operator";

const parser = once(restrictedMath);

/** Operations of one evaluation, by kind. */
export interface OperationCount {
  /** + − × ÷ and unary minus. */
  arithmetic: number;
  /** Comparisons (<, >, ==, …), min and max. */
  comparisons: number;
  /** Powers and roots (^, sqrt, pow, cbrt). */
  powers: number;
  /** Trigonometric, exponential and logarithmic calls (sin, exp, log, …). */
  transcendental: number;
}

const ARITHMETIC = new Set(["add", "subtract", "multiply", "divide", "unaryMinus", "unaryPlus", "mod"]);
const COMPARISON = new Set([
  "smaller",
  "smallerEq",
  "larger",
  "largerEq",
  "equal",
  "unequal",
  "and",
  "or",
  "not",
]);
const POWER_FUNCTIONS = new Set(["sqrt", "cbrt", "pow"]);
const CHEAP_FUNCTIONS = new Set(["abs", "min", "max", "floor", "ceil", "round", "fix", "sign"]);

function count(node: MathNode, scope: { t: number; s: number }, c: OperationCount): void {
  const n = node as MathNode & Record<string, unknown>;
  switch (node.type) {
    case "ParenthesisNode":
      return count(n.content as MathNode, scope, c);
    case "ConditionalNode": {
      const cond = n.condition as MathNode;
      count(cond, scope, c);
      const taken = cond.compile().evaluate({ ...scope });
      return count((taken ? n.trueExpr : n.falseExpr) as MathNode, scope, c);
    }
    case "OperatorNode": {
      const fn = n.fn as string;
      if (fn === "pow") c.powers++;
      else if (COMPARISON.has(fn)) c.comparisons++;
      else if (ARITHMETIC.has(fn)) c.arithmetic++;
      break;
    }
    case "FunctionNode": {
      const name = (n.fn as { name: string }).name;
      if (POWER_FUNCTIONS.has(name)) c.powers++;
      else if (name === "min" || name === "max") c.comparisons += (n.args as MathNode[]).length - 1;
      else if (CHEAP_FUNCTIONS.has(name)) c.arithmetic++;
      else c.transcendental++;
      break;
    }
    default:
      return;
  }
  for (const a of n.args as MathNode[]) count(a, scope, c);
}

/**
 * The operations of one evaluation of `op` at (t, s), along the branch its expression takes there.
 * @throws `invalid op: …` when the operator has no expression
 */
export function operationCount(op: PriorityOperator, t: number, s: number): OperationCount {
  if (!op.expression) throw invalidArgument("op", op.name, "an operator with an expression");
  const c: OperationCount = { arithmetic: 0, comparisons: 0, powers: 0, transcendental: 0 };
  count(parser().parse(op.expression), { t, s }, c);
  return c;
}

/** A policy tree shape: every subgroup has `branching` children, users at depth `depth`. */
export interface TreeShape {
  branching: number;
  depth: number;
}

const nodesOf = (x: TreeShape) => {
  let n = 0;
  for (let d = 1; d <= x.depth; d++) n += x.branching ** d;
  return n;
};
const heavy = (c: OperationCount) => c.powers + c.transcendental;

/** One operator's cost per evaluation: below target (t = 0.5, s = 0.25) and above (t = 0.5, s = 0.75). */
export interface EvaluationCost {
  operator: string;
  below: OperationCount;
  above: OperationCount;
  /** Power, root, trigonometric and exponential calls of the costlier branch. */
  heavyCalls: number;
}

/** One tree shape's cost per recomputation of the priority tree. */
export interface TreeCost {
  shape: TreeShape;
  /** Users (leaves): branching^depth. */
  users: number;
  /** Operator evaluations: one per node below the root. */
  evaluations: number;
  /** Heavy calls per operator name (the costlier branch at every node: an upper bound). */
  heavyCalls: Record<string, number>;
}

/**
 * §4.5's counts: (a) per operator, the operations of one evaluation below and above target; (b) per
 * tree shape, the operator evaluations of one recomputation of the priority tree (one per node) and
 * the power, root and transcendental calls they make under each operator (the costlier branch per node).
 * @throws `invalid shapes: …` unless branching and depth are integers in 1 … 1000 and 1 … 10
 */
export function operatorCosts(
  ops: readonly PriorityOperator[],
  shapes: readonly TreeShape[] = [
    { branching: 10, depth: 2 },
    { branching: 10, depth: 3 },
    { branching: 10, depth: 4 },
  ],
): { perEvaluation: EvaluationCost[]; perTree: TreeCost[] } {
  for (const x of shapes) {
    if (!x) throw invalidArgument("shapes", x, "{ branching, depth }");
    integer(x.branching, "shapes.branching", 1, 1000);
    integer(x.depth, "shapes.depth", 1, 10);
  }
  const perEvaluation = ops.map((op) => {
    const below = operationCount(op, 0.5, 0.25),
      above = operationCount(op, 0.5, 0.75);
    return { operator: op.name, below, above, heavyCalls: Math.max(heavy(below), heavy(above)) };
  });
  const perTree = shapes.map((shape) => {
    const evaluations = nodesOf(shape);
    const heavyCalls: Record<string, number> = {};
    for (const e of perEvaluation) heavyCalls[e.operator] = evaluations * e.heavyCalls;
    return { shape: { ...shape }, users: shape.branching ** shape.depth, evaluations, heavyCalls };
  });
  return { perEvaluation, perTree };
}
