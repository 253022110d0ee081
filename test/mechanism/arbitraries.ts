/** fast-check generators of small knapsack instances shared by the mechanism tests. */
import fc from "fast-check";
import { makeInstance, type Instance } from "../../lib/mechanism/instance";

/** A small instance: n players, integer weights ≤ capacity, integer bids. */
export function smallInstance(maxN = 10, maxCap = 30): fc.Arbitrary<Instance> {
  return fc
    .record({
      capacity: fc.integer({ min: 1, max: maxCap }),
      players: fc.array(
        fc.record({
          w: fc.integer({ min: 1, max: maxCap }),
          b: fc.integer({ min: 0, max: 100 }),
          r: fc.integer({ min: 1, max: 20 }),
        }),
        { minLength: 1, maxLength: maxN },
      ),
    })
    .map(({ capacity, players }) =>
      makeInstance({
        capacity,
        weights: players.map((p) => Math.min(p.w, capacity)),
        bids: players.map((p) => p.b),
        rtimes: players.map((p) => p.r),
      }),
    );
}

/** Brute-force optimum over all 2^n subsets. */
export function bruteForce(inst: Instance): number {
  const n = inst.w.length;
  let best = 0;
  for (let m = 0; m < 1 << n; m++) {
    let w = 0,
      b = 0;
    for (let i = 0; i < n; i++)
      if (m & (1 << i)) {
        w += inst.w[i];
        b += inst.b[i];
      }
    if (w <= inst.capacity && b > best) best = b;
  }
  return best;
}
