/**
 * Gaussian-copula helpers of the twin: correlated standard normals, their ranks, and placing a
 * sorted marginal sample by those ranks (the marginal is kept exactly, only the pairing changes).
 */
import type { Rng } from "../util/rng";

/** Ranks (0..n−1) of the values, ties broken by index. */
export function ranks(z: Float64Array): Uint32Array {
  const idx = new Uint32Array(z.length);
  for (let i = 0; i < idx.length; i++) idx[i] = i;
  idx.sort((a, b) => z[a] - z[b] || a - b);
  const r = new Uint32Array(z.length);
  for (let k = 0; k < idx.length; k++) r[idx[k]] = k;
  return r;
}

/** Values of a sorted sample placed by rank: out[i] = sorted[r[i]]. */
export function place(sorted: Float64Array, r: Uint32Array): Float64Array {
  const out = new Float64Array(r.length);
  for (let i = 0; i < r.length; i++) out[i] = sorted[r[i]];
  return out;
}

/** Correlated standard normals: z2 = ρ·z1 + √(1 − ρ²)·ε. */
export function correlated(z1: Float64Array, rho: number, rng: Rng): Float64Array {
  const out = new Float64Array(z1.length);
  const s = Math.sqrt(1 - rho * rho);
  for (let i = 0; i < z1.length; i++) out[i] = rho * z1[i] + s * rng.normal();
  return out;
}

/** n standard normal variates. */
export function normals(n: number, rng: Rng): Float64Array {
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = rng.normal();
  return z;
}
