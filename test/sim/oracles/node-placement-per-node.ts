/**
 * The node-level Slurm placement as first written, the oracle of lib/sim/slurm-placement.ts's
 * node placement and lib/sim/node-profile.ts: every node carries its release time (a Float64Array
 * filled per node), the released nodes at a time are found by testing every node, sets are
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

/** Index of the first element of an ascending array greater than t (a.length when none). */
function firstIndexAfter(a: readonly number[], t: number): number {
  let lo = 0,
    hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The backfill map with a release time per node (see lib/sim/node-profile.ts): releases plus this cycle's reservations. */
export class PerNodeProfile {
  private readonly resv: Reservation[] = [];
  private readonly ends: number[] = []; // reservation ends, ascending
  private readonly endSizes: number[] = []; // nodes of the reservation ending at ends[k]
  private readonly scratch: NodeSet;
  private readonly releasedCache = new Map<number, NodeSet>();
  private readonly asked: { nodes: number; duration: number; start: number }[] = [];

  /**
   * @param now the map's origin, seconds
   * @param rel per node index, when it is released (≤ now: idle now), seconds; owned by the map
   * @param released the count of released nodes over time (idle now plus planned ends), a step
   *   function with the same content as `rel`, owned by the map
   * @param bound a second copy of `released` that becomes an upper bound of the free-node count per
   *   slot as reservations are added (owned by the map)
   */
  constructor(
    readonly now: number,
    private readonly rel: Float64Array,
    private readonly released: Profile,
    private readonly bound: Profile,
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
   * with those free nodes, or null when there is none. Candidates come from the count bound (the
   * earliest start by counts, which no exact fit precedes); one that fails by node identity moves
   * on to the next release or reservation end, where free nodes can appear again.
   */
  earliestStart(nodes: number, duration: number, from: number): { start: number; free: NodeSet } | null {
    const T = this.released.times,
      E = this.ends;
    // the map only loses nodes during a cycle, so a job at least as wide and as long as one asked
    // about before cannot start earlier than that one could
    let cur = from;
    for (const b of this.asked)
      if (b.nodes <= nodes && b.duration <= duration && b.start > cur) cur = b.start;
    const r = this._earliestStart(nodes, duration, cur, T, E);
    if (this.asked.length < 64) this.asked.push({ nodes, duration, start: r ? r.start : Infinity });
    return r;
  }

  private _earliestStart(
    nodes: number,
    duration: number,
    cur: number,
    T: readonly number[],
    E: readonly number[],
  ): { start: number; free: NodeSet } | null {
    if (cur === Infinity) return null;
    for (;;) {
      const s = this.bound.earliestStart(nodes, duration, cur);
      if (s === Infinity) return null;
      const e = s + duration;
      const free = this.reservedOver(s, e)
        ? this.scratch.andNotInto(this.releasedSet(s))
        : this.scratch.copyFrom(this.releasedSet(s));
      const have = free.count();
      if (have >= nodes) return { start: s, free: free.clone() };
      // Nodes free over [t, t + duration) for t > s were free at s, or released in (s, t], or held
      // by a reservation ending in (s, t]: skip the candidates before those can make up the deficit.
      cur = this.nextPossible(s, nodes - have, T, E);
      if (cur === Infinity) return null;
    }
  }

  /** The first release or reservation end t > s by which releases and reservation ends in (s, t] add ≥ deficit nodes. */
  private nextPossible(s: number, deficit: number, T: readonly number[], E: readonly number[]): number {
    const F = this.released.free,
      Z = this.endSizes;
    let i = firstIndexAfter(T, s),
      j = firstIndexAfter(E, s);
    const base = i > 0 ? F[i - 1] : F[0];
    let fromEnds = 0;
    for (;;) {
      const t = Math.min(i < T.length ? T[i] : Infinity, j < E.length ? E[j] : Infinity);
      if (t === Infinity) return Infinity;
      while (i < T.length && T[i] === t) i++;
      while (j < E.length && E[j] === t) fromEnds += Z[j++];
      if (F[i - 1 < 0 ? 0 : i - 1] - base + fromEnds >= deficit) return t;
    }
  }

  /**
   * A job started now on `nodes`: they are released again at `end` (its planned end on the
   * bf_resolution grid). The same as a reservation on [now, end), kept as a release instead so
   * the many jobs a cycle starts cost nothing in later queries.
   * @param chosen the job's own window, over which `nodes` were free (see {@link reserve})
   */
  startNow(end: number, nodes: NodeSet, chosen: readonly [number, number]): void {
    if (!(end > this.now)) return;
    const rel = this.rel,
      n = nodes.count();
    runsOf(nodes, (a, len) => rel.fill(end, a, a + len));
    this.released.reserve(this.now, end, n);
    const b = Math.min(end, chosen[1]);
    if (b > this.now) this.bound.reserve(this.now, b, n);
    for (const [t, set] of this.releasedCache) if (t < end) set.andNot(nodes);
  }

  /**
   * Takes `nodes` off the map on [start, end) (a reservation, or a job started now).
   * @param chosen the interval over which `nodes` were all free when chosen (the job's own
   *   window): only there the count bound loses them all; outside it (the bf_resolution rounding of
   *   start and end) the bound keeps them, so it stays an upper bound. Defaults to [start, end).
   */
  reserve(
    start: number,
    end: number,
    nodes: NodeSet,
    chosen: readonly [number, number] = [start, end],
  ): void {
    const from = Math.max(start, this.now);
    if (!(end > from)) return;
    const runs: number[] = [];
    runsOf(nodes, (a, n) => runs.push(a, n));
    this.resv.push({ start: from, end, runs });
    const size = nodes.count();
    const a = Math.max(from, chosen[0]),
      b = Math.min(end, chosen[1]);
    if (b > a) this.bound.reserve(a, b, size);

    let k = this.ends.length;
    this.ends.push(end);
    this.endSizes.push(size);
    while (k > 0 && this.ends[k - 1] > end) {
      this.ends[k] = this.ends[k - 1];
      this.endSizes[k] = this.endSizes[k - 1];
      k--;
    }
    this.ends[k] = end;
    this.endSizes[k] = size;
  }
}

/** The node placement with per-node release times (see lib/sim/slurm-placement.ts). */
export function perNodePlacement(): Placement {
  let idle: NodeSet | undefined;
  let rel = new Float64Array(0); // per node: planned end of the job on it, -Infinity when idle
  const held = new Map<number, NodeSet>();
  const setRel = (nodes: NodeSet, t: number) => runsOf(nodes, (a, n) => rel.fill(t, a, a + n));
  let profile: PerNodeProfile | undefined;
  let found: NodeSet | undefined,
    foundAt = NaN;
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
      profile = new PerNodeProfile(ctx.now, released, counts, counts.clone());
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
      profile!.reserve(start, end, pick, [foundAt, foundAt + ctx.jobs[j].limit]);
    },
  };
}
