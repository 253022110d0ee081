import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NodeRuns } from "../../lib/sim/node-runs";
import { ReservedWords, appendWord, setBits } from "../../lib/sim/reserved-words";

/** The nodes whose bit is set in `w`, read bit by bit. */
const nodesOf = (w: Int32Array) => {
  const out: number[] = [];
  for (let v = 0; v < 32 * w.length; v++) if ((w[v >> 5] >>> (v & 31)) & 1) out.push(v);
  return out;
};

describe("node sets as bit words", () => {
  it("sets and clears runs across word boundaries, and reads them back as runs", () => {
    const w = new Int32Array(3);
    setBits(w, 30, 40, 1); // nodes 30..69
    setBits(w, 40, 2, 0);
    expect(nodesOf(w)).toEqual(
      [30, 31, ...Array.from({ length: 38 }, (_, i) => 32 + i)].filter((v) => v !== 40 && v !== 41),
    );
    const out = new NodeRuns();
    for (let k = 0; k < w.length; k++) if (w[k] !== 0) appendWord(out, k, w[k]);
    expect(out.pairs()).toEqual([30, 10, 42, 28]);
    setBits(w, 0, 96, 1);
    expect(w[1]).toBe(-1);
  });

  it("a reservation of no nodes reserves nothing, and the union still starts again", () => {
    const r = new ReservedWords();
    r.reset(2);
    r.add([], 0, 10);
    r.add([3, 2], 0, 5);
    expect(nodesOf(r.meeting(0, 10))).toEqual([3, 4]);
    expect(nodesOf(r.meeting(6, 10))).toEqual([]);
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
          r.reset(4);
          r.add([0, 100], 0, 30);
          r.meeting(0, 30);
        }
        r.reset(4);
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
          expect(nodesOf(r.meeting(st.s, e))).toEqual([...want].sort((x, y) => x - y));
        }
      }),
    );
  });
});
