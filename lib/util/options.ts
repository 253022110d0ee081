/** Validators used at exported functions' boundaries; each throws the house `invalid …` error. */
import { invalidArgument } from "./errors";

/** Checks that `value` is one of `allowed` and returns it. */
export function keyword<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidArgument(name, value, `one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`);
}

/** Checks a finite number, optionally within [min, max]. */
export function finiteNumber(value: unknown, name: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    const range =
      min === -Infinity && max === Infinity ? "a finite number" : `a finite number in [${min}, ${max}]`;
    throw invalidArgument(name, value, range);
  }
  return value;
}

/** Checks an integer, optionally within [min, max]. */
export function integer(value: unknown, name: string, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const lo = min === -Infinity ? "" : ` >= ${min}`;
    const hi = max === Infinity ? "" : `${lo ? " and" : ""} <= ${max}`;
    throw invalidArgument(name, value, `an integer${lo}${hi}`);
  }
  return value;
}
