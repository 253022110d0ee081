import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate, type SimResult } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import type { Scheduler } from "../../lib/sim/scheduler";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import type { SiteFactor, SlurmPriorityOptions } from "../../lib/sim/slurm-priority-options";
import type { PriorityModel } from "../../lib/sim/priority";
import { LIB_MODEL, referenceSlurmPriority, sprioDifference } from "./oracles/slurm-priority-reference";
import type { QosDefinition } from "../../lib/slurm/qos";

const W = 12;
const ACCOUNT: Record<string, string> = { u1: "a", u2: "a", u3: "b", u4: "b", u5: "c", u6: "" };
const QOS: QosDefinition[] = [
  {
    name: "normal",
    priority: 10,
    maxWallSeconds: Infinity,
    maxNodes: Infinity,
    maxCpus: Infinity,
    maxJobs: Infinity,
    maxSubmitJobs: Infinity,
  },
  {
    name: "high",
    priority: 100,
    maxWallSeconds: Infinity,
    maxNodes: Infinity,
    maxCpus: Infinity,
    maxJobs: Infinity,
    maxSubmitJobs: Infinity,
  },
];
// DAY0 − 1500 s: workloads cross a daily usage-reset boundary
const DAY0 = 86400 * 20000;

// site factors of one's own: one fixed per job, one that changes at each recalculation
const NARROW_FIRST: SiteFactor = { name: "narrow first", value: (job) => (job.nodes <= 2 ? 5e5 : 0) };
const WAITED_MINUTES: SiteFactor = {
  name: "waited",
  value: (job, now) => 37 * Math.floor((now - job.submit) / 60),
};

const jobArb = fc.record({
  submit: fc.integer({ min: 0, max: 4000 }),
  nodes: fc.integer({ min: 1, max: W }),
  procs: fc.integer({ min: 1, max: 4 }),
  limit: fc.integer({ min: 60, max: 1800 }),
  runtime: fc.integer({ min: 0, max: 2000 }),
  user: fc.constantFrom("u1", "u2", "u3", "u4", "u5", "u6"),
  qos: fc.constantFrom("normal", "high", "other"),
});
const workloadArb = fc.array(jobArb, { minLength: 1, maxLength: 60 }).map((js) =>
  js.map((j, i): SimJobInput => ({
    id: `j${i}`,
    ...j,
    submit: DAY0 - 1500 + j.submit,
    procs: j.nodes * j.procs,
    account: ACCOUNT[j.user],
  })),
);
const optionsArb: fc.Arbitrary<SlurmPriorityOptions> = fc.record({
  fairShare: fc.constantFrom<SlurmPriorityOptions["fairShare"]>(
    "fair-tree",
    "fair-tree-thesis",
    "classic",
    "level-based",
  ),
  calcPeriod: fc.constantFrom(30, 60, 300),
  weights: fc.constantFrom(
    { age: 1000, jobSize: 1000, fairShare: 10000, qos: 0 },
    { age: 1e5, jobSize: 1e5, fairShare: 1e4, qos: 1e6 },
    { age: 0, jobSize: 0, fairShare: 1000, qos: 0 },
  ),
  usage: fc.record({
    halfLifeSeconds: fc.constantFrom(0, 600, 604800),
    decayModel: fc.constantFrom<"slurm" | "exact">("slurm", "exact"),
    resetPeriod: fc.constantFrom<"NONE" | "DAILY">("NONE", "DAILY"),
  }),
  maxAgeSeconds: fc.constantFrom(1800, 604800),
  favorSmall: fc.boolean(),
  qos: fc.constant(QOS),
  siteFactor: fc.constantFrom<SiteFactor | undefined>(undefined, NARROW_FIRST, WAITED_MINUTES),
});
const specArb = fc.constantFrom<SchedulerSpec>(
  { name: "slurm" },
  { name: "slurm", bfMaxJobTest: 3, defaultQueueDepth: 2, head: "unmod" },
  { name: "easy" },
  { name: "conservative" },
);

function run(
  jobs: SimJobInput[],
  spec: SchedulerSpec,
  options: SlurmPriorityOptions,
  model: (o: SlurmPriorityOptions) => PriorityModel,
  wrap?: (s: Scheduler) => Scheduler,
): SimResult {
  const scheduler = createScheduler(spec);
  return simulate(jobs, {
    nodes: W,
    coresPerNode: 4,
    scheduler: wrap ? wrap(scheduler) : scheduler,
    priority: model(options),
    snapshotAt: DAY0,
  });
}

describe("slurmPriority gives the reference model's schedule exactly (test/sim/oracles/slurm-priority-reference.ts)", () => {
  it("same start and end times, priorities and sprio snapshot on random multi-user workloads", () => {
    fc.assert(
      fc.property(workloadArb, specArb, optionsArb, (jobs, spec, options) => {
        const fast = run(jobs, spec, options, slurmPriority);
        const ref = run(jobs, spec, options, (o) => referenceSlurmPriority(o, { libModel: LIB_MODEL }));
        expect(Array.from(fast.start)).toEqual(Array.from(ref.start));
        expect(Array.from(fast.end)).toEqual(Array.from(ref.end));
        expect(Array.from(fast.priority)).toEqual(Array.from(ref.priority));
        expect(sprioDifference(fast.sprio, ref.sprio)).toBeUndefined();
        expect(fast.priorityModel).toBe(ref.priorityModel);
      }),
      { numRuns: 120, seed: 11 },
    );
  });

  it("a site factor of one's own goes into the priority as it is and into sprio, and names the model", () => {
    // three one-node jobs on a one-node machine: a runs first; then b (submitted first) would, but
    // the site factor puts c ahead
    const jobs: SimJobInput[] = [
      { id: "a", submit: 0, nodes: 1, limit: 600, runtime: 600, user: "u1", account: "a" },
      { id: "b", submit: 1, nodes: 1, limit: 600, runtime: 600, user: "u1", account: "a" },
      { id: "c", submit: 2, nodes: 1, limit: 600, runtime: 600, user: "u1", account: "a" },
    ];
    const favourC: SiteFactor = { name: "favour c", value: (job) => (job.id === "c" ? 1e6 : 0) };
    const priority = slurmPriority({ siteFactor: favourC, calcPeriod: 60 });
    const r = simulate(jobs, {
      nodes: 1,
      scheduler: createScheduler({ name: "slurm" }),
      priority,
      snapshotAt: 300,
    });
    expect(Array.from(r.start)).toEqual([0, 1200, 600]);
    expect(r.priorityModel).toBe("slurm-multifactor(fair-tree) site favour c");
    const row = (id: string) => r.sprio!.rows.find((x) => x.id === id)!;
    expect([row("b").factors.site, row("c").factors.site]).toEqual([0, 1e6]);
    expect(row("c").priority - row("b").priority).toBe(1e6);
    expect(() => slurmPriority({ siteFactor: { name: "", value: () => 0 } })).toThrow(
      /^invalid siteFactor: .*; expected \{ name, value\(job, now\) \} with a name$/,
    );
  });

  it("rejects an unknown fair-share algorithm and a job whose user is not in the given associations", () => {
    expect(() => slurmPriority({ fairShare: "turbo" as "classic" })).toThrow(
      /^invalid fairShare: "turbo"; expected one of "fair-tree", "fair-tree-thesis", "classic", "level-based"/,
    );
    const jobs: SimJobInput[] = [{ id: "x", submit: 0, nodes: 1, limit: 60, runtime: 10, user: "nobody" }];
    const associations = [{ entity: "someone", parent: "root", kind: "user" as const, shares: 1 }];
    for (const make of [slurmPriority, referenceSlurmPriority]) {
      expect(() =>
        simulate(jobs, {
          nodes: 1,
          scheduler: createScheduler({ name: "slurm" }),
          priority: make({ associations }),
        }),
      ).toThrow(/invalid user of job x: "nobody"; expected a user in the association tree/);
    }
  });
});

describe("the engine's cached queue order (insert on submit, re-sort after recalculation)", () => {
  it("equals a fresh sort of the pending jobs at every scheduler call", () => {
    fc.assert(
      fc.property(workloadArb, specArb, optionsArb, (jobs, spec, options) => {
        let checked = 0;
        const wrap = (s: Scheduler): Scheduler => ({
          ...s,
          run(ctx, flags) {
            const fresh = ctx
              .pending()
              .slice()
              .sort(
                (a, b) =>
                  ctx.priorityOf(b) - ctx.priorityOf(a) || ctx.jobs[a].submit - ctx.jobs[b].submit || a - b,
              );
            expect(ctx.pendingByPriority()).toEqual(fresh);
            checked++;
            s.run(ctx, flags);
          },
        });
        run(jobs, spec, options, slurmPriority, wrap);
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});

describe("default associations on real clusters' users", () => {
  it("users named root, or in two accounts, become user@account associations (Slurm keeps one per user and account)", async () => {
    const { associationsFromJobs, needsQualifiedUsers } = await import("../../lib/sim/slurm-associations");
    const job = (user: string, account: string) =>
      ({ user, account }) as unknown as Parameters<typeof needsQualifiedUsers>[0][number];
    expect(needsQualifiedUsers([job("alice", "phys"), job("bob", "chem")])).toBe(false);
    expect(needsQualifiedUsers([job("root", "phys")])).toBe(true);
    expect(needsQualifiedUsers([job("alice", "phys"), job("alice", "chem")])).toBe(true);
    expect(
      associationsFromJobs([job("root", "phys"), job("root", "chem")], true).map((r) => r.entity),
    ).toEqual(["acct:phys", "root@phys", "acct:chem", "root@chem"]);
  });
});
