/**
 * Comparison of greedy keys b/w and b/(w·rtime) that floating-point noise never decides. Keys are
 * compared through their cross-products b_a·w_b·r_b vs b_b·w_a·r_a: exactly when every number is
 * whole and the products stay below 2^53 (experienced bids are floored to whole node·minutes, run
 * times are whole minutes); otherwise products that agree to a relative 1e-12 — a thousand times the
 * rounding error of three multiplications, far below any difference the data can carry — are equal.
 * Equal keys are a tie, which the callers break by player index (lower index first). So with
 * unrounded experienced bids b = 1.1·w·rtime every 2B key ties (1.1·50 = 55.00000000000001 in
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
 * Sign of key(a) − key(b) for key = bid / (w·r) (pass r = 1 for b/w): 1, 0 (a tie) or −1.
 */
export function compareKeys(
  bidA: number,
  wA: number,
  rA: number,
  bidB: number,
  wB: number,
  rB: number,
): number {
  const ka = bidA / (wA * rA);
  const kb = bidB / (wB * rB);
  if (Math.abs(ka - kb) > 1e-9 * Math.max(Math.abs(ka), Math.abs(kb))) return ka > kb ? 1 : -1;
  // bidA/(wA·rA) vs bidB/(wB·rB)  ⇔  bidA·wB·rB vs bidB·wA·rA (all denominators positive).
  const l = bidA * wB * rB,
    r = bidB * wA * rA;
  if (
    Number.isInteger(bidA) &&
    Number.isInteger(bidB) &&
    Number.isInteger(rA) &&
    Number.isInteger(rB) &&
    Math.abs(l) <= Number.MAX_SAFE_INTEGER &&
    Math.abs(r) <= Number.MAX_SAFE_INTEGER
  ) {
    return l === r ? 0 : l > r ? 1 : -1; // whole numbers: the products are exact
  }
  if (Math.abs(l - r) <= KEY_TOLERANCE * Math.max(Math.abs(l), Math.abs(r))) return 0;
  return l > r ? 1 : -1;
}
