/**
 * Checks a notebook's parameters where the reader set them, so a bad value is refused with the
 * parameter's own name (`W`, not the library option `capacity` it feeds) and the rule it broke —
 * whether it was edited in the parameters cell or injected with `--param`. Each notebook calls
 * {@link checkParameters} in the cell after its parameters cell (through setupNotebook).
 */
import { compileExpression } from "../../lib/expr/expression";
import { PARAMETER_RULES, type ParameterRule } from "./parameter-rules";

export type { ParameterRule };

const SINGLE: Record<string, { test: (v: unknown) => boolean; expected: string }> = {
  count: { test: (v) => Number.isInteger(v) && (v as number) >= 1, expected: "a whole number >= 1" },
  count0: { test: (v) => Number.isInteger(v) && (v as number) >= 0, expected: "a whole number >= 0" },
  seed: { test: (v) => Number.isInteger(v) || typeof v === "string", expected: "a whole number or a string" },
  positive: {
    test: (v) => typeof v === "number" && Number.isFinite(v) && v > 0,
    expected: "a finite number > 0",
  },
  nonnegative: {
    test: (v) => typeof v === "number" && Number.isFinite(v) && v >= 0,
    expected: "a finite number >= 0",
  },
  share: { test: (v) => typeof v === "number" && v >= 0 && v <= 1, expected: "a number in [0, 1]" },
};

/**
 * Throws on the first parameter that breaks its rule.
 * @param values the parameters by name, e.g. `{ W, FACTOR }`
 * @param rules the rule of each; by default the notebooks' rules (PARAMETER_RULES), where every
 *   name in `values` must have one
 * @throws `invalid parameter W: -5; expected a whole number >= 1 (set it in the parameters cell, or --param <notebook>:W=<value>)`;
 *   for an expression rule, `invalid parameter F: "2*x"; unknown symbol "x"; expected an expression in t, s (set it …)`
 */
export function checkParameters(
  values: Record<string, unknown>,
  rules: Readonly<Record<string, ParameterRule>> = PARAMETER_RULES,
): void {
  const byDefault = rules === PARAMETER_RULES;
  for (const name of byDefault ? Object.keys(values) : Object.keys(rules)) {
    const rule = rules[name];
    if (rule === undefined)
      throw new Error(
        `invalid parameter ${name}: it has no rule; add one to PARAMETER_RULES (views/display/parameter-rules.ts)`,
      );
    if (!(name in values)) throw new Error(`invalid checkParameters call: no value given for ${name}`);
    const v = values[name];
    const hint = `(set it in the parameters cell, or --param <notebook>:${name}=<value>)`;
    if (typeof rule === "object") {
      if (typeof v !== "string")
        throw new Error(
          `invalid parameter ${name}: ${JSON.stringify(v) ?? String(v)}; expected a string: "" or an expression in ${rule.expression.join(", ")} ${hint}`,
        );
      if (v.trim() === "") continue;
      try {
        compileExpression(`parameter ${name}`, v, rule.expression);
      } catch (e) {
        throw new Error(`${(e as Error).message} ${hint}`);
      }
      continue;
    }
    const plural = rule.endsWith("s") && !(rule in SINGLE);
    const one = SINGLE[plural ? rule.slice(0, -1) : rule];
    if (!one)
      throw new Error(
        `invalid rule for ${name}: ${JSON.stringify(rule)}; expected one of ${Object.keys(SINGLE).join(", ")} (or their plurals for arrays)`,
      );
    if (plural) {
      if (!Array.isArray(v) || v.length === 0)
        throw new Error(
          `invalid parameter ${name}: ${JSON.stringify(v)}; expected a non-empty array, each ${one.expected} ${hint}`,
        );
      v.forEach((x, k) => {
        if (!one.test(x))
          throw new Error(
            `invalid parameter ${name}[${k}]: ${JSON.stringify(x)}; expected ${one.expected} ${hint}`,
          );
      });
    } else if (!one.test(v)) {
      throw new Error(
        `invalid parameter ${name}: ${JSON.stringify(v) ?? String(v)}; expected ${one.expected} ${hint}`,
      );
    }
  }
}
