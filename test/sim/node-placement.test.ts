import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandHostlist } from "../../lib/io/hostlist";
import { simulate, type SimResult } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { NodeSet } from "../../lib/sim/node-set";
import { type Scheduler, TRIGGER } from "../../lib/sim/scheduler";
import { createPlacement, type Placement } from "../../lib/sim/slurm-placement";
import { slurmScheduler, type SlurmOptions } from "../../lib/sim/slurm-scheduler";
import { perNodePlacement } from "./oracles/node-placement-per-node";
import { SLURM_KNOB_ARBS } from "./slurm-knob-arbs";
import { FRAGMENTED_GAP_JOBS, FRAGMENTED_GAP_KNOBS } from "./fragmented-gap";

const run = (jobs: SimJobInput[], nodes: number, o: SlurmOptions) =>
  simulate(jobs, { nodes, scheduler: slurmScheduler(o), trace: true });
const starts = (r: SimResult) => r.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`);

describe("Slurm scheduler, node placement", () => {
  // test/sim/fragmented-gap.ts
  const jobs = FRAGMENTED_GAP_JOBS;
  const knobs = FRAGMENTED_GAP_KNOBS;
  it("count mode backfills C across the fragmented gap; node mode cannot", () => {
    const counts = run(jobs, 4, { ...knobs, placement: "counts" });
    expect(starts(counts)).toEqual(["0 J1", "0 Jp", "0 J2", "0 J3", "10 C", "50 B"]);
    expect(counts.nodeLists.every((l) => l === null)).toBe(true);
    const nodes = run(jobs, 4, knobs);
    expect(starts(nodes)).toEqual(["0 J1", "0 Jp", "0 J2", "0 J3", "50 B", "50 C"]);
    expect(nodes.nodeLists).toEqual(["n1", "n2", "n3", "n4", "n[1-2]", "n4"]);
  });
  it("refuses a bad placement", () => {
    expect(() => slurmScheduler({ placement: "bitmap" as "nodes" })).toThrow(
      /^invalid placement: "bitmap"; expected one of "nodes", "counts"$/,
    );
  });
});

describe("engine: node lists", () => {
  // a scheduler that starts every pending job on the nodes `on(j)` gives
  const placing = (on: (j: number) => NodeSet): Scheduler => ({
    name: "placing",
    run: (ctx) =>
      ctx
        .pending()
        .slice()
        .forEach((j) => ctx.start(j, on(j))),
  });
  const two: SimJobInput[] = [
    { id: "a", submit: 0, nodes: 2, limit: 10, runtime: 10 },
    { id: "b", submit: 0, nodes: 1, limit: 10, runtime: 10 },
  ];
  it("records each job's nodes as sacct's NodeList", () => {
    const r = simulate(two, { nodes: 4, scheduler: placing((j) => NodeSet.of(4, j === 0 ? [1, 2] : [3])) });
    expect(r.nodeLists).toEqual(["n[2-3]", "n4"]);
  });
  it("refuses a placement of the wrong size, on busy nodes, or over another cluster", () => {
    expect(() => simulate(two, { nodes: 4, scheduler: placing(() => NodeSet.of(4, [0])) })).toThrow(
      /^invariant violated: job a needing 2 nodes started on 1 \(n1\)$/,
    );
    expect(() =>
      simulate(two, { nodes: 4, scheduler: placing((j) => NodeSet.of(4, j === 0 ? [0, 1] : [1])) }),
    ).toThrow(/^invariant violated: job b started on n2, of which n2 are busy$/);
    expect(() => simulate(two, { nodes: 4, scheduler: placing(() => NodeSet.of(5, [0, 1])) })).toThrow(
      /^invariant violated: job a started on a node set that is not one over the cluster's 4 nodes$/,
    );
  });
});

const W = 6;
const knobArb = fc.record({
  ...SLURM_KNOB_ARBS,
  bfMaxJobUser: fc.integer({ min: 0, max: 3 }),
  bfNodeSpaceSize: fc.integer({ min: 1, max: 12 }),
  bfReservationEnd: fc.constantFrom<"floor" | "ceil">("floor", "ceil"),
  bfTiming: fc.constantFrom<"after-cycle" | "fixed">("after-cycle", "fixed"),
});
const workloadArb = (sizes: fc.Arbitrary<number>) =>
  fc
    .array(
      fc.record({
        submit: fc.integer({ min: 0, max: 600 }),
        nodes: sizes,
        limit: fc.integer({ min: 1, max: 400 }),
        runtime: fc.integer({ min: 0, max: 500 }),
        user: fc.constantFrom("u1", "u2", "u3"),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((js) => js.map((j, i): SimJobInput => ({ id: `j${i}`, ...j })));

describe("properties", () => {
  it("count and node mode give identical schedules when no job can span a fragmented gap (every job 1 node, or every job 1 node or the whole machine)", () => {
    fc.assert(
      fc.property(
        fc.oneof(workloadArb(fc.constant(1)), workloadArb(fc.constantFrom(1, W))),
        knobArb,
        (jobs, k) => {
          const a = run(jobs, W, { ...k, placement: "counts" }),
            b = run(jobs, W, { ...k, placement: "nodes" });
          expect(Array.from(b.start)).toEqual(Array.from(a.start));
        },
      ),
      { numRuns: 300 },
    );
  });
  it("node mode never double-books a node: overlapping jobs hold disjoint node lists of their sizes", () => {
    fc.assert(
      fc.property(workloadArb(fc.integer({ min: 1, max: W })), knobArb, (jobs, k) => {
        const r = run(jobs, W, k);
        const lists = r.nodeLists.map((l) => expandHostlist(l ?? ""));
        r.jobs.forEach((j, i) => expect(lists[i].length).toBe(j.nodes));
        for (let a = 0; a < r.jobs.length; a++) {
          for (let b = a + 1; b < r.jobs.length; b++) {
            if (r.start[a] < r.end[b] && r.start[b] < r.end[a])
              expect(lists[a].filter((n) => lists[b].includes(n))).toEqual([]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("node placement against the per-node oracle", () => {
  // A scheduler that drives a placement as the Slurm scheduler does: a main pass starting jobs in
  // queue order while they fit, and every 7 s a backfill cycle that starts a job now when its
  // earliest start is now and reserves it otherwise, within a window (starts floored, ends floored
  // or rounded up to the resolution). lib's placement and the per-node one must place every job alike.
  const driver = (placement: Placement, res: number, ceil: boolean, window: number): Scheduler => ({
    name: "driver",
    timers: [{ kind: "backfill", interval: 7 }],
    run(ctx, flags) {
      placement.sync(ctx);
      ctx.eachByPriority((j) => {
        if (ctx.jobs[j].nodes > ctx.freeNodes) return false;
        placement.startIdle(ctx, j);
        return true;
      });
      if (!(flags & TRIGGER.backfill)) return;
      placement.beginCycle(ctx);
      ctx.eachByPriority((j) => {
        const { nodes, limit } = ctx.jobs[j];
        const s = placement.earliestStart(ctx, j, ctx.now + window);
        if (s === ctx.now && nodes <= ctx.freeNodes)
          placement.startNow(ctx, j, Math.ceil((ctx.now + limit) / res) * res);
        else if (s <= ctx.now + window)
          placement.reserve(
            ctx,
            j,
            Math.floor(s / res) * res,
            (ceil ? Math.ceil : Math.floor)((s + limit) / res) * res,
          );
        return true;
      });
    },
  });
  it("property: the same starts and node lists on random workloads (any job size, both end roundings)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 24 })
          .chain((W) => fc.tuple(fc.constant(W), workloadArb(fc.integer({ min: 1, max: W })))),
        fc.integer({ min: 1, max: 60 }),
        fc.boolean(),
        fc.oneof(fc.constant(Infinity), fc.integer({ min: 0, max: 600 })),
        ([W, jobs], res, ceil, window) => {
          const a = simulate(jobs, {
              nodes: W,
              scheduler: driver(createPlacement("nodes"), res, ceil, window),
            }),
            b = simulate(jobs, { nodes: W, scheduler: driver(perNodePlacement(), res, ceil, window) });
          expect([Array.from(a.start), a.nodeLists]).toEqual([Array.from(b.start), b.nodeLists]);
        },
      ),
      { numRuns: 300, seed: 41 },
    );
  });
  it("property: the Slurm scheduler never places a job on nodes still held, and lib and the oracle agree", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 16 })
          .chain((W) =>
            fc.tuple(
              fc.constant(W),
              workloadArb(fc.integer({ min: 1, max: W })),
              fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 40, maxLength: 40 }),
            ),
          ),
        ([W, jobs, completing]) => {
          // a job that runs to its limit stays COMPLETING a while: past its planned end
          const withCompleting = jobs.map((j, k) => ({
            ...j,
            runtime: j.limit,
            completing: completing[k % 40],
          }));
          const a = simulate(withCompleting, { nodes: W, scheduler: slurmScheduler({ bfInterval: 7 }) });
          const b = simulate(withCompleting, {
            nodes: W,
            scheduler: driver(perNodePlacement(), 1, false, Infinity),
          });
          const c = simulate(withCompleting, {
            nodes: W,
            scheduler: driver(createPlacement("nodes"), 1, false, Infinity),
          });
          expect(a.start.every((t) => Number.isFinite(t))).toBe(true);
          expect([Array.from(c.start), c.nodeLists]).toEqual([Array.from(b.start), b.nodeLists]);
        },
      ),
      { numRuns: 150, seed: 43 },
    );
  });
});

describe("node placement limits", () => {
  it("refuses a cluster too large for its run keys, naming the count placement", () => {
    const one: SimJobInput[] = [{ id: "a", submit: 0, nodes: 1, limit: 10, runtime: 10 }];
    expect(() => simulate(one, { nodes: 2 ** 21, scheduler: slurmScheduler() })).toThrow(
      /^invalid nodes: 2097152; expected fewer than 2097152 with node placement \(or placement "counts"\)$/,
    );
  });
});
