/**
 * A set of cluster nodes as a bitmap of 32-bit words: node k (0-based index) is Slurm's node
 * n(k+1). The node-level Slurm scheduler keeps idle nodes, each running job's nodes and the
 * backfill map's per-slot free nodes as NodeSets; `toHostlist` prints a set as sacct's NodeList
 * does (`n[1-3,5]`; lib/io/hostlist.ts's `expandHostlist` reads it back).
 */
import { integer } from "../util/options";

const popcount32 = (v: number): number => {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** Trailing zeros of a nonzero 32-bit value. */
const ctz = (v: number): number => 31 - Math.clz32(v & -v);

/** Word v with the bits of `mask` set (put) or cleared. */
const masked = (v: number, mask: number, put: boolean): number => (put ? v | mask : v & ~mask);

/** A set of node indices 0..size-1 (a bitmap). Mutating methods return `this`. */
export class NodeSet {
  /** Cluster size, nodes. */
  readonly size: number;
  /** The bitmap: bit k of word k >> 5 is node k. */
  readonly words: Uint32Array;

  /**
   * An empty set over `size` nodes (or all of them when `full`).
   * @param size cluster size, nodes (a whole number ≥ 1)
   */
  constructor(size: number, full = false) {
    this.size = integer(size, "size", 1);
    this.words = new Uint32Array((this.size + 31) >>> 5);
    if (full) this.addRange(0, this.size);
  }

  /** The set of the given node indices (each in 0..size-1). */
  static of(size: number, indices: readonly number[]): NodeSet {
    const s = new NodeSet(size);
    for (const k of indices) s.add(integer(k, "node index", 0, s.size - 1));
    return s;
  }

  /** A copy. */
  clone(): NodeSet {
    const c = new NodeSet(this.size);
    c.words.set(this.words);
    return c;
  }

  /** Makes this set equal to `o` (same size). */
  copyFrom(o: NodeSet): this {
    this.words.set(o.words);
    return this;
  }

  /** Adds node k. */
  add(k: number): this {
    this.words[k >>> 5] |= 1 << (k & 31);
    return this;
  }

  /** Adds nodes from..to-1 (whole words at a time). */
  addRange(from: number, to: number): this {
    return this.setRange(from, to, true);
  }

  /** Removes nodes from..to-1 (whole words at a time). */
  removeRange(from: number, to: number): this {
    return this.setRange(from, to, false);
  }

  // puts nodes from..to-1 in the set (in) or takes them out
  private setRange(from: number, to: number, put: boolean): this {
    const w = this.words;
    if (to <= from) return this;
    const a = from >>> 5,
      b = (to - 1) >>> 5;
    const lo = (0xffffffff << (from & 31)) >>> 0,
      hi = 0xffffffff >>> (31 - ((to - 1) & 31));
    if (a === b) w[a] = masked(w[a], lo & hi, put);
    else {
      w[a] = masked(w[a], lo, put);
      w.fill(put ? 0xffffffff : 0, a + 1, b);
      w[b] = masked(w[b], hi, put);
    }
    return this;
  }

  /** Removes the nodes of `pairs`: first node, length, first node, length, … */
  removePairs(pairs: readonly number[]): this {
    for (let k = 0; k < pairs.length; k += 2) this.removeRange(pairs[k], pairs[k] + pairs[k + 1]);
    return this;
  }

  /** Adds the nodes of `pairs`: first node, length, first node, length, … */
  addPairs(pairs: readonly number[]): this {
    for (let k = 0; k < pairs.length; k += 2) this.addRange(pairs[k], pairs[k] + pairs[k + 1]);
    return this;
  }

  /** Adds every node of `o` (union). */
  or(o: NodeSet): this {
    const w = this.words,
      x = o.words;
    for (let i = 0; i < w.length; i++) w[i] |= x[i];
    return this;
  }

  /** Keeps only nodes also in `o` (intersection). */
  and(o: NodeSet): this {
    const w = this.words,
      x = o.words;
    for (let i = 0; i < w.length; i++) w[i] &= x[i];
    return this;
  }

  /** Removes every node of `o` (difference). */
  andNot(o: NodeSet): this {
    const w = this.words,
      x = o.words;
    for (let i = 0; i < w.length; i++) w[i] &= ~x[i];
    return this;
  }

  /** Makes this set `o` minus this set (o \\ this), in place. */
  andNotInto(o: NodeSet): this {
    const w = this.words,
      x = o.words;
    for (let i = 0; i < w.length; i++) w[i] = x[i] & ~w[i];
    return this;
  }

  /** Whether no node is in both sets. */
  disjoint(o: NodeSet): boolean {
    const w = this.words,
      x = o.words;
    for (let i = 0; i < w.length; i++) if ((w[i] & x[i]) !== 0) return false;
    return true;
  }

  /** Number of nodes in the set. */
  count(): number {
    let c = 0;
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== 0) c += popcount32(this.words[i]);
    return c;
  }

  /** Marks in `out` (bit i & 31 of out[i >> 5]) each word i of the set that holds a node; returns `out`. */
  occupiedWords(out: Uint32Array): Uint32Array {
    const w = this.words;
    out.fill(0);
    for (let i = 0; i < w.length; i++) if (w[i] !== 0) out[i >>> 5] |= 1 << (i & 31);
    return out;
  }

  /**
   * Visits the runs of consecutive nodes in index order: `visit(first, length)`. Works a word at a
   * time (empty and full words cost one test, a run's ends are found by counting trailing zeros),
   * so a set costs its word count plus its runs, not its nodes.
   * @param minus the runs of this set less the nodes of `minus` (of the same size). Defaults to none.
   * @param only the words to read, marked as {@link occupiedWords} marks them; every other word of
   *   the result must be empty, and is not read. Defaults to every word.
   */
  eachRun(visit: (first: number, length: number) => void, minus?: NodeSet, only?: Uint32Array): void {
    const w = this.words,
      m = minus?.words;
    let runStart = -1,
      next = 0, // the word after the last one read
      k = 0,
      marks = only ? only[0] : 0;
    for (let i = 0; ; i++) {
      if (only) {
        while (marks === 0 && ++k < only.length) marks = only[k];
        if (marks === 0) break;
        i = (k << 5) + ctz(marks);
        marks &= marks - 1;
        if (runStart >= 0 && i !== next) {
          visit(runStart, (next << 5) - runStart); // the unread words between are empty
          runStart = -1;
        }
      } else if (i === w.length) break;
      next = i + 1;
      let v = m ? w[i] & ~m[i] : w[i] | 0;
      if (runStart >= 0) {
        if (v === -1) continue;
        const ones = ctz(~v); // the run goes on through the word's low set bits
        visit(runStart, (i << 5) + ones - runStart);
        runStart = -1;
        v = ones === 0 ? v : (v >>> ones) << ones;
      }
      while (v !== 0) {
        const a = ctz(v);
        const rest = v >>> a; // the run's bits at the bottom
        if (rest === -1 >>> a) {
          runStart = (i << 5) + a; // it reaches the word's top bit
          break;
        }
        const len = ctz(~rest);
        visit((i << 5) + a, len);
        v = (rest >>> len) << (a + len);
      }
    }
    if (runStart >= 0) visit(runStart, Math.min(next << 5, this.size) - runStart);
  }

  /** The node indices, ascending. */
  indices(): number[] {
    const out: number[] = [];
    this.eachRun((a, n) => {
      for (let k = a; k < a + n; k++) out.push(k);
    });
    return out;
  }

  /**
   * The set as a compressed Slurm hostlist of 1-based names, as sacct prints NodeList:
   * `n4`, `n[1-3,5]`, `n[1-2]`; "" for the empty set.
   * @param prefix node name prefix. Defaults to "n".
   */
  toHostlist(prefix = "n"): string {
    const parts: string[] = [];
    let nodes = 0;
    this.eachRun((a, n) => {
      parts.push(n === 1 ? String(a + 1) : `${a + 1}-${a + n}`);
      nodes += n;
    });
    if (nodes === 0) return "";
    return nodes === 1 ? prefix + parts[0] : `${prefix}[${parts.join(",")}]`;
  }
}
