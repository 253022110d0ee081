import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitCycleCost, loopTicks } from "../../cluster/ctld-clock";

describe("loopTicks", () => {
  it("places the unlogged iterations evenly between the logged ones and extends by the mean period", () => {
    // iterations every 1.004 s from 10.2; passes logged at the 0th, 3rd and 5th
    const P = 1.004,
      it0 = 10.2;
    const anchors = [0, 3, 5].map((k) => it0 + k * P);
    const { ticks, period } = loopTicks(anchors, 8, 18);
    expect(period).toBeCloseTo(P, 12);
    const want: number[] = [];
    for (let k = -2; it0 + k * P <= 18; k++) want.push(it0 + k * P);
    expect(ticks.length).toBe(want.length);
    ticks.forEach((t, i) => expect(t).toBeCloseTo(want[i], 9));
  });
  it("property: the count between two logged passes is their gap over the period, rounded, whatever the jitter up to a tenth", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 30 }),
        fc.double({ min: 1.0005, max: 1.008, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 0.02, noNaN: true }), { minLength: 31, maxLength: 31 }),
        (gaps, P, jitter) => {
          let k = 0;
          const ks = [0, ...gaps.map((g) => (k += g))];
          const anchors = ks.map((x, i) => 100 + x * P + jitter[i]);
          const { ticks } = loopTicks(anchors, 100, anchors[anchors.length - 1]);
          expect(ticks.length).toBe(ks[ks.length - 1] + 1);
          for (const a of anchors) expect(ticks).toContain(a);
        },
      ),
      { seed: 4, numRuns: 200 },
    );
  });
  it("needs two logged passes", () => {
    expect(() => loopTicks([1], 0, 5)).toThrow(/^invalid anchors: 1; expected at least 2 logged loop passes/);
  });
});

describe("fitCycleCost", () => {
  it("recovers an exact linear cost (least squares), in seconds", () => {
    const cycles = [
      [10, 0],
      [20, 1],
      [35, 2],
      [50, 0],
      [80, 4],
    ].map(([tested, started], i) => ({ begin: i, tested, started, usec: 300 + 40 * tested + 500 * started }));
    const f = fitCycleCost(cycles);
    expect(f.base).toBeCloseTo(300e-6, 12);
    expect(f.perJob).toBeCloseTo(40e-6, 12);
    expect(f.perStart).toBeCloseTo(500e-6, 12);
    expect(f.rms).toBeCloseTo(0, 12);
    expect(f.cycles).toBe(5);
  });
  it("refuses too few or collinear cycles", () => {
    expect(() => fitCycleCost([{ begin: 0, tested: 1, started: 0, usec: 5 }])).toThrow(/^invalid cycles: 1;/);
    const same = [1, 2, 3].map((i) => ({ begin: i, tested: 4, started: 1, usec: 10 * i }));
    expect(() => fitCycleCost(same)).toThrow(/^invalid cycles: "collinear";/);
  });
});
