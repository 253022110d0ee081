/**
 * The number formats of the notebooks' tables and sentences: `fmt` (at most four significant
 * digits, no exponent) and `group` (the same with thousands separators).
 */

/** Compact number: whole numbers as they are, else 4 significant digits (1234.5 → "1235", 12.345 → "12.3", 0.01234 → "0.012"). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toFixed(3);
}

/** {@link fmt} with thousands separators: 418599 → "418,599", 1234.5 → "1,235". */
export function group(x: number): string {
  const [whole, frac] = fmt(x).split(".");
  const g = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? g : `${g}.${frac}`;
}
