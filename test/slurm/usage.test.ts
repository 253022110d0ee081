import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildAssociationTree, rollUpUsage, type AssociationRow } from "../../lib/slurm/associations";
import {
  advanceUsage,
  decayFactorPerSecond,
  decayFunction,
  decayOver,
  decayUsage,
  nextResetTime,
  type UsageState,
} from "../../lib/slurm/usage";

/** A usage state at `time` with the given own usage per association, CPU·s. */
const usageAt = (time: number, ...own: [string, number][]): UsageState => ({ time, usage: new Map(own) });

const rows: AssociationRow[] = [
  { entity: "acct", parent: "root", kind: "account", shares: 1 },
  { entity: "alice", parent: "acct", kind: "user", shares: 1 },
  { entity: "bob", parent: "acct", kind: "user", shares: 1 },
];
const tree = buildAssociationTree(rows);
const DAY = 86400;

describe("usage decay", () => {
  it("halves usage after one half-life (exact model) and nearly so (Slurm's first-order model)", () => {
    const s = usageAt(0, ["alice", 1000]);
    expect(decayUsage(s, 7 * DAY, { decayModel: "exact" }).usage.get("alice")).toBeCloseTo(500, 9);
    const slurm = decayUsage(s, 7 * DAY).usage.get("alice")!;
    expect(Math.abs(slurm - 500)).toBeLessThan(0.5);
    expect(slurm).not.toBe(500);
    expect(decayFactorPerSecond({ halfLifeSeconds: 0 })).toBe(1);
    expect(decayFactorPerSecond({ halfLifeSeconds: 100 })).toBeCloseTo(1 - 0.00693, 15);
  });
  it("decayOver: 2^(−dt/halfLife) exactly, (1 − 0.693/halfLife)^dt for Slurm's model, 1 without decay; decayFunction the same", () => {
    expect(decayOver(2 * DAY, { halfLifeSeconds: DAY, decayModel: "exact" })).toBe(0.25);
    expect(decayOver(600, { halfLifeSeconds: DAY })).toBe(Math.pow(1 - 0.693 / DAY, 600));
    expect(decayOver(600, { halfLifeSeconds: 0 })).toBe(1);
    expect(decayFunction({ halfLifeSeconds: DAY })(600)).toBe(decayOver(600, { halfLifeSeconds: DAY }));
    expect(() => decayOver(-1)).toThrow(/^invalid dt: -1; expected a finite number in \[0, Infinity\]/);
  });
  it("rolls an association's usage up to every ancestor", () => {
    const raw = rollUpUsage(tree, usageAt(0, ["alice", 30], ["bob", 12]).usage);
    expect([raw.get("alice"), raw.get("acct"), raw.get("root")]).toEqual([30, 42, 42]);
  });
  it("property: decay composes (decay(a) then decay(b) = decay(a + b)) and never increases usage", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        (a, b, u) => {
          const s = usageAt(0, ["bob", u]);
          const two = decayUsage(decayUsage(s, a), b).usage.get("bob")!;
          const one = decayUsage(s, a + b).usage.get("bob")!;
          expect(two).toBeCloseTo(one, 6);
          expect(one).toBeLessThanOrEqual(u);
        },
      ),
    );
  });
});

describe("advanceUsage", () => {
  it("charges run_delta · decay^run_delta · cpus for the part of the interval a job ran", () => {
    const cfg = { halfLifeSeconds: 0 };
    const s = advanceUsage(
      usageAt(0),
      300,
      tree,
      [
        { association: "alice", cpus: 48, start: 100, end: Infinity },
        { association: "bob", cpus: 2, start: 0, end: 50 },
      ],
      cfg,
    );
    expect(s.usage.get("alice")).toBe(200 * 48);
    expect(s.usage.get("bob")).toBe(50 * 2);
    const f = decayFactorPerSecond();
    const d = advanceUsage(usageAt(0), 300, tree, [
      { association: "alice", cpus: 1, start: 0, end: Infinity },
    ]);
    expect(d.usage.get("alice")).toBeCloseTo(300 * Math.pow(f, 300), 9);
  });
  it("resets at PriorityUsageResetPeriod boundaries (UTC, weeks from Sunday)", () => {
    const mon = Date.UTC(2020, 5, 15, 12) / 1000; // Monday 15 June 2020, noon
    expect(nextResetTime(mon, "DAILY")).toBe(Date.UTC(2020, 5, 16) / 1000);
    expect(nextResetTime(mon, "WEEKLY")).toBe(Date.UTC(2020, 5, 21) / 1000);
    expect(nextResetTime(mon, "MONTHLY")).toBe(Date.UTC(2020, 6, 1) / 1000);
    expect(nextResetTime(mon, "QUARTERLY")).toBe(Date.UTC(2020, 6, 1) / 1000);
    expect(nextResetTime(mon, "YEARLY")).toBe(Date.UTC(2021, 0, 1) / 1000);
    expect(nextResetTime(mon, "NONE")).toBe(Infinity);
    const s = usageAt(mon, ["alice", 1e6]);
    const next = advanceUsage(
      s,
      mon + DAY,
      tree,
      [{ association: "bob", cpus: 1, start: mon, end: Infinity }],
      { resetPeriod: "DAILY", halfLifeSeconds: 0 },
    );
    expect(next.usage.get("alice")).toBeUndefined();
    expect(next.usage.get("bob")).toBe(12 * 3600); // only the part after midnight
    expect(() => nextResetTime(mon, "HOURLY" as never)).toThrow(/invalid resetPeriod: "HOURLY"/);
    expect(() => advanceUsage(s, mon - 1, tree, [])).toThrow(/invalid time/);
  });
});
