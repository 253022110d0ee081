/**
 * NodeRuns (a node set as sorted maximal runs) against a boolean array per node, on random
 * sequences of every operation; NodeSet's word-at-a-time run walk against a walk testing every node.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NodeRuns } from "../../lib/sim/node-runs";
import { NodeSet } from "../../lib/sim/node-set";
import { runsOf } from "./oracles/node-placement-per-node";

/** The maximal runs of a boolean array, as pairs. */
function runsOfBits(bits: readonly boolean[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < bits.length; k++) {
    if (!bits[k]) continue;
    let e = k;
    while (e < bits.length && bits[e]) e++;
    out.push(k, e - k);
    k = e;
  }
  return out;
}

/** A NodeRuns as what the oracle compares: its pairs (maximal runs in index order) and counts. */
const view = (r: NodeRuns) => ({ pairs: r.pairs(), count: r.count, size: r.size });
const viewOf = (bits: readonly boolean[]) => {
  const pairs = runsOfBits(bits);
  return { pairs, count: bits.filter(Boolean).length, size: pairs.length / 2 };
};

const W = 70; // crosses two 32-bit words
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: W - 1 }), fc.integer({ min: 1, max: 12 }))
  .map(([a, n]) => [a, Math.min(n, W - a)] as const);
const opArb = fc.oneof(
  rangeArb.map((r) => ({ op: "add" as const, r })),
  rangeArb.map((r) => ({ op: "remove" as const, r })),
  rangeArb.map((r) => ({ op: "cut" as const, r })),
  fc.array(rangeArb, { maxLength: 6 }).map((rs) => ({ op: "union" as const, rs })),
);

describe("NodeRuns", () => {
  it("property: every operation keeps the same set as a boolean array, as maximal runs in index order", () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        let set = new NodeRuns();
        const bits = new Array<boolean>(W).fill(false);
        for (const o of ops) {
          if (o.op === "add" || o.op === "remove") {
            const [a, n] = o.r;
            const want = o.op === "add"; // add needs every node out, remove every node in
            if (bits.slice(a, a + n).every((b) => b !== want)) {
              if (want) set.add(a, n);
              else set.remove(a, n);
              bits.fill(want, a, a + n);
            } else {
              const msg = want ? /overlap a run of the set/ : /are not all in the set/;
              expect(() => (want ? set.add(a, n) : set.remove(a, n))).toThrow(msg);
            }
          } else if (o.op === "cut") {
            const [a, n] = o.r;
            expect(set.cut(a, n)).toBe(bits.slice(a, a + n).filter(Boolean).length);
            bits.fill(false, a, a + n);
          } else {
            // the runs to merge, sorted by first node; a union takes only runs disjoint from the set and each other
            const rs = [...o.rs].sort((x, y) => x[0] - y[0]);
            const first = rs.map((r) => r[0]),
              len = rs.map((r) => r[1]);
            const taken = [...bits];
            const ok = rs.every(([a, n]) => {
              const free = taken.slice(a, a + n).every((b) => !b);
              taken.fill(true, a, a + n);
              return free;
            });
            if (ok) {
              set = new NodeRuns().union(set, first, len, rs.length);
              for (const [a, n] of rs) bits.fill(true, a, a + n);
            } else
              expect(() => new NodeRuns().union(set, first, len, rs.length)).toThrow(/already in the set/);
          }
          expect(view(set)).toEqual(viewOf(bits));
        }
        expect(view(set.clone())).toEqual(viewOf(bits));
        expect(set.toNodeSet(W).indices()).toEqual(bits.flatMap((b, k) => (b ? [k] : [])));
        expect(view(NodeRuns.ofNodeSet(set.toNodeSet(W)))).toEqual(viewOf(bits));
      }),
      { numRuns: 300, seed: 23 },
    );
  });

  it("property: append after the last node gives the union, touching runs joined, as a boolean array says", () => {
    const bitsArb = fc.array(fc.boolean(), { minLength: 2, maxLength: 90 });
    fc.assert(
      fc.property(bitsArb, fc.nat(), (bits, cut) => {
        const at = 1 + (cut % (bits.length - 1)); // the runs of bits[0, at) first, then each run from at on appended
        const set = NodeRuns.ofPairs(runsOfBits(bits.slice(0, at).concat(bits.slice(at).map(() => false))));
        const tail = runsOfBits(bits.map((x, k) => k >= at && x));
        for (let k = 0; k < tail.length; k += 2) set.append(tail[k], tail[k + 1]);
        expect(set.pairs()).toEqual(runsOfBits(bits));
        expect(set.count).toBe(bits.filter(Boolean).length);
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it("joins touching runs and splits a run around a hole", () => {
    const s = new NodeRuns(0, 4).add(6, 2).add(4, 2);
    expect(s.pairs()).toEqual([0, 8]);
    s.remove(3, 2);
    expect([s.pairs(), s.count]).toEqual([[0, 3, 5, 3], 6]);
    expect(s.cut(2, 5)).toBe(3);
    expect(s.pairs()).toEqual([0, 2, 7, 1]);
    expect(NodeRuns.ofPairs([7, 1, 0, 2]).pairs()).toEqual([0, 2, 7, 1]);
  });
});

describe("NodeSet.eachRun", () => {
  it("property: the same runs as testing every node, across word boundaries", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 130 })
          .chain((size) =>
            fc.tuple(fc.constant(size), fc.array(fc.boolean(), { minLength: size, maxLength: size })),
          ),
        ([size, bits]) => {
          const set = NodeSet.of(
            size,
            bits.flatMap((b, k) => (b ? [k] : [])),
          );
          const got: number[] = [],
            want: number[] = [];
          set.eachRun((a, n) => got.push(a, n));
          runsOf(set, (a, n) => want.push(a, n));
          expect(got).toEqual(want);
          expect(got).toEqual(runsOfBits(bits));
        },
      ),
      { numRuns: 500, seed: 29 },
    );
  });

  // sets of long runs (so that runs span whole words), less another such set, read through the
  // words the result occupies plus arbitrary others: the same runs as the result's bits
  const runsArb = (size: number) =>
    fc.array(fc.record({ a: fc.integer({ min: 0, max: size - 1 }), n: fc.integer({ min: 1, max: 80 }) }), {
      maxLength: 5,
    });
  const setOf = (size: number, runs: { a: number; n: number }[]) => {
    const s = new NodeSet(size);
    for (const { a, n } of runs) s.addRange(a, Math.min(size, a + n));
    return s;
  };
  it("property: reading only the occupied words (and any others) gives the same runs", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 200 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              runsArb(size),
              runsArb(size),
              fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
            ),
          ),
        ([size, plus, minus, extra]) => {
          const set = setOf(size, plus),
            cut = setOf(size, minus);
          const result = set.clone().andNot(cut);
          const only = result.occupiedWords(new Uint32Array((set.words.length + 31) >>> 5));
          extra.forEach((b, i) => {
            if (b && i < set.words.length) only[0] |= 1 << i;
          });
          const got: number[] = [];
          set.eachRun((a, n) => got.push(a, n), cut, only);
          const bits = Array.from({ length: size }, (_, k) => (result.words[k >>> 5] >>> (k & 31)) & 1);
          expect(got).toEqual(runsOfBits(bits.map((b) => b === 1)));
        },
      ),
      { numRuns: 500, seed: 31 },
    );
  });

  it("marks the words that hold a node", () => {
    const s = new NodeSet(100).addRange(30, 70);
    expect([...s.occupiedWords(new Uint32Array(1))]).toEqual([0b0111]);
    expect([...new NodeSet(100).occupiedWords(new Uint32Array(1))]).toEqual([0]);
  });
});
