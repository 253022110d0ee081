import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowerBound } from "../../lib/util/lower-bound";

describe("lowerBound", () => {
  it("finds the first entry that does not go before the sought one", () => {
    expect(lowerBound([1, 3, 3, 5], (x) => x < 3)).toBe(1);
    expect(lowerBound([1, 3, 3, 5], (x) => x < 6)).toBe(4);
    expect(lowerBound([], () => true)).toBe(0);
  });
  it("property: equals the linear search on sorted lists", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), fc.integer({ min: -1, max: 21 }), (xs, v) => {
        const sorted = xs.slice().sort((a, b) => a - b);
        const linear = sorted.findIndex((x) => !(x < v));
        expect(lowerBound(sorted, (x) => x < v)).toBe(linear < 0 ? sorted.length : linear);
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});
