/**
 * Where the Slurm scheduler puts jobs: "counts" (free-node counts only, as abstract simulators
 * do) or "nodes" (named nodes n1..nW as Slurm does: select/linear's best fit for every start, and a
 * backfill map of per-slot free-node sets whose reservations are pinned to the nodes select/linear
 * would pick). Both answer the same questions for the scheduler's main pass and backfill cycle.
 */
import { invariantViolated } from "../util/errors";
import { NodeProfile } from "./node-profile";
import { NodeSet } from "./node-set";
import { Profile } from "./profile";
import type { SchedulerContext } from "./scheduler";
import { _selectLinear } from "./select-linear";

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
  /** Earliest start of job j on the map from now (seconds), or Infinity; remembers the nodes it found. */
  earliestStart(ctx: SchedulerContext, j: number): number;
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
  return {
    sync() {},
    startIdle: (ctx, j) => ctx.start(j),
    beginCycle(ctx) {
      profile = Profile.fromSortedReleases(
        ctx.now,
        ctx.freeNodes,
        ctx.runningByPlannedEnd(),
        ctx.plannedEndOf,
        (r) => ctx.jobs[r].nodes,
      );
    },
    earliestStart: (ctx, j) => profile!.earliestStart(ctx.jobs[j].nodes, ctx.jobs[j].limit, ctx.now),
    startNow(ctx, j, end) {
      ctx.start(j);
      profile!.reserve(ctx.now, end, ctx.jobs[j].nodes);
    },
    reserve: (ctx, j, start, end) => profile!.reserve(start, end, ctx.jobs[j].nodes),
  };
}

function nodePlacement(): Placement {
  let idle: NodeSet | undefined;
  let rel = new Float64Array(0); // per node: planned end of the job on it, -Infinity when idle
  const held = new Map<number, NodeSet>();
  const setRel = (nodes: NodeSet, t: number) => nodes.eachRun((a, n) => rel.fill(t, a, a + n));
  let profile: NodeProfile | undefined;
  let found: NodeSet | undefined,
    foundAt = NaN;
  const take = (ctx: SchedulerContext, j: number, from: NodeSet | undefined): NodeSet => {
    const pick = from && _selectLinear(from, ctx.jobs[j].nodes);
    if (!pick) throw invariantViolated(`no nodes for job ${ctx.jobs[j].id} (${ctx.jobs[j].nodes} nodes)`);
    return pick;
  };
  const startOn = (ctx: SchedulerContext, j: number, pick: NodeSet) => {
    ctx.start(j, pick);
    idle!.andNot(pick);
    held.set(j, pick);
    setRel(pick, ctx.plannedEndOf(j));
  };
  return {
    sync(ctx) {
      if (!idle || idle.size !== ctx.totalNodes) {
        idle = new NodeSet(ctx.totalNodes, true);
        rel = new Float64Array(ctx.totalNodes).fill(-Infinity);
        held.clear();
      }
      const running = ctx.runningByPlannedEnd();
      if (running.length !== held.size) {
        // the engine ended some jobs since the last run: free their nodes
        const alive = new Set(running);
        for (const [j, nodes] of held) {
          if (alive.has(j)) continue;
          idle.or(nodes);
          setRel(nodes, -Infinity);
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
      const counts = Profile.fromSortedReleases(
        ctx.now,
        ctx.freeNodes,
        ctx.runningByPlannedEnd(),
        ctx.plannedEndOf,
        (r) => ctx.jobs[r].nodes,
      );
      profile = new NodeProfile(ctx.now, rel.slice(), counts, counts.clone());
    },
    earliestStart(ctx, j) {
      const r = profile!.earliestStart(ctx.jobs[j].nodes, ctx.jobs[j].limit, ctx.now);
      found = r?.free;
      foundAt = r ? r.start : NaN;
      return r ? r.start : Infinity;
    },
    startNow(ctx, j, end) {
      const pick = take(ctx, j, found);
      startOn(ctx, j, pick);
      profile!.startNow(end, pick, [ctx.now, ctx.now + ctx.jobs[j].limit]);
    },
    reserve: (ctx, j, start, end) =>
      profile!.reserve(start, end, take(ctx, j, found), [foundAt, foundAt + ctx.jobs[j].limit]),
  };
}
