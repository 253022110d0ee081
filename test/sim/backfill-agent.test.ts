/** The backfill thread's clock (lib/sim/backfill-agent.ts), against backfill.c's backfill_agent, _more_work and _yield_locks worked by hand. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BackfillAgent } from "../../lib/sim/backfill-agent";

const FREE = { base: 0, perJob: 0, perStart: 0 };
const agent = (
  firstWake: number,
  cost = FREE,
  o: { interval?: number; yieldInterval?: number; yieldSleep?: number; maxTime?: number } = {},
) =>
  new BackfillAgent(
    o.interval ?? 5,
    firstWake,
    cost,
    o.yieldInterval ?? 2,
    o.yieldSleep ?? 0.5,
    o.maxTime ?? o.interval ?? 5,
  );

describe("BackfillAgent (backfill.c backfill_agent)", () => {
  it("sleeps bf_interval after a cycle ends: cycles drift by their length", () => {
    const a = agent(10.3, { base: 0.01, perJob: 0.001, perStart: 0.002 });
    a.changed(10.1);
    expect(a.next()).toBe(10.3);
    expect(a.wakeUp(10.3)).toBe(true);
    a.begin(10.3);
    a.end(20, 5); // 0.01 + 0.02 + 0.01 = 0.04 s
    expect(a.next()).toBeCloseTo(15.34, 12);
  });
  it("a wake-up with nothing changed since the last cycle's second sleeps one second at a time until a change", () => {
    const a = agent(10.3);
    a.changed(9.5);
    a.wakeUp(10.3); // last_backfill_time = floor(10.3 − 5) = 5: the change in second 9 counts
    a.begin(10.3);
    a.end(3, 0); // last_backfill_time = 10
    expect(a.next()).toBe(15.3);
    expect(a.wakeUp(15.3)).toBe(false); // nothing changed in or after second 10
    expect(a.next()).toBe(Infinity);
    a.changed(17.8); // the wake-ups at 16.3, 17.3 found nothing; 18.3 finds the change
    expect(a.next()).toBeCloseTo(18.3, 12);
    expect(a.wakeUp(18.3)).toBe(true);
  });
  it("_more_work compares whole seconds: a change earlier in the second the last cycle ended counts, one the second before does not", () => {
    const a = agent(10.3);
    a.changed(9.5);
    a.wakeUp(10.3);
    a.begin(10.3);
    a.end(3, 0); // last_backfill_time = 10
    a.changed(10.1); // before the cycle ended, same second
    expect(a.wakeUp(15.3)).toBe(true);
    const b = agent(10.3);
    b.changed(9.5);
    b.wakeUp(10.3);
    b.begin(10.3);
    b.end(3, 0);
    expect(b.wakeUp(15.3)).toBe(false); // the change at 9.5 is before second 10
  });
  it("a cycle's own starts are changes: the next wake-up runs a cycle", () => {
    const a = agent(10.3);
    a.changed(9.5);
    a.wakeUp(10.3);
    a.begin(10.3);
    a.end(3, 1);
    expect(a.wakeUp(15.3)).toBe(true);
  });
  it("yields bf_yield_sleep after each bf_yield_interval of work, and stops testing at bf_max_time", () => {
    // 0.9 s per job tested: 2.7 s of work after 3 jobs → one 0.5 s yield → 3.2 s
    const a = agent(10.0, { base: 0, perJob: 0.9, perStart: 0 }, { maxTime: 3 });
    a.changed(9);
    a.wakeUp(10.0);
    a.begin(10.0);
    expect(a.stop(2, 0)).toBe(false); // 1.8 s: second 11
    expect(a.stop(3, 0)).toBe(true); // 2.7 + 0.5 = 3.2 s: second 13, 3 seconds after 10
    a.end(3, 0);
    expect(a.next()).toBeCloseTo(18.2, 12);
  });
  it("replayed cycles run at their instants, whatever changed", () => {
    const a = new BackfillAgent(5, 1, FREE, 2, 0.5, 5, [3.2, 8.4, 13.1]);
    expect(a.next()).toBe(3.2);
    expect(a.wakeUp(3.2)).toBe(true);
    a.begin(3.2);
    a.end(0, 0);
    expect(a.next()).toBe(8.4);
    expect(() => new BackfillAgent(5, 1, FREE, 2, 0.5, 5, [3, 2])).toThrow(/^invalid bfCycles\[1\]: 2;/);
  });
  it("property: with changes every second, cycles come bf_interval plus their length apart", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (phase, base, interval) => {
          const a = agent(100 + phase, { base, perJob: 0, perStart: 0 }, { interval });
          let last = NaN;
          for (let i = 0; i < 5; i++) {
            const t = a.next();
            a.changed(t - 0.001);
            expect(a.wakeUp(t)).toBe(true);
            if (!Number.isNaN(last)) expect(t - last).toBeCloseTo(interval + base, 9);
            a.begin(t);
            a.end(1, 0);
            last = t;
          }
        },
      ),
      { seed: 3, numRuns: 100 },
    );
  });
});

describe("BackfillAgent's yields (backfill.c _yield_locks)", () => {
  // 1 s of work per job tested: a yield before the 3rd job (2 s) sleeping until 12.5, before the 5th (4 s) until 15
  const cost = { base: 0, perJob: 1, perStart: 0 };
  const started = (bfContinue: boolean) => {
    const a = new BackfillAgent(5, 10, cost, 2, 0.5, 10, undefined, Math.floor, bfContinue);
    a.begin(10);
    return a;
  };
  it("without bf_continue the cycle stops at the first yield whose sleep ends after a change", () => {
    const a = started(false);
    expect([0, 1].map((k) => a.stop(k, 0, () => 11))).toEqual([false, false]);
    expect(a.stop(2, 0, () => 11)).toBe(true);
    const b = started(false);
    // a change at 12.6 is after the first sleep (ends 12.5): it stops at the second (ends 15)
    expect([0, 1, 2, 3, 4].map((k) => b.stop(k, 0, () => 12.6))).toEqual([false, false, false, false, true]);
  });
  it("with bf_continue it goes on; so it does without a change", () => {
    const a = started(true);
    expect([0, 1, 2, 3, 4].map((k) => a.stop(k, 0, () => 11))).toEqual([false, false, false, false, false]);
    const b = started(false);
    expect([0, 1, 2, 3, 4].map((k) => b.stop(k, 0, () => Infinity))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
  it("rejects a bf_continue that is not a boolean", () => {
    expect(() => new BackfillAgent(5, 10, cost, 2, 0.5, 10, undefined, Math.floor, 1 as never)).toThrow(
      /^invalid bfContinue: 1; expected a boolean/,
    );
  });
});
