/**
 * Parameters that are formulas: a mathjs expression string over a declared set of symbols
 * (`"1000*age + 2000*fairshare + 500*size"`, `"1.1*w*rtime"`, `"(t - s) / max(t, s)"`), checked,
 * compiled once by the restricted mathjs instance (instance.ts) and evaluated on numbers. Being
 * strings, they are set in a notebook's parameters cell or injected with `--param NAME="…"`.
 *
 * Accepted: numbers, the declared symbols, `pi`, `e`, + − · / ^ % (mod), unary − +, comparisons,
 * `and`/`or`/`not`, `a ? b : c`, parentheses and calls of {@link EXPRESSION_FUNCTIONS}. Everything
 * else — strings, matrices, objects, assignments, function definitions, property access, ranges,
 * several statements, units, any other function (`import`, `createUnit`, `evaluate`, …) — is
 * refused with an error that names the parameter and the problem.
 */
import type { MathNode } from "mathjs";
import { once } from "../util/once";
import { EXPRESSION_CONSTANTS, EXPRESSION_FUNCTIONS, EXPRESSION_OPERATORS, restrictedMath } from "./instance";

/** A checked, compiled expression over numbers. */
export interface NumericExpression {
  /** The parameter's name, used in every error (`PRIORITY_FORMULA`). */
  readonly name: string;
  /** The expression as given. */
  readonly source: string;
  /** The declared symbols, in the order {@link NumericExpression.evaluate} takes their values. */
  readonly symbols: readonly string[];
  /** The symbols the expression uses (a subset of `symbols`, in first-use order). */
  readonly used: readonly string[];
  /** The checked parse tree, for callers that read the formula's form (product-form.ts). */
  readonly node: MathNode;
  /**
   * The value at `values` (one per declared symbol, same order).
   * @throws `invalid <name>: "<source>" gives NaN at a=…, b=…; expected a finite number` when the
   *   result is not a finite number (NaN, ±Infinity, a boolean)
   */
  evaluate(values: ArrayLike<number>): number;
}

// The restricted instance is built on first use, once, and never changed after (its `import` is
// disabled); loading lib does not load mathjs (mathjs-module.ts).
const restricted = once(restrictedMath);

const FUNCTIONS = new Set(EXPRESSION_FUNCTIONS);
const CONSTANTS = new Set(EXPRESSION_CONSTANTS);
const OPERATORS = new Set(EXPRESSION_OPERATORS);

const REFUSED: Record<string, string> = {
  AccessorNode: "property access is not allowed",
  ArrayNode: "matrices are not allowed",
  AssignmentNode: "assignments are not allowed",
  BlockNode: "only one expression is allowed (no ; or newlines)",
  FunctionAssignmentNode: "function definitions are not allowed",
  IndexNode: "indexing is not allowed",
  ObjectNode: "objects are not allowed",
  RangeNode: "ranges are not allowed",
  RelationalNode: "chained comparisons are not allowed (write (a < b) and (b < c))",
};

function problemOf(node: MathNode, symbols: ReadonlySet<string>, used: string[]): string | undefined {
  const n = node as MathNode & Record<string, unknown>;
  switch (node.type) {
    case "ConstantNode":
      return typeof n.value === "number"
        ? undefined
        : `${typeof n.value === "string" ? "strings" : typeof n.value === "boolean" ? "booleans" : JSON.stringify(n.value) + " values"} are not allowed`;
    case "SymbolNode": {
      const name = n.name as string;
      if (symbols.has(name)) {
        if (!used.includes(name)) used.push(name);
        return undefined;
      }
      return CONSTANTS.has(name) ? undefined : `unknown symbol ${JSON.stringify(name)}`;
    }
    case "ParenthesisNode":
      return problemOf(n.content as MathNode, symbols, used);
    case "ConditionalNode":
      for (const k of ["condition", "trueExpr", "falseExpr"]) {
        const p = problemOf(n[k] as MathNode, symbols, used);
        if (p) return p;
      }
      return undefined;
    case "OperatorNode":
      if (!OPERATORS.has(n.fn as string)) return `operator ${JSON.stringify(n.op)} is not allowed`;
      break;
    case "FunctionNode": {
      const fn = n.fn as MathNode & { name?: string };
      if (fn.type !== "SymbolNode") return "only calls of named functions are allowed";
      const name = fn.name!;
      if (symbols.has(name)) return `${JSON.stringify(name)} is a symbol here, not a function`;
      if (!FUNCTIONS.has(name))
        return `function ${JSON.stringify(name)} is not allowed (allowed: ${EXPRESSION_FUNCTIONS.join(", ")})`;
      break;
    }
    default:
      return REFUSED[node.type] ?? `${node.type} is not allowed`;
  }
  for (const a of n.args as MathNode[]) {
    const p = problemOf(a, symbols, used);
    if (p) return p;
  }
  return undefined;
}

/**
 * Checks and compiles a formula parameter.
 * @param name the parameter's name for errors (`PRIORITY_FORMULA`)
 * @param source the expression
 * @param symbols the symbols it may use, in the order `evaluate` takes their values
 * @throws `invalid <name>: "<source>"; unknown symbol "x"; expected an expression in a, b` — and the
 *   same form for a syntax error (`syntax error at character 7: …`), a refused function
 *   (`function "import" is not allowed …`) or construct, an empty expression, or a call that fails
 *   on trial values (every symbol 1, e.g. a wrong number of arguments)
 */
export function compileExpression(
  name: string,
  source: string,
  symbols: readonly string[],
): NumericExpression {
  const declared = new Set(symbols);
  const fail = (problem: string) =>
    new Error(
      `invalid ${name}: ${JSON.stringify(source)}; ${problem}; expected an expression in ${symbols.join(", ")}`,
    );
  for (const s of symbols)
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(s))
      throw new Error(`invalid symbol for ${name}: ${JSON.stringify(s)}; expected an identifier`);
  if (typeof source !== "string") throw fail(`a ${typeof source}, not a string`);
  if (source.trim() === "") throw fail("the expression is empty");
  let node: MathNode;
  try {
    node = restricted().parse(source);
  } catch (e) {
    const err = e as Error & { char?: number };
    const message = err.message.replace(/\s*\(char \d+\)$/, "");
    throw fail(
      err.char !== undefined
        ? `syntax error at character ${err.char}: ${message}`
        : `syntax error: ${message}`,
    );
  }
  const used: string[] = [];
  const problem = problemOf(node, declared, used);
  if (problem) throw fail(problem);
  const code = node.compile();
  // One scope per expression, refilled at each call (evaluation never re-enters itself).
  const scope = new Map<string, number>();
  const run = (values: ArrayLike<number>): unknown => {
    for (let i = 0; i < symbols.length; i++) scope.set(symbols[i], values[i]);
    return code.evaluate(scope);
  };
  try {
    run(symbols.map(() => 1));
  } catch (e) {
    throw fail((e as Error).message);
  }
  return {
    name,
    source,
    symbols: Object.freeze(symbols.slice()),
    used: Object.freeze(used),
    node,
    evaluate(values: ArrayLike<number>): number {
      let r: unknown;
      try {
        r = run(values);
      } catch (e) {
        throw new Error(
          `invalid ${name}: ${JSON.stringify(source)} fails at ${atValues(symbols, values)}: ${(e as Error).message}`,
        );
      }
      if (typeof r !== "number" || !Number.isFinite(r))
        throw new Error(
          `invalid ${name}: ${JSON.stringify(source)} gives ${typeof r === "number" ? String(r) : (JSON.stringify(r) ?? String(r))} at ${atValues(symbols, values)}; expected a finite number`,
        );
      return r;
    },
  };
}

/**
 * An optional formula parameter: `undefined` for an absent or blank string (the caller's default
 * behaviour), else {@link compileExpression}'s result.
 */
export function optionalExpression(
  name: string,
  source: string | undefined,
  symbols: readonly string[],
): NumericExpression | undefined {
  return source === undefined || (typeof source === "string" && source.trim() === "")
    ? undefined
    : compileExpression(name, source, symbols);
}

function atValues(symbols: readonly string[], values: ArrayLike<number>): string {
  return symbols.map((s, i) => `${s}=${values[i]}`).join(", ");
}
