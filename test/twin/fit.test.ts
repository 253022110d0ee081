import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adjustSum, countBelow, quantilePins, sortedFromPins, sumRange, unionPins } from "../../lib/twin/fit";
import { numericSummary } from "../../lib/util/stats";

const knots = fc
  .tuple(
    fc.integer({ min: 20, max: 400 }),
    fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 }),
  )
  .map(([n, vs]) => {
    const [min, q1, median, q3, max] = [...vs].sort((a, b) => a - b);
    return { n, k: { min, q1, median, q3, max } };
  });

describe("quantilePins + sortedFromPins", () => {
  it("gives a sorted sample whose type-7 quartiles, min and max are the knots (property)", () => {
    fc.assert(
      fc.property(knots, ({ n, k }) => {
        const a = sortedFromPins(n, quantilePins(n, k));
        const s = numericSummary(a);
        for (let i = 1; i < n; i++) if (a[i] < a[i - 1]) return false;
        return s.min === k.min && s.q1 === k.q1 && s.median === k.median && s.q3 === k.q3 && s.max === k.max;
      }),
    );
  });
  it("stays on the support when one is given", () => {
    const support = [5, 10, 30, 40, 120, 600];
    const a = sortedFromPins(
      101,
      [
        { pos: 0, value: 5 },
        { pos: 50, value: 40 },
        { pos: 100, value: 600 },
      ],
      support,
    );
    expect([...new Set(a)].every((v) => support.includes(v))).toBe(true);
  });
  it("rejects pins that do not span the sample or go down", () => {
    expect(() =>
      sortedFromPins(10, [
        { pos: 1, value: 0 },
        { pos: 9, value: 1 },
      ]),
    ).toThrow(/^invalid pins: \[1,9\]; expected pins at 0 and 9$/);
    expect(() =>
      sortedFromPins(3, [
        { pos: 0, value: 2 },
        { pos: 2, value: 1 },
      ]),
    ).toThrow(/^invalid pins: .*expected non-decreasing values$/);
  });
});

describe("adjustSum", () => {
  it("hits any reachable integer sum exactly and keeps the pins and the order (property)", () => {
    fc.assert(
      fc.property(knots, fc.double({ min: 0, max: 1, noNaN: true }), ({ n, k }, u) => {
        const a = sortedFromPins(n, quantilePins(n, k));
        const from = quantilePins(n, k).slice(-2)[0].pos;
        const m = n - 1 - from - 1;
        if (m < 1 || k.max <= k.q3) return true;
        const fixed = sumRange(a) - sumRange(a, from + 1, n - 1);
        const target = fixed + Math.round(m * k.q3 + u * m * (k.max - k.q3));
        const ok = adjustSum(a, target, from, n - 1);
        for (let i = 1; i < n; i++) if (a[i] < a[i - 1]) return false;
        const s = numericSummary(a);
        return ok && sumRange(a) === target && s.q3 === k.q3 && s.max === k.max;
      }),
    );
  });
});

describe("unionPins", () => {
  it("pins R so the union's quantile is the value (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 20, maxLength: 200 }),
        fc.integer({ min: 10, max: 100 }),
        fc.integer({ min: 0, max: 50 }),
        (fs, nR, v) => {
          const F = Float64Array.from(fs).sort();
          const p = 0.5;
          let pins;
          try {
            pins = unionPins(F, nR, p, v);
          } catch {
            // infeasible: F alone has too many values on one side of v for any R of this size
            const h = (F.length + nR - 1) * p;
            return countBelow(F, v, true) > Math.floor(h) || countBelow(F, v, false) + nR < Math.ceil(h) + 1;
          }
          const hard = pins.filter((q) => !q.soft);
          const all = [{ pos: 0, value: Math.min(0, v) }, { pos: nR - 1, value: Math.max(50, v) }, ...hard];
          const merge = (ps: { pos: number; value: number }[]) =>
            [...new Map(ps.map((q) => [q.pos, q.value])).entries()]
              .map(([pos, value]) => ({ pos, value }))
              .sort((a, b) => a.pos - b.pos);
          const uniq = merge(all);
          let R = sortedFromPins(nR, uniq);
          for (const q of pins.filter((x) => x.soft))
            if (q.soft === "le" ? R[q.pos] > q.value : R[q.pos] < q.value)
              R = sortedFromPins(nR, merge([...uniq, { pos: q.pos, value: q.value }]));
          const U = new Float64Array(F.length + nR);
          U.set(F);
          U.set(R, F.length);
          return numericSummary(U).median === v;
        },
      ),
      { numRuns: 200 },
    );
  });
});
