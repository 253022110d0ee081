/**
 * The node-level Slurm placement as first written, the oracle of lib/sim/slurm-placement.ts's
 * node placement and lib/sim/node-profile.ts: every node carries its release time (a Float64Array
 * filled per node), the released nodes at a time are found by testing every node, the earliest
 * start by trying every release and reservation end in order (no count bound), sets are
 * bitmaps walked bit by bit, and select/linear's best fit scans every run of the usable set. The
 * same answers as lib's run- and word-level bookkeeping, at a cost per node.
 */
import { invariantViolated } from "../../../lib/util/errors";
import { NodeSet } from "../../../lib/sim/node-set";
import { Profile } from "../../../lib/sim/profile";
import type { SchedulerContext } from "../../../lib/sim/scheduler";
import type { Placement } from "../../../lib/sim/slurm-placement";

/** The runs of consecutive nodes of a set, in index order, found by testing every node. */
export function runsOf(set: NodeSet, visit: (first: number, length: number) => void): void {
  let runStart = -1;
  for (let k = 0; k < set.size; k++) {
    const on = ((set.words[k >>> 5] >>> (k & 31)) & 1) === 1;
    if (on && runStart < 0) runStart = k;
    else if (!on && runStart >= 0) {
      visit(runStart, k - runStart);
      runStart = -1;
    }
  }
  if (runStart >= 0) visit(runStart, set.size - runStart);
}

/**
 * select/linear's best fit over `usable` (see lib/sim/select-linear.ts): the smallest run that
 * holds the remaining nodes (first on a tie), its lowest nodes; else the largest run (first on a
 * tie), whole; repeated.
 */
export function scanSelectLinear(usable: NodeSet, nodes: number): NodeSet | null {
  const first: number[] = [],
    len: number[] = [];
  let total = 0;
  runsOf(usable, (a, n) => {
    first.push(a);
    len.push(n);
    total += n;
  });
  if (total < nodes) return null;
  const out = new NodeSet(usable.size);
  let rem = nodes;
  while (rem > 0) {
    let best = -1,
      bestSufficient = false;
    for (let i = 0; i < len.length; i++) {
      const n = len[i];
      if (n === 0) continue;
      const sufficient = n >= rem;
      if (
        best < 0 ||
        (sufficient && !bestSufficient) ||
        (sufficient && n < len[best]) ||
        (!sufficient && !bestSufficient && n > len[best])
      ) {
        best = i;
        bestSufficient = sufficient;
      }
    }
    const take = Math.min(rem, len[best]);
    out.addRange(first[best], first[best] + take);
    rem -= take;
    len[best] = 0;
  }
  return out;
}

interface Reservation {
  start: number;
  end: number;
  /** The reserved nodes as runs: first node, length, first node, length, … (best fit takes few runs). */
  runs: number[];
}

/** The backfill map with a release time per node (see lib/sim/node-profile.ts): releases plus this cycle's reservations. */
export class PerNodeProfile {
  private readonly resv: Reservation[] = [];
  private readonly ends: number[] = []; // reservation ends
  private readonly scratch: NodeSet;
  private readonly releasedCache = new Map<number, NodeSet>();

  /**
   * @param now the map's origin, seconds
   * @param rel per node index, when it is released (≤ now: idle now), seconds; owned by the map
   * @param released the count of released nodes over time (idle now plus planned ends), a step
   *   function with the same content as `rel`, owned by the map
   */
  constructor(
    readonly now: number,
    private readonly rel: Float64Array,
    private readonly released: Profile,
  ) {
    this.scratch = new NodeSet(rel.length);
  }

  /** Union of the nodes of reservations overlapping [s, e) into scratch; returns whether any. */
  private reservedOver(s: number, e: number): boolean {
    const u = this.scratch;
    u.words.fill(0);
    let any = false;
    for (const r of this.resv) {
      if (r.start < e && r.end > s) {
        const R = r.runs;
        for (let k = 0; k < R.length; k += 2) u.addRange(R[k], R[k] + R[k + 1]);
        any = true;
      }
    }
    return any;
  }

  /** The nodes released by t (cached per t: a cycle asks about few distinct times). */
  private releasedSet(t: number): NodeSet {
    let out = this.releasedCache.get(t);
    if (!out) {
      const rel = this.rel,
        W = rel.length;
      out = new NodeSet(W);
      const words = out.words;
      for (let i = 0, k = 0; i < words.length; i++) {
        let v = 0;
        for (let b = 0; b < 32 && k < W; b++, k++) if (rel[k] <= t) v |= 1 << b;
        words[i] = v;
      }
      this.releasedCache.set(t, out);
    }
    return out;
  }

  /** Nodes released by s and not held by a reservation overlapping [s, e), as a fresh set. */
  private freeSet(s: number, e: number): NodeSet {
    const out = this.releasedSet(s).clone();
    if (this.reservedOver(s, e)) out.andNot(this.scratch);
    return out;
  }

  /** The nodes free over all of [start, end) (a fresh set; start ≥ origin). */
  freeOver(start: number, end: number): NodeSet {
    return this.freeSet(Math.max(start, this.now), end);
  }

  /**
   * The earliest s ≥ `from` such that at least `nodes` nodes are free over all of [s, s + duration),
   * with those free nodes, or null when there is none — by the definition: free nodes appear only
   * at `from` and at releases and reservation ends, so each of those instants is tried in order,
   * counting the free nodes node by node (no count bound, no skipping, no memory of past queries).
   */
  earliestStart(nodes: number, duration: number, from: number): { start: number; free: NodeSet } | null {
    const times = [from, ...this.released.times, ...this.ends].filter((t) => t >= from).sort((a, b) => a - b);
    for (let k = 0; k < times.length; k++) {
      const s = times[k];
      if (k > 0 && s === times[k - 1]) continue;
      const e = s + duration;
      const free = this.reservedOver(s, e)
        ? this.scratch.andNotInto(this.releasedSet(s))
        : this.scratch.copyFrom(this.releasedSet(s));
      if (free.count() >= nodes) return { start: s, free: free.clone() };
    }
    return null;
  }

  /**
   * A job started now on `nodes`: they are released again at `end` (its planned end on the
   * bf_resolution grid). The same as a reservation on [now, end), kept as a release instead so
   * the many jobs a cycle starts cost nothing in later queries.
   */
  startNow(end: number, nodes: NodeSet): void {
    if (!(end > this.now)) return;
    const rel = this.rel,
      n = nodes.count();
    runsOf(nodes, (a, len) => rel.fill(end, a, a + len));
    this.released.reserve(this.now, end, n);
    for (const [t, set] of this.releasedCache) if (t < end) set.andNot(nodes);
  }

  /** Takes `nodes` off the map on [start, end) (a reservation, or a job started now). */
  reserve(start: number, end: number, nodes: NodeSet): void {
    const from = Math.max(start, this.now);
    if (!(end > from)) return;
    const runs: number[] = [];
    runsOf(nodes, (a, n) => runs.push(a, n));
    this.resv.push({ start: from, end, runs });
    this.ends.push(end);
  }
}

/** The node placement with per-node release times (see lib/sim/slurm-placement.ts). */
export function perNodePlacement(): Placement {
  let idle: NodeSet | undefined;
  let rel = new Float64Array(0); // per node: planned end of the job on it, -Infinity when idle
  const held = new Map<number, NodeSet>();
  const setRel = (nodes: NodeSet, t: number) => runsOf(nodes, (a, n) => rel.fill(t, a, a + n));
  let profile: PerNodeProfile | undefined;
  let found: NodeSet | undefined;
  const take = (ctx: SchedulerContext, j: number, from: NodeSet | undefined): NodeSet => {
    const pick = from && scanSelectLinear(from, ctx.jobs[j].nodes);
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
        (r) => Math.max(ctx.plannedEndOf(r), ctx.now + 1),
        (r) => ctx.jobs[r].nodes,
      );
      // a job past its planned end (running on, or COMPLETING) frees its nodes one second from now
      const released = rel.map((t) => (t === -Infinity ? t : Math.max(t, ctx.now + 1)));
      profile = new PerNodeProfile(ctx.now, released, counts);
    },
    earliestStart(ctx, j) {
      const r = profile!.earliestStart(ctx.jobs[j].nodes, ctx.jobs[j].limit, ctx.now);
      found = r?.free;
      return r ? r.start : Infinity;
    },
    startNow(ctx, j, end) {
      const pick = take(ctx, j, found);
      startOn(ctx, j, pick);
      profile!.startNow(end, pick);
    },
    reserve(ctx, j, start, end) {
      // select/linear's _will_run_test: idle nodes, then each running job's nodes by planned end,
      // until best fit succeeds — within the nodes free over the window (found)
      const usable = idle!.clone().and(found!);
      let pick = scanSelectLinear(usable, ctx.jobs[j].nodes);
      for (const r of ctx.runningByPlannedEnd()) {
        if (pick) break;
        usable.or(held.get(r)!.clone().and(found!));
        pick = scanSelectLinear(usable, ctx.jobs[j].nodes);
      }
      if (!pick) throw invariantViolated(`no nodes for job ${ctx.jobs[j].id} (${ctx.jobs[j].nodes} nodes)`);
      profile!.reserve(start, end, pick);
    },
  };
}
