/**
 * The engine's pending queue: the pending jobs in submit order (SchedulerContext.pending) and in
 * queue order (pendingByPriority, eachByPriority). The queue order is total: priority descending,
 * then submit time ascending, then job index ascending (Slurm's sort_job_queue2 without
 * preemption, reservations or PriorityTier); under a constant priority it is the submit order.
 *
 * The queue order is one sorted array, kept between reads: a submit inserts the new job at its
 * place (binary search); a start removes the job at the next read (binary search, or one filter
 * pass after many starts); a priority recalculation — which rewrote every pending priority —
 * re-sorts the previous order (nearly sorted, so the sort is close to linear). Because the order is
 * total this gives the same array as sorting the pending jobs from scratch
 * (test/sim/queue-cache.test.ts).
 */
import { lowerBound } from "../util/lower-bound";

/** The pending queue (see the module comment). */
export class PendingQueue {
  private list: number[] = []; // pending jobs in submit order; started ones leave at the next read
  private listStale = false;
  private count = 0;
  private cache: number[] | null = null; // the queue order; null: built from `list` at the next read
  private resort = false;
  private startedSinceRead: number[] = [];

  /**
   * @param prio priority per job (the engine's array, read when ordering)
   * @param submit submit time per job, seconds
   * @param isPending whether a job is still pending
   */
  constructor(
    private readonly prio: Float64Array,
    private readonly submit: Float64Array,
    private readonly isPending: (job: number) => boolean,
  ) {}

  private readonly cmp = (a: number, b: number) =>
    this.prio[b] - this.prio[a] || this.submit[a] - this.submit[b] || a - b;

  /** Number of pending jobs. */
  get size(): number {
    return this.count;
  }

  /** A job was submitted (jobs come in submit order); its priority is already in `prio`. */
  add(j: number): void {
    this.list.push(j);
    this.count++;
    if (!this.cache) return;
    // the cache stays sorted: started jobs still in it keep their priority until they leave
    if (this.resort) this.cache = null;
    else this.cache.splice(this.position(this.cache, j), 0, j);
  }

  /** A pending job started: it leaves at the next read (safe during a walk). */
  remove(j: number): void {
    this.listStale = true;
    this.count--;
    if (this.cache && !this.resort) this.startedSinceRead.push(j);
  }

  /** The pending jobs in submit order (compacted after starts; do not keep or mutate across calls). */
  inSubmitOrder(): readonly number[] {
    if (this.listStale) {
      this.list = this.list.filter(this.isPending);
      this.listStale = false;
    }
    return this.list;
  }

  /** Every pending priority was rewritten. */
  recalculated(): void {
    this.resort = this.cache !== null;
  }

  /** Every pending job in queue order (do not keep or mutate across calls). */
  all(): readonly number[] {
    if (!this.cache) {
      this.cache = this.inSubmitOrder().slice().sort(this.cmp);
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

  /** Visits pending jobs in queue order until `visit` returns false (`visit` may start its job). */
  each(visit: (job: number) => boolean): void {
    for (const j of this.all()) if (!visit(j)) return;
  }

  // first position in the sorted list whose job does not go before j
  private position(list: number[], j: number): number {
    return lowerBound(list, (x) => this.cmp(x, j) < 0);
  }
}
