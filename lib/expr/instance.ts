/**
 * The restricted mathjs instance behind every expression parameter. Following mathjs's own
 * security guidance (docs/expressions/security.md), the instance is built from a whitelist of
 * factories — the parser, arithmetic, comparisons, logic and elementary functions on numbers — so
 * `evaluate`, `parse`, `compile`, `simplify`, `derivative`, `resolve`, `reviver`, `createUnit`,
 * `unit` and most other functions simply do not exist in it; `import` (part of every instance's
 * core), `parse`, `compile`, `evaluate`, `createUnit` and the matrix/number-type constructors the
 * arithmetic depends on internally (`matrix`, `bignumber`, `fraction`, `complex`, …) are replaced
 * by functions that throw. The expression checker (expression.ts)
 * additionally refuses any node that is not a number, a declared symbol, an allowed operator, an
 * allowed function call, a parenthesis or a condition, before anything is compiled.
 * `predictable: true` makes sqrt(−1), log(−1) and (−8)^(1/3) NaN rather than complex numbers.
 */
import type { FactoryFunctionMap, MathJsInstance } from "mathjs";
import { mathjsModule } from "./mathjs-module";

/** Functions an expression may call (numbers in, a number out). */
export const EXPRESSION_FUNCTIONS: readonly string[] = Object.freeze([
  "abs",
  "min",
  "max",
  "sqrt",
  "cbrt",
  "exp",
  "expm1",
  "log",
  "log1p",
  "log2",
  "log10",
  "sin",
  "cos",
  "tan",
  "asin",
  "acos",
  "atan",
  "tanh",
  "floor",
  "ceil",
  "round",
  "fix",
  "sign",
  "hypot",
  "mod",
  "pow",
]);

/** Constants an expression may name besides its declared symbols. */
export const EXPRESSION_CONSTANTS: readonly string[] = Object.freeze(["pi", "e"]);

/**
 * mathjs function names of the operators an expression may use: + − · / ^ % (mod), unary − and +,
 * comparisons (< <= > >= == !=) and logic (and, or, not), plus `a ? b : c`.
 */
export const EXPRESSION_OPERATORS: readonly string[] = Object.freeze([
  "add",
  "subtract",
  "multiply",
  "divide",
  "pow",
  "mod",
  "unaryMinus",
  "unaryPlus",
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

/** The restricted instance and its parser (taken before `parse` is disabled inside expressions). */
export interface RestrictedMath {
  /** The instance: its `import`, `parse`, `compile`, `evaluate`, `createUnit` throw. */
  math: MathJsInstance;
  /** mathjs's parser, kept for the expression checker. */
  parse: MathJsInstance["parse"];
}

/** A fresh restricted instance (see the file comment). */
export function restrictedMath(): RestrictedMath {
  const mathjs = mathjsModule();
  const factories = mathjs as unknown as Record<string, FactoryFunctionMap[string]>;
  // the factories of the parser and of every allowed operator, function and constant
  const names = ["parse", ...EXPRESSION_OPERATORS, ...EXPRESSION_FUNCTIONS, ...EXPRESSION_CONSTANTS];
  const math = mathjs.create(
    Object.fromEntries(names.map((n) => [`${n}Dependencies`, factories[`${n}Dependencies`]])),
    { predictable: true },
  );
  const parse = math.parse;
  // Resolve every allowed function (the instance's factories are lazy) before disabling the rest,
  // so none of them picks up a disabled dependency later.
  const m = math as unknown as Record<string, unknown>;
  for (const name of [...EXPRESSION_FUNCTIONS, ...EXPRESSION_OPERATORS, ...EXPRESSION_CONSTANTS]) {
    if (m[name] === undefined)
      throw new Error(`invariant violated: restricted mathjs instance lacks ${name}`);
  }
  const disabled = (name: string) => () => {
    throw new Error(`function ${name} is disabled in expressions`);
  };
  const DISABLED = [
    "import",
    "createUnit",
    "evaluate",
    "parse",
    "compile",
    "matrix",
    "bignumber",
    "fraction",
    "complex",
    "zeros",
    "identity",
    "subset",
    "concat",
    "format",
    "inv",
    "det",
  ];
  math.import(Object.fromEntries(DISABLED.map((name) => [name, disabled(name)])), { override: true });
  return { math, parse };
}
