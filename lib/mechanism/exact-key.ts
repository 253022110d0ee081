/**
 * Exact comparison of greedy keys b/w and b/(w·rtime). Keys are compared as rationals, never by
 * their rounded floating-point quotients: the quotients decide only when they differ by far more
 * than their rounding error (a relative 1e-9, against a rounding error below 1e-15); otherwise the
 * cross-products are compared exactly in BigInt, each number read as the decimal it prints to 15
 * significant digits ({@link exactFraction}). Equal keys are a tie, which the callers break by
 * player index (lower index first). So with unrounded experienced bids b = 1.1·w·rtime every 2B key
 * is exactly 1.1 and the tie rule alone orders 2B — never floating-point noise.
 */

/**
 * A number as an exact fraction num/den, read as the decimal it prints to 15 significant digits
 * (a double holds 15–17): 1.1·50 = 55.00000000000001 in floating point reads as 55, 0.1 as 1/10.
 * So values that are equal in exact decimal arithmetic compare equal, whatever the last bits of
 * their floating-point computation; bids and run times carry far fewer than 15 digits.
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
 * Sign of key(a) − key(b) for key = bid / (w·r) (pass r = 1 for b/w): 1, 0 or −1, exactly.
 */
export function compareKeys(bidA: number, wA: number, rA: number, bidB: number, wB: number, rB: number): number {
  const ka = bidA / (wA * rA);
  const kb = bidB / (wB * rB);
  if (Math.abs(ka - kb) > 1e-9 * Math.max(Math.abs(ka), Math.abs(kb))) return ka > kb ? 1 : -1;
  // bidA/(wA·rA) vs bidB/(wB·rB)  ⇔  bidA·wB·rB vs bidB·wA·rA (all denominators positive).
  // Whole numbers whose cross-products stay below 2^53 compare exactly in doubles.
  if (Number.isInteger(bidA) && Number.isInteger(bidB) && Number.isInteger(rA) && Number.isInteger(rB)) {
    const l = bidA * wB * rB, r = bidB * wA * rA;
    if (Math.abs(l) <= Number.MAX_SAFE_INTEGER && Math.abs(r) <= Number.MAX_SAFE_INTEGER) return l === r ? 0 : l > r ? 1 : -1;
  }
  const [ba, bda] = exactFraction(bidA), [bb, bdb] = exactFraction(bidB);
  const [ra, rda] = exactFraction(rA), [rb, rdb] = exactFraction(rB);
  const left = ba * BigInt(wB) * rb * bdb * rda;
  const right = bb * BigInt(wA) * ra * bda * rdb;
  return left === right ? 0 : left > right ? 1 : -1;
}
