/**
 * The pending queue (lib/sim/pending-queue.ts) against a plain sort (test/sim/oracles/sorted-pending.ts):
 * after any mix of submits, starts (inside and outside walks), priority recalculations and walks
 * that stop early or test (nodes, limit), every walk visits what a walk over the pending jobs sorted
 * from scratch visits, the whole order and the submit order equal the oracle's, and every priority
 * the queue computes on demand equals the one a full recalculation writes — with queue groups
 * (lazy priorities), without (each job alone, priorities written at once) and under a constant
 * priority (one group).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PendingQueue } from "../../lib/sim/pending-queue";
import { sortedPending, walkSorted } from "./oracles/sorted-pending";

type Mode = "groups" | "alone" | "constant";

/**
 * A literal model over n jobs submitted three at a time at 0, 1, 2… (ties by index): with groups, group g has base 10·g and
 * at a recalculation at t a job's priority is base + min(t − submit, 50) (at submit: the base);
 * alone, each recalculation writes a pseudo-random priority per job; constant: 0.
 */
function literal(mode: Mode, groups: readonly number[], nodes: readonly number[], limit: readonly number[]) {
  const n = groups.length;
  const prio = new Float64Array(n),
    truth = new Float64Array(n); // what a full recalculation writes
  const submit = Float64Array.from(groups, (_, j) => Math.floor(j / 3));
  const pending = new Set<number>();
  let t = NaN,
    calcs = 0,
    next = 0;
  const atCalc = (j: number) =>
    mode === "groups"
      ? 10 * groups[j] + Math.min(t - submit[j], 50)
      : mode === "alone"
        ? ((j * 7919 + calcs * 104729) % 97) - 40
        : 0;
  const q = new PendingQueue(n, {
    prio,
    submit,
    nodes: Float64Array.from(nodes),
    limit: Float64Array.from(limit),
    group: (j) => (mode === "groups" ? groups[j] : mode === "alone" ? j : 0),
    refresh: mode === "groups" ? (j) => void (prio[j] = atCalc(j)) : undefined,
    isPending: (j) => pending.has(j),
  });
  return {
    q,
    prio,
    truth,
    pending,
    get submitted() {
      return next;
    },
    submit() {
      const j = next++;
      prio[j] = truth[j] = mode === "groups" ? 10 * groups[j] : mode === "alone" ? (j * 31) % 13 : 0;
      pending.add(j);
      q.add(j);
    },
    start(j: number) {
      q.remove(j);
      pending.delete(j);
    },
    recalc() {
      t = next > 0 ? submit[next - 1] + 1 : 0; // an instant after the last submit
      calcs++;
      for (const j of pending) {
        truth[j] = atCalc(j);
        if (mode !== "groups") prio[j] = truth[j];
      }
      q.recalculated();
    },
    order: () => sortedPending(pending, truth, submit),
  };
}

const OPS = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant("submit" as const), k: fc.integer({ min: 1, max: 150 }) }),
    fc.record({ op: fc.constant("start" as const), pick: fc.nat() }),
    fc.record({ op: fc.constant("recalc" as const) }),
    fc.record({
      op: fc.constant("walk" as const),
      stopAfter: fc.integer({ min: 1, max: 300 }),
      startEvery: fc.integer({ min: 1, max: 4 }),
      other: fc.boolean(), // also start the last pending job in the oracle's order during the walk
      test: fc.option(
        fc.record({
          free: fc.integer({ min: 0, max: 12 }),
          extra: fc.integer({ min: 0, max: 8 }),
          shadow: fc.integer({ min: 0, max: 400 }),
        }),
      ),
    }),
    fc.record({ op: fc.constant("all" as const) }),
  ),
  { minLength: 1, maxLength: 40, size: "large" },
);

describe("PendingQueue", () => {
  it("orders by priority, then submit, then index; a group's jobs keep their submit order", () => {
    const l = literal("groups", [0, 1, 0, 1, 2], [1, 1, 1, 1, 1], [60, 60, 60, 60, 60]);
    for (let j = 0; j < 5; j++) l.submit();
    expect(l.q.all()).toEqual([4, 1, 3, 0, 2]); // at submit: base only, ties by submit
    l.recalc(); // t = 2: ages 2, 2, 2, 1, 1 → 2, 12, 2, 11, 21 (jobs 0 and 2 tie: submit, then index)
    expect(l.q.all()).toEqual([4, 1, 3, 0, 2]);
    const seen: number[] = [];
    l.q.each((j) => (seen.push(j), seen.length < 2));
    expect(seen).toEqual([4, 1]);
    l.start(1);
    expect(l.q.all()).toEqual([4, 3, 0, 2]);
    expect(l.q.size).toBe(4);
    expect(l.q.inSubmitOrder()).toEqual([0, 2, 3, 4]);
  });

  it("breaks ties by submit time, then by job index, across groups", () => {
    const prio = Float64Array.from([5, 5, 7, 5, 5]),
      submit = Float64Array.from([10, 0, 10, 10, 0]),
      one = new Float64Array(5).fill(1);
    const q = new PendingQueue(5, {
      prio,
      submit,
      nodes: one,
      limit: one,
      group: (j) => j, // each job alone
      isPending: () => true,
    });
    for (const j of [1, 4, 0, 2, 3]) q.add(j); // in submit order, then index
    expect(q.all()).toEqual([2, 1, 4, 0, 3]);
    q.recalculated();
    const seen: number[] = [];
    q.each((j) => (seen.push(j), true));
    expect(seen).toEqual([2, 1, 4, 0, 3]);
  });

  it("a walk with a test visits only the jobs it lets through", () => {
    const l = literal("constant", [0, 0, 0, 0], [4, 1, 3, 1], [600, 60, 60, 600]);
    for (let j = 0; j < 4; j++) l.submit();
    const seen: number[] = [];
    l.q.each(
      (j) => (seen.push(j), true),
      (nodes, limit) => nodes <= 3 && limit <= 60,
    );
    expect(seen).toEqual([1, 2]);
  });

  it("refuses a walk or a whole read inside a walk, and a recalculation during one", () => {
    const l = literal("constant", [0, 0], [1, 1], [60, 60]);
    l.submit();
    l.submit();
    expect(() => l.q.each(() => (l.q.each(() => true), true))).toThrow(
      /^invariant violated: a queue walk started inside another$/,
    );
    expect(() => l.q.each(() => (l.q.all(), true))).toThrow(
      /^invariant violated: the whole queue read during a queue walk$/,
    );
    expect(() => l.q.each(() => (l.q.recalculated(), true))).toThrow(
      /^invariant violated: priorities recalculated during a queue walk$/,
    );
  });

  it("refuses a group outside [0, jobs) and a group whose submit order is not its queue order", () => {
    const prio = new Float64Array(3),
      one = new Float64Array(3).fill(1);
    const host = (group: (j: number) => number) => ({
      prio,
      submit: new Float64Array(3),
      nodes: one,
      limit: one,
      group,
      isPending: () => true,
    });
    expect(() =>
      new PendingQueue(
        3,
        host(() => 3),
      ).add(0),
    ).toThrow(/^invariant violated: queue group 3 of job 0 outside \[0, 3\)$/);
    const q = new PendingQueue(
      3,
      host(() => 0),
    );
    q.add(0);
    q.recalculated(); // job 0 back in its list: later submits go to the lists
    q.add(1);
    prio[2] = 5;
    expect(() => q.add(2)).toThrow(
      /^invariant violated: job 2 goes before job 1 submitted earlier in queue group 0$/,
    );
  });

  it("refuses to start a job it does not hold", () => {
    const l = literal("constant", [0, 0], [1, 1], [60, 60]);
    l.submit();
    l.q.all();
    expect(() => l.q.remove(1)).toThrow(/^invariant violated: started job 1 not in the queue$/);
  });

  for (const mode of ["groups", "alone", "constant"] as const)
    it(`property (${mode}): walks, the whole order and computed priorities equal a plain sort`, () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              group: fc.nat(),
              // mostly wide, long jobs, so that a walk with a test skips runs of blocks
              nodes: fc.oneof(
                { arbitrary: fc.integer({ min: 9, max: 16 }), weight: 9 },
                fc.integer({ min: 1, max: 8 }),
              ),
              limit: fc.oneof(
                { arbitrary: fc.integer({ min: 300, max: 500 }), weight: 9 },
                fc.integer({ min: 1, max: 299 }),
              ),
            }),
            { minLength: 1, maxLength: 600, size: "large" },
          ),
          OPS,
          (jobs, ops) => {
            const nodes = jobs.map((j) => j.nodes),
              limit = jobs.map((j) => j.limit);
            const l = literal(
              mode,
              jobs.map((j) => j.group % Math.min(6, jobs.length)), // groups are in [0, jobs)
              nodes,
              limit,
            );
            for (const o of ops) {
              if (o.op === "submit") {
                for (let k = 0; k < o.k && l.submitted < jobs.length; k++) l.submit();
              } else if (o.op === "start") {
                const order = l.order();
                if (order.length === 0) continue;
                const j = order[o.pick % order.length];
                l.start(j);
                expect(l.prio[j]).toBe(l.truth[j]); // a start brings its priority up to date
              } else if (o.op === "recalc") l.recalc();
              else if (o.op === "all") {
                expect(l.q.all()).toEqual(l.order());
                expect(l.q.size).toBe(l.pending.size);
              } else {
                const order = l.order();
                const other = order[order.length - 1];
                // the same visit rule on both sides: start every startEvery-th visited job
                // (the test's free and extra nodes shrink), maybe another job too
                const run = (
                  walk: (visit: (j: number) => boolean, accept?: (n: number, lim: number) => boolean) => void,
                  start: (j: number) => void,
                ) => {
                  const seen: number[] = [];
                  const s = o.test ? { ...o.test } : undefined;
                  walk(
                    (j) => {
                      seen.push(j);
                      if (seen.length % o.startEvery === 0) {
                        start(j);
                        if (s) {
                          s.free -= nodes[j];
                          if (!(limit[j] <= s.shadow)) s.extra -= nodes[j];
                        }
                      }
                      if (o.other && seen.length === 1 && other !== j && l.pending.has(other)) start(other);
                      return seen.length < o.stopAfter;
                    },
                    s && ((n, lim) => n <= s.free && (lim <= s.shadow || n <= s.extra)),
                  );
                  return seen;
                };
                const started = new Set<number>();
                const want = run(
                  (visit, accept) => walkSorted(order, visit, accept, (j) => !started.has(j), nodes, limit),
                  (j) => started.add(j),
                );
                const got = run(
                  (visit, accept) => l.q.each(visit, accept),
                  (j) => l.start(j),
                );
                expect(got).toEqual(want);
              }
              expect(l.q.inSubmitOrder()).toEqual([...l.pending].sort((a, b) => a - b));
            }
            expect(l.q.all()).toEqual(l.order());
            for (const j of l.pending) {
              l.q.ensure(j);
              expect(l.prio[j]).toBe(l.truth[j]);
            }
          },
        ),
        { seed: 11, numRuns: 150 },
      );
    });
});
