/**
 * The greedy rule's sort key as a formula (thesis 5.2.9 sorts by b/w; experiments 2B and 3B by
 * b/(w·rtime)): a mathjs expression in the bid `b` (node·minutes), the size `w` (nodes), the planned
 * minutes `min` and the run minutes `rtime` (the instance's r: the run time floored at minRtime, 1
 * minute by default), compiled by lib/expr — never eval. Players go in decreasing key order.
 *
 * **Tie rule.** A key c·b^p·Π s^e — a positive constant times powers of the symbols, whole exponents,
 * p ≥ 0 (`b/w`, `b/(w*rtime)`, `b/w^2`, `2*b*rtime/w`) — is *exact*: two keys are compared by the one
 * comparison of exact-key.ts, their doubles where they differ by more than 1e-9 relative and else
 * their cross-products num_a·den_b vs num_b·den_a (exactly for whole numbers), so equal keys tie
 * whatever their rounding. Any other key (`b/sqrt(w)`, `b/(w + rtime)`, `log(1 + b)/w`) is compared by
 * its value rounded to 12 significant digits, equal rounded values tying: noise in the last bits
 * decides nothing unless a key falls on a rounding boundary. Ties go to the lower player index.
 *
 * **Monotone.** A key c·b^p·Π s^e with c > 0 and p ≥ 0 (whole exponents or not) never falls when the
 * bid rises, so its greedy rule is monotone (greedy.ts) and has critical payments; for any other
 * formula the rule claims nothing and critical payments are refused (Clarke applies to every rule).
 */
import type { Instance } from "./instance";
import { compileExpression, type NumericExpression } from "../expr/expression";
import { productForm } from "../expr/product-form";
import { type KeySource, type PreparedKey, column, notFinite } from "./prepared-key";
import { ExactKey } from "./exact-prepared-key";
import { RoundedKey } from "./rounded-prepared-key";

/** The symbols of a key formula, in the order its `evaluate` takes them: bid, nodes, planned minutes, run minutes. */
export const KEY_SYMBOLS: readonly string[] = Object.freeze(["b", "w", "min", "rtime"]);

/** A compiled key formula. */
export interface GreedyKey {
  /** The formula as given, e.g. `"b/(w*rtime)"`. */
  readonly source: string;
  /** Whether keys are compared exactly (c·b^p·Π s^e with whole exponents; see the file comment). */
  readonly exact: boolean;
  /** Whether the key never falls when the bid rises (c·b^p·Π s^e, c > 0, p ≥ 0). */
  readonly monotone: boolean;
  /**
   * The key on one instance.
   * @throws `invalid <name>: "b/min" reads min (planned minutes), which this instance lacks; …` and the
   *   same form for a key that is not a finite number at some player
   */
  prepare(inst: Instance): PreparedKey;
}

/**
 * Compiles a key formula.
 * @param name the name its errors use (a parameter's, e.g. `parameter EXTRA_RULES[0].key`). Defaults to "key".
 * @throws `invalid key: "b/x"; unknown symbol "x"; expected an expression in b, w, min, rtime`, and
 *   compileExpression's other errors
 * @example greedyKey("b/w^2").prepare(inst).keys   // b_i / w_i², exact
 */
export function greedyKey(source: string, name = "key"): GreedyKey {
  const expr = compileExpression(name, source, KEY_SYMBOLS);
  const form = productForm(expr);
  const bPower = form.powers.find((s) => s.symbol === "b")?.exponent ?? 0;
  const power =
    form.others.length === 0 && form.constant > 0 && Number.isFinite(form.constant) && bPower >= 0;
  const exact = power && form.powers.every((s) => Number.isInteger(s.exponent));
  const rest = form.powers.filter((s) => s.symbol !== "b");
  const prepare = (inst: Instance): PreparedKey => {
    const ks: KeySource = { name, source, inst };
    if (exact) return new ExactKey(ks, form.constant, bPower, rest);
    if (power) {
      const g = new Float64Array(inst.w.length).fill(form.constant);
      for (const s of rest) {
        const col = column(ks, s.symbol);
        for (let i = 0; i < g.length; i++) g[i] *= col[i] ** s.exponent;
      }
      for (let i = 0; i < g.length; i++) if (!Number.isFinite(g[i])) throw notFinite(ks, i, g[i]);
      return new RoundedKey(inst, (i, z) => (bPower === 0 ? g[i] : z ** bPower * g[i]));
    }
    const minutes = expr.used.includes("min") ? column(ks, "min") : undefined;
    const values = new Float64Array(4);
    return new RoundedKey(inst, (i, z) => {
      values[0] = z;
      values[1] = inst.w[i];
      values[2] = minutes ? minutes[i] : NaN; // not read by the formula
      values[3] = inst.r[i];
      return expr.evaluate(values);
    });
  };
  return { source, exact, monotone: power, prepare };
}
