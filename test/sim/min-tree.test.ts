/**
 * The (nodes, limit) minima tree (lib/sim/min-tree.ts): `next(from, accept)` is the first position
 * at or after `from` whose own pair a monotone test lets through, as a linear scan finds it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MinTree } from "../../lib/sim/min-tree";

function tree(pairs: readonly [number, number][]): MinTree {
  const t = new MinTree();
  t.clear(pairs.length);
  pairs.forEach(([n, l], k) => t.leaf(k, n, l));
  t.build();
  return t;
}

describe("MinTree", () => {
  it("finds the next position whose pair passes, after a change too", () => {
    const t = tree([
      [4, 60],
      [1, 120],
      [3, 180],
      [2, 240],
      [5, 300],
      [1, 360],
    ]);
    const fits = (free: number) => (n: number) => n <= free;
    expect(t.next(0, fits(2))).toBe(1);
    expect(t.next(2, fits(2))).toBe(3);
    expect(t.set(3, 9, 240)).toBe(true);
    expect(t.next(2, fits(2))).toBe(5);
    expect(t.next(6, fits(2))).toBe(-1);
    expect(t.next(0, () => true)).toBe(0);
    expect(t.length).toBe(6);
  });

  it("backtracks when a subtree's minima come from different positions", () => {
    const t = tree([
      [1, 1000], // small but long
      [9, 10], // short but wide
      [2, 20], // small and short
    ]);
    expect(t.next(0, (n, l) => n <= 2 && l <= 100)).toBe(2);
  });

  it("appends while it has room, then asks to be set again", () => {
    const t = tree([[1, 1]]);
    expect(t.set(1, 2, 2)).toBe(false); // one leaf of room
    t.clear(2);
    t.leaf(0, 1, 1);
    t.leaf(1, 2, 2);
    t.build();
    expect(t.next(0, (n) => n <= 0)).toBe(-1);
    expect(t.next(1, () => true)).toBe(1);
  });

  it("property: next equals a linear scan for monotone tests (nodes ≤ free and (nodes ≤ extra or now + limit ≤ shadow))", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 500 })), {
          minLength: 1,
          maxLength: 70,
        }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 0, max: 70 }),
        (pairs, free, extra, shadow, from) => {
          const now = 7;
          const ok = (n: number, l: number) => n <= free && (n <= extra || now + l <= shadow);
          let want = -1;
          for (let k = from; k < pairs.length; k++)
            if (ok(pairs[k][0], pairs[k][1])) {
              want = k;
              break;
            }
          expect(tree(pairs).next(from, ok)).toBe(want);
        },
      ),
      { seed: 3, numRuns: 400 },
    );
  });
});
