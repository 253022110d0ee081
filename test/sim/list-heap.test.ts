/**
 * ListHeap (lib/sim/list-heap.ts): sorted lists merged in order, whatever lists were filled,
 * emptied or had their first job removed, and a merge stopped early yields a prefix of the order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ListHeap } from "../../lib/sim/list-heap";

describe("ListHeap", () => {
  it("merges literal lists in order, touching each job before comparing it", () => {
    const touched = new Set<number>();
    const h = new ListHeap((a, b) => (touched.has(a) && touched.has(b) ? a - b : NaN), (j) => touched.add(j));
    h.list(0).push(1, 4, 9);
    h.firstChanged(0);
    h.list(3).push(2, 3, 10);
    h.firstChanged(3);
    const out: number[] = [];
    expect(h.merge((j) => (out.push(j), true))).toBe(true);
    expect(out).toEqual([1, 2, 3, 4, 9, 10]);
    h.list(0).shift();
    h.firstChanged(0);
    const firstTwo: number[] = [];
    expect(h.merge((j) => (firstTwo.push(j), firstTwo.length < 2))).toBe(false);
    expect(firstTwo).toEqual([2, 3]);
  });

  it("property: the merge equals sorting every job, after any mix of appends and first-job removals", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("append" as const), list: fc.integer({ min: 0, max: 5 }), value: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ kind: fc.constant("shift" as const), list: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant("rebuild" as const) }),
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 80 }), (ops, take) => {
      // job k has key value*100 + k: lists stay sorted when a job's value is at least its list's last
      const key: number[] = [];
      const h = new ListHeap((a, b) => key[a] - key[b], () => {});
      const lists: number[][] = Array.from({ length: 6 }, () => []);
      for (const o of ops) {
        if (o.kind === "append") {
          const list = h.list(o.list), last = list[list.length - 1];
          const j = key.length;
          key.push(Math.max(o.value * 100 + j, last === undefined ? 0 : key[last] + 1));
          list.push(j);
          lists[o.list].push(j);
          if (list.length === 1) h.firstChanged(o.list);
        } else if (o.kind === "shift") {
          if (h.list(o.list).length === 0) continue;
          h.list(o.list).shift();
          lists[o.list].shift();
          h.firstChanged(o.list);
        } else h.rebuild([0, 1, 2, 3, 4, 5]);
      }
      const want = lists.flat().sort((a, b) => key[a] - key[b]);
      const got: number[] = [];
      h.merge((j) => (got.push(j), true));
      expect(got).toEqual(want);
      const head: number[] = [];
      h.merge((j) => (head.push(j), head.length < take));
      expect(head).toEqual(want.slice(0, take));
    }), { seed: 29, numRuns: 300 });
  });
});
