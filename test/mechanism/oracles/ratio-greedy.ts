/**
 * The oracle of lib/mechanism/greedy-key.ts for the thesis's two keys: the greedy rule sorted by the
 * fixed ratios b/w and b/(w·rtime) with their fixed-arity comparison — doubles outside a 1e-9
 * relative band, else the cross-products b_a·w_b·r_b vs b_b·w_a·r_a, exactly for whole numbers and
 * equal within 1e-12 otherwise, ties by index — and the scan of thesis 5.2.9 (pick in order, halt or
 * skip at a job that does not fit, then the single highest bidder when her bid is larger, lowest
 * index on ties). The property tests check that the key formulas "b/w" and "b/(w*rtime)" give the
 * same orders and allocations, bit for bit.
 */
import type { Instance } from "../../../lib/mechanism/instance";

/** The thesis's two keys. */
export type Ratio = "b/w" | "b/(w·rtime)";

/** Sign of bidA/(wA·rA) − bidB/(wB·rB) (pass r = 1 for b/w), 0 for a tie. */
export function compareRatios(
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
  const l = bidA * wB * rB,
    r = bidB * wA * rA;
  const whole = [bidA, bidB, rA, rB].every(Number.isInteger);
  if (whole && Math.abs(l) <= Number.MAX_SAFE_INTEGER && Math.abs(r) <= Number.MAX_SAFE_INTEGER)
    return l === r ? 0 : l > r ? 1 : -1;
  if (Math.abs(l - r) <= 1e-12 * Math.max(Math.abs(l), Math.abs(r))) return 0;
  return l > r ? 1 : -1;
}

/** Players by decreasing ratio, ties by index. */
export function ratioOrder(inst: Instance, ratio: Ratio): number[] {
  const r = (i: number) => (ratio === "b/w" ? 1 : inst.r[i]);
  return Array.from({ length: inst.w.length }, (_, i) => i).sort(
    (a, c) => compareRatios(inst.b[c], inst.w[c], r(c), inst.b[a], inst.w[a], r(a)) || a - c,
  );
}

/** The greedy allocation of thesis 5.2.9 by a ratio. */
export function ratioGreedy(inst: Instance, ratio: Ratio, skip: boolean, fallback: boolean): number[] {
  const x = new Array<number>(inst.w.length).fill(0);
  let room = inst.capacity,
    value = 0;
  for (const i of ratioOrder(inst, ratio)) {
    if (inst.w[i] <= room) {
      x[i] = 1;
      room -= inst.w[i];
      value += inst.b[i];
    } else if (!skip) break;
  }
  if (!fallback) return x;
  let best = -1;
  for (let i = 0; i < x.length; i++)
    if (inst.w[i] <= inst.capacity && (best < 0 || inst.b[i] > inst.b[best])) best = i;
  if (best >= 0 && inst.b[best] > value) return x.map((_, i) => (i === best ? 1 : 0));
  return x;
}
