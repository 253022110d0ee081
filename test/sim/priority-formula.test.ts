import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate, type SimResult } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import type { SlurmPriorityOptions } from "../../lib/sim/slurm-priority-options";
import type { PriorityModel } from "../../lib/sim/priority";
import { LIB_MODEL, referenceSlurmPriority, sprioDifference } from "./oracles/slurm-priority-reference";

const W = 12;
const ACCOUNT: Record<string, string> = { u1: "a", u2: "a", u3: "b", u4: "c" };
const jobArb = fc.record({
  submit: fc.integer({ min: 0, max: 4000 }),
  nodes: fc.integer({ min: 1, max: W }),
  limit: fc.integer({ min: 60, max: 1800 }),
  runtime: fc.integer({ min: 0, max: 2000 }),
  user: fc.constantFrom("u1", "u2", "u3", "u4"),
});
const workloadArb = fc
  .array(jobArb, { minLength: 1, maxLength: 50 })
  .map((js) =>
    js.map((j, i): SimJobInput => ({ id: `j${i}`, ...j, procs: j.nodes * 4, account: ACCOUNT[j.user] })),
  );
const formulaArb = fc.constantFrom(
  "1000*age + 2000*fairshare + 500*size",
  "1e5*fairshare^2 + 1e4*min(age, 0.5) - 100*size",
  "age > 0.1 ? 5000*fairshare : 10*size",
);

const MODELS: Record<"lib" | "reference", (o: SlurmPriorityOptions) => PriorityModel> = {
  lib: slurmPriority,
  reference: (o) => referenceSlurmPriority(o, { libModel: LIB_MODEL }),
};

function run(
  jobs: SimJobInput[],
  options: SlurmPriorityOptions,
  model: keyof typeof MODELS = "lib",
): SimResult {
  return simulate(jobs, {
    nodes: W,
    coresPerNode: 4,
    scheduler: createScheduler({ name: "slurm" }),
    priority: MODELS[model]({ calcPeriod: 60, maxAgeSeconds: 1800, ...options }),
    snapshotAt: 600,
  });
}

describe("slurmPriority formula", () => {
  it("lib's model gives the reference's schedule exactly with a custom formula", () => {
    fc.assert(
      fc.property(workloadArb, formulaArb, fc.boolean(), (jobs, formula, favorSmall) => {
        const fast = run(jobs, { formula, favorSmall });
        const ref = run(jobs, { formula, favorSmall }, "reference");
        expect(Array.from(fast.start)).toEqual(Array.from(ref.start));
        expect(Array.from(fast.priority)).toEqual(Array.from(ref.priority));
        expect(sprioDifference(fast.sprio, ref.sprio)).toBeUndefined();
        expect(fast.priorityModel).toBe(`slurm-multifactor(fair-tree) formula ${formula}`);
      }),
      { numRuns: 60 },
    );
  });
  it("an empty formula is today's weighted sum, byte for byte", () => {
    fc.assert(
      fc.property(workloadArb, fc.constantFrom<keyof typeof MODELS>("lib", "reference"), (jobs, model) => {
        const none = run(jobs, {}, model);
        const empty = run(jobs, { formula: "" }, model);
        expect(
          JSON.stringify({ ...empty, start: Array.from(empty.start), priority: Array.from(empty.priority) }),
        ).toBe(
          JSON.stringify({ ...none, start: Array.from(none.start), priority: Array.from(none.priority) }),
        );
      }),
      { numRuns: 40 },
    );
  });
  it("the formula changes the order: fair share alone vs size alone", () => {
    const jobs: SimJobInput[] = [
      { id: "big", submit: 0, nodes: W, procs: W * 4, limit: 600, runtime: 600, user: "u1", account: "a" },
      { id: "small", submit: 0, nodes: 1, procs: 4, limit: 600, runtime: 600, user: "u3", account: "b" },
    ];
    // at t = 0 both users have no usage; "size" favours the big job, "1 - size" the small one
    expect(run(jobs, { formula: "1000*size" }).start[0]).toBe(0);
    expect(run(jobs, { formula: "1000*(1 - size)" }).start[1]).toBe(0);
    expect(run(jobs, { formula: "1000*(1 - size)" }).start[0]).toBe(600);
  });
  it("refuses a bad formula by the option's name", () => {
    expect(() => slurmPriority({ formula: "2*fairshar" })).toThrow(
      /^invalid formula: "2\*fairshar"; unknown symbol "fairshar"; expected an expression in age, fairshare, size, partition, qos$/,
    );
  });
});
