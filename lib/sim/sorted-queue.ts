/**
 * The pending queue as one sorted array, for any priority model: the engine's total order
 * (priority desc, submit asc, index asc) over every pending job. A submit inserts the new job at its
 * place (binary search); a start removes the job at the next read (binary search, or one filter
 * pass after many starts); a priority recalculation — which rewrote every pending priority —
 * re-sorts the previous order (nearly sorted, so the sort is close to linear). The order is total,
 * so this gives the same array as sorting the pending jobs from scratch
 * (test/sim/queue-cache.test.ts). Under the multifactor priority the engine prefers the grouped
 * queue (lib/sim/grouped-queue.ts), whose recalculation does not touch every pending job.
 */
import { lowerBound } from "../util/lower-bound";

/** The pending queue the engine reads in order: a sorted array or per-group lists. */
export interface PendingQueue {
  /** A job was submitted; its priority is in the engine's array. */
  add(job: number): void;
  /** A pending job started (it leaves at the next read; safe during a walk). */
  remove(job: number): void;
  /** Priorities were recalculated. */
  recalculated(): void;
  /** Every pending job in queue order (do not keep or mutate across calls). */
  all(): readonly number[];
  /** Visits pending jobs in queue order until `visit` returns false. */
  each(visit: (job: number) => boolean): void;
}

/** The sorted-array queue (see the module comment). */
export class SortedQueue implements PendingQueue {
  private cache: number[] | null = null; // null: build from `pending()` at the next read
  private resort = false;
  private startedSinceRead: number[] = [];

  /**
   * @param prio priority per job (the engine's array)
   * @param submit submit time per job, seconds
   * @param pending the pending jobs in any order (read when the cache must be built)
   * @param isPending whether a job is still pending
   */
  constructor(
    private readonly prio: Float64Array,
    private readonly submit: Float64Array,
    private readonly pending: () => readonly number[],
    private readonly isPending: (job: number) => boolean,
  ) {}

  private readonly cmp = (a: number, b: number) => this.prio[b] - this.prio[a] || this.submit[a] - this.submit[b] || a - b;

  // first position in the sorted list whose job does not go before j
  private position(list: number[], j: number): number {
    return lowerBound(list, (x) => this.cmp(x, j) < 0);
  }

  add(j: number): void {
    if (!this.cache) return;
    // the cache stays sorted: started jobs still in it keep their priority until they leave
    if (this.resort) this.cache = null;
    else this.cache.splice(this.position(this.cache, j), 0, j);
  }

  remove(j: number): void {
    if (this.cache && !this.resort) this.startedSinceRead.push(j);
  }

  recalculated(): void {
    this.resort = this.cache !== null;
  }

  all(): readonly number[] {
    if (!this.cache) {
      this.cache = this.pending().slice().sort(this.cmp);
      this.resort = false;
    } else if (this.resort) {
      this.cache = this.cache.filter(this.isPending).sort(this.cmp);
      this.resort = false;
    } else if (this.startedSinceRead.length > 64) {
      this.cache = this.cache.filter(this.isPending);
    } else {
      // a few starts since the last read: remove each at its place (binary search; their
      // priorities are the ones the cache is sorted by), not a pass over the whole queue
      for (const j of this.startedSinceRead) {
        const p = this.position(this.cache, j);
        if (this.cache[p] === j) this.cache.splice(p, 1);
      }
    }
    this.startedSinceRead.length = 0;
    return this.cache;
  }

  each(visit: (job: number) => boolean): void {
    for (const j of this.all()) if (!visit(j)) return;
  }
}
