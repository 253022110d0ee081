/**
 * Sorted lists of jobs kept in a binary heap by their first job: the part of the pending queue not
 * yet merged into its sorted prefix (lib/sim/pending-queue.ts). Each list is doubly linked through
 * per-job arrays, so appending, removing any job and joining two lists cost O(1); taking the first
 * job of all lists (`pop`) costs O(log lists). Each list must stay sorted by `cmp`; `touch(job)` is
 * called whenever a job becomes a list's first while the heap is in order, before its key is
 * compared (the queue brings its priority up to date there).
 */

/** Lists ordered by their first job (see the module comment). */
export class ListHeap {
  private readonly next: Int32Array; // per job: the next job in its list, or -1
  private readonly prev: Int32Array; // per job: the previous job in its list, or -1
  private readonly first: Int32Array; // per list: its first job, or -1
  private readonly last: Int32Array; // per list: its last job, or -1
  private readonly heapPos: Int32Array; // per list: its index in `heap`, or -1
  private heap: number[] = []; // the non-empty lists, a binary heap by first job (while in order)
  private active: number[] = []; // lists that became non-empty while out of order (may repeat)
  private inOrder = true;

  /**
   * @param jobs number of jobs (indices 0..jobs-1)
   * @param lists number of lists (ids 0..lists-1)
   * @param cmp the order between two jobs (< 0: a goes first); fixed while a job heads a list in the heap
   * @param touch called with a job when it becomes a list's first, before its key is compared
   */
  constructor(
    jobs: number,
    lists: number,
    private readonly cmp: (a: number, b: number) => number,
    private readonly touch: (job: number) => void,
  ) {
    this.next = new Int32Array(jobs).fill(-1);
    this.prev = new Int32Array(jobs).fill(-1);
    this.first = new Int32Array(lists).fill(-1);
    this.last = new Int32Array(lists).fill(-1);
    this.heapPos = new Int32Array(lists).fill(-1);
  }

  /** Whether every list is empty (in order only). */
  get empty(): boolean {
    return this.heap.length === 0;
  }

  /** The last job of a list, or -1. */
  lastOf(list: number): number {
    return this.last[list];
  }

  /** Appends a job to a list; it must not go before the list's last job. */
  push(list: number, j: number): void {
    const t = this.last[list];
    this.prev[j] = t;
    this.next[j] = -1;
    this.last[list] = j;
    if (t >= 0) {
      this.next[t] = j;
      return;
    }
    this.first[list] = j;
    if (!this.inOrder) {
      this.active.push(list);
      return;
    }
    this.touch(j);
    this.heapPos[list] = this.heap.length;
    this.heap.push(list);
    this.siftUp(this.heap.length - 1);
  }

  /** Puts a job at the front of a list; it must go before the list's first job. The heap is out of order until {@link rebuild}. */
  unshift(list: number, j: number): void {
    this.inOrder = false;
    const f = this.first[list];
    this.next[j] = f;
    this.prev[j] = -1;
    this.first[list] = j;
    if (f >= 0) this.prev[f] = j;
    else {
      this.last[list] = j;
      this.active.push(list);
    }
  }

  /** Moves the jobs of list `from` to the end of list `to`. The heap is out of order until {@link rebuild}. */
  join(from: number, to: number): void {
    const f = this.first[from];
    if (f < 0) return;
    this.inOrder = false;
    const t = this.last[to];
    if (t >= 0) {
      this.next[t] = f;
      this.prev[f] = t;
    } else {
      this.first[to] = f;
      this.active.push(to);
    }
    this.last[to] = this.last[from];
    this.first[from] = this.last[from] = -1;
  }

  /** Removes a job from its list (`list`). */
  remove(list: number, j: number): void {
    const p = this.prev[j],
      n = this.next[j];
    if (n >= 0) this.prev[n] = p;
    else this.last[list] = p;
    if (p >= 0) {
      this.next[p] = n;
      return;
    }
    this.first[list] = n;
    const i = this.heapPos[list];
    if (!this.inOrder || i < 0) return;
    if (n < 0) this.deleteAt(i);
    else {
      this.touch(n);
      this.siftDown(i); // the new first job never goes before the old one
    }
  }

  /** Takes the first job of the lists in `cmp` order (in order, not empty). */
  pop(): number {
    const list = this.heap[0],
      j = this.first[list];
    const n = this.next[j];
    this.first[list] = n;
    if (n < 0) {
      this.last[list] = -1;
      this.deleteAt(0);
    } else {
      this.prev[n] = -1;
      this.touch(n);
      this.siftDown(0);
    }
    return j;
  }

  /** Puts the heap back in order after {@link unshift} or {@link join}, or after keys changed: every non-empty list, its first job touched. */
  rebuild(): void {
    const old = this.heap,
      heap: number[] = [];
    for (const s of old) this.heapPos[s] = -1;
    for (const from of [old, this.active])
      for (const s of from) {
        const f = this.first[s];
        if (f < 0 || this.heapPos[s] >= 0) continue;
        this.touch(f);
        this.heapPos[s] = heap.length;
        heap.push(s);
      }
    this.heap = heap;
    this.active = [];
    this.inOrder = true;
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private before(s: number, t: number): boolean {
    return this.cmp(this.first[s], this.first[t]) < 0;
  }

  private deleteAt(i: number): void {
    const h = this.heap,
      gone = h[i],
      moved = h.pop()!;
    this.heapPos[gone] = -1;
    if (moved === gone) return;
    h[i] = moved;
    this.heapPos[moved] = i;
    this.siftDown(i);
    this.siftUp(this.heapPos[moved]);
  }

  private siftUp(i: number): void {
    const h = this.heap,
      s = h[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(s, h[parent])) break;
      h[i] = h[parent];
      this.heapPos[h[i]] = i;
      i = parent;
    }
    h[i] = s;
    this.heapPos[s] = i;
  }

  private siftDown(i: number): void {
    const h = this.heap,
      size = h.length,
      s = h[i];
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      if (l >= size) break;
      const c = r < size && this.before(h[r], h[l]) ? r : l;
      if (!this.before(h[c], s)) break;
      h[i] = h[c];
      this.heapPos[h[i]] = i;
      i = c;
    }
    h[i] = s;
    this.heapPos[s] = i;
  }
}
