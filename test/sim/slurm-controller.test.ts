/** slurmctld's main-scheduler triggers (lib/sim/slurm-controller.ts), against controller.c's and job_scheduler.c's rules worked by hand. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ControllerLoop, TickClock } from "../../lib/sim/slurm-controller";

describe("TickClock", () => {
  it("a modelled clock iterates at phase + k·period after its start", () => {
    const c = TickClock.every(99.7, 1.5, 100.2);
    expect(c.atOrAfter(0)).toBe(100.2); // 98.7 is before the start
    expect(c.atOrAfter(100.2)).toBe(100.2);
    expect(c.after(100.2)).toBe(101.7);
    expect(c.atOrAfter(101.71)).toBe(103.2);
  });
  it("a replayed clock iterates at its list, then never", () => {
    const c = TickClock.replay(10, [10.5, 11.6, 12.4]);
    expect([c.atOrAfter(0), c.after(10.5), c.atOrAfter(11.7), c.after(12.4)]).toEqual([
      10.5,
      11.6,
      12.4,
      Infinity,
    ]);
    expect(() => TickClock.replay(10, [10.5, 10.5])).toThrow(
      /^invalid ticks\[1\]: 10\.5; expected increasing/,
    );
    expect(() => TickClock.every(0, 0)).toThrow(/^invalid controllerLoop\.period: 0; expected/);
  });
});

/** Passes over a run: each [time, immediate] event, returning "t:kind" for each pass. */
function passes(
  loop: ControllerLoop,
  events: readonly { at: number; request?: boolean; immediate?: boolean }[],
  until: number,
): string[] {
  const out: string[] = [];
  let now = -Infinity;
  const step = (t: number, e?: { request?: boolean; immediate?: boolean }) => {
    now = t;
    if (e?.request) loop.request(t);
    const p = loop.at(t, e?.immediate ?? false);
    if (p !== "none") out.push(`${t}:${p}`);
  };
  for (const e of events) {
    for (let t = loop.next(now); t < e.at; t = loop.next(now)) step(t);
    step(e.at, e);
  }
  for (let t = loop.next(now); t <= until; t = loop.next(now)) step(t);
  return out;
}

describe("ControllerLoop (controller.c _slurmctld_background)", () => {
  it("runs a requested pass at the first iteration batch_sched_delay whole seconds after the last one", () => {
    // the loop starts at 90.2 (last_sched_time = 90) and iterates at 90.7, 91.7, …; a pass at 100.7
    // sets last_sched_time = 100; with batch_sched_delay 2 the next may run in second 102
    const loop = new ControllerLoop(TickClock.every(90.2, 1, 90.7), 60, 2, 0);
    expect(
      passes(
        loop,
        [
          { at: 100.1, request: true },
          { at: 101.2, request: true },
          { at: 102.9, request: true },
        ],
        110,
      ),
    ).toEqual(["100.7:depth", "102.7:depth", "104.7:depth"]);
  });
  it("uses the compiled-in 3 s until the first pass has read batch_sched_delay", () => {
    const loop = new ControllerLoop(TickClock.every(99.9, 1, 99.9), 60, 0, 0);
    // last_sched_time = 99: the first request waits for second 102, the next ones for none
    expect(
      passes(
        loop,
        [
          { at: 100.0, request: true },
          { at: 102.95, request: true },
        ],
        105,
      ),
    ).toEqual(["102.9:depth", "103.9:depth"]);
  });
  it("runs a full pass sched_interval whole seconds after the last, with or without requests, and it resets the delay", () => {
    const loop = new ControllerLoop(TickClock.every(0.5, 1.25, 0.5), 10, 3, 0);
    // iterations 1.75, 3, 4.25, …; full when floor(t) − 0 ≥ 10 (at 10.5), then floor(t) − 10 ≥ 10 (at 20.5)
    expect(passes(loop, [{ at: 9.9, request: true }], 21)).toEqual(["10.5:full", "20.5:full"]);
  });
  it("an immediate pass runs at once; one within sched_min_interval of the last waits for it", () => {
    const loop = new ControllerLoop(TickClock.every(0, 1, 0), 60, 3, 0.5);
    expect(loop.at(5.2, true)).toBe("depth");
    expect(loop.at(5.4, true)).toBe("none"); // 0.2 s after the last pass
    expect(loop.next(5.4)).toBeCloseTo(5.7 + 1e-6, 12);
    expect(loop.at(5.7 + 1e-6, false)).toBe("depth");
    // a pass asked for later (an end's pass waiting for the locks)
    loop.passAt(7.3);
    expect(loop.next(7)).toBe(7.3);
    expect(loop.at(7.3, false)).toBe("depth");
  });
  it("property: a single request's pass comes at the first iteration at or after it whose second is far enough from the last pass", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        fc.double({ min: 1.0005, max: 1.01, noNaN: true }),
        fc.double({ min: 5, max: 50, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (phase, period, at, delay) => {
          const loop = new ControllerLoop(TickClock.every(phase, period, phase), 1000, delay, 0);
          const got = passes(loop, [{ at, request: true }], at + 10);
          // oracle: scan the iterations
          let want = NaN;
          for (let k = 1; ; k++) {
            const t = phase + k * period;
            if (t >= at && Math.floor(t) - Math.floor(phase) >= 3) {
              want = t;
              break;
            }
          }
          expect(got[0]).toBe(`${want}:depth`);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
