import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  type Explanation,
  counterfactualExplanation,
  estimate,
  informative,
  outlierIndices,
  ruleMarkdown,
  verdictOf,
  withinNoise,
} from "../../lib/scorecard/verdict";
import { scoreRow } from "../../lib/scorecard/row";

const ex = (holds: boolean, basis: Explanation["basis"], experiment = "x"): Explanation => ({
  experiment,
  shownIn: "nb",
  holds,
  basis,
  detail: experiment,
});

describe("verdictOf: the rule on literal cases", () => {
  it("exact when both sides are the same constant (TP_1A = 138240)", () => {
    expect(verdictOf(estimate([138240, 138240]), estimate([138240, 138240, 138240])).verdict).toBe("exact");
    expect(verdictOf(estimate([16.84]), estimate([16.8391]), { decimals: 2 }).verdict).toBe("exact");
  });
  it("a degenerate thesis interval is inconclusive, never within noise (the priority model's TP_1B)", () => {
    const tp1b = [
      116060, -129740, 4099400, 776786, 210874, 338780, 177904, 192587, -194261, 188096, 384991, 210931,
      1477868, 383670, 433860,
    ];
    const t = estimate(tp1b);
    expect(informative(t)).toBe(false);
    const ours = estimate([240000, 250000, 260000, 255000]);
    expect(withinNoise(t, ours)).toBe(true); // the intervals overlap …
    expect(verdictOf(t, ours).verdict).toBe("inconclusive (thesis spread)"); // … but that proves nothing
  });
  it("a count near zero gets an interval that never goes below 0 (PM_3B without its outlier)", () => {
    const t = estimate([4, 6, 4, 5, 7, 5, 2, 2, 5, 3, 2, 4, 4, 7]);
    expect(t.low).toBeGreaterThanOrEqual(2);
    expect(verdictOf(t, estimate([60, 55, 65, 58])).verdict).toBe("differs — unexplained");
  });
  it("flags an outlier sample and gives the verdict with and without it (PM_3B, sample_9 = 194)", () => {
    const pm3b = [4, 6, 4, 5, 7, 5, 194, 2, 2, 5, 3, 2, 4, 4, 7];
    const names = pm3b.map((_, k) => `s${k + 1}`);
    expect(outlierIndices(pm3b)).toEqual([6]);
    const row = scoreRow("Table 12", "PM_3B", pm3b, [4, 5, 4, 6, 5, 4, 5], { thesisLabels: names });
    expect(row.outliers).toBe("s7 = 194");
    expect(row.verdict).toBe("inconclusive (thesis spread)");
    expect(row.withoutOutliers).toBe("within noise");
  });
  it("a column of near-equal values flags only the far sample (TP_1B, sample_5 = 12640)", () => {
    const tp = [
      122320, 118400, 119680, 12640, 113280, 118400, 117760, 117760, 112000, 117760, 117760, 117680, 117760,
      117880, 121960,
    ];
    expect(outlierIndices(tp)).toEqual([3]);
  });
  it("a post-hoc experiment gives a candidate cause, one fixed in advance an explanation", () => {
    const t = estimate([10, 10.1, 10.2]);
    const o = estimate([20, 20.1, 20.2]);
    expect(verdictOf(t, o, { explanations: () => [ex(true, "post-hoc", "twin v3")] }).verdict).toBe(
      "differs — candidate cause (post-hoc)",
    );
    const both = verdictOf(t, o, {
      explanations: () => [ex(true, "post-hoc", "twin v3"), ex(true, "fixed in advance", "rerun = W")],
    });
    expect(both.verdict).toBe("differs — explained");
    expect(both.explanation?.experiment).toBe("rerun = W");
    expect(verdictOf(t, o, { explanations: () => [ex(false, "fixed in advance")] }).verdict).toBe(
      "differs — unexplained",
    );
    const cf = counterfactualExplanation("input: twin v4", "nb", t, [10.05, 10.1, 10.15], "post-hoc");
    expect(cf.holds).toBe(true);
    expect(cf.detail).toMatch(/is a candidate cause \(post-hoc\)$/);
  });
  it("a counterfactual that changes nothing, or moves away from the thesis, explains nothing", () => {
    const t = estimate([10, 10.1, 10.2]);
    const wide = [5, 15, 9, 11];
    const same = counterfactualExplanation("no-op", "nb", t, wide, "fixed in advance", wide);
    expect(same.holds).toBe(false);
    expect(same.detail).toMatch(/changes nothing on the same samples — does not explain it$/);
    const moved = counterfactualExplanation(
      "moves",
      "nb",
      estimate([10, 11, 12]),
      [10, 12, 11, 11],
      "fixed in advance",
      [20, 22, 21, 21],
    );
    expect(moved.holds).toBe(true);
    expect(() => counterfactualExplanation("x", "nb", t, [1, 2], "fixed in advance", [1])).toThrow(
      /^invalid baseValues: "1 values"; expected 2 values \(the same samples\)$/,
    );
  });
  it("a missing ours is not computed; a single thesis value uses the tolerance", () => {
    expect(verdictOf(estimate([1]), undefined).verdict).toBe("not computed");
    expect(verdictOf(estimate([100]), estimate([104])).verdict).toBe("within noise");
    expect(verdictOf(estimate([100]), estimate([106])).verdict).toBe("differs — unexplained");
  });
  it("identity, by-construction and not-comparable rows are checks or not judged, never reproductions", () => {
    expect(scoreRow("T", "PM_1A", [0, 0], [0, 0, 0], { tier: "identity" }).verdict).toBe("holds");
    expect(scoreRow("T", "n", [850], [851], { tier: "by construction", tolerance: 0 }).verdict).toBe(
      "does not hold",
    );
    expect(scoreRow("T", "TTS_1A (s)", [0.9, 17], undefined, { tier: "not comparable" }).verdict).toBe(
      "not judged",
    );
  });
  it("property: an informative side is within noise of itself", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1000, max: 1100 }), { minLength: 2, maxLength: 30 }), (v) => {
        const e = estimate(v);
        expect(informative(e)).toBe(true);
        expect(["exact", "within noise"]).toContain(verdictOf(e, e).verdict);
      }),
      { numRuns: 50 },
    );
  });
  it("the rule text names every constant it uses", () => {
    expect(ruleMarkdown()).toMatch(/25% of its mean/);
    expect(ruleMarkdown()).toMatch(/Q1 − 3·IQR/);
  });
});
