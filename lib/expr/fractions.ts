/**
 * Exact ratios as mathjs Fractions, for the places where the thesis works with exact ratios
 * (Section 2's worked example: shares 3/8, usage 1500/10500, Level FS = (3/8)/(1/7) = 21/8). A small
 * mathjs instance with only the Fraction type and the four operations on it.
 */
import type { Fraction, MathJsInstance } from "mathjs";
import { invalidArgument } from "../util/errors";
import { once } from "../util/once";
import { mathjsModule } from "./mathjs-module";

// Built on first use, once, never changed (no import, no config after creation).
const fractions = once((): MathJsInstance => {
  const { create, fractionDependencies, divideDependencies, multiplyDependencies, compareDependencies } =
    mathjsModule();
  return create({ fractionDependencies, divideDependencies, multiplyDependencies, compareDependencies });
});

/**
 * The exact Fraction of a finite number as it prints (integers exactly; 0.1 is 1/10, not the double
 * nearest to it).
 * @throws `invalid <name>: NaN; expected a finite number`
 */
export function exactFraction(x: number, name = "value"): Fraction {
  if (typeof x !== "number" || !Number.isFinite(x)) throw invalidArgument(name, x, "a finite number");
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return fractions().fraction(x);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x))!;
  const digits = BigInt(m[1] + m[2] + (m[3] ?? ""));
  const exp = Number(m[4] ?? 0) - (m[3] ?? "").length;
  const ten = BigInt(10);
  return exp >= 0
    ? fractions().fraction(digits * ten ** BigInt(exp), BigInt(1))
    : fractions().fraction(digits, ten ** BigInt(-exp));
}

/**
 * a / b as an exact Fraction, or null when b = 0.
 * @throws `invalid <name>: …` when a or b is not finite
 */
export function exactRatio(a: number, b: number, name = "ratio"): Fraction | null {
  const den = exactFraction(b, `${name} denominator`);
  if (b === 0) return null;
  return fractions().divide(exactFraction(a, `${name} numerator`), den) as Fraction;
}

/** (a/b) / (c/d) for Fractions (null when the divisor is null or zero). */
export function divideFractions(a: Fraction, b: Fraction | null): Fraction | null {
  if (b === null || compareFractions(b, fractions().fraction(0)) === 0) return null;
  return fractions().divide(a, b) as Fraction;
}

/** −1, 0 or 1: exact comparison of two Fractions. */
export function compareFractions(a: Fraction, b: Fraction): number {
  return Number((fractions().compare(a, b) as unknown as Fraction).valueOf()); // mathjs compares Fractions into a Fraction
}

/** "21/8" (or "3" for a whole number). */
export function fractionText(f: Fraction): string {
  return f.toFraction();
}
