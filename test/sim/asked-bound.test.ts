import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AskedBound } from "../../lib/sim/asked-bound";
import { Profile } from "../../lib/sim/profile";

describe("AskedBound", () => {
  it("starts a question at the latest answer to one no wider and no longer", () => {
    const a = new AskedBound();
    a.add(2, 100, 50);
    a.add(4, 10, 70);
    expect(a.from(2, 100, 0)).toBe(50);
    expect(a.from(4, 100, 0)).toBe(70);
    expect(a.from(1, 100, 0)).toBe(0); // narrower: no bound
    expect(a.from(3, 50, 0)).toBe(0); // shorter than the 2-node question, narrower than the 4-node one
    expect(a.from(8, 200, 90)).toBe(90); // a later `from` stands
    a.add(2, 100, 60); // the same shape asked again later: its answer grows
    expect(a.from(2, 100, 0)).toBe(60);
    a.clear();
    expect(a.from(8, 200, 0)).toBe(0);
  });

  it("keeps the first `capacity` shapes", () => {
    const a = new AskedBound(2);
    a.add(1, 1, 5);
    a.add(2, 2, 6);
    a.add(3, 3, 7);
    expect(a.from(3, 3, 0)).toBe(6);
  });

  it("never moves a search past an exact answer on a map that only loses nodes", () => {
    // a cycle's map: releases, then reservations, questions asked between them; the bound from earlier
    // answers never exceeds the exact earliest start
    const q = fc.record({ nodes: fc.integer({ min: 1, max: 8 }), duration: fc.integer({ min: 1, max: 50 }) });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 6,
        }),
        fc.array(fc.tuple(q, fc.integer({ min: 0, max: 80 })), { minLength: 1, maxLength: 12 }),
        (releases, questions) => {
          const p = new Profile(0, 2, releases);
          const a = new AskedBound();
          for (const [{ nodes, duration }, at] of questions) {
            const exact = p.earliestStart(nodes, duration, 0);
            expect(a.from(nodes, duration, 0)).toBeLessThanOrEqual(exact);
            a.add(nodes, duration, exact);
            if (exact !== Infinity)
              p.reserve(
                exact + (at % 3),
                exact + (at % 3) + duration,
                Math.min(nodes, p.freeAt(exact + (at % 3))),
              );
          }
        },
      ),
    );
  });
});

describe("Profile.earliestStart's horizon", () => {
  it("gives the exact start up to the horizon, else a candidate after it no start precedes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 8,
        }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 150 }),
            fc.integer({ min: 1, max: 60 }),
            fc.integer({ min: 1, max: 3 }),
          ),
          { maxLength: 5 },
        ),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 250 }),
        (releases, reservations, nodes, duration, horizon) => {
          const p = new Profile(0, 3, releases);
          for (const [s, d, n] of reservations) if (p.freeAt(s) >= n) p.reserve(s, s + d, n);
          const exact = p.earliestStart(nodes, duration, 0);
          const cut = p.earliestStart(nodes, duration, 0, horizon);
          if (exact <= horizon) expect(cut).toBe(exact);
          else {
            expect(cut).toBeGreaterThan(horizon);
            expect(cut).toBeLessThanOrEqual(exact);
          }
        },
      ),
    );
  });
});
