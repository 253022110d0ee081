/**
 * The 3-parameter bid-vector families of the Generalized Vickrey auction (seed 004, Section 3.3.2).
 * In SE3D a GV bidder gives N_max (the most servers it wants), b_max = b(N_max) (the total price for
 * N_max servers) and a risk factor r ∈ [−1, 1] that sets how fast the marginal demand
 * b(n) − b(n − 1) decreases. The seed defers the exact shape to another paper, so the shape here is
 * this project's choice, kept swappable (`BidVectorFamilyName` or any {@link BidVectorFn}):
 *
 * - `"power"` (default): b(n) = b_max · min(1, n / N_max)^γ with γ = 4^(−r). r = 0 is linear (constant
 *   marginal value b_max / N_max); r > 0 is concave (risk averse: most value in the first servers,
 *   marginal demand decreasing); r < 0 is convex (value only in getting many servers).
 * - `"geometric"`: marginal values b(n) − b(n − 1) ∝ q^(n − 1) with q = 4^(−r) for n ≤ N_max, scaled so
 *   b(N_max) = b_max (a fractional N_max counts its last unit partially).
 *
 * Both are non-decreasing in n, and are flat (= b_max) beyond N_max. N_max may exceed
 * N (the evolved GV strategies of the seed bid for up to 3N): only n ≤ N is ever used.
 */
import { keyword } from "../util/options";

/** The three GV bid parameters. */
export interface BidParameters {
  /** The most servers wanted (real ≥ 0; < 1 wants nothing). */
  nMax: number;
  /** The total price offered for N_max servers, money units (≥ 0). */
  bMax: number;
  /** Risk factor in [−1, 1]: how fast marginal demand decreases (larger = faster). */
  r: number;
}

/** Built-in bid-vector families. */
export const BID_VECTOR_FAMILIES = ["power", "geometric"] as const;

/** The name of a built-in bid-vector family. */
export type BidVectorFamilyName = (typeof BID_VECTOR_FAMILIES)[number];

/** A bid-vector family: parameters → bids b(1) … b(servers) (index k of the result is b(k + 1)). */
export type BidVectorFn = (p: BidParameters, servers: number) => number[];

function power(p: BidParameters, servers: number): number[] {
  const out = new Array<number>(servers + 1).fill(0);
  if (p.nMax < 1 || p.bMax <= 0) return out.slice(1);
  const gamma = Math.pow(4, -p.r);
  for (let n = 1; n <= servers; n++) out[n] = p.bMax * Math.pow(Math.min(1, n / p.nMax), gamma);
  return out.slice(1);
}

function geometric(p: BidParameters, servers: number): number[] {
  const out = new Array<number>(servers + 1).fill(0);
  if (p.nMax < 1 || p.bMax <= 0) return out.slice(1);
  const q = Math.pow(4, -p.r);
  // Unnormalised cumulative weight up to a real number of units x (last unit counted fractionally).
  const cum = (x: number) => {
    let s = 0;
    const whole = Math.floor(x);
    for (let k = 1; k <= whole; k++) s += Math.pow(q, k - 1);
    return s + (x - whole) * Math.pow(q, whole);
  };
  const total = cum(p.nMax);
  for (let n = 1; n <= servers; n++) out[n] = (p.bMax * cum(Math.min(n, p.nMax))) / total;
  return out.slice(1);
}

/** Resolves a family name (or passes a function through). */
export function bidVectorFamily(family: BidVectorFamilyName | BidVectorFn = "power"): BidVectorFn {
  if (typeof family === "function") return family;
  const name = keyword(family, "bidVectorFamily", BID_VECTOR_FAMILIES);
  return name === "power" ? power : geometric;
}
