/**
 * The house error forms. Bad arguments: `invalid <name>: <value>; expected …`. Bad data in a file:
 * `<file>:<line>: invalid <field>: <value>; expected …`. Internal bugs: `invariant violated: …`.
 */

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  try {
    const s = JSON.stringify(value);
    return s.length > 120 ? s.slice(0, 117) + "..." : s;
  } catch {
    return String(value);
  }
}

/** An error for a bad argument: `invalid <name>: <value>; expected <expected>`. */
export function invalidArgument(name: string, value: unknown, expected: string): Error {
  return new Error(`invalid ${name}: ${show(value)}; expected ${expected}`);
}

/** An error for bad input data: `<file>:<line>: invalid <field>: <value>; expected <expected>`. */
export function invalidField(
  file: string,
  line: number,
  field: string,
  value: unknown,
  expected: string,
): Error {
  return new Error(`${file}:${line}: invalid ${field}: ${show(value)}; expected ${expected}`);
}

/** An error for a broken internal invariant (a bug, not bad input). */
export function invariantViolated(what: string): Error {
  return new Error(`invariant violated: ${what}`);
}
