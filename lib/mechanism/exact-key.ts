/**
 * The one comparison of greedy keys (lib/mechanism/greedy-key.ts), made so that floating-point
 * noise never decides it. Two keys whose doubles differ by more than {@link KEY_BAND} (1e-9)
 * relative are ordered by their doubles ({@link compareKeyValues}); closer ones are compared by
 * their cross-products — for key = c·b^p·Π s^e with whole exponents (b/w, b/(w·rtime), b/w²), key_a
 * vs key_b is num_a·den_b vs num_b·den_a ({@link compareCrossProducts}): exactly when every number
 * is whole and the products stay below 2^53 (experienced bids are floored to whole node·minutes,
 * run times are whole minutes); otherwise products that agree to a relative 1e-12 — a thousand times
 * the rounding error of a few multiplications, far below any difference the data can carry — are
 * equal. Equal keys are a tie, which the callers break by player index (lower index first). So
 * with unrounded experienced bids b = 1.1·w·rtime every 2B key ties (1.1·50 = 55.00000000000001 in
 * floating point and 55 are the same bid), and the tie rule alone orders 2B — never the last bits.
 */

/** Relative gap below which two cross-products are the same number. */
export const KEY_TOLERANCE = 1e-12;

/**
 * A number as the fraction num/den it prints to 15 significant digits (a double holds 15–17):
 * 1.1·50 = 55.00000000000001 reads 55, 0.1 reads 1/10. For exact arithmetic on decimal inputs
 * (the floored experienced bid); not used in comparisons.
 */
export function exactFraction(x: number): [bigint, bigint] {
  if (!Number.isFinite(x)) throw new Error(`invalid key part: ${x}; expected a finite number`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(x.toPrecision(15));
  if (!m) throw new Error(`invalid key part: ${x}; expected a finite number`);
  const frac = (m[3] ?? "").replace(/0+$/, ""); // trailing zeros: keep the integers small
  const exp = Number(m[4] ?? 0) - frac.length;
  let num = BigInt(m[1] + m[2] + frac);
  let den = BigInt(1);
  if (exp >= 0) num *= BigInt(10) ** BigInt(exp);
  else den = BigInt(10) ** BigInt(-exp);
  return [num, den];
}

/**
 * Relative gap beyond which two keys' doubles order them: a thousand times wider than any rounding
 * of a key's few operations, so the doubles' order is the exact order there.
 */
export const KEY_BAND = 1e-9;

/**
 * Sign of ka − kb when the two keys differ by more than {@link KEY_BAND} relative (1 or −1), else 0:
 * too close for doubles, the exact comparison decides ({@link compareCrossProducts}).
 */
export function compareKeyValues(ka: number, kb: number): number {
  if (Math.abs(ka - kb) > KEY_BAND * Math.max(Math.abs(ka), Math.abs(kb))) return ka > kb ? 1 : -1;
  return 0;
}

/**
 * Sign of l − r for two keys' cross-products l = num_a·den_b and r = num_b·den_a (all factors ≥ 0):
 * exact when `whole` (every factor a whole number) and both stay below 2^53; otherwise 0 when they
 * agree to {@link KEY_TOLERANCE} relative.
 */
export function compareCrossProducts(l: number, r: number, whole: boolean): number {
  if (whole && Math.abs(l) <= Number.MAX_SAFE_INTEGER && Math.abs(r) <= Number.MAX_SAFE_INTEGER)
    return l === r ? 0 : l > r ? 1 : -1; // whole numbers: the products are exact
  if (Math.abs(l - r) <= KEY_TOLERANCE * Math.max(Math.abs(l), Math.abs(r))) return 0;
  return l > r ? 1 : -1;
}
