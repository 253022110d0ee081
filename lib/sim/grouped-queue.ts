/**
 * The pending queue as per-group lists merged on demand, for a priority model whose jobs fall into
 * groups that keep their submit order (PriorityModel.queueGroup: Slurm's multifactor priority
 * without a formula — one group per user and fixed factors, where only the age factor differs and
 * it grows with age). The queue order is the engine's total order (priority desc, submit asc, index
 * asc); this gives the same sequence as sorting every pending job, without recomputing every
 * pending priority and re-sorting the queue at each PriorityCalcPeriod:
 * - each group has two lists in submit order: the jobs pending at the last recalculation (their
 *   priorities, all computed at that instant, never rise along the list) and the jobs submitted
 *   since (each priced at its submit with age 0: equal within the group);
 * - a binary heap holds the non-empty lists by their first job (lib/sim/list-heap.ts); a priority is computed only when
 *   its job becomes a list's first, is merged into the prefix, or starts (`ensure`), always for the
 *   last recalculation instant, so it is the value a full recalculation would have written;
 * - the first jobs of the queue are kept as a sorted array (the prefix): a walk (`each`) reads it
 *   and extends it when it needs more (a k-way merge of the lists through a heap of cursors,
 *   at least doubling the prefix each time); a submit or a start changes it by binary search; a
 *   recalculation empties it. So a recalculation costs O(groups) instead of O(queue), and a
 *   scheduler that reads only the head of a long queue never pays for the rest.
 * Jobs that start during a walk leave the lists and the prefix at the next operation.
 */
import { invariantViolated } from "../util/errors";
import { lowerBound } from "../util/lower-bound";
import { ListHeap } from "./list-heap";
import type { PendingQueue } from "./sorted-queue";

/** What the grouped queue needs from the engine. */
export interface GroupedQueueHost {
  /** Priority per job (read, and written by `refresh`). */
  readonly prio: Float64Array;
  /** Submit time per job, seconds. */
  readonly submit: Float64Array;
  /** Position of each job in (submit, index) order. */
  readonly rank: Int32Array;
  /** The job's group (PriorityModel.queueGroup). */
  group(job: number): number;
  /** Writes the job's priority as of the last recalculation into `prio`. */
  refresh(job: number): void;
  /** Whether the job is still pending. */
  isPending(job: number): boolean;
}

/** The grouped pending queue (see the module comment). */
export class GroupedQueue implements PendingQueue {
  private readonly lists: ListHeap; // list 2g: group g's jobs at the last recalculation; 2g+1: submitted since
  private readonly listOf: Int32Array; // per job: its list
  private readonly stamp: Int32Array; // per job: the epoch its priority belongs to
  private epoch = 1;
  private removed: number[] = [];
  private prefix: number[] = []; // the first jobs of the queue, in order
  private complete = false; // the prefix holds the whole queue
  private walking = false;
  private readonly prio: Float64Array;
  private readonly submit: Float64Array;

  /**
   * @param n number of jobs (indices 0..n-1)
   * @param host the engine's arrays and callbacks
   * @param chunk the fewest jobs a walk adds to the prefix when it needs more. Defaults to 32.
   */
  constructor(n: number, private readonly host: GroupedQueueHost, private readonly chunk = 32) {
    this.prio = host.prio;
    this.submit = host.submit;
    this.listOf = new Int32Array(n).fill(-1);
    this.stamp = new Int32Array(n);
    this.lists = new ListHeap((a, b) => this.cmp(a, b), (j) => this.ensure(j));
  }

  /** Adds a job just submitted; its priority (computed at submit) is already in `prio`. */
  add(j: number): void {
    this.flush();
    const s = 2 * this.host.group(j) + 1;
    this.listOf[j] = s;
    this.stamp[j] = this.epoch;
    const list = this.lists.list(s);
    const last = list[list.length - 1];
    if (last !== undefined && this.host.rank[last] > this.host.rank[j]) throw invariantViolated(`job ${j} submitted out of order`);
    list.push(j);
    if (list.length === 1) this.lists.firstChanged(s);
    const pre = this.prefix;
    if (this.complete || (pre.length > 0 && this.cmp(j, pre[pre.length - 1]) < 0)) pre.splice(this.prefixPosition(j), 0, j);
  }

  /** Marks a job as started: it leaves its list at the next operation (safe during a walk). */
  remove(j: number): void {
    this.ensure(j);
    this.removed.push(j);
  }

  /** A new recalculation instant: the jobs submitted since the last one join their group's first list. */
  recalculated(): void {
    this.flush();
    this.epoch++;
    const ids = this.lists.ids();
    for (let k = 0; k < ids.length; k++) {
      const s = ids[k], r = s & ~1;
      if (s === r) continue;
      const from = this.lists.list(s), to = this.lists.list(r);
      for (const j of from) {
        to.push(j);
        this.listOf[j] = r;
      }
      from.length = 0;
      ids[k] = r;
    }
    this.lists.rebuild(ids);
    this.prefix.length = 0;
    this.complete = false;
  }

  /** The job's priority as of the last recalculation (or its submit), written into `prio`. */
  ensure(j: number): void {
    if (this.stamp[j] !== this.epoch) {
      this.host.refresh(j);
      this.stamp[j] = this.epoch;
    }
  }

  /** Visits pending jobs in queue order until `visit` returns false (which may start the job it is given). */
  each(visit: (job: number) => boolean): void {
    this.flush();
    if (this.walking) throw invariantViolated("a queue walk started inside another");
    this.walking = true;
    try {
      const pre = this.prefix, host = this.host;
      for (let i = 0; ; ) {
        if (i < pre.length) {
          const j = pre[i++];
          if (host.isPending(j) && !visit(j)) return;
        } else if (this.complete) return;
        else this.extend();
      }
    } finally {
      this.walking = false;
    }
  }

  /** Every pending job in queue order (do not keep or mutate across calls). */
  all(): readonly number[] {
    this.flush();
    while (!this.complete) this.extend();
    return this.prefix;
  }

  /** Number of jobs in the lists (started ones leave at the next operation). */
  get size(): number {
    this.flush();
    let k = 0;
    for (const s of this.lists.ids()) k += this.lists.list(s).length;
    return k;
  }

  // Merges the lists from the start, checks the jobs already in the prefix and appends as many
  // again (at least `chunk`); marks the prefix complete when the lists run out.
  private extend(): void {
    const pre = this.prefix;
    const skip = pre.length, stop = skip + Math.max(this.chunk, skip);
    let k = 0;
    this.complete = this.lists.merge((j) => {
      if (k < skip) {
        if (pre[k++] !== j) throw invariantViolated(`queue prefix holds job ${pre[k - 1]} where the lists give job ${j}`);
        return true;
      }
      pre.push(j);
      return ++k < stop;
    });
  }

  // position of job j in the prefix: the first entry that does not go before it
  private prefixPosition(j: number): number {
    return lowerBound(this.prefix, (x) => this.cmp(x, j) < 0);
  }

  private flush(): void {
    if (this.removed.length === 0) return;
    if (this.walking) throw invariantViolated("the queue changed during a walk");
    for (const j of this.removed) {
      const pre = this.prefix;
      if (pre.length > 0 && this.cmp(j, pre[pre.length - 1]) <= 0) {
        const q = this.prefixPosition(j);
        if (pre[q] !== j) throw invariantViolated(`started job ${j} not in the queue prefix`);
        pre.splice(q, 1);
      }
      const s = this.listOf[j], list = this.lists.list(s);
      const p = this.position(list, j);
      if (list[p] !== j) throw invariantViolated(`started job ${j} not in its queue list`);
      list.splice(p, 1);
      this.listOf[j] = -1;
      if (p === 0) this.lists.firstChanged(s);
    }
    this.removed.length = 0;
  }

  // position of job j in its list (submit order)
  private position(list: number[], j: number): number {
    const rank = this.host.rank, r = rank[j];
    return lowerBound(list, (x) => rank[x] < r);
  }

  // queue order between two jobs: < 0 when a goes first
  private cmp(a: number, b: number): number {
    const prio = this.prio, submit = this.submit;
    return prio[b] - prio[a] || submit[a] - submit[b] || a - b;
  }
}
