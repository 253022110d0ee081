/**
 * The node-level backfill map (Slurm's node_space table, with running jobs folded in): which nodes
 * are free when. A node is released when it is idle now, or at its running job's planned end
 * (start + time limit), and stays free except where a reservation of this cycle holds it. A job
 * fits from s when enough nodes are free over ALL of [s, s + duration) — the intersection of the
 * per-slot free-node sets — not merely enough in each slot as a count map says: free nodes that
 * change identity along the window (a fragmented gap) do not make a fit.
 *
 * The idle nodes and the running jobs' nodes by release time are kept as runs of nodes
 * (lib/sim/node-runs.ts); the nodes released by each time asked about (built once per distinct
 * time from the latest one before it) as NodeSets (bit words, lib/sim/node-set.ts), and the
 * reservations as lib/sim/reserved-words.ts keeps them. The nodes free over [s, e) are the released
 * set at s less the nodes reserved at some time in [s, e), read out as runs: word operations, never
 * one per node, and only on the words where some node is released and not every node reserved.
 */
import { AskedBound } from "./asked-bound";
import { NodeRuns } from "./node-runs";
import type { Profile } from "./profile";
import { NodeSet } from "./node-set";
import { ReservedWords } from "./reserved-words";

/** Running jobs' nodes by release time: `runs[k]` (pairs: first node, length, …) are released at `times[k]`. */
export interface NodeReleases {
  /** Release times, seconds, ascending (ties in any order). */
  times: number[];
  /** The nodes released at `times[k]` as pairs: first node, length, first node, length, … */
  runs: (readonly number[])[];
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

/** Marks in `occupied` (as NodeSet.occupiedWords does) the words of the nodes of `pairs` (first node, length, …). */
function markWords(occupied: Uint32Array, pairs: readonly number[]): void {
  for (let k = 0; k < pairs.length; k += 2)
    if (pairs[k + 1] > 0)
      for (let i = pairs[k] >>> 5, last = (pairs[k] + pairs[k + 1] - 1) >>> 5; i <= last; i++)
        occupied[i >>> 5] |= 1 << (i & 31);
}

/** A released set with its occupied words (NodeSet.occupiedWords, or more), so that a free set reads only those. */
interface Released {
  set: NodeSet;
  occupied: Uint32Array;
}

/** Free nodes over time: releases plus this cycle's reservations (one map reset per cycle keeps its buffers). */
export class NodeProfile {
  private size = 0; // nodes of every NodeSet here
  private readonly resv = new ReservedWords(); // this cycle's reservations
  private ends: number[] = []; // reservation ends, ascending
  private endSizes: number[] = []; // nodes of the reservation ending at ends[k]
  // the times asked about so far, ascending, with the nodes released by each
  private cacheT: number[] = [];
  private cacheA: Released[] = [];
  private pool: Released[] = []; // the released sets of past cycles, reused
  private only = new Uint32Array(1); // the words a free set reads
  private base = new NodeSet(1); // the idle nodes
  private baseOccupied = new Uint32Array(1); // their occupied words (or more)
  private readonly pushFree = (first: number, length: number) => void this.free.push(first, length);
  private readonly free = new NodeRuns(); // the last free set found: over [freeS, freeE), kept up to date
  private freeS = NaN;
  private freeE = NaN;
  private readonly asked = new AskedBound(); // earlier questions of this cycle
  private idle!: NodeRuns;
  private times!: number[];
  private relRuns!: (readonly number[])[];
  private released!: Profile;
  private bound!: Profile;
  /** The map's origin, seconds. */
  now = 0;

  /** A map; the arguments are those of {@link reset}. */
  constructor(now: number, idle: NodeRuns, releases: NodeReleases, released: Profile, bound: Profile) {
    this.reset(now, idle, releases, released, bound);
  }

  /**
   * Starts the map afresh (a new cycle), keeping its buffers.
   * @param now the map's origin, seconds
   * @param idle the nodes idle now (owned by the map)
   * @param releases the running jobs' nodes by release time (owned by the map; releases at or
   *   before `now` count as idle)
   * @param released the count of released nodes over time (idle now plus planned ends), a step
   *   function with the same content as `idle` and `releases`, owned by the map
   * @param bound a second copy of `released` that becomes an upper bound of the free-node count per
   *   slot as reservations are added (owned by the map)
   */
  reset(now: number, idle: NodeRuns, releases: NodeReleases, released: Profile, bound: Profile): void {
    let k = 0;
    while (k < releases.times.length && releases.times[k] <= now) idle.addPairs(releases.runs[k++]);
    this.now = now;
    this.idle = idle;
    this.times = k ? releases.times.slice(k) : releases.times;
    this.relRuns = k ? releases.runs.slice(k) : releases.runs;
    this.released = released;
    this.bound = bound;
    this.freeS = this.freeE = NaN;
    this.asked.clear();
    this.ends.length = this.endSizes.length = 0;
    // the sets' size: every node idle or released
    let top = idle.size ? idle.first[idle.size - 1] + idle.len[idle.size - 1] : 0;
    for (const r of this.relRuns) for (let q = 0; q < r.length; q += 2) top = Math.max(top, r[q] + r[q + 1]);
    const size = Math.max(1, top);
    if (size !== this.size) {
      this.size = size;
      this.pool.length = 0;
      this.cacheA.length = 0;
      this.base = new NodeSet(size);
      this.only = new Uint32Array((this.base.words.length + 31) >>> 5);
      this.baseOccupied = new Uint32Array(this.only.length);
    }
    this.resv.reset(size);
    for (const a of this.cacheA) this.pool.push(a);
    this.cacheT.length = 0;
    this.cacheA.length = 0;
    this.base.words.fill(0);
    for (let i = 0; i < idle.size; i++) this.base.addRange(idle.first[i], idle.first[i] + idle.len[i]);
    this.base.occupiedWords(this.baseOccupied);
  }

  /** The nodes released by t, built on first use from the latest set before t (or the idle nodes). */
  private releasedAt(t: number): Released {
    const C = this.cacheT;
    const p = firstIndexAfter(C, t);
    if (p > 0 && C[p - 1] === t) return this.cacheA[p - 1];
    const T = this.times,
      R = this.relRuns;
    const out = this.pool.pop() ?? {
      set: new NodeSet(this.size),
      occupied: new Uint32Array(this.only.length),
    };
    out.set.copyFrom(p > 0 ? this.cacheA[p - 1].set : this.base);
    // sets only grow from there: their occupied words are the earlier set's and those of the nodes added
    out.occupied.set(p > 0 ? this.cacheA[p - 1].occupied : this.baseOccupied);
    for (let k = p > 0 ? firstIndexAfter(T, C[p - 1]) : 0; k < T.length && T[k] <= t; k++) {
      out.set.addPairs(R[k]);
      markWords(out.occupied, R[k]);
    }
    C.splice(p, 0, t);
    this.cacheA.splice(p, 0, out);
    return out;
  }

  /**
   * The nodes free over all of [s, e): the released nodes at s less those of the reservations
   * meeting it; the last window's set is kept (reservations cut from it) and returned again for the
   * same window.
   */
  private freeDuring(s: number, e: number): NodeRuns {
    if (s === this.freeS && e === this.freeE) return this.free;
    this.freeS = s;
    this.freeE = e;
    this.free.clear();
    const released = this.releasedAt(s),
      reserved = this.resv.meeting(s, e),
      full = this.resv.fullWords,
      only = this.only;
    // only the words where some node is released and not every node reserved can hold a free node
    for (let k = 0; k < only.length; k++) only[k] = released.occupied[k] & ~full[k];
    released.set.eachRun(this.pushFree, reserved, only);
    return this.free;
  }

  /** The nodes free over all of [start, end) (a fresh set; start ≥ origin). */
  freeOver(start: number, end: number): NodeRuns {
    return this.freeDuring(Math.max(start, this.now), end).clone();
  }

  /**
   * The earliest s ≥ `from` such that at least `nodes` nodes are free over all of [s, s + duration),
   * with those free nodes, or null when there is none. Candidates come from the count bound (the
   * earliest start by counts, which no exact fit precedes); one that fails by node identity moves
   * on to the next release or reservation end, where free nodes can appear again. A candidate
   * after `horizon` is returned unchecked, with no free set: the exact start is no earlier. The
   * free set is the map's own: valid until the map is next asked or changed, not to be changed.
   * @param horizon the latest start the caller can use, seconds. Defaults to Infinity.
   */
  earliestStart(
    nodes: number,
    duration: number,
    from: number,
    horizon = Infinity,
  ): { start: number; free: NodeRuns | null } | null {
    const r = this._earliestStart(nodes, duration, this.asked.from(nodes, duration, from), horizon);
    this.asked.add(nodes, duration, r ? r.start : Infinity);
    return r;
  }

  private _earliestStart(
    nodes: number,
    duration: number,
    cur: number,
    horizon: number,
  ): { start: number; free: NodeRuns | null } | null {
    if (cur === Infinity) return null;
    for (;;) {
      const s = this.bound.earliestStart(nodes, duration, cur, horizon);
      if (s === Infinity) return null;
      if (s > horizon) return { start: s, free: null };
      const free = this.freeDuring(s, s + duration);
      if (free.count >= nodes) return { start: s, free };
      // Nodes free over [t, t + duration) for t > s were free at s, or released in (s, t], or held
      // by a reservation ending in (s, t]: skip the candidates before those can make up the deficit.
      cur = this.nextPossible(s, nodes - free.count);
      if (cur === Infinity) return null;
    }
  }

  /** The first release or reservation end t > s by which releases and reservation ends in (s, t] add ≥ deficit nodes. */
  private nextPossible(s: number, deficit: number): number {
    const T = this.released.times,
      F = this.released.free,
      E = this.ends,
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
   * A job started now on `pairs` (first node, length, …; nodes idle now): they are released again
   * at `end` (its planned end on the bf_resolution grid). The same as a reservation on [now, end),
   * kept as a release instead so the many jobs a cycle starts cost nothing in later queries.
   * @param chosen the job's own window, over which its nodes were free (see {@link reserve})
   */
  startNow(end: number, pairs: readonly number[], chosen: readonly [number, number]): void {
    if (!(end > this.now)) return;
    this.freeS = this.freeE = NaN;
    let n = 0;
    for (let k = 1; k < pairs.length; k += 2) n += pairs[k];
    this.idle.removePairs(pairs);
    const T = this.times,
      at = firstIndexAfter(T, end);
    T.splice(at, 0, end);
    this.relRuns.splice(at, 0, pairs);
    this.released.reserve(this.now, end, n);
    const b = Math.min(end, chosen[1]);
    if (b > this.now) this.bound.reserve(this.now, b, n);
    // the idle nodes and the released sets before `end` lose the nodes (they were idle, so every set held them)
    this.base.removePairs(pairs);
    // (their occupied words stay marked: a marked word that empties is only read in vain)
    for (let p = 0; p < this.cacheT.length && this.cacheT[p] < end; p++)
      this.cacheA[p].set.removePairs(pairs);
  }

  /**
   * Takes the nodes of `pairs` (first node, length, …) off the map on [start, end) (a reservation).
   * @param chosen the interval over which the nodes were all free when chosen (the job's own
   *   window): only there the count bound loses them all; outside it (the bf_resolution rounding of
   *   start and end) the bound keeps them, so it stays an upper bound. Defaults to [start, end).
   */
  reserve(
    start: number,
    end: number,
    pairs: readonly number[],
    chosen: readonly [number, number] = [start, end],
  ): void {
    const from = Math.max(start, this.now);
    if (!(end > from)) return;
    let size = 0;
    for (let k = 1; k < pairs.length; k += 2) size += pairs[k];
    this.resv.add(pairs, from, end);
    if (from < this.freeE && end > this.freeS)
      for (let k = 0; k < pairs.length; k += 2) this.free.cut(pairs[k], pairs[k + 1]);
    const a = Math.max(from, chosen[0]),
      b = Math.min(end, chosen[1]);
    if (b > a) this.bound.reserve(a, b, size);
    const at = firstIndexAfter(this.ends, end);
    this.ends.splice(at, 0, end);
    this.endSizes.splice(at, 0, size);
  }
}
