/**
 * The node-level backfill map (Slurm's node_space table, with running jobs folded in): which nodes
 * are free when. Node k is released at rel[k] (idle now, or its running job's planned end: start +
 * time limit) and stays free except where a reservation of this cycle holds it. A job fits from s
 * when enough nodes are free over ALL of [s, s + duration) — the intersection of the per-slot
 * free-node sets — not merely enough in each slot as a count map says: free nodes that change
 * identity along the window (a fragmented gap) do not make a fit.
 *
 * Kept per node (release time) and per reservation (interval, nodes) rather than as one node set
 * per slot, so a cycle costs no per-slot copies: a candidate start costs the reservations it
 * overlaps, and the free set is built only for the start found.
 */
import { NodeSet } from "./node-set";
import type { Profile } from "./profile";

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

/** Free nodes over time: releases plus this cycle's reservations. */
export class NodeProfile {
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
    nodes.eachRun((a, len) => rel.fill(end, a, a + len));
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
    nodes.eachRun((a, n) => runs.push(a, n));
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
