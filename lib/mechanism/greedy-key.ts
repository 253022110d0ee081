/**
 * The greedy rule's sort key as a formula (thesis 5.2.9 sorts by b/w; experiments 2B and 3B by
 * b/(w·rtime)): a mathjs expression in the bid `b` (node·minutes), the size `w` (nodes), the planned
 * minutes `min` and the run minutes `rtime` (the instance's r: the run time floored at minRtime, 1
 * minute by default), compiled by lib/expr — never eval. Players go in decreasing key order.
 *
 * **Tie rule.** A key c·b^p·Π s^e — a positive constant times powers of the symbols, whole exponents,
 * p ≥ 0 (`b/w`, `b/(w*rtime)`, `b/w^2`, `2*b*rtime/w`) — is *exact*: two keys are compared by the one
 * comparison of exact-key.ts, their doubles where they differ by more than 1e-9 relative and else
 * their cross-products num_a·den_b vs num_b·den_a (exactly for whole numbers), so equal keys tie
 * whatever their rounding. Any other key (`b/sqrt(w)`, `b/(w + rtime)`, `log(1 + b)/w`) is compared by
 * its value rounded to 12 significant digits, equal rounded values tying: noise in the last bits
 * decides nothing unless a key falls on a rounding boundary. Ties go to the lower player index.
 *
 * **Monotone.** A key c·b^p·Π s^e with c > 0 and p ≥ 0 (whole exponents or not) never falls when the
 * bid rises, so its greedy rule is monotone (greedy.ts) and has critical payments; for any other
 * formula the rule claims nothing and critical payments are refused (Clarke applies to every rule).
 */
import type { Instance } from "./instance";
import { compareCrossProducts, compareKeyValues } from "./exact-key";
import { compileExpression, type NumericExpression } from "../expr/expression";
import { productForm } from "../expr/product-form";

/** The symbols of a key formula, in the order its `evaluate` takes them: bid, nodes, planned minutes, run minutes. */
export const KEY_SYMBOLS: readonly string[] = Object.freeze(["b", "w", "min", "rtime"]);

/** A compiled key formula. */
export interface GreedyKey {
  /** The formula as given, e.g. `"b/(w*rtime)"`. */
  readonly source: string;
  /** Whether keys are compared exactly (c·b^p·Π s^e with whole exponents; see the file comment). */
  readonly exact: boolean;
  /** Whether the key never falls when the bid rises (c·b^p·Π s^e, c > 0, p ≥ 0). */
  readonly monotone: boolean;
  /**
   * The key on one instance.
   * @throws `invalid <name>: "b/min" reads min (planned minutes), which this instance lacks; …` and the
   *   same form for a key that is not a finite number at some player
   */
  prepare(inst: Instance): PreparedKey;
}

/** A key on one instance. */
export interface PreparedKey {
  /** Whether keys are compared exactly ({@link GreedyKey.exact}). */
  readonly exact: boolean;
  /** Each player's key at her bid ({@link PreparedKey.at}). */
  readonly keys: Float64Array;
  /** Player i's key when she bids z (other keys: rounded to 12 significant digits). */
  at(i: number, z: number): number;
  /**
   * Player indices by decreasing key at their bids, ties by index (the file comment's tie rule).
   */
  order(): Int32Array;
  /**
   * Sign of key(i bidding zi) − key(j bidding zj), 0 for a tie: exact keys by their cross-products
   * alone (call it where {@link compareKeyValues} gives 0), other keys by the rounded values.
   */
  cross(i: number, zi: number, j: number, zj: number): number;
  /** The same sign by the whole tie rule (doubles outside the 1e-9 band, then {@link PreparedKey.cross}). */
  compare(i: number, zi: number, j: number, zj: number): number;
  /** Per player, a class id shared by the players whose bid and key symbols are all equal (they compare alike). */
  classes(): { id: Int32Array; count: number };
}

const round12 = (v: number) => Number(v.toPrecision(12));

// Local bindings of the one key comparison (exact-key.ts): the sort's comparator is the hot loop of
// every greedy rule, and a call through a module's export is not inlined.
const byValues = compareKeyValues,
  byProducts = compareCrossProducts;

/** Where a key's symbols come from, and its errors. */
interface KeySource {
  readonly name: string;
  readonly source: string;
  readonly inst: Instance;
}

/**
 * Compiles a key formula.
 * @param name the name its errors use (a parameter's, e.g. `parameter EXTRA_RULES[0].key`). Defaults to "key".
 * @throws `invalid key: "b/x"; unknown symbol "x"; expected an expression in b, w, min, rtime`, and
 *   compileExpression's other errors
 * @example greedyKey("b/w^2").prepare(inst).keys   // b_i / w_i², exact
 */
export function greedyKey(source: string, name = "key"): GreedyKey {
  const expr = compileExpression(name, source, KEY_SYMBOLS);
  const form = productForm(expr);
  const bPower = form.powers.find((s) => s.symbol === "b")?.exponent ?? 0;
  const power =
    form.others.length === 0 && form.constant > 0 && Number.isFinite(form.constant) && bPower >= 0;
  const exact = power && form.powers.every((s) => Number.isInteger(s.exponent));
  const rest = form.powers.filter((s) => s.symbol !== "b");
  const prepare = (inst: Instance): PreparedKey => {
    const ks: KeySource = { name, source, inst };
    if (exact) return new ExactKey(ks, form.constant, bPower, rest);
    if (power) {
      const g = new Float64Array(inst.w.length).fill(form.constant);
      for (const s of rest) {
        const col = column(ks, s.symbol);
        for (let i = 0; i < g.length; i++) g[i] *= col[i] ** s.exponent;
      }
      for (let i = 0; i < g.length; i++) if (!Number.isFinite(g[i])) throw notFinite(ks, i, g[i]);
      return new RoundedKey(inst, (i, z) => (bPower === 0 ? g[i] : z ** bPower * g[i]));
    }
    const minutes = expr.used.includes("min") ? column(ks, "min") : undefined;
    const values = new Float64Array(4);
    return new RoundedKey(inst, (i, z) => {
      values[0] = z;
      values[1] = inst.w[i];
      values[2] = minutes ? minutes[i] : NaN; // not read by the formula
      values[3] = inst.r[i];
      return expr.evaluate(values);
    });
  };
  return { source, exact, monotone: power, prepare };
}

/** A key symbol's values on the instance (the instance's own arrays, read only). */
function column(ks: KeySource, symbol: string): Column {
  if (symbol === "w") return ks.inst.w;
  if (symbol === "rtime") return ks.inst.r;
  if (ks.inst.minutes.length !== ks.inst.w.length)
    throw new Error(
      `invalid ${ks.name}: ${JSON.stringify(ks.source)} reads min (planned minutes), which this instance lacks; build it with jobsInstance or makeInstance({ minutes })`,
    );
  return ks.inst.minutes;
}

/** A column of key symbol values. */
type Column = Float64Array | Int32Array;

function notFinite(ks: KeySource, i: number, v: number): Error {
  const { w, r, minutes } = ks.inst;
  return new Error(
    `invalid ${ks.name}: ${JSON.stringify(ks.source)} gives ${v} at player ${i} (w=${w[i]}, rtime=${r[i]}${minutes.length ? `, min=${minutes[i]}` : ""}); expected a finite key`,
  );
}

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
class ExactKey implements PreparedKey {
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

/** A key compared by its value rounded to 12 significant digits (ties by index). */
class RoundedKey implements PreparedKey {
  readonly exact = false;
  readonly keys: Float64Array;

  constructor(
    private readonly inst: Instance,
    private readonly value: (i: number, z: number) => number,
  ) {
    this.keys = Float64Array.from(inst.b, (z, i) => this.at(i, z));
  }

  at(i: number, z: number): number {
    return round12(this.value(i, z));
  }

  cross(i: number, zi: number, j: number, zj: number): number {
    const a = this.at(i, zi),
      b = this.at(j, zj);
    return a > b ? 1 : a < b ? -1 : 0;
  }

  compare(i: number, zi: number, j: number, zj: number): number {
    return this.cross(i, zi, j, zj);
  }

  order(): Int32Array {
    const keys = this.keys;
    const o = new Int32Array(keys.length);
    for (let i = 0; i < o.length; i++) o[i] = i;
    return o.sort((a, c) => (keys[c] > keys[a] ? 1 : keys[c] < keys[a] ? -1 : a - c));
  }

  classes(): { id: Int32Array; count: number } {
    const { w, r, minutes } = this.inst;
    return classesOf(this.inst.b, [w, r, minutes]);
  }
}

/** Class ids of players with the same bid and the same values in `columns` (empty columns ignored). */
function classesOf(b: Float64Array, columns: readonly Column[]): { id: Int32Array; count: number } {
  const n = b.length;
  const id = new Int32Array(n);
  const ids = new Map<string, number>();
  for (let j = 0; j < n; j++) {
    let k = Object.is(b[j], -0) ? "-0" : String(b[j]);
    for (const col of columns) if (col.length) k += ` ${col[j]}`;
    let v = ids.get(k);
    if (v === undefined) ids.set(k, (v = ids.size));
    id[j] = v;
  }
  return { id, count: ids.size };
}
