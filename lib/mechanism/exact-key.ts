/**
 * Exact comparison of greedy keys b/w and b/(w·rtime). Keys are compared as rationals, never by
 * their rounded floating-point quotients: the quotients decide only when they differ by far more
 * than their rounding error (a relative 1e-9, against a rounding error below 1e-15); otherwise the
 * cross-products are compared exactly in BigInt, every double being an exact binary fraction.
 * Equal keys are a tie, which the callers break by player index (lower index first).
 */

/** A double as an exact fraction num/den (den a power of two). */
export function exactFraction(x: number): [bigint, bigint] {
  if (!Number.isFinite(x)) throw new Error(`invalid key part: ${x}; expected a finite number`);
  let den = BigInt(1);
  let v = x;
  while (!Number.isInteger(v)) {
    v *= 2; // exact in binary floating point
    den *= BigInt(2);
  }
  return [BigInt(v), den];
}

/**
 * Sign of key(a) − key(b) for key = bid / (w·r) (pass r = 1 for b/w): 1, 0 or −1, exactly.
 */
export function compareKeys(bidA: number, wA: number, rA: number, bidB: number, wB: number, rB: number): number {
  const ka = bidA / (wA * rA);
  const kb = bidB / (wB * rB);
  if (Math.abs(ka - kb) > 1e-9 * Math.max(Math.abs(ka), Math.abs(kb))) return ka > kb ? 1 : -1;
  // bidA/(wA·rA) vs bidB/(wB·rB)  ⇔  bidA·wB·rB vs bidB·wA·rA (all denominators positive)
  const [ba, bda] = exactFraction(bidA), [bb, bdb] = exactFraction(bidB);
  const [ra, rda] = exactFraction(rA), [rb, rdb] = exactFraction(rB);
  const left = ba * BigInt(wB) * rb * bdb * rda;
  const right = bb * BigInt(wA) * ra * bda * rdb;
  return left === right ? 0 : left > right ? 1 : -1;
}
