/**
 * A greedy key on one instance compared by its value rounded to 12 significant digits (the tie rule
 * of lib/mechanism/greedy-key.ts for a key that is not exact): equal rounded values tie, ties go to
 * the lower player index.
 */
import type { Instance } from "./instance";
import { type PreparedKey, classesOf } from "./prepared-key";

const round12 = (v: number) => Number(v.toPrecision(12));

/** A key compared by its value rounded to 12 significant digits (ties by index). */
export class RoundedKey implements PreparedKey {
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
