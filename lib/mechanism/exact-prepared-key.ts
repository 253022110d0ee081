/**
 * An exact greedy key on one instance (the tie rule of lib/mechanism/greedy-key.ts): a key
 * c·b^p·Π s^e with whole exponents, compared by the one comparison of lib/mechanism/exact-key.ts —
 * doubles outside the 1e-9 band, then cross-products, exact for whole numbers.
 */
import { compareCrossProducts, compareKeyValues } from "./exact-key";
import { type KeySource, type PreparedKey, classesOf, column, notFinite } from "./prepared-key";

// Local bindings of the one key comparison (exact-key.ts): the sort's comparator is the hot loop of
// every greedy rule, and a call through a module's export is not inlined.
const byValues = compareKeyValues,
  byProducts = compareCrossProducts;

/** z^p by repeated multiplication (p a whole number ≥ 0), the same products as the cross-products. */
function wholePower(z: number, p: number): number {
  let v = p === 0 ? 1 : z;
  for (let k = 1; k < p; k++) v *= z;
  return v;
}

/**
 * An exact key c·b^p·Π s^e on one instance: key_i(z) = (z^p·up_i)/den_i·c, with up_i and den_i the
 * products of the symbols of positive and of negative exponent. A class (not closures): building
 * one is on every greedy allocation's path, and its methods inline into the sort and the probes.
 */
export class ExactKey implements PreparedKey {
  readonly exact = true;
  readonly keys: Float64Array;
  private readonly b: Float64Array;
  private readonly n: number;
  private readonly up: Float64Array[] = [];
  private readonly down: Float64Array[] = [];
  /** up_i, or undefined for 1 (no symbol of positive exponent) */
  private readonly upProd: Float64Array | undefined;
  private readonly den: Float64Array;
  /** whether every symbol of player i is a whole number; undefined when all are (sizes only) */
  private readonly whole: Uint8Array | undefined;
  /** b_i^p·up_i (the bids themselves for b/w and b/(w·rtime)) */
  private readonly num: Float64Array;
  /** whole[i] and a whole bid (or p = 0) */
  private readonly wholeAtBid: Uint8Array;
  /** 1: b over one symbol (b/w); 2: b over two (b/(w·rtime)); 0: any other */
  private readonly shape: 0 | 1 | 2;

  constructor(
    ks: KeySource,
    private readonly c: number,
    private readonly p: number,
    rest: readonly { symbol: string; exponent: number }[],
  ) {
    const n = (this.n = ks.inst.w.length);
    const b = (this.b = ks.inst.b);
    let whole: Uint8Array | undefined;
    let wide: Float64Array | undefined; // the sizes in doubles, copied once
    for (const s of rest) {
      const raw = column(ks, s.symbol);
      if (s.symbol !== "w") {
        // sizes are whole by construction; run and planned minutes need not be
        whole ??= new Uint8Array(n).fill(1);
        for (let i = 0; i < n; i++) if (!Number.isInteger(raw[i])) whole[i] = 0;
      }
      const col = raw instanceof Float64Array ? raw : (wide ??= new Float64Array(raw));
      for (let k = 0; k < Math.abs(s.exponent); k++) (s.exponent > 0 ? this.up : this.down).push(col);
    }
    const upProd = (this.upProd = this.up.length ? product(this.up, n) : undefined);
    const den = (this.den = product(this.down, n));
    this.whole = whole;
    const plain = p === 1 && this.up.length === 0;
    this.shape = plain && this.down.length === 1 ? 1 : plain && this.down.length === 2 ? 2 : 0;
    const num = (this.num =
      p === 1 && !upProd ? b : Float64Array.from(b, (z, i) => wholePower(z, p) * (upProd ? upProd[i] : 1)));
    const keys = (this.keys = new Float64Array(n));
    const wholeAtBid = (this.wholeAtBid = new Uint8Array(n));
    for (let i = 0; i < n; i++) {
      keys[i] = c === 1 ? num[i] / den[i] : (num[i] / den[i]) * c; // = at(i, b_i)
      if (!Number.isFinite(keys[i])) throw notFinite(ks, i, keys[i]);
      wholeAtBid[i] = (!whole || whole[i] === 1) && (p === 0 || Number.isInteger(b[i])) ? 1 : 0;
    }
  }

  /** z^p: the bid itself for p = 1 (b/w, b/(w·rtime)), so their keys are z/w_i and z/(w_i·r_i) to the bit. */
  private zp(z: number): number {
    return this.p === 1 ? z : wholePower(z, this.p);
  }

  at(i: number, z: number): number {
    const k = (this.upProd ? this.zp(z) * this.upProd[i] : this.zp(z)) / this.den[i];
    return this.c === 1 ? k : k * this.c;
  }

  /**
   * z_i^p·up_i·den_j vs z_j^p·up_j·den_i factor by factor in the formula's order (b_i·w_j·r_j for
   * b/(w·rtime)): exact for whole numbers below 2^53, whatever the grouping. The thesis's two shapes
   * (b over one or two symbols) are written out — short bodies, as the probes call this per class.
   */
  cross(i: number, zi: number, j: number, zj: number): number {
    const whole = this.whole;
    const exact =
      (this.p === 0 || (Number.isInteger(zi) && Number.isInteger(zj))) &&
      (!whole || (whole[i] & whole[j]) === 1);
    if (this.shape === 1) {
      const d = this.down[0];
      return byProducts(zi * d[j], zj * d[i], exact);
    }
    if (this.shape === 2) {
      const d = this.down[0],
        e = this.down[1];
      return byProducts(zi * d[j] * e[j], zj * d[i] * e[i], exact);
    }
    return this.anyCross(i, zi, j, zj, exact);
  }

  private anyCross(i: number, zi: number, j: number, zj: number, exact: boolean): number {
    const p = this.p,
      up = this.up,
      down = this.down;
    let l = p === 1 ? zi : wholePower(zi, p),
      r = p === 1 ? zj : wholePower(zj, p);
    for (let k = 0; k < up.length; k++) {
      l *= up[k][i];
      r *= up[k][j];
    }
    for (let k = 0; k < down.length; k++) {
      l *= down[k][j];
      r *= down[k][i];
    }
    return byProducts(l, r, exact);
  }

  compare(i: number, zi: number, j: number, zj: number): number {
    return byValues(this.at(i, zi), this.at(j, zj)) || this.cross(i, zi, j, zj);
  }

  order(): Int32Array {
    const { n, keys, num, den, wholeAtBid, b } = this;
    const o = new Int32Array(n);
    for (let i = 0; i < n; i++) o[i] = i;
    return o.sort((a, c) => {
      const d = byValues(keys[c], keys[a]);
      if (d !== 0) return d;
      if (wholeAtBid[c] & wholeAtBid[a]) {
        const l = num[c] * den[a],
          r = num[a] * den[c];
        if (l <= Number.MAX_SAFE_INTEGER && r <= Number.MAX_SAFE_INTEGER)
          return byProducts(l, r, true) || a - c;
      }
      return this.cross(c, b[c], a, b[a]) || a - c;
    });
  }

  classes(): { id: Int32Array; count: number } {
    return classesOf(this.b, [...this.up, ...this.down]);
  }
}

/** The product of columns per player, in doubles (the column itself for one, read only; all 1 for none). */
function product(cols: readonly Float64Array[], n: number): Float64Array {
  if (cols.length === 1) return cols[0];
  const out = new Float64Array(n).fill(1);
  for (const col of cols) for (let i = 0; i < n; i++) out[i] *= col[i];
  return out;
}
