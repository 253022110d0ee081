/**
 * A sorted list of jobs cut into blocks of at most BLOCK jobs: the sorted prefix of the pending
 * queue (lib/sim/pending-queue.ts). Inserting or removing a job costs two binary searches and a
 * move within one block, not within the whole list. Each block knows the fewest nodes and the
 * shortest time limit among its jobs, and (lib/sim/min-tree.ts) a tree over the blocks' minima and
 * one inside each block over its jobs, both rebuilt only when a walk needs them after a change: a
 * walk given a monotone test on (nodes, limit) goes from one job the test lets through to the next
 * in O(log) steps, so a backfill pass costs what it can start, not the queue's length.
 */
import { MinTree } from "./min-tree";

const BLOCK = 64;
const SCAN = 8; // jobs a walk with a test tries one by one in a block before its tree

interface Block {
  jobs: number[];
  minNodes: number;
  minLimit: number;
  inner: MinTree; // over `jobs`, while `innerFresh`
  innerFresh: boolean;
}

/** The blocked sorted list (see the module comment). */
export class SortedBlocks {
  private blocks: Block[] = [];
  private count = 0;
  private readonly outer = new MinTree(); // over the blocks' minima, while `outerFresh`
  private outerFresh = false;

  /**
   * @param cmp the order between two jobs (< 0: a goes first); fixed while the list holds them
   * @param nodes nodes per job
   * @param limit time limit per job, seconds
   */
  constructor(
    private readonly cmp: (a: number, b: number) => number,
    private readonly nodes: ArrayLike<number>,
    private readonly limit: ArrayLike<number>,
  ) {}

  /** Number of jobs. */
  get size(): number {
    return this.count;
  }

  /** The last job, or -1. */
  last(): number {
    const b = this.blocks[this.blocks.length - 1];
    return b ? b.jobs[b.jobs.length - 1] : -1;
  }

  /** Appends a job; it must not go before the last one. */
  push(j: number): void {
    const k = this.blocks.length - 1;
    if (k < 0 || this.blocks[k].jobs.length >= BLOCK) {
      this.blocks.push(this.block([j]));
      this.minimaChanged(k + 1);
    } else {
      this.blocks[k].jobs.push(j);
      this.lower(k, j);
    }
    this.count++;
  }

  /** Inserts a job at its place. */
  insert(j: number): void {
    if (this.blocks.length === 0) return this.push(j);
    const k = this.blockOf(j),
      b = this.blocks[k];
    b.jobs.splice(this.position(b.jobs, j), 0, j);
    this.count++;
    if (b.jobs.length <= BLOCK) return this.lower(k, j);
    this.blocks.splice(k + 1, 0, this.block(b.jobs.splice(BLOCK >> 1)));
    this.measure(b);
    this.outerFresh = false;
  }

  /** Removes a job (its key unchanged since it was added); false when it is not in the list. */
  remove(j: number): boolean {
    if (this.blocks.length === 0) return false;
    const k = this.blockOf(j),
      b = this.blocks[k];
    const p = this.position(b.jobs, j);
    if (b.jobs[p] !== j) return false;
    b.jobs.splice(p, 1);
    b.innerFresh = false;
    this.count--;
    const next = this.blocks[k + 1];
    if (b.jobs.length === 0) {
      this.blocks.splice(k, 1);
      this.outerFresh = false;
    } else if (next && b.jobs.length + next.jobs.length <= BLOCK >> 1) {
      // two small neighbours become one block
      for (const x of next.jobs) b.jobs.push(x);
      this.blocks.splice(k + 1, 1);
      this.measure(b);
      this.outerFresh = false;
    } else if (this.nodes[j] === b.minNodes || this.limit[j] === b.minLimit) {
      this.measure(b);
      this.minimaChanged(k);
    }
    return true;
  }

  /** Every job in order, then empties the list. */
  drain(): number[] {
    const out = this.toArray();
    this.blocks = [];
    this.count = 0;
    this.outerFresh = false;
    return out;
  }

  /** Every job in order (a fresh array). */
  toArray(): number[] {
    const out: number[] = [];
    for (const b of this.blocks) for (const j of b.jobs) out.push(j);
    return out;
  }

  /**
   * Visits the jobs in order until `visit` returns false, leaving out those `accept(nodes, limit)`
   * refuses; `accept` must be monotone (refusing (n, l) refuses every (n' ≥ n, l' ≥ l)). At the end
   * of the list `more()` may append jobs (true) and the walk goes on. The list must not change
   * otherwise during the walk.
   */
  walk(
    visit: (j: number) => boolean,
    accept: ((nodes: number, limit: number) => boolean) | undefined,
    more: () => boolean,
  ): void {
    const blocks = this.blocks,
      nodes = this.nodes,
      limit = this.limit;
    let k = 0,
      i = 0,
      found = -1, // the block the outer tree last pointed to
      scanned = 0; // jobs of block k tested one by one
    for (;;) {
      if (k < blocks.length) {
        const b = blocks[k];
        if (!accept) {
          if (i < b.jobs.length) {
            if (!visit(b.jobs[i++])) return;
            continue;
          }
        } else {
          if (i === 0 && found !== k) {
            // the first block from k whose minima `accept` lets through
            if (!this.outerFresh) this.rebuildOuter();
            found = this.outer.next(k, accept);
            if (found < 0) {
              k = blocks.length - 1; // more() may still append to the last block
              i = blocks[k].jobs.length;
              continue;
            }
            k = found;
            scanned = 0;
            continue;
          }
          if (i < b.jobs.length) {
            if (scanned < SCAN) {
              // a few jobs one by one first: a short block or an early hit costs no tree
              scanned++;
              const j = b.jobs[i++];
              if (accept(nodes[j], limit[j]) && !visit(j)) return;
              continue;
            }
            // the next job in this block that `accept` lets through
            if (!b.innerFresh) this.rebuildInner(b);
            const p = b.inner.next(i, accept);
            if (p < 0) i = b.jobs.length;
            else {
              i = p + 1;
              if (!visit(b.jobs[p])) return;
            }
            continue;
          }
        }
        if (k + 1 < blocks.length) {
          k++;
          i = 0;
          scanned = 0;
          continue;
        }
      }
      if (!more()) return;
    }
  }

  // the block where job j is or would go: the first whose last job does not go before j, else the last
  private blockOf(j: number): number {
    const blocks = this.blocks;
    let lo = 0,
      hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1,
        b = blocks[mid].jobs;
      if (this.cmp(b[b.length - 1], j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private block(jobs: number[]): Block {
    const b: Block = {
      jobs,
      minNodes: Infinity,
      minLimit: Infinity,
      inner: new MinTree(),
      innerFresh: false,
    };
    this.measure(b);
    return b;
  }

  // job j joined block k
  private lower(k: number, j: number): void {
    const b = this.blocks[k];
    b.innerFresh = false;
    if (this.nodes[j] >= b.minNodes && this.limit[j] >= b.minLimit) return;
    b.minNodes = Math.min(b.minNodes, this.nodes[j]);
    b.minLimit = Math.min(b.minLimit, this.limit[j]);
    this.minimaChanged(k);
  }

  private measure(b: Block): void {
    let n = Infinity,
      l = Infinity;
    for (const j of b.jobs) {
      if (this.nodes[j] < n) n = this.nodes[j];
      if (this.limit[j] < l) l = this.limit[j];
    }
    b.minNodes = n;
    b.minLimit = l;
    b.innerFresh = false;
  }

  // block k's minima changed, or block k was appended
  private minimaChanged(k: number): void {
    const b = this.blocks[k];
    if (this.outerFresh && !this.outer.set(k, b.minNodes, b.minLimit)) this.outerFresh = false;
  }

  private rebuildOuter(): void {
    const blocks = this.blocks,
      t = this.outer;
    t.clear(blocks.length);
    for (let k = 0; k < blocks.length; k++) t.leaf(k, blocks[k].minNodes, blocks[k].minLimit);
    t.build();
    this.outerFresh = true;
  }

  private rebuildInner(b: Block): void {
    const { jobs, inner } = b;
    inner.clear(jobs.length);
    for (let p = 0; p < jobs.length; p++) inner.leaf(p, this.nodes[jobs[p]], this.limit[jobs[p]]);
    inner.build();
    b.innerFresh = true;
  }

  // position of job j in a block's jobs: the first that does not go before j
  private position(jobs: readonly number[], j: number): number {
    let lo = 0,
      hi = jobs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cmp(jobs[mid], j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
