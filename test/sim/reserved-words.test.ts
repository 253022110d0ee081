import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NodeSet } from "../../lib/sim/node-set";
import { ReservedWords } from "../../lib/sim/reserved-words";

/** The words marked in `marks` (bit i & 31 of marks[i >> 5]) as a set of word indices. */
const wordsAsSet = (marks: Uint32Array, words: number) => {
  const s = new NodeSet(words);
  s.words.set(marks.subarray(0, s.words.length));
  return s;
};

describe("the reservations of a backfill cycle as bit words", () => {
  it("marks the union's full words, whole-word reservations and ORed parts alike", () => {
    const r = new ReservedWords();
    r.reset(128);
    r.add([32, 64], 0, 10); // words 1 and 2, whole
    r.add([0, 20], 0, 10);
    r.add([20, 12, 100, 4], 5, 10); // with the one before, word 0 full
    expect(wordsAsSet(r.fullWords, 4).indices()).toEqual([]); // nothing asked yet
    r.meeting(0, 10);
    expect(wordsAsSet(r.fullWords, 4).indices()).toEqual([0, 1, 2]);
    r.meeting(0, 4); // the third misses the window: the union starts again without it
    expect(wordsAsSet(r.fullWords, 4).indices()).toEqual([1, 2]);
  });

  it("a reservation of no nodes reserves nothing, and the union still starts again", () => {
    const r = new ReservedWords();
    r.reset(64);
    r.add([], 0, 10);
    r.add([3, 2], 0, 5);
    expect(r.meeting(0, 10).indices()).toEqual([3, 4]);
    expect(r.meeting(6, 10).indices()).toEqual([]);
  });

  // random reservations (disjoint or not: the union does not care) on up to 100 nodes, then random
  // windows asked in turn, reservations added between them: every answer is the brute-force union
  // of the reservations whose interval meets the window
  const pairsArb = fc
    .array(fc.record({ a: fc.integer({ min: 0, max: 99 }), n: fc.integer({ min: 1, max: 40 }) }), {
      minLength: 0,
      maxLength: 4,
    })
    .map((rs) => {
      const set = new Set<number>();
      for (const { a, n } of rs) for (let v = a; v < Math.min(100, a + n); v++) set.add(v);
      const nodes = [...set].sort((x, y) => x - y);
      const pairs: number[] = [];
      for (const v of nodes)
        if (pairs.length && pairs[pairs.length - 2] + pairs[pairs.length - 1] === v)
          pairs[pairs.length - 1]++;
        else pairs.push(v, 1);
      return { nodes, pairs };
    });
  const stepArb = fc.oneof(
    fc.record({
      kind: fc.constant("add" as const),
      r: pairsArb,
      s: fc.integer({ min: 0, max: 20 }),
      d: fc.integer({ min: 1, max: 10 }),
    }),
    fc.record({
      kind: fc.constant("ask" as const),
      s: fc.integer({ min: 0, max: 25 }),
      d: fc.integer({ min: 1, max: 10 }),
    }),
  );
  it("property: the nodes reserved over a window are the union of the reservations meeting it", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), fc.boolean(), (steps, reuse) => {
        const r = new ReservedWords();
        if (reuse) {
          r.reset(100);
          r.add([0, 100], 0, 30);
          r.meeting(0, 30);
        }
        r.reset(100);
        const added: { nodes: number[]; s: number; e: number }[] = [];
        for (const st of steps) {
          if (st.kind === "add") {
            r.add(st.r.pairs, st.s, st.s + st.d);
            added.push({ nodes: st.r.nodes, s: st.s, e: st.s + st.d });
            continue;
          }
          const e = st.s + st.d;
          const want = new Set<number>();
          for (const x of added) if (x.s < e && x.e > st.s) for (const v of x.nodes) want.add(v);
          const got = r.meeting(st.s, e);
          expect(got.indices()).toEqual([...want].sort((x, y) => x - y));
          // its full words are marked, and only those
          const full = [...got.words].flatMap((w, i) => (w === 0xffffffff ? [i] : []));
          expect(wordsAsSet(r.fullWords, got.words.length).indices()).toEqual(full);
        }
      }),
    );
  });
});
