/**
 * Number formats of the sentences lib writes for the notebooks: {@link fmt}, compact (at most four
 * significant digits, no exponent below 1e9), and {@link group}, with thousands separators.
 */

/** Compact number format for evidence texts: integers as they are, else ≤ 4 significant digits (no exponent below 1e9). */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1000 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toFixed(3);
}

/**
 * `x` with thousands separators: with `decimals` given, to that many decimals (rounded as
 * Number.prototype.toFixed rounds), e.g. group(1234567.891, 1) = "1,234,567.9"; without, to
 * {@link fmt}'s precision, e.g. group(418599) = "418,599", group(840.04) = "840.0".
 */
export function group(x: number, decimals?: number): string {
  if (!Number.isFinite(x)) return String(x);
  const [int, frac] = (decimals === undefined ? fmt(x) : x.toFixed(decimals)).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/**
 * A share as a signed percentage with `decimals` decimals: +10.7%, -2.5%, and 0.0% for anything that
 * rounds to zero (never "-0.0%" or "+0.0%"), e.g. signedPercent(0.107) = "+10.7%".
 * @param decimals decimals after the point. Defaults to 1.
 */
export function signedPercent(x: number, decimals = 1): string {
  if (!Number.isFinite(x)) return String(x);
  const r = (100 * x).toFixed(decimals);
  if (Number(r) === 0) return `${(0).toFixed(decimals)}%`;
  return `${x > 0 ? "+" : ""}${r}%`;
}
