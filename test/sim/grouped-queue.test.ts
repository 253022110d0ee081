/**
 * The grouped queue (lib/sim/grouped-queue.ts) changes how the engine keeps the queue under the
 * multifactor priority, not the schedule: its walks must give the pending jobs sorted from scratch,
 * and a simulation must start the same jobs at the same instants on the same nodes, with the same
 * priorities, as with the whole queue re-sorted each PriorityCalcPeriod (`sortedQueue: true`) — on
 * random workloads and on a prefix of every shared trace.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSwfCached } from "../../lib/io/swf-cache";
import { swfMachine } from "../../lib/io/swf-jobs";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { GroupedQueue } from "../../lib/sim/grouped-queue";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import type { SlurmPriorityOptions } from "../../lib/sim/slurm-priority-options";
import { jobsFromSwf } from "../../lib/sim/swf-workload";

/** A literal model: group g has base 10·g; at a recalculation at t a job's priority is base + min(age, 50); at submit, base. */
function literalQueue(groups: number[], chunk?: number) {
  const n = groups.length;
  const prio = new Float64Array(n), submit = Float64Array.from(groups, (_, j) => j), rank = Int32Array.from(groups, (_, j) => j);
  const pending = new Set<number>();
  let t = NaN, recalced = 0; // jobs below `recalced` were pending or done at the last recalculation
  const q = new GroupedQueue(n, {
    prio, submit, rank,
    group: (j) => groups[j],
    refresh: (j) => void (prio[j] = 10 * groups[j] + Math.min(Math.max(0, t - j), 50)),
    isPending: (j) => pending.has(j),
  }, chunk);
  return {
    q,
    submit(j: number) {
      prio[j] = 10 * groups[j];
      pending.add(j);
      q.add(j);
    },
    start(j: number) {
      q.remove(j);
      pending.delete(j);
    },
    recalc(now: number, submittedSoFar: number) {
      t = now;
      recalced = submittedSoFar;
      q.recalculated();
    },
    /** The pending jobs sorted from scratch by the engine's order, each priority from the model's definition. */
    fresh(): number[] {
      const p = (j: number) => 10 * groups[j] + (j < recalced ? Math.min(Math.max(0, t - j), 50) : 0);
      return [...pending].sort((a, b) => p(b) - p(a) || a - b);
    },
  };
}

describe("GroupedQueue", () => {
  it("walks a literal queue in priority order, within a group in submit order", () => {
    const l = literalQueue([0, 1, 0, 1, 2]);
    for (let j = 0; j < 5; j++) l.submit(j);
    expect(l.q.all()).toEqual([4, 1, 3, 0, 2]); // at submit: base only, ties by submit
    l.recalc(30, 5); // ages 30, 29, 28, 27, 26 → 30, 39, 28, 37, 46
    expect(l.q.all()).toEqual([4, 1, 3, 0, 2]);
    l.recalc(100, 5); // ages ≥ 50 → 50, 60, 50, 60, 70
    const seen: number[] = [];
    l.q.each((j) => (seen.push(j), seen.length < 2));
    expect(seen).toEqual([4, 1]);
    l.start(1);
    expect(l.q.all()).toEqual([4, 3, 0, 2]);
    expect(l.q.size).toBe(4);
  });

  it("refuses a walk inside a walk", () => {
    const l = literalQueue([0, 0]);
    l.submit(0);
    l.submit(1);
    expect(() => l.q.each(() => (l.q.each(() => true), true))).toThrow(/queue walk started inside another/);
  });

  it("property: every walk equals a fresh sort, whatever mix of submits, starts and recalculations came before", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("submit" as const), group: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant("start" as const), pick: fc.oneof(fc.constant(0), fc.nat()), during: fc.boolean() }), // often the head
      fc.record({ kind: fc.constant("recalc" as const), dt: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant("walk" as const), take: fc.integer({ min: 1, max: 20 }) }),
    );
    fc.assert(fc.property(fc.array(op, { minLength: 20, maxLength: 120 }), (ops) => {
      const groups = ops.map((o) => (o.kind === "submit" ? o.group : 0));
      const l = literalQueue(groups, 1); // the prefix grows one job at a time: walks read only what they need
      let submitted = 0, now = 0;
      for (const o of ops) {
        if (o.kind === "submit") l.submit(submitted++); // job j is submitted at time j
        else if (o.kind === "recalc") {
          now = Math.max(now + o.dt, submitted);
          l.recalc(now, submitted);
        } else if (o.kind === "start") {
          const fresh = l.fresh();
          if (fresh.length === 0) continue;
          const j = fresh[o.pick % fresh.length];
          if (o.during) l.q.each((x) => (x === j ? (l.start(x), false) : true)); // started by the walk visiting it
          else l.start(j);
        } else {
          const want = l.fresh().slice(0, o.take), got: number[] = [];
          l.q.each((j) => (got.push(j), got.length < o.take));
          expect(got).toEqual(want);
        }
      }
      expect(l.q.all()).toEqual(l.fresh());
    }), { seed: 17, numRuns: 1000 });
  });
});

/** Same schedule, priorities, node lists, passes and sprio snapshot with the grouped and the sorted queue. */
function same(jobs: readonly SimJobInput[], nodes: number, spec: SchedulerSpec, prio: SlurmPriorityOptions, snapshotAt?: number): void {
  const run = (sortedQueue: boolean) => simulate(jobs, { nodes, scheduler: createScheduler(spec), priority: slurmPriority(prio), sortedQueue, snapshotAt });
  const a = run(false), b = run(true);
  expect(a.passes).toBe(b.passes);
  let diff = -1;
  for (let i = 0; i < a.start.length && diff < 0; i++) if (!Object.is(a.start[i], b.start[i]) || !Object.is(a.priority[i], b.priority[i])) diff = i;
  expect(diff, `${JSON.stringify(spec)}: first different start or priority at job ${diff}`).toBe(-1);
  expect(a.nodeLists).toEqual(b.nodeLists);
  expect(a.sprio).toEqual(b.sprio);
}

describe("engine: the grouped queue gives the sorted queue's schedule", () => {
  const SPECS: SchedulerSpec[] = [
    { name: "slurm", bfInterval: 30 },
    { name: "slurm", bfInterval: 30, placement: "counts", head: "unmod" },
    { name: "slurm", backfill: false, defaultQueueDepth: 2 },
    { name: "slurm", bfMaxJobTest: 3, bfInterval: 7, bfMaxJobUser: 2 },
  ];
  const PRIORITIES: SlurmPriorityOptions[] = [
    { calcPeriod: 120 },
    { calcPeriod: 60, favorSmall: true, maxAgeSeconds: 600 },
    { calcPeriod: 0 },
    { calcPeriod: 90, accounting: false, weights: { age: 1000, jobSize: 3000, fairShare: 0, qos: 0 } },
  ];

  it("property: random workloads, 4 Slurm knob sets × 4 multifactor settings", () => {
    const job = fc.record({ submit: fc.integer({ min: 0, max: 3000 }), nodes: fc.integer({ min: 1, max: 8 }), limit: fc.integer({ min: 1, max: 40 }), run: fc.integer({ min: 0, max: 40 }), user: fc.integer({ min: 0, max: 3 }) });
    fc.assert(fc.property(fc.array(job, { minLength: 1, maxLength: 50 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (list, s, p) => {
      const jobs: SimJobInput[] = list.map((j, k) => ({ id: `j${k}`, submit: j.submit, nodes: j.nodes, limit: j.limit * 60, runtime: Math.min(j.run, j.limit) * 60, user: `u${j.user}`, account: `a${j.user % 2}` }));
      same(jobs, 8, SPECS[s], PRIORITIES[p], 1500);
    }), { seed: 23, numRuns: 300 });
  });

  it("a formula priority keeps the sorted queue (no groups)", () => {
    expect(slurmPriority({ formula: "1000*age" }).queueGroup).toBeUndefined();
    expect(typeof slurmPriority().queueGroup).toBe("function");
  });

  const dir = path.resolve("..", "shared", "traces");
  const traces = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.swf(\.gz)?$/.test(f)).sort() : [];
  if (traces.length === 0) console.warn(`skipping the trace prefixes: no shared traces in ${dir}`);
  for (const f of traces) {
    it(`${f}: the first 2,500 jobs give the same schedule (Slurm + multifactor, node and count placement)`, () => {
      const { trace } = readSwfCached(path.join(dir, f));
      const m = swfMachine(trace);
      const { jobs } = jobsFromSwf(trace, { nodes: m.nodes, coresPerNode: m.coresPerNode });
      const head = jobs.slice(0, 2500);
      same(head, m.nodes, { name: "slurm" }, {});
      same(head, m.nodes, { name: "slurm", placement: "counts", head: "unmod" }, { calcPeriod: 60 });
    }, 120_000);
  }
});
