import { describe, expect, it } from "vitest";
import {
  accountShares,
  accountStats,
  jainIndex,
  slowdownFairness,
  utilisationOf,
  waitFairness,
} from "../../lib/site/account-stats";

const o = (account: string, cpus: number, eligible: number, start: number, end: number) => ({
  account,
  cpus,
  eligible,
  start,
  end,
});

describe("accountStats", () => {
  it("counts usage as CPUs × run time, waits from eligible, R's type-7 median and 90th percentile", () => {
    const s = accountStats(
      [o("b", 2, 0, 10, 20), o("a", 1, 0, 0, 30), o("b", 2, 5, 5, 15), o("b", 1, 0, 40, 60)],
      new Map([
        ["a", 0.25],
        ["b", 0.25],
        ["c", 0.5],
      ]),
    );
    // b's waits sorted: 0, 10, 40 → median 10, p90 = 10 + 0.8·(40 − 10) = 34
    expect(s).toEqual(
      [
        {
          account: "a",
          jobs: 1,
          cpuSeconds: 30,
          usageShare: 0.3,
          share: 0.5,
          medianWait: 0,
          p90Wait: 0,
          meanWait: 0,
          // (30 − 0) / max(30, 10)
          meanBoundedSlowdown: 1,
        },
        {
          account: "b",
          jobs: 3,
          cpuSeconds: 60,
          usageShare: 0.6,
          share: 0.5,
          medianWait: 10,
          p90Wait: 34,
          meanWait: 50 / 3,
          // (20 − 0) / 10 = 2, (15 − 5) / 10 = 1, (60 − 0) / 20 = 3
          meanBoundedSlowdown: 2,
        },
      ].map((x) => (x.account === "a" ? { ...x, usageShare: 30 / 90 } : { ...x, usageShare: 60 / 90 })),
    );
  });
  it("Jain's index of waits against shares and of slowdowns: what settings can move", () => {
    // x = share × (median wait + τ) = 0.5 · 5, 0.5 · 15 = 2.5, 7.5 → 10² / (2 · 62.5) = 0.8
    const stats = [
      { share: 0.5, medianWait: 0, meanBoundedSlowdown: 1 },
      { share: 0.5, medianWait: 10, meanBoundedSlowdown: 3 },
    ];
    expect(waitFairness(stats, 5)).toBe(0.8);
    // an account with twice the share waiting half as long is as fair as can be
    expect(
      waitFairness(
        [
          { share: 2 / 3, medianWait: 5 },
          { share: 1 / 3, medianWait: 15 },
        ],
        5,
      ),
    ).toBeCloseTo(1, 14);
    // x = 1, 3 → 16 / (2 · 10) = 0.8
    expect(slowdownFairness(stats)).toBe(0.8);
  });
  it("Jain's index of usage against shares: 1 when each gets its share, (Σx)²/(n·Σx²) otherwise", () => {
    expect(
      jainIndex([
        { usageShare: 0.5, share: 0.5 },
        { usageShare: 0.5, share: 0.5 },
      ]),
    ).toBe(1);
    // x = 0.75/0.5, 0.25/0.5 = 1.5, 0.5 → 2² / (2 · 2.5) = 0.8
    expect(
      jainIndex([
        { usageShare: 0.75, share: 0.5 },
        { usageShare: 0.25, share: 0.5 },
      ]),
    ).toBe(0.8);
    expect(jainIndex([{ usageShare: 1, share: 0 }])).toBeNaN();
  });
  it("normalised shares are the product of sibling-normalised shares up to the root", () => {
    const shares = accountShares([
      { entity: "phys", parent: "root", kind: "account", shares: 3 },
      { entity: "chem", parent: "root", kind: "account", shares: 1 },
      { entity: "qm", parent: "chem", kind: "account", shares: 1 },
      { entity: "md", parent: "chem", kind: "account", shares: 3 },
    ]);
    expect([...shares]).toEqual([
      ["phys", 0.75],
      ["chem", 0.25],
      ["qm", 0.0625],
      ["md", 0.1875],
    ]);
  });
  it("CPU utilisation over [first eligible, last end]", () => {
    // 2·10 + 1·30 = 50 CPU·s over 4 CPUs × 30 s
    expect(utilisationOf([o("a", 2, 0, 10, 20), o("a", 1, 0, 0, 30)], 4)).toBe(50 / 120);
  });
});
