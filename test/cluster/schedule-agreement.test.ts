import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scheduleAgreement, type ScheduledJob } from "../../cluster/schedule-agreement";

const m = (rows: [string, number, number, string[]?][]) =>
  new Map<string, ScheduledJob>(rows.map(([n, s, e, nodes]) => [n, { start: s, end: e, nodes }]));

describe("scheduleAgreement", () => {
  it("scores identical schedules as full agreement", () => {
    const a = m([
      ["a", 0, 10, ["n1"]],
      ["b", 0, 20, ["n2"]],
      ["c", 10, 30, ["n1"]],
    ]);
    const r = scheduleAgreement(a, a);
    expect(r).toMatchObject({
      jobs: 3,
      initialReal: ["a", "b"],
      initialSim: ["a", "b"],
      initialEqual: true,
      concordant: 2,
      discordant: 0,
      kendallTauB: 1,
      startDiffMax: 0,
      sameStart: 3,
      withinTolerance: 3,
      sameNodes: 3,
    });
  });

  it("counts discordant pairs, start differences and node lists", () => {
    const real = m([
      ["a", 0, 10, ["n1"]],
      ["b", 5, 20, ["n2"]],
      ["c", 10, 30, ["n1"]],
    ]);
    const sim = m([
      ["a", 0, 10, ["n2"]],
      ["b", 12, 20, ["n2"]],
      ["c", 10, 30, ["n1"]],
    ]);
    const r = scheduleAgreement(real, sim, 2);
    // pairs: (a,b) +,+ ; (a,c) +,+ ; (b,c) real b<c, sim b>c → discordant
    expect(r.concordant).toBe(2);
    expect(r.discordant).toBe(1);
    expect(r.kendallTauB).toBeCloseTo(1 / 3, 12);
    expect([r.startDiffMean, r.startDiffMedian, r.startDiffMax]).toEqual([7 / 3, 0, 7]);
    expect(r.initialReal).toEqual(["a", "b"]);
    expect(r.initialSim).toEqual(["a"]);
    expect(r.initialEqual).toBe(false);
    expect(r.sameNodes).toBe(2);
  });

  it("reports no node agreement when a side has no node lists", () => {
    expect(scheduleAgreement(m([["a", 0, 1, ["n1"]]]), m([["a", 0, 1]])).sameNodes).toBeNull();
  });

  it("rejects mismatched job sets and bad values", () => {
    expect(() => scheduleAgreement(m([]), m([]))).toThrow(
      /^invalid real: "0 jobs"; expected at least one job$/,
    );
    expect(() => scheduleAgreement(m([["a", 0, 1]]), m([["b", 0, 1]]))).toThrow(
      /^invalid sim: "a"; expected a schedule with every job of the real one \(missing a\)$/,
    );
    expect(() =>
      scheduleAgreement(
        m([["a", 0, 1]]),
        m([
          ["a", 0, 1],
          ["b", 0, 1],
        ]),
      ),
    ).toThrow(/^invalid sim: "2 jobs"; expected 1 jobs/);
    expect(() => scheduleAgreement(m([["a", NaN, 1]]), m([["a", 0, 1]]))).toThrow(
      /^invalid real\.a: .*; expected finite start and end seconds$/,
    );
    expect(() => scheduleAgreement(m([["a", 0, 1]]), m([["a", 0, 1]]), -1)).toThrow(
      /^invalid tolerance: -1; expected seconds >= 0$/,
    );
  });

  it("property: agreement with itself is perfect, and tau-b is in [-1, 1] and symmetric", () => {
    const sched = fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 })), {
      minLength: 2,
      maxLength: 12,
    });
    fc.assert(
      fc.property(sched, sched, (x, y) => {
        const n = Math.min(x.length, y.length);
        const a = m(x.slice(0, n).map(([s, d], i) => [`j${i}`, s, s + d]));
        const b = m(y.slice(0, n).map(([s, d], i) => [`j${i}`, s, s + d]));
        const self = scheduleAgreement(a, a);
        expect(self.discordant).toBe(0);
        expect(self.initialEqual).toBe(true);
        const ab = scheduleAgreement(a, b),
          ba = scheduleAgreement(b, a);
        if (Number.isFinite(ab.kendallTauB)) expect(Math.abs(ab.kendallTauB)).toBeLessThanOrEqual(1 + 1e-12);
        expect(ab.kendallTauB).toBe(ba.kendallTauB);
        expect(ab.startDiffMax).toBe(ba.startDiffMax);
      }),
    );
  });
});
