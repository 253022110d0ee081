import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { meanInterval, normalCdf, shareDifference } from "../../lib/util/interval";
import { mean } from "../../lib/util/stats";

describe("meanInterval", () => {
  it("property: the interval holds the mean and stays within the values' range", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 40 }), (v) => {
        const e = meanInterval(v);
        expect(e.low).toBeLessThanOrEqual(e.mean + 1e-9);
        expect(e.high).toBeGreaterThanOrEqual(e.mean - 1e-9);
        expect(e.low).toBeGreaterThanOrEqual(Math.min(...v));
        expect(e.high).toBeLessThanOrEqual(Math.max(...v));
        expect(meanInterval(v)).toEqual(e); // seeded: same values, same interval
      }),
      { numRuns: 100 },
    );
  });
  it("never gives a count a negative lower bound (the t-interval of 0,0,…,1 does)", () => {
    const counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    const e = meanInterval(counts);
    expect(e.low).toBe(0);
    expect(e.high).toBeGreaterThan(0);
  });
  it("is about as wide as Student's t for 15 normal-ish values (the expansion)", () => {
    const v = [
      506850, 506785, 472170, 470480, 456275, 503595, 497410, 525450, 525930, 481300, 470220, 436670, 556120,
      420415, 353340,
    ];
    const e = meanInterval(v);
    const sd = Math.sqrt(v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / (v.length - 1));
    const t = (2.145 * sd) / Math.sqrt(v.length);
    expect((e.high - e.low) / 2 / t).toBeGreaterThan(0.8);
    expect((e.high - e.low) / 2 / t).toBeLessThan(1.2);
  });
  it("is zero-width for one value or equal values, and refuses bad input by name", () => {
    expect(meanInterval([7])).toEqual({ mean: 7, low: 7, high: 7, n: 1, constant: true });
    expect(meanInterval([5, 5, 5])).toEqual({ mean: 5, low: 5, high: 5, n: 3, constant: true });
    expect(() => meanInterval([])).toThrow(/^invalid values: "\[\]"; expected at least one value$/);
    expect(() => meanInterval([1, NaN])).toThrow(/^invalid values\[1\]: NaN; expected a finite number/);
  });
  it("normalCdf matches known quantiles", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.326348)).toBeCloseTo(0.01, 6);
  });
});

describe("shareDifference", () => {
  it("gives Newcombe's interval within [−1, 1] (literal: 11/15 vs 126/200)", () => {
    const d = shareDifference(126, 200, 11, 15);
    expect(d.difference).toBeCloseTo(0.63 - 11 / 15, 12);
    expect(d.low).toBeLessThan(0);
    expect(d.high).toBeGreaterThan(0);
    const all = shareDifference(15, 15, 0, 15);
    expect(all.high).toBeLessThanOrEqual(1);
    expect(all.low).toBeGreaterThan(0.6);
  });
  it("refuses counts that are not whole or exceed the total", () => {
    expect(() => shareDifference(3, 2, 1, 2)).toThrow(/^invalid n: "3 of 2"/);
  });
});
