import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { type BidParameters, type BidVectorFamilyName, bidVectorFamily } from "../../lib/auction/bid-vector";

const bidVector = (p: BidParameters, servers: number, family: BidVectorFamilyName = "power") =>
  bidVectorFamily(family)(p, servers);

describe("bidVectorFamily(family)(params, servers)", () => {
  it("is linear up to N_max for r = 0 and flat beyond", () => {
    expect(bidVector({ nMax: 3, bMax: 30, r: 0 }, 4)).toEqual([10, 20, 30, 30]);
    expect(bidVector({ nMax: 3, bMax: 30, r: 0 }, 4, "geometric")).toEqual([10, 20, 30, 30]);
  });

  it("is concave for r > 0 (marginal demand decreasing) and convex for r < 0", () => {
    const averse = bidVector({ nMax: 4, bMax: 16, r: 0.5 }, 4);
    expect(averse[0]).toBeCloseTo(8, 12); // 16·(1/4)^(1/2)
    const seeking = bidVector({ nMax: 4, bMax: 16, r: -0.5 }, 4);
    expect(seeking[0]).toBeCloseTo(1, 12); // 16·(1/4)^2
    const geo = bidVector({ nMax: 2, bMax: 3, r: 0.5 }, 3, "geometric"); // marginals 1, 1/2 scaled to 3
    expect(geo).toEqual([2, 3, 3]);
  });

  it("bids nothing when N_max < 1 and keeps N_max > N (only n ≤ N used)", () => {
    expect(bidVector({ nMax: 0.5, bMax: 3, r: 0 }, 3)).toEqual([0, 0, 0]);
    expect(bidVector({ nMax: 6, bMax: 6, r: 0 }, 3)).toEqual([1, 2, 3]);
  });

  it("rejects an unknown family", () => {
    expect(() => bidVectorFamily("cubic" as never)).toThrow(
      /^invalid bidVectorFamily: "cubic"; expected one of "power", "geometric"$/,
    );
  });

  it("property: every family gives non-negative, non-decreasing vectors with b(N_max) = b_max", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.constantFrom("power" as const, "geometric" as const),
        (servers, nMax, bMax, r, family) => {
          const v = bidVector({ nMax, bMax, r }, servers, family);
          expect(v.length).toBe(servers);
          v.forEach((x, i) => {
            expect(x).toBeGreaterThanOrEqual(0);
            if (i > 0) expect(x).toBeGreaterThanOrEqual(v[i - 1] - 1e-9);
          });
          if (nMax <= servers) expect(v[nMax - 1]).toBeCloseTo(bMax, 6);
        },
      ),
    );
  });
});
