/**
 * A set of cluster nodes as its maximal runs of consecutive node indices, in index order: run i
 * (i < size) is nodes first[i] .. first[i] + len[i] − 1; runs neither overlap nor touch. The
 * node-level Slurm scheduler keeps idle nodes, each running job's nodes and the backfill map's
 * released and free sets this way: select/linear's best fit puts a job on few runs, so a set costs
 * its runs, not its nodes, and best fit reads the runs directly. A run list given as "pairs" is
 * flat: first node, length, first node, length, …
 */
import { invariantViolated } from "../util/errors";
import { NodeSet } from "./node-set";

/** A set of node indices kept as sorted maximal runs. Mutating methods return `this`. */
export class NodeRuns {
  /** First node of each run (the first `size` entries), ascending. */
  readonly first: number[] = [];
  /** Length of each run, nodes (the first `size` entries, each ≥ 1). */
  readonly len: number[] = [];
  /** Number of runs. */
  size = 0;
  /** Number of nodes. */
  count = 0;

  /** The empty set, or nodes from..to-1 when to > from. */
  constructor(from = 0, to = from) {
    if (to > from) this.push(from, to - from);
  }

  /** The set of the given pairs (first node, length, …), in any order, sharing no node. */
  static ofPairs(pairs: readonly number[]): NodeRuns {
    return new NodeRuns().addPairs(pairs);
  }

  /** The set of a NodeSet's nodes. */
  static ofNodeSet(set: NodeSet): NodeRuns {
    const out = new NodeRuns();
    set.eachRun((a, n) => out.push(a, n));
    return out;
  }

  /** A copy. */
  clone(): NodeRuns {
    return new NodeRuns().copyFrom(this);
  }

  /** Empties the set. */
  clear(): this {
    this.size = this.count = 0;
    return this;
  }

  /** Appends run [a, a + n) after every run of the set (a > the set's last node + 1; not checked). */
  push(a: number, n: number): this {
    this.first[this.size] = a;
    this.len[this.size++] = n;
    this.count += n;
    return this;
  }

  /** Appends nodes a..a+n-1 after every node of the set (a ≥ the set's last node + 1), joining a touching last run. */
  append(a: number, n: number): this {
    const last = this.size - 1;
    if (last >= 0 && this.first[last] + this.len[last] === a) {
      this.len[last] += n;
      this.count += n;
      return this;
    }
    return this.push(a, n);
  }

  // index of the first run starting after node a
  private after(a: number): number {
    const F = this.first;
    let lo = 0,
      hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (F[mid] <= a) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // opens a gap of one run at p (runs are few: a loop beats a native move)
  private insertAt(p: number): void {
    const F = this.first,
      L = this.len;
    for (let i = this.size; i > p; i--) {
      F[i] = F[i - 1];
      L[i] = L[i - 1];
    }
    this.size++;
  }

  // closes run p
  private deleteAt(p: number): void {
    const F = this.first,
      L = this.len;
    for (let i = p + 1; i < this.size; i++) {
      F[i - 1] = F[i];
      L[i - 1] = L[i];
    }
    this.size--;
  }

  /** Adds nodes a..a+n-1, none of which may be in the set (joins touching runs). */
  add(a: number, n: number): this {
    const F = this.first,
      L = this.len,
      p = this.after(a);
    if ((p > 0 && F[p - 1] + L[p - 1] > a) || (p < this.size && F[p] < a + n))
      throw invariantViolated(`nodes ${a}..${a + n - 1} overlap a run of the set`);
    const joinLeft = p > 0 && F[p - 1] + L[p - 1] === a,
      joinRight = p < this.size && F[p] === a + n;
    if (joinLeft && joinRight) {
      L[p - 1] += n + L[p];
      this.deleteAt(p);
    } else if (joinLeft) L[p - 1] += n;
    else if (joinRight) {
      F[p] = a;
      L[p] += n;
    } else {
      this.insertAt(p);
      this.first[p] = a;
      this.len[p] = n;
    }
    this.count += n;
    return this;
  }

  /** Removes nodes a..a+n-1, all of which must be in the set (they lie in one run). */
  remove(a: number, n: number): this {
    const p = this.after(a) - 1;
    if (p < 0 || this.first[p] + this.len[p] < a + n)
      throw invariantViolated(`nodes ${a}..${a + n - 1} are not all in the set`);
    const head = a - this.first[p],
      tail = this.first[p] + this.len[p] - (a + n);
    if (head > 0 && tail > 0) {
      this.len[p] = head;
      this.insertAt(p + 1);
      this.first[p + 1] = a + n;
      this.len[p + 1] = tail;
    } else if (head > 0) this.len[p] = head;
    else if (tail > 0) {
      this.first[p] = a + n;
      this.len[p] = tail;
    } else this.deleteAt(p);
    this.count -= n;
    return this;
  }

  /**
   * Removes whatever part of nodes a..a+n-1 is in the set (it may span several runs or none);
   * returns how many nodes left the set.
   */
  cut(a: number, n: number): number {
    const b = a + n;
    let p = this.after(a) - 1; // the run starting at or before a, if any
    if (p < 0 || this.first[p] + this.len[p] <= a) p++;
    let removed = 0;
    while (p < this.size && this.first[p] < b) {
      const f = this.first[p],
        e = f + this.len[p];
      const lo = f > a ? f : a,
        hi = e < b ? e : b;
      removed += hi - lo;
      if (f < lo && e > hi) {
        this.len[p] = lo - f; // a hole in the middle: split
        this.insertAt(p + 1);
        this.first[p + 1] = hi;
        this.len[p + 1] = e - hi;
        break;
      } else if (f < lo) {
        this.len[p] = lo - f;
        p++;
      } else if (e > hi) {
        this.first[p] = hi;
        this.len[p] = e - hi;
        break;
      } else this.deleteAt(p);
    }
    this.count -= removed;
    return removed;
  }

  /** Makes this set equal to `o`. */
  copyFrom(o: NodeRuns): this {
    const F = this.first,
      L = this.len;
    for (let i = 0; i < o.size; i++) {
      F[i] = o.first[i];
      L[i] = o.len[i];
    }
    this.size = o.size;
    this.count = o.count;
    return this;
  }

  /** Adds the nodes of `pairs` (see {@link add}). */
  addPairs(pairs: readonly number[]): this {
    for (let k = 0; k < pairs.length; k += 2) this.add(pairs[k], pairs[k + 1]);
    return this;
  }

  /** Removes the nodes of `pairs` (see {@link remove}). */
  removePairs(pairs: readonly number[]): this {
    for (let k = 0; k < pairs.length; k += 2) this.remove(pairs[k], pairs[k + 1]);
    return this;
  }

  /**
   * Makes this set `a` plus the runs first[k] .. first[k] + len[k] − 1 for k < n, which are sorted
   * by first node and share no node with `a` or with each other (this set must not be `a`). One merge.
   */
  union(a: NodeRuns, first: ArrayLike<number>, len: ArrayLike<number>, n: number): this {
    this.clear();
    const AF = a.first,
      AL = a.len;
    let i = 0,
      j = 0;
    while (i < a.size || j < n) {
      let f: number, l: number;
      if (j >= n || (i < a.size && AF[i] < first[j])) {
        f = AF[i];
        l = AL[i++];
      } else {
        f = first[j];
        l = len[j++];
      }
      const last = this.size - 1;
      if (last >= 0 && this.first[last] + this.len[last] > f)
        throw invariantViolated(`nodes ${f}..${f + l - 1} are already in the set`);
      if (last >= 0 && this.first[last] + this.len[last] === f) {
        this.len[last] += l;
        this.count += l;
      } else this.push(f, l);
    }
    return this;
  }

  /** The runs as pairs: first node, length, first node, length, … (index order). */
  pairs(): number[] {
    const out = new Array<number>(2 * this.size);
    for (let i = 0; i < this.size; i++) {
      out[2 * i] = this.first[i];
      out[2 * i + 1] = this.len[i];
    }
    return out;
  }

  /** The set as a NodeSet over `size` nodes. */
  toNodeSet(size: number): NodeSet {
    const out = new NodeSet(size);
    for (let i = 0; i < this.size; i++) out.addRange(this.first[i], this.first[i] + this.len[i]);
    return out;
  }
}
