import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { _proportionalShare, type ProportionalShareState } from "../../lib/auction/proportional-share";

const proportionalShare = (
  bids: number[],
  balances: number[],
  servers: number,
  o: { state?: ProportionalShareState; round?: number; period?: number } = {},
) =>
  _proportionalShare(
    bids,
    balances,
    servers,
    o.state?.deficits ?? bids.map(() => 0),
    o.state?.priorities ?? bids.map(() => NaN),
    o.round ?? 0,
    o.period ?? 3,
  );

describe("_proportionalShare(bids, balances, servers, deficits, priorities, round, period)", () => {
  it("splits 15 servers among 4 equal bidders as 4, 4, 4, 3 and charges each its bid", () => {
    const r = proportionalShare([1, 1, 1, 1], [5, 5, 5, 5], 15);
    expect(r.allocation).toEqual([4, 4, 4, 3]);
    expect(r.ideal).toEqual([3.75, 3.75, 3.75, 3.75]);
    expect(r.payments).toEqual([1, 1, 1, 1]);
    expect(r.deficits).toEqual([-0.25, -0.25, -0.25, 0.75]);
  });

  it("moves the extra servers on only every `period` rounds", () => {
    let state = undefined;
    const seq: number[][] = [];
    for (let t = 0; t < 6; t++) {
      const r = proportionalShare([1, 1, 1, 1], [5, 5, 5, 5], 15, { state, round: t, period: 3 });
      seq.push(r.allocation);
      state = { deficits: r.deficits, priorities: r.priorities };
    }
    expect(seq).toEqual([
      [4, 4, 4, 3],
      [4, 4, 4, 3],
      [4, 4, 4, 3],
      [4, 4, 3, 4],
      [4, 4, 3, 4],
      [4, 4, 3, 4],
    ]);
  });

  it("truncates bids to [0, balance]", () => {
    const r = proportionalShare([-3, 10, 2], [1, 2, 5], 4);
    expect(r.payments).toEqual([0, 2, 2]);
    expect(r.allocation).toEqual([0, 2, 2]);
  });

  it("allocates nothing when every bid is 0", () => {
    expect(proportionalShare([0, 0], [1, 1], 5).allocation).toEqual([0, 0]);
  });

  const bidsArb = fc.array(fc.double({ min: 0.001, max: 10, noNaN: true }), { minLength: 1, maxLength: 8 });

  it("property: allocations sum to N, stay within 1 of the ideal share, payments never exceed balances", () => {
    fc.assert(
      fc.property(
        bidsArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 5 }),
        (bids, n, period) => {
          let state = undefined;
          for (let t = 0; t < 12; t++) {
            const balances = bids.map((b, i) => (i % 2 ? b / 2 : b * 2));
            const r = proportionalShare(bids, balances, n, { state, round: t, period });
            expect(r.allocation.reduce((s, x) => s + x, 0)).toBe(n);
            r.allocation.forEach((x, i) => {
              expect(Number.isInteger(x)).toBe(true);
              expect(Math.abs(x - r.ideal[i])).toBeLessThan(1 + 1e-9);
              expect(r.payments[i]).toBeLessThanOrEqual(balances[i]);
            });
            state = { deficits: r.deficits, priorities: r.priorities };
          }
        },
      ),
    );
  });

  it("property: with constant bids the running average converges on the ideal share (deviation ≤ (period + 1)/T)", () => {
    fc.assert(
      fc.property(
        bidsArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        (bids, n, period) => {
          let state = undefined;
          const sum = bids.map(() => 0);
          let ideal: number[] = [];
          for (let t = 1; t <= 200; t++) {
            const r = proportionalShare(
              bids,
              bids.map(() => 1e9),
              n,
              { state, round: t - 1, period },
            );
            ideal = r.ideal;
            r.allocation.forEach((x, i) => (sum[i] += x));
            state = { deficits: r.deficits, priorities: r.priorities };
            // period + 1 is not quite a bound: fast-check found bids [0.001, 0.001, 2.92, 0.0051, 0.153], n = 20,
            // period = 4 reaching 5.000001 at t = 188 (pinned below); period + 2 holds.
            sum.forEach((s, i) => expect(Math.abs(s - t * ideal[i])).toBeLessThanOrEqual(period + 2));
          }
          sum.forEach((s, i) => expect(Math.abs(s / 200 - ideal[i])).toBeLessThanOrEqual((period + 2) / 200));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the shrunk counterexample: deficit just above period + 1, well under period + 2", () => {
    const bids = [0.001, 0.001, 2.9189146468772167, 0.005085225682605902, 0.15257490140364394];
    let state: { deficits: number[]; priorities: number[] } | undefined;
    const sum = bids.map(() => 0);
    let worst = 0;
    for (let t = 1; t <= 200; t++) {
      const r = proportionalShare(
        bids,
        bids.map(() => 1e9),
        20,
        { state, round: t - 1, period: 4 },
      );
      r.allocation.forEach((x, i) => (sum[i] += x));
      state = { deficits: r.deficits, priorities: r.priorities };
      sum.forEach((s, i) => (worst = Math.max(worst, Math.abs(s - t * r.ideal[i]))));
    }
    expect(worst).toBeGreaterThan(5);
    expect(worst).toBeLessThan(6);
  });
});
