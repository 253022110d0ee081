import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NodeSpace, type Slot } from "../../lib/sim/node-space";

/** Node i's bit in a slot (bit i of word i >> 5), read here from the layout, not through the module. */
const bit = (s: Slot, i: number) => Math.floor(s.free[Math.floor(i / 32)] / 2 ** (i % 32)) % 2;

/** The map as [start, end, free nodes as a string of 0/1]. */
const shape = (m: NodeSpace, n: number) =>
  m.slots.map((s) => [s.start, s.end, Array.from({ length: n }, (_, i) => bit(s, i)).join("")]);

describe("backfill's map of whole nodes over time", () => {
  it("a reservation splits the slots at its start and end and takes its nodes off in between", () => {
    const m = new NodeSpace(3);
    m.reset(10);
    m.reserve(20, 50, [1]);
    expect(shape(m, 3)).toEqual([
      [10, 20, "111"],
      [20, 50, "101"],
      [50, Infinity, "111"],
    ]);
    expect([m.meets([1], 40, 60), m.meets([1], 50, 60), m.meets([0, 2], 20, 50)]).toEqual([
      true,
      false,
      false,
    ]);
  });
  it("a reservation from the map's beginning leaves an empty slot there (_add_reservation splits the first slot)", () => {
    const m = new NodeSpace(2);
    m.reset(0);
    m.reserve(0, 30, [0]);
    expect(shape(m, 2)).toEqual([
      [0, 0, "11"],
      [0, 30, "01"],
      [30, Infinity, "11"],
    ]);
  });
  it("after a reservation the first two neighbours with the same nodes become one, and only them", () => {
    const m = new NodeSpace(2);
    m.reset(0);
    m.reserve(10, 20, [0]);
    m.reserve(30, 40, [0]);
    m.reserve(20, 30, [0]); // [10, 20), [20, 30) and [30, 40) now all hold n2 alone
    expect(shape(m, 2)).toEqual([
      [0, 10, "11"],
      [10, 30, "01"],
      [30, 40, "01"],
      [40, Infinity, "11"],
    ]);
  });
  it("holds nodes past the first 32 bits: node 35 of 40 taken, the last word's spare bits never set", () => {
    const m = new NodeSpace(40);
    m.reset(0);
    m.reserve(10, 20, [35, 2]);
    expect(shape(m, 40).map((s) => s[2])).toEqual([
      "1".repeat(40),
      "1101111111111111111111111111111111101111",
      "1".repeat(40),
    ]);
    expect(m.slots[0].free[1]).toBe(2 ** 8 - 1);
    expect([m.meets([35], 15, 16), m.meets([34, 36], 0, 100)]).toEqual([true, false]);
  });
  it("a reservation ending before the map begins is an error", () => {
    const m = new NodeSpace(1);
    m.reset(10);
    expect(() => m.reserve(0, 10, [0])).toThrow(/reservation on \[10, 10\)/);
  });
  it("property: the slots tile time from the cycle's start, and a node is free at t exactly when no reservation over t holds it", () => {
    const reservation = fc.record({
      start: fc.integer({ min: 5, max: 50 }),
      length: fc.integer({ min: 1, max: 30 }),
      nodes: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 12 }), (rs) => {
        const m = new NodeSpace(4);
        m.reset(5);
        for (const r of rs) m.reserve(r.start, r.start + r.length, r.nodes);
        const s = m.slots;
        expect(s[0].start).toBe(5);
        expect(s[s.length - 1].end).toBe(Infinity);
        for (let k = 1; k < s.length; k++) expect(s[k].start).toBe(s[k - 1].end);
        for (let t = 5; t < 90; t++) {
          const slot = s.find((x) => x.start <= t && t < x.end)!;
          for (let i = 0; i < 4; i++) {
            const held = rs.some(
              (r) => Math.max(r.start, 5) <= t && t < r.start + r.length && r.nodes.includes(i),
            );
            expect(bit(slot, i)).toBe(held ? 0 : 1);
          }
        }
      }),
    );
  });
});
