import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadSite } from "../../lib/site/site-model";
import { realFigures } from "../../lib/site/replay";
import { daysToRecover, decayLeft, decayRows, usageShareAfter } from "../../lib/site/decay";
import { job, literalSite } from "./fixtures";

describe("decay: U(t) = U0 · 0.5^(t/h)", () => {
  it("halves every half-life", () => {
    const week = 7 * 86400;
    expect([0, week, 2 * week].map((t) => decayLeft(t, week))).toEqual([1, 0.5, 0.25]);
    expect(decayLeft(3.5 * 86400, week)).toBeCloseTo(Math.pow(0.5, 0.5), 15);
    expect(decayLeft(week, 0)).toBe(1); // PriorityDecayHalfLife=0: no decay
  });
  it("days to recover: h · log2(U0 (1 − s) / (s O)); 0 at or below the share; never without a share or others' usage", () => {
    // U0 = 300, O = 100, s = 0.5: 300·0.5^(t/7)/(300·0.5^(t/7) + 100) = 0.5 when 0.5^(t/7) = 1/3
    expect(daysToRecover(300, 100, 0.5, 7)).toBe(7 * Math.log2(3));
    expect(daysToRecover(100, 300, 0.5, 7)).toBe(0);
    expect(daysToRecover(300, 100, 0, 7)).toBe(Infinity);
    expect(daysToRecover(300, 0, 0.5, 7)).toBe(Infinity);
    expect(() => daysToRecover(1, 1, 1.5, 7)).toThrow(
      /^invalid share: 1\.5; expected a finite number in \[0, 1\]$/,
    );
  });
  it("after that many days the account's part of the usage is its share (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.5, max: 60, noNaN: true }),
        (u, o, s, h) => {
          const d = daysToRecover(u, o, s, h);
          if (d === 0) expect(u / (u + o)).toBeLessThanOrEqual(s);
          else expect(usageShareAfter(u, o, d, h)).toBeCloseTo(s, 9);
        },
      ),
    );
  });
  it("without sshare, today's usage is the jobs' CPU·s decayed from their ends to the last end", () => {
    const site = literalSite(
      [
        job({ id: "1", account: "a", eligible: 0, start: 0, end: 100, nodes: 2 }),
        job({ id: "2", account: "b", eligible: 0, start: 0, end: 100 + 7 * 86400, nodes: 1 }),
      ],
      4,
    );
    const rows = decayRows(site, [7]);
    // a: 2 CPUs × 100 s, one half-life before the last end → 100; b: 1 CPU × (100 + 7 d) s
    expect(rows.map((r) => [r.account, r.usage, r.share])).toEqual([
      ["a", 100, 0.5],
      ["b", 100 + 7 * 86400, 0.5],
    ]);
    expect(rows[0].days["7"]).toBe(0);
    expect(rows[1].days["7"]).toBe(7 * Math.log2((100 + 7 * 86400) / 100));
  });
  it("gives each account the share the account table gives it (the accounts that ran jobs, sshare's usage)", () => {
    const site = loadSite("data/site/fairshare-high");
    const table = new Map(realFigures(site).accounts.map((a) => [a.account, a.share]));
    const rows = decayRows(site);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(r.share).toBe(table.get(r.account));
    expect(rows.reduce((t, r) => t + r.usageShare, 0)).toBeCloseTo(1, 12);
  });
});
