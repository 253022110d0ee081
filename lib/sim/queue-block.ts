/**
 * One block of the pending queue's sorted prefix (lib/sim/sorted-blocks.ts): at most BLOCK jobs in
 * queue order. A job that leaves stays as a tombstone (~job: its place for binary search, without
 * the job) until half the block has left, so a start moves nothing. Once indexed, the block keeps a
 * minima tree over its slots (lib/sim/min-tree.ts) up to date: an append or a departure updates
 * one leaf, an insertion or a compaction rebuilds it.
 */
import { MinTree } from "./min-tree";

/** The most jobs (tombstones included) a block holds. */
export const BLOCK = 64;

/** One block (see the module comment). */
export class QueueBlock {
  /** Number of jobs that have not left. */
  live: number;
  private readonly tree = new MinTree();
  private indexed = false;

  /**
   * @param jobs the jobs in queue order, ~job for a tombstone (kept, not copied)
   * @param nodes nodes per job
   * @param limit time limit per job, seconds
   */
  constructor(
    readonly jobs: number[],
    private readonly nodes: ArrayLike<number>,
    private readonly limit: ArrayLike<number>,
  ) {
    let live = 0;
    for (const x of jobs) if (x >= 0) live++;
    this.live = live;
  }

  /** The job in the last slot (a tombstone's job too). */
  lastKey(): number {
    const x = this.jobs[this.jobs.length - 1];
    return x < 0 ? ~x : x;
  }

  /** The first slot whose job (a tombstone's too) does not go before j under `cmp`. */
  position(j: number, cmp: (a: number, b: number) => number): number {
    const jobs = this.jobs;
    let lo = 0,
      hi = jobs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1,
        x = jobs[mid];
      if (cmp(x < 0 ? ~x : x, j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Empties the block and puts job j in it, unindexed (a block reused, its tree's storage with it). */
  reuse(j: number): void {
    this.jobs.length = 0;
    this.jobs.push(j);
    this.live = 1;
    this.indexed = false;
  }

  /** Appends a job (it goes after every slot; the block has room). */
  append(j: number): void {
    this.jobs.push(j);
    this.live++;
    if (this.indexed && !this.tree.set(this.jobs.length - 1, this.nodes[j], this.limit[j])) this.index();
  }

  /** Inserts a job at slot p. */
  insert(p: number, j: number): void {
    this.jobs.splice(p, 0, j);
    this.live++;
    if (this.indexed) this.index();
  }

  /** The job at slot p leaves (it becomes a tombstone). */
  leave(p: number): void {
    this.jobs[p] = ~this.jobs[p];
    this.live--;
    if (this.indexed) this.tree.set(p, Infinity, Infinity);
  }

  /** Drops the tombstones, then takes in `next`'s jobs if given. */
  compact(next?: QueueBlock): void {
    const jobs = this.jobs;
    let k = 0;
    for (const x of jobs) if (x >= 0) jobs[k++] = x;
    if (next) for (const x of next.jobs) if (x >= 0) jobs[k++] = x;
    jobs.length = k;
    this.live = k;
    if (this.indexed) this.index();
  }

  /** Moves the second half of the slots to a new block. */
  split(): QueueBlock {
    const tail = new QueueBlock(this.jobs.splice(this.jobs.length >> 1), this.nodes, this.limit);
    this.live -= tail.live;
    if (this.indexed) {
      this.index();
      tail.index();
    }
    return tail;
  }

  /** Builds the minima tree and keeps it up to date from now on. */
  index(): void {
    const { jobs, tree } = this;
    tree.clear(jobs.length, Math.min(BLOCK, 2 * jobs.length)); // room to double by appends
    for (let p = 0; p < jobs.length; p++) {
      const x = jobs[p];
      if (x >= 0) tree.leaf(p, this.nodes[x], this.limit[x]);
      else tree.leaf(p, Infinity, Infinity);
    }
    tree.build();
    this.indexed = true;
  }

  /** The fewest nodes among its jobs (indexed). */
  get minNodes(): number {
    return this.tree.allNodes;
  }

  /** The shortest limit among its jobs (indexed). */
  get minLimit(): number {
    return this.tree.allLimit;
  }

  /** The first slot at or after `from` whose job `accept(nodes, limit)` lets through (monotone), or -1 (indexed). */
  next(from: number, accept: (nodes: number, limit: number) => boolean): number {
    return this.tree.next(from, accept);
  }
}
