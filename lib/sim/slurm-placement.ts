/**
 * Where the Slurm scheduler puts jobs: "counts" (free-node counts only, as abstract simulators
 * do) or "nodes" (named nodes n1..nW as Slurm does: select/linear's best fit for every start, and a
 * backfill map of free-node sets over time whose reservations are pinned to the nodes select/linear
 * would pick; lib/sim/node-profile.ts). Both answer the same questions for the scheduler's main
 * pass and backfill cycle.
 */
import { invalidArgument, invariantViolated } from "../util/errors";
import { AskedBound } from "./asked-bound";
import { NodeOwners } from "./node-owners";
import { NodeProfile } from "./node-profile";
import { NodeRuns } from "./node-runs";
import { NodeSet } from "./node-set";
import { Profile } from "./profile";
import type { SchedulerContext } from "./scheduler";
import { NODE_KEY, _selectLinear } from "./select-linear";

/** How the Slurm scheduler places jobs. */
export type PlacementMode = "nodes" | "counts";

/** One run's placement state; the scheduler calls `sync` first at every run. */
export interface Placement {
  /** Catches up with the engine (jobs that ended since the last run). */
  sync(ctx: SchedulerContext): void;
  /** Starts job j now on idle nodes (the caller checked it fits: nodes ≤ ctx.freeNodes). */
  startIdle(ctx: SchedulerContext, j: number): void;
  /** Builds the backfill map for a cycle at ctx.now. */
  beginCycle(ctx: SchedulerContext): void;
  /**
   * Earliest start of job j on the map from now (seconds), or Infinity; remembers the nodes it found.
   * When that is after `horizon` (seconds), any time after `horizon` may be returned instead.
   */
  earliestStart(ctx: SchedulerContext, j: number, horizon: number): number;
  /** Starts job j now (its earliest start was now) and takes its nodes off the map on [now, end). */
  startNow(ctx: SchedulerContext, j: number, end: number): void;
  /** Reserves for job j (its last earliest start) on [start, end). */
  reserve(ctx: SchedulerContext, j: number, start: number, end: number): void;
}

/** A fresh placement state of the given mode. */
export function createPlacement(mode: PlacementMode): Placement {
  return mode === "nodes" ? nodePlacement() : countPlacement();
}

function countPlacement(): Placement {
  let profile: Profile | undefined;
  const asked = new AskedBound(); // the map only loses nodes during a cycle
  return {
    sync() {},
    startIdle: (ctx, j) => ctx.start(j),
    beginCycle(ctx) {
      asked.clear();
      profile = Profile.fromSortedReleases(
        ctx.now,
        ctx.freeNodes,
        ctx.runningByPlannedEnd(),
        (r) => releaseOf(ctx, r),
        (r) => ctx.jobs[r].nodes,
      );
    },
    earliestStart(ctx, j, horizon) {
      const { nodes, limit } = ctx.jobs[j];
      const from = asked.from(nodes, limit, ctx.now);
      const s = from === Infinity ? Infinity : profile!.earliestStart(nodes, limit, from, horizon);
      asked.add(nodes, limit, s);
      return s;
    },
    startNow(ctx, j, end) {
      ctx.start(j);
      profile!.reserve(ctx.now, end, ctx.jobs[j].nodes);
    },
    reserve: (ctx, j, start, end) => profile!.reserve(start, end, ctx.jobs[j].nodes),
  };
}

/**
 * When the backfill map frees running job r's nodes: its planned end, or one second from now for a
 * job already past it (still running or COMPLETING: select/linear's `_will_run_test` plans such a
 * job's nodes free at now + 1).
 */
function releaseOf(ctx: SchedulerContext, r: number): number {
  return Math.max(ctx.plannedEndOf(r), ctx.now + 1);
}

function nodePlacement(): Placement {
  let idle: NodeRuns | undefined,
    size = 0;
  // per running job: its nodes as pairs (first node, length, …), in the order the jobs started
  const held = new Map<number, readonly number[]>();
  let alive = new Uint32Array(0),
    stamp = 0;
  let profile: NodeProfile | undefined;
  let found: NodeRuns | undefined,
    foundAt = NaN;
  const owners = new NodeOwners(),
    cand = new NodeRuns();
  let keys = new Float64Array(0); // best fit's scratch: a run set holds at most size / 2 + 1 runs
  const take = (ctx: SchedulerContext, j: number, from: NodeRuns | undefined): number[] => {
    const pick = from && _selectLinear(from, ctx.jobs[j].nodes, keys);
    if (!pick) throw invariantViolated(`no nodes for job ${ctx.jobs[j].id} (${ctx.jobs[j].nodes} nodes)`);
    return pick;
  };
  const startOn = (ctx: SchedulerContext, j: number, pick: number[]) => {
    ctx.start(j, new NodeSet(ctx.totalNodes).addPairs(pick));
    idle!.removePairs(pick);
    held.set(j, pick);
    owners.hold(j, pick, ctx.totalNodes);
  };
  return {
    sync(ctx) {
      if (!idle || size !== ctx.totalNodes) {
        if (ctx.totalNodes >= NODE_KEY)
          throw invalidArgument(
            "nodes",
            ctx.totalNodes,
            `fewer than ${NODE_KEY} with node placement (or placement "counts")`,
          );
        size = ctx.totalNodes;
        idle = new NodeRuns(0, size);
        keys = new Float64Array((size >> 1) + 1);
        held.clear();
      }
      const running = ctx.runningByPlannedEnd();
      if (running.length !== held.size) {
        // the engine ended some jobs since the last run: free their nodes
        if (alive.length < ctx.jobs.length) alive = new Uint32Array(ctx.jobs.length);
        if (++stamp === 0xffffffff) alive.fill((stamp = 0));
        for (let k = 0; k < running.length; k++) alive[running[k]] = stamp;
        for (const [j, pairs] of held) {
          if (alive[j] === stamp) continue;
          idle!.addPairs(pairs);
          held.delete(j);
        }
      }
      if (held.size !== running.length)
        throw invariantViolated(
          `the scheduler holds nodes for ${held.size} jobs, the engine runs ${running.length}`,
        );
    },
    startIdle: (ctx, j) => startOn(ctx, j, take(ctx, j, idle)),
    beginCycle(ctx) {
      const running = ctx.runningByPlannedEnd();
      const counts = Profile.fromSortedReleases(
        ctx.now,
        ctx.freeNodes,
        running,
        (r) => releaseOf(ctx, r),
        (r) => ctx.jobs[r].nodes,
      );
      const times = new Array<number>(running.length),
        runs = new Array<readonly number[]>(running.length);
      for (let k = 0; k < running.length; k++) {
        times[k] = releaseOf(ctx, running[k]);
        runs[k] = held.get(running[k])!;
      }
      if (profile) profile.reset(ctx.now, idle!.clone(), { times, runs }, counts, counts.clone());
      else profile = new NodeProfile(ctx.now, idle!.clone(), { times, runs }, counts, counts.clone());
    },
    earliestStart(ctx, j, horizon) {
      const r = profile!.earliestStart(ctx.jobs[j].nodes, ctx.jobs[j].limit, ctx.now, horizon);
      found = r?.free ?? undefined;
      foundAt = r ? r.start : NaN;
      return r ? r.start : Infinity;
    },
    startNow(ctx, j, end) {
      const pick = take(ctx, j, found);
      startOn(ctx, j, pick);
      profile!.startNow(end, pick, [ctx.now, ctx.now + ctx.jobs[j].limit]);
    },
    reserve(ctx, j, start, end) {
      // select/linear's will-run test (select_linear.c _will_run_test): the nodes idle now first,
      // then each running job's, in order of planned end (ties in job order: Slurm list_sorts its
      // job list, kept in job id order, by end time), until best fit finds the job's nodes — all
      // among those the backfill map has free over the job's window
      const need = ctx.jobs[j].nodes;
      // best fit fails only on too few nodes, so it runs once: on the idle nodes with those of the
      // running jobs (by planned end) that first make up the job's count
      owners.candidates(found!, idle!, ctx.runningByPlannedEnd(), need, ctx.jobs.length, cand);
      const pick = _selectLinear(cand, need, keys);
      if (!pick) throw invariantViolated(`no nodes for job ${ctx.jobs[j].id} (${need} nodes)`);
      profile!.reserve(start, end, pick, [foundAt, foundAt + ctx.jobs[j].limit]);
    },
  };
}
