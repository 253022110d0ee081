import { describe, expect, it } from "vitest";
import { contender } from "../../lib/sim/contender";
import { priorityModel } from "../../lib/sim/priority";
import { plannedAtAlpha, accurateUsers } from "../../lib/coop/planned-accuracy";
import { limitsAtAlpha, plannedAccuracyOnTrace } from "../../lib/coop/planned-accuracy-trace";
import { createRng } from "../../lib/util/rng";
import type { JobRecord } from "../../lib/io/job-record";

const rec = (user: string, minutes: number, rtime: number) =>
  ({ user, minutes, rtime, nnodes: 1 }) as unknown as JobRecord;

describe("plannedAtAlpha", () => {
  it("moves planned minutes from the request to the run time, rounding up", () => {
    const jobs = [rec("a", 40, 20), rec("b", 10, 30)];
    expect(plannedAtAlpha(jobs, 0).map((j) => j.minutes)).toEqual([40, 10]);
    expect(plannedAtAlpha(jobs, 0.5).map((j) => j.minutes)).toEqual([30, 20]);
    expect(plannedAtAlpha(jobs, 1).map((j) => j.minutes)).toEqual([20, 30]);
    expect(plannedAtAlpha(jobs, 1, 1.1).map((j) => j.minutes)).toEqual([22, 33]);
    expect(plannedAtAlpha(jobs, 0.3, 1, new Set(["b"])).map((j) => j.minutes)).toEqual([40, 30]);
    expect(() => plannedAtAlpha(jobs, 1.5)).toThrow(/^invalid alpha: 1\.5; expected/);
  });

  it("chooses nested sets of accurate users as α grows", () => {
    const jobs = ["u1", "u2", "u3", "u4"].map((u) => rec(u, 10, 5));
    const half = accurateUsers(jobs, 0.5, createRng(1));
    const three = accurateUsers(jobs, 0.75, createRng(1));
    expect(half.size).toBe(2);
    expect([...half].every((u) => three.has(u))).toBe(true);
  });
});

describe("plannedAccuracyOnTrace", () => {
  const jobs = [
    { id: "1", user: "a", account: "a", submit: 0, nodes: 2, limit: 3600, runtime: 600 },
    { id: "2", user: "b", account: "b", submit: 0, nodes: 2, limit: 600, runtime: 600 },
    { id: "3", user: "a", account: "a", submit: 10, nodes: 1, limit: 1200, runtime: 300 },
  ];
  it("rounds limits to whole minutes and counts jobs killed at the limit", () => {
    expect(limitsAtAlpha(jobs as never, 1, 0.5).map((j) => j.limit)).toEqual([300, 300, 180]);
    const rows = plannedAccuracyOnTrace(jobs as never, {
      nodes: 3,
      alphas: [0, 1],
      target: 0.5,
      rng: createRng(1),
    });
    expect(rows.map((r) => r.killed)).toEqual([0, 3]);
    expect(rows[0].meanWait).toBe(rows[0].baselineMeanWait);
  });
  it("splits accurate and other users in users mode", () => {
    const rows = plannedAccuracyOnTrace(jobs as never, {
      nodes: 3,
      alphas: [0.5],
      mode: "users",
      rng: createRng(1),
    });
    expect(rows.map((r) => r.group)).toEqual(["all", "accurate users", "other users"]);
    expect(rows[1].jobs + rows[2].jobs).toBe(3);
  });
  it("runs the contender it is given in place of EASY, and EASY entered as one gives EASY's rows", () => {
    const o = { nodes: 3, alphas: [0, 1], rng: createRng(1) };
    const easy = plannedAccuracyOnTrace(jobs as never, o);
    expect(
      plannedAccuracyOnTrace(jobs as never, { ...o, contender: contender("EASY", { name: "easy" }) }),
    ).toEqual(easy);
    // widest first without backfill: job 3 (1 node) waits behind the two 2-node jobs
    const widest = contender(
      "widest",
      { name: "fcfs" },
      priorityModel((j) => j.nodes, { calcPeriod: 0 }),
    );
    const mine = plannedAccuracyOnTrace(jobs as never, { ...o, contender: widest });
    expect(mine[0].meanWait).toBeGreaterThan(easy[0].meanWait);
  });
});
