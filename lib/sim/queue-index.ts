/**
 * The pending queue as an index over queue positions, so a scheduler finds the next job that could
 * start without scanning the whole queue: a segment tree over positions (submit order under a
 * constant priority) holding, per subtree, the smallest node count and the smallest time limit of
 * its pending jobs. `next(after, accept)` descends only into subtrees that `accept` (given those two
 * minima) lets through, so a pass that starts or rejects k jobs costs O(k·log n) instead of O(queue).
 * A scheduler must make `accept` conservative (true whenever some job in the subtree might
 * qualify) and then test each returned job exactly; with monotone tests (nodes ≤ free,
 * now + limit ≤ shadow) the minima give exactly that.
 */
import { invalidArgument } from "../util/errors";

/** Segment tree of pending jobs' (nodes, limit) minima over queue positions. */
export class QueueIndex {
  private readonly size: number;
  private readonly minNodes: Float64Array;
  private readonly minLimit: Float64Array;
  private readonly jobAt: Int32Array;

  /**
   * @param positions number of queue positions (every job that may ever be pending)
   */
  constructor(positions: number) {
    if (!Number.isInteger(positions) || positions < 0) throw invalidArgument("positions", positions, "a whole number >= 0");
    let size = 1;
    while (size < positions) size <<= 1;
    this.size = size;
    this.minNodes = new Float64Array(2 * size).fill(Infinity);
    this.minLimit = new Float64Array(2 * size).fill(Infinity);
    this.jobAt = new Int32Array(size).fill(-1);
  }

  /** Marks job `job` pending at position `pos` with its nodes and time limit (seconds). */
  set(pos: number, job: number, nodes: number, limit: number): void {
    this.jobAt[pos] = job;
    this.update(pos, nodes, limit);
  }

  /** Removes the job at `pos` (it started or left the queue). */
  clear(pos: number): void {
    this.jobAt[pos] = -1;
    this.update(pos, Infinity, Infinity);
  }

  /** The job at a position returned by {@link next}. */
  job(pos: number): number {
    return this.jobAt[pos];
  }

  private update(pos: number, nodes: number, limit: number): void {
    let i = pos + this.size;
    const N = this.minNodes, L = this.minLimit;
    N[i] = nodes;
    L[i] = limit;
    for (i >>= 1; i >= 1; i >>= 1) {
      N[i] = Math.min(N[2 * i], N[2 * i + 1]);
      L[i] = Math.min(L[2 * i], L[2 * i + 1]);
    }
  }

  /**
   * The first position after `after` holding a pending job that `accept` lets through at every
   * level from the root of its canonical subtree down to its leaf (at the leaf the minima are the
   * job's own nodes and limit), or −1.
   * @param after a position, or −1 to search from the start
   * @param accept (smallest nodes, smallest limit) of a subtree → may a job in it qualify?
   */
  next(after: number, accept: (minNodes: number, minLimit: number) => boolean): number {
    const size = this.size;
    const lo = after + 1;
    if (lo >= size) return -1;
    // the canonical subtrees covering [lo, size), left to right: from the leaf, take the right
    // sibling after climbing out of right children
    let i = lo + size;
    for (;;) {
      const r = this.leftmost(i, accept);
      if (r >= 0) return r;
      while (i & 1) {
        i >>= 1;
        if (i <= 1) return -1;
      }
      i++;
    }
  }

  /** Leftmost accepted leaf position in subtree `i`, or −1 (backtracks: the minima of a subtree may come from different jobs). */
  private leftmost(i: number, accept: (minNodes: number, minLimit: number) => boolean): number {
    if (this.minNodes[i] === Infinity || !accept(this.minNodes[i], this.minLimit[i])) return -1;
    if (i >= this.size) return i - this.size;
    const l = this.leftmost(2 * i, accept);
    return l >= 0 ? l : this.leftmost(2 * i + 1, accept);
  }
}

/** An `accept` that lets every pending job through: walks the queue in order. */
export const ANY_JOB = (): boolean => true;
