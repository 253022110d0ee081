import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { STANDARD_ENVIRONMENT, drawJobs } from "../../lib/auction/environment";
import { simulateRun } from "../../lib/auction/simulator";
import { createRng } from "../../lib/util/rng";

describe("simulateRun(jobs, options)", () => {
  it("fair share: a lone agent renders its frames on all servers and loses the frame in progress at the deadline", () => {
    const r = simulateRun([{ start: 1, deadline: 4, budget: 0, frames: [2, 2, 5] }], {
      mechanism: "fs",
      servers: 2,
    });
    expect(r.rounds).toBe(4);
    const a = r.agents[0];
    expect(a.firstRound).toBe(1);
    expect(a.allocations).toEqual([2, 2, 2]);
    expect(a.completed).toBe(2);
    expect(a.incomplete).toBe(1);
    expect(a.workLeft).toBe(5);
    expect(a.lostWork).toBe(1); // frame 2 started at round 3, 1 unit done, lost at the deadline
  });

  it("PS: an agent whose money runs out drops out and its frames in progress are lost", () => {
    // Default PS bids 2/d of the balance; with d = 2 it bids everything, then has nothing left.
    const jobs = [{ start: 0, deadline: 3, budget: 1, frames: [10] }];
    const r = simulateRun(jobs, { mechanism: "ps", servers: 1 });
    const a = r.agents[0];
    expect(a.allocations).toEqual([1, 1]);
    expect(a.moneyLeft).toBe(0);
    expect(a.spent).toBeCloseTo(1, 12);
    expect(a.lostWork).toBe(2);
  });

  it("GV: the default strategy's linear bids give every server to the highest per-unit bidder", () => {
    const jobs = [
      { start: 0, deadline: 10, budget: 10, frames: [1, 1, 1] },
      { start: 0, deadline: 10, budget: 5, frames: [1, 1, 1] },
    ];
    const r = simulateRun(jobs, { mechanism: "gv", servers: 3 });
    expect(r.agents[0].allocations[0]).toBe(3);
    expect(r.agents[1].allocations[0]).toBe(0);
    // VCG: agent 0 pays agent 1's forgone bid for 3 servers, 5/10 = 0.5.
    expect(r.agents[0].spent).toBeCloseTo(0.5, 12);
  });

  it('horizon "predicted": d is the predicted rounds to finish (Section 4.2 predictor), so a nearly done job bids more', () => {
    // One agent alone: PS gives it every server whatever it bids, so the spending shows the bid.
    const jobs = [{ start: 0, deadline: 30, budget: 10, frames: [1, 1, 1, 1] }];
    const byDeadline = simulateRun(jobs, { mechanism: "ps", servers: 1 });
    const byPrediction = simulateRun(jobs, {
      mechanism: "ps",
      servers: 1,
      horizon: "predicted",
      workPrior: 1,
    });
    // Round 0: d = 30 vs d = 4 frames × 1 / 1 server = 4; b = 2B/d.
    expect(byDeadline.agents[0].spent).toBeLessThan(byPrediction.agents[0].spent);
    // b/B = 2/d with d = 4, 3, 2: it spends B/2, then 2/3 of the rest, then everything, and drops out
    // with one frame left; by the deadline horizon it finishes all four.
    expect(byPrediction.agents[0].allocations).toEqual([1, 1, 1]);
    expect(byPrediction.agents[0].completed).toBe(3);
    expect(byPrediction.agents[0].moneyLeft).toBe(0);
    expect(byDeadline.agents[0].completed).toBe(4);
    expect(() => simulateRun(jobs, { horizon: "soon" as never })).toThrow(
      /^invalid horizon: "soon"; expected one of "deadline", "predicted"$/,
    );
  });

  it("rejects bad jobs and options", () => {
    expect(() => simulateRun([], {})).toThrow(
      /^invalid jobs: \[\]; expected a non-empty array of render jobs$/,
    );
    expect(() => simulateRun([{ start: 0, deadline: 2, budget: 1, frames: [0] }])).toThrow(
      /^invalid jobs\[0\]\.frames: \[0\]; expected an array of positive finite work contents$/,
    );
    expect(() =>
      simulateRun([{ start: 0, deadline: 2, budget: 1, frames: [1] }], {
        mechanism: "ps",
        strategies: [1, 2],
      }),
    ).toThrow(/^invalid strategies: \[1,2\]; expected an array of 6 finite numbers$/);
    expect(() =>
      simulateRun([{ start: 0, deadline: 2, budget: 1, frames: [1] }], { mechanism: "auction" as never }),
    ).toThrow(/^invalid mechanism: "auction"; expected one of "fs", "ps", "gv"$/);
  });

  it("same jobs, same options → identical outcome", () => {
    const jobs = drawJobs(STANDARD_ENVIRONMENT, createRng(7));
    for (const mechanism of ["fs", "ps", "gv"] as const) {
      expect(JSON.stringify(simulateRun(jobs, { mechanism }))).toBe(
        JSON.stringify(simulateRun(drawJobs(STANDARD_ENVIRONMENT, createRng(7)), { mechanism })),
      );
    }
  });

  const coef = (n: number) =>
    fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: n, maxLength: n });

  it("property: no agent ever spends beyond its budget, servers are never over-allocated, frames are conserved", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e6 }),
        fc.constantFrom("ps" as const, "gv" as const, "fs" as const),
        fc.array(coef(18), { minLength: 6, maxLength: 6 }),
        (seed, mechanism, coefs) => {
          const jobs = drawJobs({ ...STANDARD_ENVIRONMENT, agents: 6 }, createRng(seed));
          const strategies = mechanism === "ps" ? coefs.map((c) => c.slice(0, 6)) : coefs;
          const r = simulateRun(jobs, { mechanism, strategies });
          r.agents.forEach((a, i) => {
            expect(a.spent).toBeLessThanOrEqual(jobs[i].budget + 1e-9);
            expect(a.moneyLeft).toBeGreaterThanOrEqual(0);
            expect(a.spent + a.moneyLeft).toBeCloseTo(jobs[i].budget, 9);
            expect(a.completed + a.incomplete).toBe(jobs[i].frames.length);
            expect(a.allocations.length).toBeLessThanOrEqual(jobs[i].deadline - jobs[i].start);
          });
          for (let t = 0; t < r.rounds; t++) {
            let used = 0;
            for (const a of r.agents)
              if (a.firstRound >= 0 && t >= a.firstRound && t < a.firstRound + a.allocations.length)
                used += a.allocations[t - a.firstRound];
            expect(used).toBeLessThanOrEqual(15);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
