import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  COUNT_BAND,
  MIN_SAMPLES_TO_AGREE,
  RELATIVE_BAND,
  RELATIVE_EFFECT_BAND,
  SHARE_BAND,
} from "../../lib/agreement/rule";
import {
  FIDELITY_MAX_BACKFILLED_DIFFERENCE,
  FIDELITY_MAX_WAIT_ERROR,
  FIDELITY_MIN_RANK_CORRELATION,
  FIDELITY_MIN_WITHIN_INTERVAL,
  fidelityGate,
} from "../../lib/agreement/fidelity";
import { agreement, shareAgreement } from "../../lib/agreement/reference";
import { effect, guarantee, relativeEffect, signOutcome } from "../../lib/agreement/effect";

const repeat = (xs: readonly number[], k: number) => Array.from({ length: k }, () => xs).flat();
/** n values with mean m and half of them m − a, half m + a (n even). */
const spread = (m: number, a: number, n: number) =>
  Array.from({ length: n }, (_, k) => (k % 2 ? m + a : m - a));

describe("agreement: literal cases", () => {
  it("constants are compared exactly, ours rounded to the thesis's decimals", () => {
    expect(agreement([138240, 138240], repeat([138240], 200)).outcome).toBe("agrees");
    expect(agreement([138240, 138240], repeat([138240], 200)).scale).toBe("exact");
    expect(agreement([16.84, 16.84], repeat([16.8391], 40), { decimals: 2 }).outcome).toBe("agrees");
    expect(agreement([16.84, 16.84], [16.8391, 16.8391], { decimals: 2 }).outcome).toBe("inconclusive"); // too few to agree
    expect(agreement([3456, 3456], [3455, 3455]).outcome).toBe("differs");
  });
  it("a single value on each side is a point judged against the band", () => {
    expect(agreement([850], [851]).outcome).toBe("agrees");
    expect(agreement([16], [12]).outcome).toBe("differs");
    expect(agreement([1.5], [1.5]).scale).toBe("ratio");
  });
  it("ratio scale: the interval of ours / thesis takes both sides' spread (hand computation)", () => {
    // thesis: 100 ± 10 over 16 values (sd = 10·√(16/15)); ours: 96 ± 2 over 40 values (sd = 2·√(40/39))
    const t = spread(100, 10, 16),
      o = spread(96, 2, 40);
    const a = agreement(t, o);
    const sdT = 10 * Math.sqrt(16 / 15),
      sdO = 2 * Math.sqrt(40 / 39);
    const se = Math.sqrt((sdO / 96) ** 2 / 40 + (sdT / 100) ** 2 / 16);
    const tq = 2.131; // Student's t 0.975 at df = min(16, 40) − 1 = 15
    expect(a.scale).toBe("ratio");
    expect(a.ratio).toBeCloseTo(0.96, 12);
    expect(a.low).toBeCloseTo(0.96 * Math.exp(-tq * se), 12);
    expect(a.high).toBeCloseTo(0.96 * Math.exp(tq * se), 12);
    expect(a.outcome).toBe("inconclusive"); // [0.911, 1.011] straddles 0.95
  });
  it("agrees only when the interval lies inside ±5%, differs only when wholly outside", () => {
    expect(agreement(spread(100, 1, 16), spread(101, 1, 60)).outcome).toBe("agrees");
    expect(agreement(spread(100, 1, 16), spread(87, 1, 60)).outcome).toBe("differs");
    expect(agreement(spread(100, 20, 16), spread(87, 1, 60)).outcome).toBe("inconclusive");
  });
  it("ours on fewer than MIN_SAMPLES_TO_AGREE samples may differ but never agrees", () => {
    const t = spread(100, 1, 16);
    expect(agreement(t, spread(100, 0.5, MIN_SAMPLES_TO_AGREE - 1))).toMatchObject({
      outcome: "inconclusive",
      fewSamples: true,
    });
    expect(agreement(t, spread(100, 0.5, MIN_SAMPLES_TO_AGREE + 1)).outcome).toBe("agrees");
    expect(agreement(t, spread(50, 0.5, 10)).outcome).toBe("differs");
  });
  it("counts near zero are judged on ours − thesis with a band of one unit", () => {
    const a = agreement(spread(8, 1, 16), spread(8, 0, 40));
    expect(a.scale).toBe("difference");
    expect([a.bandLow, a.bandHigh]).toEqual([-COUNT_BAND, COUNT_BAND]);
    expect(agreement([0, 0, 0], repeat([0], 40)).outcome).toBe("agrees");
    expect(agreement(spread(8, 6, 16), spread(1, 1, 200)).outcome).toBe("differs");
  });
  it("a non-positive mean is judged on the difference scale against 5% of |thesis|", () => {
    const a = agreement(spread(-1000, 10, 16), spread(-1000.5, 10, 40));
    expect(a.scale).toBe("difference");
    expect(a.bandHigh).toBeCloseTo(RELATIVE_BAND * 1000, 12);
  });
  it("missing ours is not computed; bad values are refused by name", () => {
    expect(agreement([1, 2], undefined).outcome).toBe("not computed");
    expect(agreement([1, 2], []).outcome).toBe("not computed");
    expect(() => agreement([], [1])).toThrow(/invalid thesis: "\[\]"; expected at least one value/);
    expect(() => agreement([1], [1, NaN])).toThrow(/invalid ours\[1\]/);
  });
});

describe("agreement: properties", () => {
  const values = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 40 });
  it("the same values seen fewer times never turn inconclusive or differs into agrees", () => {
    fc.assert(
      fc.property(values, values, fc.integer({ min: 2, max: 8 }), (t, o, k) => {
        const fewer = agreement(t, o).outcome,
          more = agreement(t, repeat(o, k)).outcome;
        return more === "agrees" || fewer !== "agrees";
      }),
      { numRuns: 300 },
    );
  });
  it("fewer samples of the same mean and spread never narrow the interval", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 200 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 100 }),
        (m, a, n1, extra) => {
          const t = spread(100, 5, 16);
          const few = agreement(t, spread(m, a, 2 * n1)),
            many = agreement(t, spread(m, a, 2 * (n1 + extra)));
          return few.high - few.low >= many.high - many.low - 1e-12;
        },
      ),
      { numRuns: 300 },
    );
  });
  it("an interval wholly inside the band agrees, wholly outside differs (the three ways are exclusive)", () => {
    fc.assert(
      fc.property(values, values, (t, o) => {
        const a = agreement(t, repeat(o, 2));
        if (a.scale === "exact") return true;
        const inside = a.low >= a.bandLow && a.high <= a.bandHigh;
        const outside = a.high < a.bandLow || a.low > a.bandHigh;
        if (inside) return a.outcome === (a.fewSamples ? "inconclusive" : "agrees");
        return a.outcome === (outside ? "differs" : "inconclusive");
      }),
      { numRuns: 300 },
    );
  });
});

describe("shareAgreement", () => {
  it("a statement true in every sample on both sides agrees; thin evidence stays inconclusive", () => {
    expect(shareAgreement(200, 200, 15, 15).outcome).toBe("agrees");
    expect(shareAgreement(10, 10, 15, 15).outcome).toBe("inconclusive");
    expect(shareAgreement(0, 200, 15, 15).outcome).toBe("differs");
    expect(shareAgreement(0, 0, 15, 15).outcome).toBe("not computed");
  });
  it("the band is ±SHARE_BAND on the difference of shares", () => {
    const s = shareAgreement(150, 200, 15, 15);
    expect(s.difference).toBeCloseTo(-0.25, 12);
    expect(s.outcome).toBe(s.low < -SHARE_BAND && s.high > -SHARE_BAND ? "inconclusive" : "differs");
  });
});

describe("effect", () => {
  it("a sign when the t interval excludes the band, equivalent only inside a band with enough samples", () => {
    expect(effect(spread(2, 1, 40)).outcome).toBe("higher");
    expect(effect(spread(-2, 1, 40)).outcome).toBe("lower");
    expect(effect(spread(0.001, 0.001, 40), 0.01).outcome).toBe("equivalent");
    expect(effect(spread(0.001, 0.001, 10), 0.01).outcome).toBe("inconclusive");
    expect(effect([0, 0, 0], 0.01).outcome).toBe("equivalent");
    expect(effect(spread(0, 1, 40)).outcome).toBe("inconclusive");
  });
  it("relative effects divide by the baseline's mean and refuse unpaired input", () => {
    const e = relativeEffect([110, 110], [100, 100]);
    expect(e.mean).toBeCloseTo(0.1, 12);
    expect(() => relativeEffect([1], [1, 2])).toThrow(/invalid setting: "1 values"; expected 2 values/);
    expect(() => effect([])).toThrow(/invalid differences/);
  });
});

describe("RELATIVE_EFFECT_BAND", () => {
  it("a one-run change within ±1% of the baseline is no decided effect; beyond it, a sign", () => {
    expect(RELATIVE_EFFECT_BAND).toBe(0.01);
    expect(relativeEffect([100.5], [100], RELATIVE_EFFECT_BAND).outcome).toBe("inconclusive");
    expect(relativeEffect([98.9], [100], RELATIVE_EFFECT_BAND).outcome).toBe("lower");
    expect(relativeEffect([101.1], [100], RELATIVE_EFFECT_BAND).outcome).toBe("higher");
    expect(relativeEffect([100], [100], RELATIVE_EFFECT_BAND).outcome).toBe("equivalent");
  });
});

describe("signOutcome", () => {
  it("judges a predicted change only where the real one exceeds the prediction's error", () => {
    expect(signOutcome(30, 50, 10)).toBe("same sign");
    expect(signOutcome(-30, -50, 10)).toBe("same sign");
    expect(signOutcome(-30, 50, 10)).toBe("opposite sign");
    expect(signOutcome(0, 50, 10)).toBe("opposite sign");
    expect(signOutcome(-30, 10, 10)).toBe("within error");
    expect(signOutcome(-30, -4, 10)).toBe("within error");
    expect(() => signOutcome(1, 1, -1)).toThrow(/invalid error/);
  });
  it("a larger error never turns opposite into same sign", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        (p, r, e, more) => {
          const a = signOutcome(p, r, e),
            b = signOutcome(p, r, e + more);
          expect(b === a || b === "within error").toBe(true);
        },
      ),
    );
  });
});

describe("guarantee", () => {
  it("holds on every sample, fails on one counterexample, is not computed on none", () => {
    expect(guarantee(1000, 1000)).toBe("holds");
    expect(guarantee(999, 1000)).toBe("fails");
    expect(guarantee(0, 0)).toBe("not computed");
  });
  it("refuses counts that are not whole or exceed n", () => {
    expect(() => guarantee(3, 2)).toThrow(/invalid satisfied: 3; expected an integer >= 0 and <= 2/);
    expect(() => guarantee(1.5, 2)).toThrow(/invalid satisfied: 1.5/);
    expect(() => guarantee(0, -1)).toThrow(/invalid n: -1/);
  });
  it("property: holds exactly when no sample fails", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }), (ok) => {
        const k = ok.filter(Boolean).length;
        expect(guarantee(k, ok.length) === "holds").toBe(ok.every(Boolean));
      }),
    );
  });
});

describe("fidelityGate", () => {
  const good = {
    rankCorrelation: [0.95, 0.97, 0.96],
    withinInterval: [0.8, 0.7, 0.75],
    waitError: [0.1, 0.2, 0.15],
  };
  it("passes when every check's interval lies on its good side, with enough jobs", () => {
    const g = fidelityGate(good, MIN_SAMPLES_TO_AGREE);
    expect(g.outcome).toBe("passes");
    expect(g.checks.map((c) => c.outcome)).toEqual(["passes", "passes", "passes", "not computed"]);
    expect(g.checks[0]).toMatchObject({
      direction: "at least",
      threshold: FIDELITY_MIN_RANK_CORRELATION,
      n: 3,
    });
  });
  it("never passes on fewer jobs than MIN_SAMPLES_TO_AGREE", () => {
    expect(fidelityGate(good, MIN_SAMPLES_TO_AGREE - 1).outcome).toBe("inconclusive");
  });
  it("fails when a check lies wholly on its bad side; an interval across a threshold is inconclusive", () => {
    expect(fidelityGate({ ...good, waitError: [0.9, 1.1] }, 100).outcome).toBe("fails");
    const across = fidelityGate({ ...good, withinInterval: [0.2, 0.9] }, 100);
    expect(across.checks[1].outcome).toBe("inconclusive");
    expect(across.outcome).toBe("inconclusive");
  });
  it("a point on its threshold counts as good (ends on it count as inside)", () => {
    const g = fidelityGate(
      {
        rankCorrelation: [FIDELITY_MIN_RANK_CORRELATION],
        withinInterval: [FIDELITY_MIN_WITHIN_INTERVAL],
        waitError: [FIDELITY_MAX_WAIT_ERROR],
        backfilledDifference: [-FIDELITY_MAX_BACKFILLED_DIFFERENCE],
      },
      100,
    );
    expect(g.checks.map((c) => c.outcome)).toEqual(["passes", "passes", "passes", "passes"]);
  });
  it("checks the backfilled share only when given; NaN values leave a check not computed", () => {
    expect(fidelityGate({ ...good, backfilledDifference: [0.3, 0.3] }, 100).outcome).toBe("fails");
    const nan = fidelityGate({ ...good, rankCorrelation: [NaN, 0.9] }, 100);
    expect(nan.checks[0].outcome).toBe("not computed");
    expect(nan.outcome).toBe("inconclusive");
    expect(fidelityGate({ rankCorrelation: [], withinInterval: [], waitError: [] }, 100).outcome).toBe(
      "not computed",
    );
  });
});
