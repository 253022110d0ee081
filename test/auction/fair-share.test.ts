import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { _fairShareAllocation } from "../../lib/auction/fair-share";

const fairShareAllocation = (active: boolean[], servers: number, round: number) =>
  _fairShareAllocation(active, servers, round, 3);

describe("_fairShareAllocation(active, servers, round, period)", () => {
  it("splits equally among active agents and moves the extras every 3 rounds", () => {
    const seq = [0, 1, 2, 3, 5, 6].map((t) => fairShareAllocation([true, false, true, true, true], 10, t));
    expect(seq).toEqual([
      [3, 0, 3, 2, 2],
      [3, 0, 3, 2, 2],
      [3, 0, 3, 2, 2],
      [2, 0, 2, 3, 3],
      [2, 0, 2, 3, 3],
      [3, 0, 3, 2, 2],
    ]);
  });

  it("gives nothing when nobody is active", () => {
    expect(fairShareAllocation([false, false], 15, 0)).toEqual([0, 0]);
  });

  it("property: active agents share all N servers, each floor(N/k) or one more; inactive get none", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 100 }),
        (active, n, t) => {
          const a = fairShareAllocation(active, n, t);
          const k = active.filter(Boolean).length;
          expect(a.reduce((s, x) => s + x, 0)).toBe(k ? n : 0);
          a.forEach((x, i) => {
            if (!active[i]) expect(x).toBe(0);
            else
              (expect(x - Math.floor(n / k)).toBeGreaterThanOrEqual(0),
                expect(x - Math.floor(n / k)).toBeLessThanOrEqual(1));
          });
        },
      ),
    );
  });
});
