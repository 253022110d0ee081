/**
 * A sorted list of jobs cut into blocks of at most BLOCK slots (lib/sim/queue-block.ts): the sorted
 * prefix of the pending queue (lib/sim/pending-queue.ts). Inserting a job costs two binary searches
 * and a move within one block; removing one leaves a tombstone. The first walk given a monotone test
 * on (nodes, limit) indexes the list: every block then keeps a minima tree over its jobs, and a tree
 * over the blocks' minima (lib/sim/min-tree.ts) is rebuilt when blocks come or go, so such a walk
 * goes from one job the test lets through to the next in O(log) steps: a backfill pass costs what
 * it can start, not the queue's length. A list that is only read in order never pays for the trees.
 */
import { MinTree } from "./min-tree";
import { BLOCK, QueueBlock } from "./queue-block";

/** The blocked sorted list (see the module comment). */
export class SortedBlocks {
  private blocks: QueueBlock[] = [];
  private spare: QueueBlock[] = []; // blocks emptied, reused by push
  private count = 0;
  private indexed = false; // every block keeps its minima tree
  private readonly outer = new MinTree(); // over the blocks' minima, while `outerFresh` (indexed only)
  private outerFresh = false;

  /**
   * @param cmp the order between two jobs (< 0: a goes first); fixed while the list holds them
   * @param nodes nodes per job
   * @param limit time limit per job, seconds
   * @param live whether a job is still to be visited (a walk skips jobs removed during it)
   */
  constructor(
    private readonly cmp: (a: number, b: number) => number,
    private readonly nodes: ArrayLike<number>,
    private readonly limit: ArrayLike<number>,
    private readonly live: (j: number) => boolean,
  ) {}

  /** Number of jobs. */
  get size(): number {
    return this.count;
  }

  /** The last job (one that left too: its place still bounds the list), or -1. */
  last(): number {
    const b = this.blocks[this.blocks.length - 1];
    return b && b.jobs.length > 0 ? b.lastKey() : -1;
  }

  /** Appends a job; it must not go before the last one. */
  push(j: number): void {
    const k = this.blocks.length - 1;
    this.count++;
    if (k >= 0 && this.blocks[k].jobs.length < BLOCK) {
      this.blocks[k].append(j);
      return this.minimaChanged(k);
    }
    let b = this.spare.pop();
    if (b) b.reuse(j);
    else b = new QueueBlock([j], this.nodes, this.limit);
    if (this.indexed) b.index();
    this.blocks.push(b);
    this.minimaChanged(k + 1);
  }

  /** Inserts a job at its place. */
  insert(j: number): void {
    if (this.blocks.length === 0) return this.push(j);
    const k = this.blockOf(j),
      b = this.blocks[k];
    b.insert(b.position(j, this.cmp), j);
    this.count++;
    if (b.jobs.length <= BLOCK) return this.minimaChanged(k);
    this.blocks.splice(k + 1, 0, b.split());
    this.outerFresh = false;
  }

  /** Removes a job (its key unchanged since it was added); false when it is not in the list. */
  remove(j: number): boolean {
    if (this.blocks.length === 0) return false;
    const k = this.blockOf(j),
      b = this.blocks[k];
    const p = b.position(j, this.cmp);
    if (b.jobs[p] !== j) return false;
    b.leave(p);
    this.count--;
    if (b.live === 0 && this.blocks.length > 1) {
      this.spare.push(b);
      this.blocks.splice(k, 1);
      this.outerFresh = false;
    } else if (2 * b.live <= b.jobs.length) {
      // half the block left (or all of an only block, which stays for the next jobs): drop its
      // tombstones, and take in a small next block
      const next = this.blocks[k + 1];
      if (next && b.live + next.live <= BLOCK >> 1) {
        b.compact(next);
        this.spare.push(next);
        this.blocks.splice(k + 1, 1);
        this.outerFresh = false;
      } else b.compact();
    }
    this.minimaChanged(k);
    return true;
  }

  /** Every job in order (a fresh array). */
  toArray(): number[] {
    const out: number[] = [];
    for (const b of this.blocks) for (const x of b.jobs) if (x >= 0) out.push(x);
    return out;
  }

  /** Every job in order, then empties the list. */
  drain(): number[] {
    const out = this.toArray();
    for (const b of this.blocks) this.spare.push(b);
    this.blocks = [];
    this.count = 0;
    this.outerFresh = false;
    return out;
  }

  /**
   * Visits the live jobs in order until `visit` returns false, leaving out those `accept(nodes,
   * limit)` refuses; `accept` must be monotone (refusing (n, l) refuses every (n' ≥ n, l' ≥ l)). At
   * the end of the list `more()` may append jobs (true) and the walk goes on. The list must not
   * change otherwise during the walk (jobs that leave during it stay until it ends, not live).
   */
  walk(
    visit: (j: number) => boolean,
    accept: ((nodes: number, limit: number) => boolean) | undefined,
    more: () => boolean,
  ): void {
    const blocks = this.blocks,
      live = this.live;
    if (accept && !this.indexed) {
      for (const b of blocks) b.index();
      this.indexed = true;
    }
    let k = 0,
      i = 0;
    for (;;) {
      while (k < blocks.length) {
        if (!accept) {
          const jobs = blocks[k].jobs,
            x = i < jobs.length ? jobs[i++] : -1;
          if (i >= jobs.length) {
            k++;
            i = 0;
          }
          if (x >= 0 && live(x) && !visit(x)) return;
          continue;
        }
        if (i === 0 && k + 1 < blocks.length) {
          // the first block from k whose minima `accept` lets through (the last one is searched directly)
          if (!this.outerFresh) this.rebuildOuter();
          k = this.outer.next(k, accept);
          if (k < 0) {
            k = blocks.length;
            break;
          }
        }
        const b = blocks[k],
          p = b.next(i, accept); // exact: the block's tree holds each job's own pair
        if (p < 0) {
          k++;
          i = 0;
          continue;
        }
        i = p + 1;
        if (i >= b.jobs.length) {
          k++;
          i = 0;
        }
        const j = b.jobs[p];
        if (live(j) && !visit(j)) return;
      }
      // more() appends to the last block or after it: go on from the slots the last block had
      const last = blocks.length - 1,
        had = last >= 0 ? blocks[last].jobs.length : 0;
      if (!more()) return;
      k = Math.max(0, last);
      i = had;
      if (i >= blocks[k].jobs.length) {
        k++;
        i = 0;
      }
    }
  }

  // the block where job j is or would go: the first whose last job does not go before j, else the last
  private blockOf(j: number): number {
    const blocks = this.blocks;
    let lo = 0,
      hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(blocks[mid].lastKey(), j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // block k's minima may have changed, or block k was appended
  private minimaChanged(k: number): void {
    if (!this.outerFresh) return;
    const b = this.blocks[k];
    if (!b || !this.outer.set(k, b.minNodes, b.minLimit)) this.outerFresh = false;
  }

  private rebuildOuter(): void {
    const blocks = this.blocks,
      t = this.outer;
    t.clear(blocks.length);
    for (let k = 0; k < blocks.length; k++) t.leaf(k, blocks[k].minNodes, blocks[k].minLimit);
    t.build();
    this.outerFresh = true;
  }
}
