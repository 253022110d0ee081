/**
 * The product form of a formula parameter: its value written as c · Π s^e over the declared
 * symbols, times any other factors — read off the checked parse tree of a {@link NumericExpression}
 * through ·, /, ^ with a constant exponent, unary − and +, parentheses, sqrt and cbrt. A part
 * without any symbol (`2`, `pi`, `log(10)`, `(1/2)`) folds into the constant c. Callers use it to
 * recognise formulas they can compare exactly: `"b/(w*rtime)"` is c = 1 with b¹·w⁻¹·rtime⁻¹,
 * `"b/w^2"` is b¹·w⁻², `"2*b/sqrt(w)"` is c = 2 with b¹·w^(−1/2), and `"b/(w + rtime)"` has the other
 * factor (w + rtime)⁻¹ (lib/mechanism/greedy-key.ts).
 */
import type { MathNode } from "mathjs";
import type { NumericExpression } from "./expression";

/** One declared symbol's power in a {@link ProductForm}. */
export interface SymbolPower {
  /** The symbol. */
  readonly symbol: string;
  /** Its exponent (non-zero; a whole number or not). */
  readonly exponent: number;
}

/** A formula as c · Π s^e · Π g^e (see the file comment). */
export interface ProductForm {
  /** The constant factor c (a finite number; may be negative or 0). */
  readonly constant: number;
  /** The declared symbols' powers, in the order the formula first uses each; a symbol whose exponents cancel is left out. */
  readonly powers: readonly SymbolPower[];
  /** The factors that are neither constant nor a power of a symbol (a sum, a function call, a power with a variable exponent), as mathjs prints them, each with its exponent. */
  readonly others: readonly { readonly source: string; readonly exponent: number }[];
}

const SQRT: Record<string, number> = { sqrt: 1 / 2, cbrt: 1 / 3 };

/**
 * The product form of a compiled formula.
 * @example productForm(compileExpression("key", "b/(w*rtime)", ["b", "w", "min", "rtime"]))
 *   // { constant: 1, powers: [b¹, w⁻¹, rtime⁻¹], others: [] }
 */
export function productForm(expr: NumericExpression): ProductForm {
  const declared = new Set(expr.symbols);
  const exponents = new Map<string, number>();
  const others: { source: string; exponent: number }[] = [];
  let constant = 1;
  const usesSymbols = (node: MathNode): boolean =>
    node.filter((n) => n.type === "SymbolNode" && declared.has((n as MathNode & { name: string }).name))
      .length > 0;
  const value = (node: MathNode): number => Number(node.compile().evaluate({}));
  const walk = (node: MathNode, e: number): void => {
    const n = node as MathNode & { fn?: unknown; args?: MathNode[]; content?: MathNode; name?: string };
    if (!usesSymbols(node)) {
      constant *= value(node) ** e;
      return;
    }
    if (node.type === "ParenthesisNode") return walk(n.content!, e);
    if (node.type === "SymbolNode") {
      exponents.set(n.name!, (exponents.get(n.name!) ?? 0) + e);
      return;
    }
    const fn = node.type === "OperatorNode" ? (n.fn as string) : undefined;
    const args = n.args ?? [];
    if (fn === "multiply") return args.forEach((a) => walk(a, e));
    if (fn === "divide") {
      walk(args[0], e);
      return walk(args[1], -e);
    }
    if (fn === "unaryPlus") return walk(args[0], e);
    if (fn === "unaryMinus") {
      constant *= (-1) ** e;
      return walk(args[0], e);
    }
    const called = node.type === "FunctionNode" ? (n.fn as MathNode & { name: string }).name : undefined;
    if ((fn === "pow" || called === "pow") && !usesSymbols(args[1])) return walk(args[0], e * value(args[1]));
    if (called !== undefined && called in SQRT && args.length === 1) return walk(args[0], e * SQRT[called]);
    others.push({ source: node.toString(), exponent: e });
  };
  walk(expr.node, 1);
  const powers: SymbolPower[] = [];
  for (const [symbol, exponent] of exponents) if (exponent !== 0) powers.push({ symbol, exponent });
  return { constant, powers, others };
}
