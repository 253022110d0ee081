/**
 * A segment tree over positions 0..length-1, each holding a (nodes, limit) pair, that keeps per
 * subtree the smallest nodes and the smallest limit: `next(from, accept)` finds the first position
 * at or after `from` whose pair a monotone test lets through, descending only into subtrees whose
 * minima the test lets through, so it costs O(log n) per subtree it can rule out. Under the pending
 * queue's prefix a position is a job of a block (lib/sim/queue-block.ts), or a block and its pair
 * the block's minima (lib/sim/sorted-blocks.ts).
 */

/** The (nodes, limit) minima tree (see the module comment). */
export class MinTree {
  private size = 1; // leaf capacity, a power of 2 (leaves at size … 2·size − 1)
  private count = 0;
  private minNodes = new Float64Array(2).fill(Infinity);
  private minLimit = new Float64Array(2).fill(Infinity);

  /** Number of positions. */
  get length(): number {
    return this.count;
  }

  /** The smallest nodes over every position (Infinity when none). */
  get allNodes(): number {
    return this.minNodes[1];
  }

  /** The smallest limit over every position (Infinity when none). */
  get allLimit(): number {
    return this.minLimit[1];
  }

  /**
   * Starts setting every position from scratch: `count` positions, each then given by {@link leaf},
   * then {@link build}; room for appends up to `capacity` positions. Defaults to `count`.
   */
  clear(count: number, capacity = count): void {
    let size = 1;
    while (size < count || size < capacity) size <<= 1;
    if (2 * size > this.minNodes.length) {
      this.minNodes = new Float64Array(2 * size);
      this.minLimit = new Float64Array(2 * size);
    }
    this.size = size; // the storage may be larger: it is kept for later, larger trees
    this.minNodes.fill(Infinity, size + count, 2 * size);
    this.minLimit.fill(Infinity, size + count, 2 * size);
    this.count = count;
  }

  /** Position k's pair (between {@link clear} and {@link build}). */
  leaf(k: number, nodes: number, limit: number): void {
    this.minNodes[this.size + k] = nodes;
    this.minLimit[this.size + k] = limit;
  }

  /** Computes every subtree's minima from the leaves. */
  build(): void {
    const N = this.minNodes,
      L = this.minLimit;
    for (let i = this.size - 1; i >= 1; i--) {
      N[i] = N[2 * i] < N[2 * i + 1] ? N[2 * i] : N[2 * i + 1];
      L[i] = L[2 * i] < L[2 * i + 1] ? L[2 * i] : L[2 * i + 1];
    }
  }

  /** Sets position k (at most `length`: `length` appends); false when an append finds no room (then set every position again). */
  set(k: number, nodes: number, limit: number): boolean {
    if (k >= this.size) return false;
    if (k >= this.count) this.count = k + 1;
    const N = this.minNodes,
      L = this.minLimit;
    let i = k + this.size;
    N[i] = nodes;
    L[i] = limit;
    for (i >>= 1; i >= 1; i >>= 1) {
      const n = N[2 * i] < N[2 * i + 1] ? N[2 * i] : N[2 * i + 1],
        l = L[2 * i] < L[2 * i + 1] ? L[2 * i] : L[2 * i + 1];
      if (n === N[i] && l === L[i]) break; // the ancestors hold already
      N[i] = n;
      L[i] = l;
    }
    return true;
  }

  /**
   * The first position at or after `from` that `accept(smallest nodes, smallest limit)` lets
   * through at every level from the root of its canonical subtree down to it, or -1. `accept` must
   * be monotone: refusing (n, l) refuses every (n' ≥ n, l' ≥ l).
   */
  next(from: number, accept: (nodes: number, limit: number) => boolean): number {
    if (from >= this.count) return -1;
    const size = this.size,
      N = this.minNodes,
      L = this.minLimit;
    // the canonical subtrees covering [from, size), left to right: from the leaf, climb out of
    // right children and step to the right sibling
    let top = from + size;
    for (;;) {
      if (N[top] !== Infinity && accept(N[top], L[top])) {
        // depth first, left child first, backtracking: a subtree's minima may come from different positions
        let i = top;
        while (i < size) {
          const l = 2 * i;
          if (N[l] !== Infinity && accept(N[l], L[l])) i = l;
          else if (N[l + 1] !== Infinity && accept(N[l + 1], L[l + 1])) i = l + 1;
          else {
            // neither child: back up to the nearest left child whose right sibling passes
            for (;;) {
              if (i === top) {
                i = -1;
                break;
              }
              if ((i & 1) === 0 && N[i + 1] !== Infinity && accept(N[i + 1], L[i + 1])) {
                i++;
                break;
              }
              i >>= 1;
            }
            if (i < 0) break;
          }
        }
        if (i >= size) return i - size < this.count ? i - size : -1;
      }
      while (top & 1) {
        top >>= 1;
        if (top <= 1) return -1;
      }
      top++;
    }
  }
}
