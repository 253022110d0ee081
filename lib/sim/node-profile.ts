/**
 * The node-level backfill map (Slurm's node_space table, with running jobs folded in): per time
 * slot, the SET of free nodes — idle nodes now plus the nodes of running jobs from their planned
 * ends (start + time limit), minus reservations. A job fits from s when enough nodes are free in
 * EVERY slot it overlaps (the intersection), not merely enough in each slot as a count map says:
 * free nodes that change identity along the window (a fragmented gap) do not make a fit.
 */
import { NodeSet } from "./node-set";

/** Per-slot free-node sets: sets[i] are free on [times[i], times[i+1]); the last slot lasts forever. */
export class NodeProfile {
  /** Slot start times, strictly increasing, seconds. */
  readonly times: number[];
  /** Free nodes per slot. */
  readonly sets: NodeSet[];
  /** Free node count per slot (sets[i].count()). */
  readonly counts: number[];
  private readonly scratch: NodeSet;

  /**
   * @param now the map's origin, seconds
   * @param idle the idle nodes now (copied)
   */
  constructor(now: number, idle: NodeSet) {
    this.times = [now];
    this.sets = [idle.clone()];
    this.counts = [idle.count()];
    this.scratch = new NodeSet(idle.size);
  }

  /**
   * A map from the idle nodes now and the running jobs sorted by planned end (the engine's running
   * list): each job's nodes become free at its planned end.
   * @param sortedJobs job indices sorted by `ends(j)`
   * @param nodesOf the nodes job j holds
   */
  static fromSortedReleases(now: number, idle: NodeSet, sortedJobs: readonly number[], ends: (j: number) => number, nodesOf: (j: number) => NodeSet): NodeProfile {
    const p = new NodeProfile(now, idle);
    const T = p.times, S = p.sets, C = p.counts;
    let last = 0;
    for (let k = 0; k < sortedJobs.length; k++) {
      const j = sortedJobs[k];
      const t = ends(j), held = nodesOf(j);
      if (t > T[last]) {
        T.push(t);
        S.push(S[last].clone());
        C.push(C[last]);
        last++;
      }
      S[last].or(held);
      C[last] = S[last].count();
    }
    return p;
  }

  private indexAt(t: number): number {
    let lo = 0, hi = this.times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The nodes free over all of [start, end) (a fresh set; start ≥ origin). */
  freeOver(start: number, end: number): NodeSet {
    const i = this.indexAt(start);
    const out = this.sets[i].clone();
    for (let j = i + 1; j < this.times.length && this.times[j] < end; j++) out.and(this.sets[j]);
    return out;
  }

  /**
   * The earliest s ≥ `from` such that at least `nodes` nodes are free over all of [s, s + duration),
   * with those free nodes, or null when there is none. Only slot starts (and `from`) can be the
   * earliest such s: later in a slot the window only overlaps more slots.
   */
  earliestStart(nodes: number, duration: number, from: number): { start: number; free: NodeSet } | null {
    const T = this.times, S = this.sets, C = this.counts, m = T.length, x = this.scratch;
    let i = this.indexAt(from);
    while (i < m) {
      const s = Math.max(from, T[i]);
      const e = s + duration;
      // counts first: a slot with too few free nodes rules out every start before its end
      let j = i, short = -1;
      for (; j < m && T[j] < e; j++) {
        if (C[j] < nodes) {
          short = j;
          break;
        }
      }
      if (short >= 0) {
        i = short + 1;
        continue;
      }
      x.copyFrom(S[i]);
      let ok = true;
      for (let k = i + 1; k < j; k++) {
        if (x.and(S[k]).count() < nodes) {
          ok = false;
          break;
        }
      }
      if (ok) return { start: s, free: x.clone() };
      i++;
    }
    return null;
  }

  private split(t: number): number {
    const i = this.indexAt(t);
    if (this.times[i] === t) return i;
    this.times.splice(i + 1, 0, t);
    this.sets.splice(i + 1, 0, this.sets[i].clone());
    this.counts.splice(i + 1, 0, this.counts[i]);
    return i + 1;
  }

  /** Removes `nodes` from the free sets on [start, end) (a reservation, or a job started now). */
  reserve(start: number, end: number, nodes: NodeSet): void {
    const from = Math.max(start, this.times[0]);
    if (!(end > from)) return;
    const a = this.split(from);
    const b = end === Infinity ? this.times.length : this.split(end);
    for (let k = a; k < b; k++) this.counts[k] = this.sets[k].andNot(nodes).count();
  }
}
