/**
 * Node-availability profile for backfill planning: a step function of free nodes over time,
 * built from the idle nodes now plus the planned releases of running jobs (at start + time limit),
 * minus reservations. Nodes are identical and allocation is node-exclusive, so counts suffice:
 * any schedule whose node count never exceeds W can be mapped onto concrete nodes.
 */

/** A step function: free[i] nodes on [times[i], times[i+1]); the last step lasts forever. */
export class Profile {
  /** Breakpoint times, strictly increasing, seconds. */
  readonly times: number[];
  /** Free nodes on each step. */
  readonly free: number[];

  /**
   * @param now the profile's origin (seconds)
   * @param freeNow idle nodes at `now`
   * @param releases planned releases (time, nodes), in any order; times before `now` count at `now`
   */
  constructor(now: number, freeNow: number, releases: ReadonlyArray<readonly [number, number]> = []) {
    const rel = releases.slice().sort((a, b) => a[0] - b[0]);
    this.times = [now];
    this.free = [freeNow];
    let cur = freeNow;
    for (const [t, n] of rel) {
      cur += n;
      const last = this.times.length - 1;
      if (t <= this.times[last]) this.free[last] = cur;
      else {
        this.times.push(t);
        this.free.push(cur);
      }
    }
  }

  /**
   * A profile from running jobs already sorted by planned end (the engine's running list):
   * no intermediate arrays, no sort.
   * @param sortedJobs job indices sorted by `ends[j]`
   */
  static fromSortedReleases(
    now: number,
    freeNow: number,
    sortedJobs: readonly number[],
    ends: (j: number) => number,
    nodes: (j: number) => number,
  ): Profile {
    const p = new Profile(now, freeNow);
    const T = p.times,
      F = p.free;
    let cur = freeNow,
      last = 0;
    for (let k = 0; k < sortedJobs.length; k++) {
      const j = sortedJobs[k];
      const t = ends(j);
      cur += nodes(j);
      if (t <= T[last]) F[last] = cur;
      else {
        T.push(t);
        F.push(cur);
        last++;
      }
    }
    return p;
  }

  /** An independent copy (same steps). */
  clone(): Profile {
    return Object.assign(Object.create(Profile.prototype) as Profile, {
      times: this.times.slice(),
      free: this.free.slice(),
    });
  }

  private indexAt(t: number): number {
    // last i with times[i] <= t
    let lo = 0,
      hi = this.times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Free nodes at time t (t ≥ origin). */
  freeAt(t: number): number {
    return this.free[this.indexAt(t)];
  }

  /**
   * The earliest time s ≥ `from` such that at least `nodes` are free on [s, s + duration),
   * or Infinity when no such time exists. When that is after `horizon`, the first candidate after
   * `horizon` may be returned instead (no start precedes it): the steps beyond are not searched.
   * @param horizon the latest start the caller can use, seconds. Defaults to Infinity.
   */
  earliestStart(nodes: number, duration: number, from: number, horizon = Infinity): number {
    const T = this.times,
      F = this.free,
      m = T.length;
    let i = this.indexAt(from);
    while (i < m) {
      const s = Math.max(from, T[i]);
      if (s > horizon) return s;
      const e = s + duration;
      let j = i,
        ok = true;
      while (j < m && T[j] < e) {
        if (F[j] < nodes) {
          ok = false;
          break;
        }
        j++;
      }
      if (ok) return s;
      i = j + 1;
    }
    return Infinity;
  }

  private split(t: number): number {
    const i = this.indexAt(t);
    if (this.times[i] === t) return i;
    this.times.splice(i + 1, 0, t);
    this.free.splice(i + 1, 0, this.free[i]);
    return i + 1;
  }

  /** Removes `nodes` from [start, end) (a reservation or a job started now). */
  reserve(start: number, end: number, nodes: number): void {
    if (!(end > start)) return;
    const a = this.split(Math.max(start, this.times[0]));
    const b = end === Infinity ? this.times.length : this.split(end);
    for (let k = a; k < b; k++) this.free[k] -= nodes;
  }
}
