/**
 * The engine's pending queue: the pending jobs in submit order (SchedulerContext.pending) and in
 * queue order (pendingByPriority, eachByPriority). The queue order is total: priority descending,
 * then submit time ascending, then job index ascending (Slurm's sort_job_queue2 without
 * preemption, reservations or PriorityTier); under a constant priority it is the submit order.
 *
 * The jobs fall into groups whose queue order is their submit order at every instant
 * (PriorityModel.queueGroup; every job in one group under a constant priority; each job alone
 * otherwise). The queue is a sorted prefix followed by the rest as sorted lists merged on demand:
 * - each group has two lists in submit order: its jobs queued at the last recalculation and those
 *   submitted since (priced at their submit, equal within the group); a binary heap orders the
 *   non-empty lists by their first job (lib/sim/list-heap.ts);
 * - the prefix holds the first jobs of the queue in order, in blocks that know their fewest nodes
 *   and shortest limit (lib/sim/sorted-blocks.ts); a walk reads it and, at its end, moves the first
 *   jobs of the lists into it, so a scheduler that reads the head of a long queue never pays for
 *   the rest, and one that tests (nodes, limit) skips the blocks where nothing can pass;
 * - a submit goes into the prefix (binary search) when it goes before the prefix's last job or the
 *   lists are empty, else at the end of its list; a start leaves the prefix (after the walk it
 *   happened in) or its list;
 * - a recalculation puts the prefix back into the lists, joins each group's two lists and rebuilds
 *   the heap: it costs O(prefix + lists), not O(queue). Under a model with queue groups a priority
 *   is computed only when its job heads a list, enters the prefix, starts or is asked for
 *   (`ensure`), always for the last recalculation instant: the value a full recalculation writes.
 * Because the order is total this gives the same sequence as sorting the pending jobs from scratch
 * (test/sim/pending-queue.test.ts, test/sim/queue-cache.test.ts).
 */
import { invariantViolated } from "../util/errors";
import { ListHeap } from "./list-heap";
import { SortedBlocks } from "./sorted-blocks";

/** What the pending queue needs from the engine. */
export interface PendingQueueHost {
  /** Priority per job (read when ordering, written by `refresh`). */
  readonly prio: Float64Array;
  /** Submit time per job, seconds. */
  readonly submit: Float64Array;
  /** Nodes per job. */
  readonly nodes: Float64Array;
  /** Time limit per job, seconds. */
  readonly limit: Float64Array;
  /** The job's group: an integer in [0, number of jobs). */
  group(job: number): number;
  /** Writes the job's priority as of the last recalculation into `prio`; absent: `prio` is always current. */
  refresh?: (job: number) => void;
  /** Whether the job is still pending. */
  isPending(job: number): boolean;
}

const OUT = 0,
  LISTED = 1,
  PREFIX = 2;
const CHUNK = 16; // jobs moved from the lists into the prefix at a time

/** The pending queue (see the module comment). */
export class PendingQueue {
  private readonly lists: ListHeap; // list 2g: group g's jobs at the last recalculation; 2g+1: submitted since
  private readonly prefix: SortedBlocks;
  private readonly where: Uint8Array; // per job: OUT, LISTED or PREFIX
  private readonly groupOf: Int32Array;
  private readonly queuedIn: Int32Array; // per job: the epoch it was submitted in
  private readonly stamp: Int32Array; // per job: the epoch its priority belongs to
  private readonly prio: Float64Array;
  private readonly submit: Float64Array;
  private epoch = 1;
  private sinceGroups: number[] = []; // groups with jobs submitted since the last recalculation
  private readonly sinceEpoch: Int32Array; // per group: the last epoch it got a job in
  private count = 0;
  private bySubmit: number[] = []; // pending jobs in submit order; started ones leave at the next read
  private bySubmitStale = false;
  private walking = false;
  private startedInWalk: number[] = [];
  private ordered: number[] | null = null; // the whole queue order, until the queue changes

  /**
   * @param n number of jobs (indices 0..n-1)
   * @param host the engine's arrays and callbacks
   */
  constructor(
    n: number,
    private readonly host: PendingQueueHost,
  ) {
    this.prio = host.prio;
    this.submit = host.submit;
    this.where = new Uint8Array(n);
    this.groupOf = new Int32Array(n);
    this.queuedIn = new Int32Array(n);
    this.stamp = new Int32Array(n);
    this.sinceEpoch = new Int32Array(n);
    this.lists = new ListHeap(n, 2 * n, this.cmp, (j) => this.ensure(j));
    this.prefix = new SortedBlocks(this.cmp, host.nodes, host.limit, host.isPending);
  }

  // queue order between two jobs: < 0 when a goes first
  private readonly cmp = (a: number, b: number) =>
    this.prio[b] - this.prio[a] || this.submit[a] - this.submit[b] || a - b;

  /** Number of pending jobs. */
  get size(): number {
    return this.count;
  }

  /** A job was submitted (jobs come in submit order); its priority, computed now, is in `prio`. */
  add(j: number): void {
    const g = this.host.group(j);
    if (!(g >= 0 && g < this.where.length && g === Math.floor(g)))
      throw invariantViolated(`queue group ${g} of job ${j} outside [0, ${this.where.length})`);
    this.bySubmit.push(j);
    this.count++;
    this.ordered = null;
    this.groupOf[j] = g;
    this.queuedIn[j] = this.stamp[j] = this.epoch;
    if (this.sinceEpoch[g] !== this.epoch) {
      this.sinceEpoch[g] = this.epoch;
      this.sinceGroups.push(g);
    }
    const pre = this.prefix;
    if (this.lists.empty || (pre.size > 0 && this.cmp(j, pre.last()) < 0)) {
      // the prefix is the whole queue, or j goes before its end
      if (pre.size > 0 && this.cmp(j, pre.last()) < 0) pre.insert(j);
      else pre.push(j);
      this.where[j] = PREFIX;
      return;
    }
    const list = 2 * g + 1,
      t = this.lists.lastOf(list);
    if (t >= 0 && this.cmp(t, j) > 0)
      throw invariantViolated(`job ${j} goes before job ${t} submitted earlier in queue group ${g}`);
    this.lists.push(list, j);
    this.where[j] = LISTED;
  }

  /** A pending job started: it leaves the queue (after the walk it started in). */
  remove(j: number): void {
    this.ensure(j);
    this.count--;
    this.bySubmitStale = true;
    this.ordered = null;
    if (this.where[j] === LISTED) this.lists.remove(this.listOf(j), j);
    else if (this.walking) this.startedInWalk.push(j);
    else if (!this.prefix.remove(j)) throw invariantViolated(`started job ${j} not in the queue`);
    this.where[j] = OUT;
  }

  /** Every pending priority belongs to a new recalculation instant (written, or computed on demand by `refresh`). */
  recalculated(): void {
    if (this.walking) throw invariantViolated("priorities recalculated during a queue walk");
    this.ordered = null;
    const back = this.prefix.drain();
    for (let k = back.length - 1; k >= 0; k--) {
      const j = back[k];
      if (this.where[j] !== PREFIX) continue;
      this.lists.unshift(this.listOf(j), j);
      this.where[j] = LISTED;
    }
    for (const g of this.sinceGroups) this.lists.join(2 * g + 1, 2 * g);
    this.sinceGroups = [];
    this.epoch++;
    this.lists.rebuild();
  }

  /** Brings the job's priority up to the last recalculation (see the module comment). */
  ensure(j: number): void {
    if (this.host.refresh && this.stamp[j] !== this.epoch) {
      this.host.refresh(j);
      this.stamp[j] = this.epoch;
    }
  }

  /** The pending jobs in submit order (compacted after starts; do not keep or mutate across calls). */
  inSubmitOrder(): readonly number[] {
    if (this.bySubmitStale) {
      this.bySubmit = this.bySubmit.filter(this.host.isPending);
      this.bySubmitStale = false;
    }
    return this.bySubmit;
  }

  /** Every pending job in queue order (do not keep or mutate across calls). */
  all(): readonly number[] {
    if (this.walking) throw invariantViolated("the whole queue read during a queue walk");
    if (!this.ordered) {
      while (!this.lists.empty) this.prefix.push(this.take());
      this.ordered = this.prefix.toArray();
    }
    return this.ordered;
  }

  /**
   * Visits pending jobs in queue order until `visit` returns false (`visit` may start its job),
   * leaving out those `accept(nodes, limit)` refuses (a monotone test; see SortedBlocks.walk).
   */
  each(visit: (job: number) => boolean, accept?: (nodes: number, limit: number) => boolean): void {
    if (this.walking) throw invariantViolated("a queue walk started inside another");
    this.walking = true;
    try {
      this.prefix.walk(visit, accept, this.more);
    } finally {
      this.walking = false;
      const started = this.startedInWalk;
      if (started.length > 0) {
        for (const j of started)
          if (!this.prefix.remove(j)) throw invariantViolated(`started job ${j} not in the queue`);
        started.length = 0;
      }
    }
  }

  // moves the next jobs of the lists into the prefix; false when the lists are empty
  private readonly more = (): boolean => {
    if (this.lists.empty) return false;
    for (let k = 0; k < CHUNK && !this.lists.empty; k++) this.prefix.push(this.take());
    return true;
  };

  private take(): number {
    const j = this.lists.pop();
    this.where[j] = PREFIX;
    return j;
  }

  // the list job j is in (or goes back to): its group's first list, or its second if submitted since the last recalculation
  private listOf(j: number): number {
    return 2 * this.groupOf[j] + (this.queuedIn[j] === this.epoch ? 1 : 0);
  }
}
