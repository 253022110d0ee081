/**
 * A greedy key on one instance (lib/mechanism/greedy-key.ts compiles the formula): what the greedy
 * rules call ({@link PreparedKey}), the instance's columns the key's symbols read, the errors for a
 * column the instance lacks or a key that is not finite, and the classes of players that compare
 * alike. Its two kinds: lib/mechanism/exact-prepared-key.ts and lib/mechanism/rounded-prepared-key.ts.
 */
import type { Instance } from "./instance";

/** A key on one instance. */
export interface PreparedKey {
  /** Whether keys are compared exactly (GreedyKey.exact, lib/mechanism/greedy-key.ts). */
  readonly exact: boolean;
  /** Each player's key at her bid ({@link PreparedKey.at}). */
  readonly keys: Float64Array;
  /** Player i's key when she bids z (other keys: rounded to 12 significant digits). */
  at(i: number, z: number): number;
  /**
   * Player indices by decreasing key at their bids, ties by index (the tie rule of lib/mechanism/greedy-key.ts).
   */
  order(): Int32Array;
  /**
   * Sign of key(i bidding zi) − key(j bidding zj), 0 for a tie: exact keys by their cross-products
   * alone (call it where compareKeyValues, lib/mechanism/exact-key.ts, gives 0), other keys by the rounded values.
   */
  cross(i: number, zi: number, j: number, zj: number): number;
  /** The same sign by the whole tie rule (doubles outside the 1e-9 band, then {@link PreparedKey.cross}). */
  compare(i: number, zi: number, j: number, zj: number): number;
  /** Per player, a class id shared by the players whose bid and key symbols are all equal (they compare alike). */
  classes(): { id: Int32Array; count: number };
}

/** Where a key's symbols come from, and its errors. */
export interface KeySource {
  readonly name: string;
  readonly source: string;
  readonly inst: Instance;
}

/** A key symbol's values on the instance (the instance's own arrays, read only). */
export function column(ks: KeySource, symbol: string): Column {
  if (symbol === "w") return ks.inst.w;
  if (symbol === "rtime") return ks.inst.r;
  if (ks.inst.minutes.length !== ks.inst.w.length)
    throw new Error(
      `invalid ${ks.name}: ${JSON.stringify(ks.source)} reads min (planned minutes), which this instance lacks; build it with jobsInstance or makeInstance({ minutes })`,
    );
  return ks.inst.minutes;
}

/** A column of key symbol values. */
export type Column = Float64Array | Int32Array;

/** The error for a key that is not a finite number at player i (its symbols named). */
export function notFinite(ks: KeySource, i: number, v: number): Error {
  const { w, r, minutes } = ks.inst;
  return new Error(
    `invalid ${ks.name}: ${JSON.stringify(ks.source)} gives ${v} at player ${i} (w=${w[i]}, rtime=${r[i]}${minutes.length ? `, min=${minutes[i]}` : ""}); expected a finite key`,
  );
}

/** Class ids of players with the same bid and the same values in `columns` (empty columns ignored). */
export function classesOf(b: Float64Array, columns: readonly Column[]): { id: Int32Array; count: number } {
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
