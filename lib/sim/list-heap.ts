/**
 * Sorted lists of jobs kept in a binary heap by their first job, and their k-way merge: the
 * structure under the grouped queue (lib/sim/grouped-queue.ts). Each list must be sorted by `cmp`
 * (< 0: goes first); `touch(job)` is called before a job's key is first compared (the grouped
 * queue computes its priority there). A merge walks from the heap's root with a second heap of
 * cursors (heap node, position in its list), so it costs O(k log k) for the k jobs it yields.
 */

/** Lists ordered by their first job (see the module comment). */
export class ListHeap {
  private readonly store: number[][] = []; // list id → jobs, sorted by cmp
  private heap: number[] = []; // ids of the non-empty lists, a binary heap by first job
  private heapPos: number[] = []; // per list: index in `heap`, or -1
  private cursorNode: number[] = [];
  private cursorPos: number[] = [];
  private cursorJobs: number[] = [];

  /**
   * @param cmp the order between two jobs (< 0: a goes first); must be total and fixed while a list holds them
   * @param touch called with a job before its key is compared
   */
  constructor(private readonly cmp: (a: number, b: number) => number, private readonly touch: (job: number) => void) {}

  /** The list with this id (created empty on first use). Call `firstChanged` after changing its first job. */
  list(id: number): number[] {
    while (this.store.length <= id) {
      this.store.push([]);
      this.heapPos.push(-1);
    }
    return this.store[id];
  }

  /** Ids of the non-empty lists, in heap order (a copy). */
  ids(): number[] {
    return this.heap.slice();
  }

  /** After a list's first job changed (or it became empty or non-empty): restores the heap. */
  firstChanged(id: number): void {
    const list = this.list(id), i = this.heapPos[id];
    if (list.length === 0) {
      if (i >= 0) this.delete(id);
      return;
    }
    this.touch(list[0]);
    if (i < 0) {
      this.heapPos[id] = this.heap.length;
      this.heap.push(id);
      this.siftUp(this.heap.length - 1);
    } else {
      this.siftDown(i);
      this.siftUp(this.heapPos[id]);
    }
  }

  /** Rebuilds the heap from these list ids (the empty ones are left out), after keys changed. */
  rebuild(ids: readonly number[]): void {
    for (const s of this.heap) this.heapPos[s] = -1;
    this.heap = [];
    for (const s of ids) {
      const list = this.list(s);
      if (list.length === 0 || this.heapPos[s] >= 0) continue;
      this.touch(list[0]);
      this.heapPos[s] = this.heap.length;
      this.heap.push(s);
    }
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  /** Yields every job of every list in `cmp` order until `visit` returns false; true when it ran out. */
  merge(visit: (job: number) => boolean): boolean {
    const cn = this.cursorNode, cp = this.cursorPos, cj = this.cursorJobs, h = this.heap;
    cn.length = cp.length = cj.length = 0;
    if (h.length > 0) this.pushCursor(0, 0);
    while (cn.length > 0) {
      const x = cn[0], p = cp[0], j = cj[0];
      this.popCursor();
      if (p + 1 < this.store[h[x]].length) this.pushCursor(x, p + 1);
      if (p === 0) {
        if (2 * x + 1 < h.length) this.pushCursor(2 * x + 1, 0);
        if (2 * x + 2 < h.length) this.pushCursor(2 * x + 2, 0);
      }
      if (!visit(j)) return false;
    }
    return true;
  }

  private before(s: number, t: number): boolean {
    return this.cmp(this.store[s][0], this.store[t][0]) < 0;
  }

  private delete(id: number): void {
    const i = this.heapPos[id], last = this.heap.pop()!;
    this.heapPos[id] = -1;
    if (last === id) return;
    this.heap[i] = last;
    this.heapPos[last] = i;
    this.siftDown(i);
    this.siftUp(this.heapPos[last]);
  }

  private siftUp(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(h[i], h[parent])) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let best = i;
      if (l < h.length && this.before(h[l], h[best])) best = l;
      if (r < h.length && this.before(h[r], h[best])) best = r;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }

  private swap(i: number, k: number): void {
    const h = this.heap, a = h[i];
    h[i] = h[k];
    h[k] = a;
    this.heapPos[h[i]] = i;
    this.heapPos[h[k]] = k;
  }

  // the merge's cursors (heap node, position in that node's list, the job there): a binary heap by the job
  private pushCursor(x: number, p: number): void {
    const cn = this.cursorNode, cp = this.cursorPos, cj = this.cursorJobs;
    const j = this.store[this.heap[x]][p];
    this.touch(j);
    let i = cn.length;
    cn.push(x);
    cp.push(p);
    cj.push(j);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.cmp(j, cj[parent]) >= 0) break;
      this.moveCursor(parent, i);
      i = parent;
    }
    this.setCursor(i, x, p, j);
  }

  private popCursor(): void {
    const cn = this.cursorNode, cp = this.cursorPos, cj = this.cursorJobs;
    const x = cn.pop()!, p = cp.pop()!, j = cj.pop()!;
    const size = cn.length;
    if (size === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      if (l >= size) break;
      const c = r < size && this.cmp(cj[r], cj[l]) < 0 ? r : l;
      if (this.cmp(cj[c], j) >= 0) break;
      this.moveCursor(c, i);
      i = c;
    }
    this.setCursor(i, x, p, j);
  }

  private moveCursor(from: number, to: number): void {
    this.setCursor(to, this.cursorNode[from], this.cursorPos[from], this.cursorJobs[from]);
  }

  private setCursor(i: number, x: number, p: number, j: number): void {
    this.cursorNode[i] = x;
    this.cursorPos[i] = p;
    this.cursorJobs[i] = j;
  }
}
