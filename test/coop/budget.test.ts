import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { budgetAuctionRound } from "../../lib/coop/budget-auction";
import { budgetScheduler } from "../../lib/coop/budget-scheduler";
import { coalitionPayoffs, coreCheck } from "../../lib/coop/coalitions";
import {
  budgetComparison,
  budgetFirstIteration,
  truthfulnessCounterexample,
} from "../../lib/coop/budget-experiments";
import { contender } from "../../lib/sim/contender";
import { FIFO_PRIORITY } from "../../lib/sim/priority";
import { jainIndex } from "../../lib/coop/fairness";
import { simulate } from "../../lib/sim/engine";
import { greedyRule } from "../../lib/mechanism/greedy";
import { makeInstance } from "../../lib/mechanism/instance";
import { createRng } from "../../lib/util/rng";
import { sample } from "../sim/job-records";

const jobArb = fc.record({
  user: fc.constantFrom("u1", "u2", "u3"),
  nodes: fc.integer({ min: 1, max: 6 }),
  submit: fc.integer({ min: 0, max: 600 }),
  runtime: fc.integer({ min: 1, max: 900 }),
  extra: fc.integer({ min: 0, max: 600 }),
});
const simJobs = (js: { user: string; nodes: number; submit: number; runtime: number; extra: number }[]) =>
  js.map((j, i) => ({
    id: `j${i}`,
    user: j.user,
    account: j.user,
    nodes: j.nodes,
    submit: j.submit,
    runtime: j.runtime,
    limit: j.runtime + j.extra,
  }));

describe("budgetScheduler", () => {
  it("never lets a budget go negative and charges at most each bid (property)", () => {
    fc.assert(
      fc.property(
        fc.array(jobArb, { minLength: 1, maxLength: 25 }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.constantFrom("greedy", "modified"),
        (js, refill, rule) => {
          const s = budgetScheduler({ refill, period: 300, rule: rule as "greedy" | "modified" });
          simulate(simJobs(js), { nodes: 8, scheduler: s });
          return (
            s.minBudgetSeen() >= 0 &&
            [...s.budgets().values()].every((b) => b >= 0) &&
            s.charges().every((c) => c.payment >= 0 && c.payment <= c.bid)
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives nothing in a round to a user with no budget", () => {
    const r = budgetAuctionRound(
      [
        { index: 0, nodes: 1, bid: 10, payer: "broke" },
        { index: 1, nodes: 1, bid: 1, payer: "rich" },
      ],
      new Map([
        ["broke", 0],
        ["rich", 5],
      ]),
      2,
    );
    expect(r.winners).toEqual([1]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            nodes: fc.integer({ min: 1, max: 5 }),
            bid: fc.integer({ min: 1, max: 100 }),
            payer: fc.constantFrom("a", "b"),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (bs) => {
          const round = budgetAuctionRound(
            bs.map((b, index) => ({ ...b, index })),
            new Map([
              ["a", 0],
              ["b", 50],
            ]),
            8,
          );
          return round.winners.every((i) => bs[i].payer !== "a");
        },
      ),
    );
  });

  it("caps a payer's later bids by what its earlier bids left, and leaves the budgets alone when nobody can bid", () => {
    const budgets = new Map([
      ["a", 12],
      ["b", 0],
    ]);
    // a bids 10, then min(8, 12 − 10) = 2; b cannot bid. Greedy by bid per node: 0 (10/2 = 5) then 1 (2/1); both fit in 4.
    const r = budgetAuctionRound(
      [
        { index: 0, nodes: 2, bid: 10, payer: "a" },
        { index: 1, nodes: 1, bid: 8, payer: "a" },
        { index: 2, nodes: 1, bid: 9, payer: "b" },
      ],
      budgets,
      4,
    );
    expect([r.winners, r.bids]).toEqual([
      [0, 1],
      [10, 2],
    ]);
    expect(r.budgets).not.toBe(budgets);
    expect(r.budgets.get("a")).toBe(12 - r.payments[0] - r.payments[1]);
    expect(budgets.get("a")).toBe(12);
    const none = budgetAuctionRound(
      [
        { index: 0, nodes: 5, bid: 10, payer: "a" },
        { index: 1, nodes: 1, bid: 9, payer: "b" },
      ],
      budgets,
      4,
    );
    expect(none).toEqual({ winners: [], bids: [], payments: [], budgets });
    expect(none.budgets).toBe(budgets);
  });

  it("with unlimited budgets each round is the plain greedy auction (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ nodes: fc.integer({ min: 1, max: 5 }), bid: fc.integer({ min: 1, max: 100 }) }),
          { minLength: 1, maxLength: 15 },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (bs, cap, skip) => {
          const round = budgetAuctionRound(
            bs.map((b, index) => ({ ...b, index, payer: `p${index % 3}` })),
            new Map([
              ["p0", Infinity],
              ["p1", Infinity],
              ["p2", Infinity],
            ]),
            cap,
            skip ? "modified" : "greedy",
          );
          const fits = bs.map((b, i) => ({ b, i })).filter(({ b }) => b.nodes <= cap);
          const inst = makeInstance({
            weights: fits.map(({ b }) => b.nodes),
            bids: fits.map(({ b }) => b.bid),
            capacity: cap,
          });
          const x = greedyRule({ key: "b/w", skip, fallback: false }).allocate(inst);
          return (
            JSON.stringify(round.winners) === JSON.stringify(fits.filter((_, k) => x[k]).map(({ i }) => i))
          );
        },
      ),
    );
  });

  it("validates its options", () => {
    expect(() => budgetScheduler({ rule: "random" as never })).toThrow(/^invalid rule: "random"; expected/);
    expect(() => budgetScheduler({ refill: -1 })).toThrow(/^invalid refill: -1; expected currency >= 0/);
  });
});

describe("your schedulers beside the budget scheduler", () => {
  const jobs = simJobs([
    { user: "u1", nodes: 4, submit: 0, runtime: 600, extra: 60 },
    { user: "u2", nodes: 6, submit: 10, runtime: 300, extra: 0 },
    { user: "u3", nodes: 2, submit: 20, runtime: 120, extra: 600 },
    { user: "u1", nodes: 8, submit: 30, runtime: 60, extra: 60 },
  ]);
  it("appends each contender's row after the built-in ones; one leaving out scheduler and priority is Slurm's Fair Tree row", () => {
    const rows = budgetComparison(jobs, {
      nodes: 8,
      budgets: [],
      contenders: [
        contender("Slurm's own", undefined),
        contender("EASY again", { name: "easy" }, FIFO_PRIORITY),
      ],
    });
    const [easy, slurm] = rows;
    expect(rows.map((r) => r.scheduler)).toEqual([
      "EASY (FIFO)",
      "Slurm, Fair Tree multifactor",
      "Slurm's own",
      "EASY again",
    ]);
    expect(rows.slice(2)).toEqual([
      { ...slurm, scheduler: "Slurm's own" },
      { ...easy, scheduler: "EASY again" },
    ]);
  });
  it("gives each contender's first-iteration Total Value per sample, Slurm's own equal to Slurm's", () => {
    const s = sample("s", [
      [3, 60],
      [4, 10],
      [3, 50],
    ]);
    const rows = budgetFirstIteration([s], {
      nodes: 6,
      rng: createRng(1),
      levels: [1],
      contenders: [contender("own", undefined), contender("FCFS", { name: "fcfs" }, FIFO_PRIORITY)],
    });
    expect(rows[0].tvYours.map((y) => y.label)).toEqual(["own", "FCFS"]);
    expect(rows[0].tvYours[0].TV).toBe(rows[0].tvSlurm);
    // FCFS in submit order: a (3 nodes) and then b (4) does not fit, so a alone is the first iteration
    expect(rows[0].tvYours[1].TV).toBe(3 * 60);
  });
});

describe("truthfulnessCounterexample", () => {
  it("withholding a job beats truthful bidding once budgets bind", () => {
    const [truthful, withhold] = truthfulnessCounterexample();
    expect(truthful.aWon).toBe("a1");
    expect(truthful.aUtility).toBeCloseTo(2, 9);
    expect(withhold.aWon).toBe("a2");
    expect(withhold.aUtility).toBeCloseTo(5, 9);
  });
});

describe("coalitions", () => {
  const jobs = [
    { user: "a", nodes: 2, value: 10 },
    { user: "b", nodes: 2, value: 9 },
    { user: "c", nodes: 1, value: 4 },
    { user: "a", nodes: 1, value: 3 },
    { user: "c", nodes: 3, value: 6 },
  ];
  it("members' payoffs add up to the coalition's (property over mappings and budgets)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("X", "Y", "Z"), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 3, maxLength: 3 }),
        (cs, bs) => {
          const map = new Map([
            ["a", cs[0]],
            ["b", cs[1]],
            ["c", cs[2]],
          ]);
          const p = coalitionPayoffs(jobs, map, {
            capacity: 4,
            budgets: new Map([
              ["a", bs[0]],
              ["b", bs[1]],
              ["c", bs[2]],
            ]),
          });
          for (const [c, total] of p.coalitions) {
            const sum = [...p.users].filter(([u]) => (map.get(u) ?? u) === c).reduce((s, [, x]) => s + x, 0);
            if (Math.abs(sum - total) > 1e-9) return false;
          }
          return true;
        },
      ),
    );
  });

  it("enumerates every proper coalition of a small game and reports violations", () => {
    const c = coreCheck(jobs, {
      capacity: 4,
      budgets: new Map([
        ["a", 5],
        ["b", 5],
        ["c", 5],
      ]),
    });
    expect(c.method).toBe("enumeration");
    expect(c.checked).toBe(6);
    for (const v of c.violations) expect(v.value).toBeGreaterThan(v.payoff);
    expect(() => coreCheck(jobs, { capacity: 4, budgets: new Map([["a", 5]]) })).toThrow(
      /^invalid users: 1; expected at least 2/,
    );
    const sampled = coreCheck(jobs, {
      capacity: 4,
      budgets: new Map([
        ["a", 5],
        ["b", 5],
        ["c", 5],
      ]),
      maxEnumerate: 2,
      samples: 10,
      rng: createRng(1),
    });
    expect(sampled.method).toBe("sampling");
  });
});

describe("jainIndex", () => {
  it("is 1 for equal values and 1/n for one non-zero", () => {
    expect(jainIndex([2, 2, 2])).toBe(1);
    expect(jainIndex([1, 0, 0, 0])).toBe(0.25);
    expect(() => jainIndex([1, -1])).toThrow(/^invalid values: -1/);
  });
});
