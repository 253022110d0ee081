import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { counterfactualExplanation, estimate, verdictOf, withinNoise } from "../../lib/scorecard/verdict";

describe("estimate", () => {
  it("gives the mean and the t-interval", () => {
    const e = estimate([1, 2, 3]);
    expect(e.mean).toBe(2);
    expect(e.n).toBe(3);
    expect(e.high - e.mean).toBeCloseTo((4.303 * 1) / Math.sqrt(3), 12);
    expect(e.constant).toBe(false);
  });
  it("is zero-width for constant or single values", () => {
    expect(estimate([5, 5, 5])).toEqual({ mean: 5, low: 5, high: 5, n: 3, constant: true });
    expect(estimate([7])).toEqual({ mean: 7, low: 7, high: 7, n: 1, constant: true });
  });
  it("rejects empty and non-finite input", () => {
    expect(() => estimate([])).toThrow(/^invalid values: "\[\]"; expected at least one value$/);
    expect(() => estimate([1, NaN])).toThrow(/^invalid values\[1\]: NaN; expected a finite number/);
  });
});

describe("verdictOf", () => {
  it("is exact when both sides are the same constant", () => {
    expect(verdictOf(estimate([138240, 138240]), estimate([138240, 138240, 138240])).verdict).toBe("exact");
  });
  it("rounds ours to the thesis's printed decimals for the exact test", () => {
    expect(verdictOf(estimate([16.84]), estimate([16.8391]), { decimals: 2 }).verdict).toBe("exact");
    expect(verdictOf(estimate([16.84]), estimate([16.8391])).verdict).toBe("within noise");
  });
  it("is within noise when the 95% intervals overlap", () => {
    expect(verdictOf(estimate([10, 12, 14]), estimate([13, 15, 17])).verdict).toBe("within noise");
    expect(verdictOf(estimate([10, 10.1, 10.2]), estimate([20, 20.1, 20.2])).verdict).toBe(
      "differs — unexplained",
    );
  });
  it("uses the relative tolerance for a single thesis value", () => {
    expect(verdictOf(estimate([100]), estimate([104])).verdict).toBe("within noise");
    expect(verdictOf(estimate([100]), estimate([106])).verdict).toBe("differs — unexplained");
    expect(verdictOf(estimate([100]), estimate([106]), { tolerance: 0.1 }).verdict).toBe("within noise");
    expect(verdictOf(estimate([100]), estimate([101]), { tolerance: 0 }).verdict).toBe(
      "differs — unexplained",
    );
  });
  it("is explained only by an explanation that holds", () => {
    const t = estimate([10, 10.1, 10.2]);
    const o = estimate([20, 20.1, 20.2]);
    const no = counterfactualExplanation("x = 1", "nb", t, [30, 30.1]);
    const yes = counterfactualExplanation("x = 2", "nb", t, [10.05, 10.1, 10.15]);
    expect(no.holds).toBe(false);
    expect(yes.holds).toBe(true);
    expect(verdictOf(t, o, { explanations: [no] }).verdict).toBe("differs — unexplained");
    const v = verdictOf(t, o, { explanations: [no, yes] });
    expect(v.verdict).toBe("differs — explained");
    expect(v.explanation?.experiment).toBe("x = 2");
  });
  it("a counterfactual that changes nothing, or moves away from the thesis, explains nothing", () => {
    const t = estimate([10, 10.1, 10.2]);
    const wide = [5, 15, 9, 11];
    expect(counterfactualExplanation("wide", "nb", t, wide).holds).toBe(true);
    const same = counterfactualExplanation("no-op", "nb", t, wide, 0.05, wide);
    expect(same.holds).toBe(false);
    expect(same.detail).toMatch(/changes nothing on the same samples — does not explain it$/);
    const moved = counterfactualExplanation(
      "moves",
      "nb",
      estimate([10, 11, 12]),
      [10, 12, 11, 11],
      0.05,
      [20, 22, 21, 21],
    );
    expect(moved.holds).toBe(true);
    expect(moved.detail).toMatch(/moves ours by -10 \[-10, -10\] on the same samples — explains the gap$/);
    const already = counterfactualExplanation(
      "small move",
      "nb",
      estimate([10, 11, 12]),
      [9, 13, 10, 12],
      0.05,
      [10, 14, 11, 13],
    );
    expect(already.holds).toBe(false);
    expect(already.detail).toMatch(
      /where ours already lies within noise \(too few samples to tell\) — does not explain it$/,
    );
    expect(() => counterfactualExplanation("x", "nb", t, [1, 2], 0.05, [1])).toThrow(
      /^invalid baseValues: "1 values"; expected 2 values \(the same samples\)$/,
    );
  });
  it("is unexplained when ours is missing", () => {
    expect(verdictOf(estimate([1]), undefined).verdict).toBe("differs — unexplained");
  });
  it("property: a side is always within noise of itself", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 30 }), (v) => {
        const e = estimate(v);
        expect(withinNoise(e, e)).toBe(true);
        expect(["exact", "within noise"]).toContain(verdictOf(e, e).verdict);
      }),
    );
  });
  it("property: within noise is symmetric for samples on both sides", () => {
    const arr = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 2, maxLength: 20 });
    fc.assert(
      fc.property(arr, arr, (a, b) => {
        expect(withinNoise(estimate(a), estimate(b))).toBe(withinNoise(estimate(b), estimate(a)));
      }),
    );
  });
});
