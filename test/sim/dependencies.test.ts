import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { DEPENDENCY_NEVER_SATISFIED } from "../../lib/sim/dependencies";
import { simulate, type SimResult } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmPriority } from "../../lib/sim/slurm-priority";

const W = 8;

const specArb: fc.Arbitrary<SchedulerSpec> = fc.constantFrom<SchedulerSpec>(
  { name: "fcfs" },
  { name: "easy" },
  { name: "easy", head: "unmod" },
  { name: "conservative" },
  { name: "slurm", bfInterval: 30, bfResolution: 10 },
);

// jobs j0..jn-1; job i may depend on any earlier job (a DAG), with the given probability per edge
const dagArb = fc
  .array(
    fc.record({
      submit: fc.integer({ min: 0, max: 600 }),
      nodes: fc.integer({ min: 1, max: W }),
      limit: fc.integer({ min: 1, max: 400 }),
      runtime: fc.integer({ min: 0, max: 500 }),
      user: fc.constantFrom("u1", "u2"),
      preds: fc.array(fc.nat(), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((js) =>
    js.map(({ preds, ...j }, i): SimJobInput => {
      const dependsOn = i === 0 ? [] : [...new Set(preds.map((p) => `j${p % i}`))];
      return { id: `j${i}`, ...j, ...(dependsOn.length > 0 ? { dependsOn } : {}) };
    }),
  );

function run(jobs: readonly SimJobInput[], spec: SchedulerSpec, multifactor = false): SimResult {
  return simulate(jobs, {
    nodes: W,
    scheduler: createScheduler(spec),
    priority: multifactor
      ? slurmPriority({ weights: { age: 1000, jobSize: 1000, fairShare: 10000, qos: 0 }, calcPeriod: 60 })
      : undefined,
  });
}

describe("dependencies (afterok)", () => {
  it("no job starts before its submit and every predecessor's end; a failed predecessor means never", () => {
    fc.assert(
      fc.property(dagArb, specArb, fc.boolean(), (jobs, spec, mf) => {
        const r = run(jobs, spec, mf);
        const at = new Map(r.jobs.map((j, i) => [j.id, i]));
        const lost = new Set(
          r.rejected.filter((x) => x.reason === DEPENDENCY_NEVER_SATISFIED).map((x) => x.id),
        );
        r.jobs.forEach((j, i) => {
          const preds = (j.dependsOn ?? []).map((id) => at.get(id)!);
          const completed = preds.every(
            (p) => !lost.has(r.jobs[p].id) && r.jobs[p].runtime <= r.jobs[p].limit,
          );
          if (!completed) {
            expect(lost.has(j.id)).toBe(true);
            expect(r.start[i]).toBeNaN();
            return;
          }
          const eligible = Math.max(j.submit, ...preds.map((p) => r.end[p]));
          expect(r.eligible?.[i] ?? j.submit).toBe(eligible);
          expect(r.start[i]).toBeGreaterThanOrEqual(eligible);
          expect(lost.has(j.id)).toBe(false);
        });
        expect(r.rejected.length).toBe(lost.size);
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it("a chain of n jobs runs in order, each after the previous ended", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ nodes: fc.integer({ min: 1, max: W }), runtime: fc.integer({ min: 0, max: 300 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.array(
          fc.record({ nodes: fc.integer({ min: 1, max: W }), runtime: fc.integer({ min: 1, max: 300 }) }),
          {
            maxLength: 10,
          },
        ),
        specArb,
        (chain, background, spec) => {
          const jobs: SimJobInput[] = [
            ...chain.map((c, k) => ({
              id: `c${k}`,
              submit: 0,
              limit: c.runtime + 10,
              ...c,
              ...(k > 0 ? { dependsOn: [`c${k - 1}`] } : {}),
            })),
            ...background.map((b, k) => ({ id: `b${k}`, submit: k, limit: b.runtime, ...b })),
          ];
          const r = run(jobs, spec);
          expect(r.rejected).toEqual([]);
          for (let k = 1; k < chain.length; k++) {
            expect(r.eligible![k]).toBe(r.end[k - 1]);
            expect(r.start[k]).toBeGreaterThanOrEqual(r.end[k - 1]);
          }
        },
      ),
      { numRuns: 200, seed: 5 },
    );
  });

  it("dependencies satisfied before their job's submit leave the schedule unchanged", () => {
    // the only guarantee of the kind "never earlier": a dependency that is met at submit changes
    // nothing; one that holds a job back may let other jobs start earlier (the example below)
    fc.assert(
      fc.property(dagArb, specArb, fc.boolean(), (jobs, spec, mf) => {
        const plain = jobs.map(({ dependsOn: _, ...j }) => j);
        const base = run(plain, spec, mf);
        const at = new Map(plain.map((j, i) => [j.id, i]));
        // keep only the predecessors that completed before the job's submit in the plain run
        const met = jobs.map((j) => {
          const keep = (j.dependsOn ?? []).filter((id) => {
            const p = at.get(id)!;
            return plain[p].runtime <= plain[p].limit && base.end[p] <= j.submit;
          });
          return keep.length > 0 ? { ...j, dependsOn: keep } : plain[at.get(j.id)!];
        });
        const r = run(met, spec, mf);
        expect(Array.from(r.start)).toEqual(Array.from(base.start));
        expect(Array.from(r.priority)).toEqual(Array.from(base.priority));
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it("a held job may let another start earlier than without the dependency", () => {
    // FCFS, 2 nodes: B (2 nodes) heads the queue behind A; C (1 node) waits behind B unless B is held
    const jobs: SimJobInput[] = [
      { id: "A", submit: 0, nodes: 1, limit: 100, runtime: 100 },
      { id: "B", submit: 1, nodes: 2, limit: 10, runtime: 10 },
      { id: "C", submit: 2, nodes: 1, limit: 10, runtime: 10 },
    ];
    const without = simulate(jobs, { nodes: 2, scheduler: createScheduler({ name: "fcfs" }) });
    const withDep = simulate(
      jobs.map((j) => (j.id === "B" ? { ...j, dependsOn: ["A"] } : j)),
      { nodes: 2, scheduler: createScheduler({ name: "fcfs" }) },
    );
    expect(Array.from(without.start)).toEqual([0, 100, 110]);
    expect(Array.from(withDep.start)).toEqual([0, 100, 2]);
    expect(Array.from(withDep.eligible!)).toEqual([0, 100, 2]);
  });

  it("a dependant itself may start earlier than without its dependency (a counterexample found by search)", () => {
    // FCFS, 8 nodes: holding d1 back leaves room for p at its submit, so d0 (after p) starts at 1, not 2
    const jobs: SimJobInput[] = [
      { id: "p", submit: 1, nodes: 4, limit: 1, runtime: 0 },
      { id: "d0", submit: 1, nodes: 1, limit: 1, runtime: 0, dependsOn: ["p"] },
      { id: "x", submit: 0, nodes: 4, limit: 2, runtime: 2 },
      { id: "d1", submit: 0, nodes: 1, limit: 2, runtime: 2, dependsOn: ["p"] },
    ];
    const fcfs = () => ({ nodes: 8, scheduler: createScheduler({ name: "fcfs" }) });
    const withDep = simulate(jobs, fcfs());
    const without = simulate(
      jobs.map(({ dependsOn: _, ...j }) => j),
      fcfs(),
    );
    expect(Array.from(without.start)).toEqual([2, 2, 0, 0]);
    expect(Array.from(withDep.start)).toEqual([1, 1, 0, 1]);
  });

  it("a predecessor killed at its limit leaves its dependants, transitively, never eligible", () => {
    const jobs: SimJobInput[] = [
      { id: "A", submit: 0, nodes: 1, limit: 10, runtime: 20 },
      { id: "B", submit: 0, nodes: 1, limit: 10, runtime: 5, dependsOn: ["A"] },
      { id: "C", submit: 50, nodes: 1, limit: 10, runtime: 5, dependsOn: ["B"] },
      { id: "D", submit: 0, nodes: 1, limit: 10, runtime: 5 },
    ];
    const r = simulate(jobs, { nodes: 2, scheduler: createScheduler({ name: "easy" }), trace: true });
    expect(r.rejected).toEqual([
      { id: "B", reason: DEPENDENCY_NEVER_SATISFIED },
      { id: "C", reason: DEPENDENCY_NEVER_SATISFIED },
    ]);
    expect(Array.from(r.start)).toEqual([0, NaN, NaN, 0]);
    expect(Array.from(r.eligible!)).toEqual([0, NaN, NaN, 0]);
  });

  it("no dependencies: no eligible times in the result", () => {
    const r = simulate([{ id: "A", submit: 0, nodes: 1, limit: 10, runtime: 5 }], {
      nodes: 1,
      scheduler: createScheduler({ name: "fcfs" }),
    });
    expect(r.eligible).toBeUndefined();
  });

  it("refuses unknown ids, self-dependencies and cycles, naming the job's dependsOn", () => {
    const sim = (jobs: SimJobInput[]) =>
      simulate(jobs, { nodes: 1, scheduler: createScheduler({ name: "fcfs" }) });
    const job = (id: string, dependsOn?: string[]): SimJobInput => ({
      id,
      submit: 0,
      nodes: 1,
      limit: 1,
      runtime: 1,
      dependsOn,
    });
    expect(() => sim([job("a", ["x"])])).toThrow(
      /^invalid jobs\[0\]\.dependsOn: \["x"\]; expected ids of jobs in the workload \(no x\)$/,
    );
    expect(() => sim([job("a"), job("b", ["b"])])).toThrow(
      /^invalid jobs\[1\]\.dependsOn: \["b"\]; expected no dependency of b on itself$/,
    );
    expect(() => sim([job("a", ["c"]), job("b", ["a"]), job("c", ["b"])])).toThrow(
      /^invalid jobs\[\d\]\.dependsOn: .*; expected no cycle \((a|b|c)( → (a|b|c)){3}\)$/,
    );
    expect(() => sim([{ ...job("a"), dependsOn: "b" as never }])).toThrow(
      /^invalid jobs\[0\]\.dependsOn: "b"; expected an array of job ids$/,
    );
  });
});
