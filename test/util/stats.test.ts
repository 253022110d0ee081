import fc from "fast-check";
import { mean as mathMean, quantileSeq, std as mathStd } from "mathjs";
import { describe, expect, it } from "vitest";
import { lowerMedian, mean, median, numericSummary, quantileSorted, sampleSd } from "../../lib/util/stats";

// lib/util/stats.ts keeps its own loops (mathjs is ~40× slower on large typed arrays, quantileSeq
// copies the whole array per call and misreads near-whole indexes); these tests pin that the
// definitions are mathjs's (mean and sd bit for bit) and where mathjs differs.
const values = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 200 });

describe("stats: the same definitions as mathjs", () => {
  it("mean = mathjs mean, sampleSd = mathjs std (n − 1), exactly", () => {
    fc.assert(
      fc.property(values, (xs) => {
        expect(mean(Float64Array.from(xs))).toBe(mathMean(xs) as number);
        expect(sampleSd(xs)).toBe(mathStd(xs) as unknown as number);
      }),
      { numRuns: 300 },
    );
  });
  it("quantileSorted = mathjs quantileSeq (R type 7) at probabilities k/1000, to the last bits of the interpolation", () => {
    // Same definition; the arithmetic form differs: ours a + h·(b − a), mathjs (and R) (1 − h)·a + h·b.
    fc.assert(
      fc.property(
        values,
        fc.integer({ min: 0, max: 1000 }).map((k) => k / 1000),
        (xs, p) => {
          const sorted = Float64Array.from(xs).sort();
          const theirs = quantileSeq(Array.from(sorted), p, true) as number;
          const h = p * (sorted.length - 1),
            a = sorted[Math.floor(h)],
            b = sorted[Math.min(Math.floor(h) + 1, sorted.length - 1)];
          expect(Math.abs(quantileSorted(sorted, p) - theirs)).toBeLessThanOrEqual(
            4 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b)) + 4 * Number.MIN_VALUE,
          ); // (subnormals: a few units of the last place)
          if (Number.isInteger(h)) expect(quantileSorted(sorted, p)).toBe(theirs); // an order statistic: exact
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
  it("where mathjs differs: quantileSeq calls p·(n − 1) within 1e-12 of a whole number whole, and returns undefined", () => {
    expect(quantileSeq([1, 3], 1e-15, true)).toBeUndefined();
    expect(quantileSorted([1, 3], 1e-15)).toBe(1 + 1e-15 * 2);
  });
  it("R type 7 on literal values (R: quantile(c(1, 1, 2, 10, 20)) and summary(c(1, 2, 3, 4)))", () => {
    const s = Float64Array.from([1, 1, 2, 10, 20]);
    expect([0, 0.25, 0.5, 0.75, 1].map((p) => quantileSorted(s, p))).toEqual([1, 1, 2, 10, 20]);
    expect([0.1, 0.9].map((p) => quantileSorted(s, p))).toEqual([1, 16]);
    expect(numericSummary([4, 2, 3, 1])).toEqual({
      min: 1,
      q1: 1.75,
      median: 2.5,
      mean: 2.5,
      q3: 3.25,
      max: 4,
      n: 4,
    });
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBe(Math.sqrt(32 / 7));
  });
  it("edge cases and errors", () => {
    expect(mean([])).toBeNaN();
    expect(sampleSd([1])).toBeNaN();
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(() => quantileSorted([1], 1.5)).toThrow(/^invalid p: 1\.5; expected a probability in \[0, 1\]$/);
  });
});

describe("median and lowerMedian", () => {
  it("the middle value; for an even count the mean of the two (median) or the lower (lowerMedian)", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(lowerMedian([4, 1, 3, 2])).toBe(2);
    expect(lowerMedian([5])).toBe(5);
    expect(median([])).toBeNaN();
    expect(lowerMedian([])).toBeNaN();
  });
});
