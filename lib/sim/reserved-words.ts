/**
 * The reservations of one backfill cycle as bit words (lib/sim/node-set.ts's words): each
 * reservation only over the words its nodes touch (a run of whole words as one entry), so the nodes
 * reserved over a window are a few word ORs per reservation meeting it. Consecutive windows of a
 * cycle mostly meet the same reservations, so the union of the last window is kept and only the
 * reservations it lacks are added; it is built again only when one of its reservations misses the
 * new window.
 */
import { NodeSet } from "./node-set";

const FULL = 0xffffffff;

/** One cycle's reservations: nodes × [start, end). */
export class ReservedWords {
  private start: number[] = [];
  private end: number[] = [];
  // reservation k's words: entries off[k] .. off[k + 1] − 1 of idx (first word), cnt (words) and
  // bits (the word's bits, or FULL for cnt whole words), by word index
  private off: number[] = [0];
  private idx = new Uint32Array(256);
  private bits = new Uint32Array(256);
  private cnt = new Uint32Array(256);
  // the union of the reservations with inUnion[k] = 1 (empty outside words lo..hi)
  private union = new NodeSet(1);
  private full = new NodeSet(1); // the union's full words (word i as element i)
  private inUnion: number[] = [];
  private lo = 0;
  private hi = -1;
  // the latest start and earliest end of the union's reservations: it misses no window inside them
  private maxStart = -Infinity;
  private minEnd = Infinity;
  private scratch = new NodeSet(1); // empty between uses

  /** Forgets every reservation; node sets have `size` nodes. */
  reset(size: number): void {
    if (size !== this.union.size) {
      this.union = new NodeSet(size);
      this.full = new NodeSet(this.union.words.length);
      this.scratch = new NodeSet(size);
      this.hi = -1;
      this.maxStart = -Infinity;
      this.minEnd = Infinity;
    } else this.clearUnion();
    this.lo = this.union.words.length;
    this.start.length = this.end.length = this.inUnion.length = 0;
    this.off.length = 1;
  }

  /** Adds the reservation of `pairs` (first node, length, …, any order) on [start, end), seconds. */
  add(pairs: readonly number[], start: number, end: number): void {
    const w = this.scratch.addPairs(pairs).words;
    let lo = Infinity,
      hi = -1;
    for (let k = 0; k < pairs.length; k += 2) {
      lo = Math.min(lo, pairs[k] >>> 5);
      hi = Math.max(hi, (pairs[k] + pairs[k + 1] - 1) >>> 5);
    }
    let n = this.off[this.off.length - 1];
    if (n + hi - lo + 1 > this.idx.length) {
      const size = 2 * (n + hi - lo + 1);
      for (const f of ["idx", "bits", "cnt"] as const) {
        const grown = new Uint32Array(size);
        grown.set(this[f].subarray(0, n));
        this[f] = grown;
      }
    }
    for (let q = lo; q <= hi; q++) {
      if (w[q] === 0) continue;
      let c = 1;
      if (w[q] === FULL) while (q + c <= hi && w[q + c] === FULL) c++;
      this.idx[n] = q;
      this.bits[n] = w[q];
      this.cnt[n++] = c;
      for (let z = q; z < q + c; z++) w[z] = 0; // (short: a loop beats fill's call)
      q += c - 1;
    }
    this.start.push(start);
    this.end.push(end);
    this.inUnion.push(0);
    this.off.push(n);
  }

  /**
   * The nodes reserved at some time in [s, e) (the map's own: valid until the next call or change,
   * not to be changed); {@link fullWords} marks its full words.
   */
  meeting(s: number, e: number): NodeSet {
    const S = this.start,
      E = this.end,
      inUnion = this.inUnion,
      union = this.union.words,
      full = this.full;
    if (this.maxStart >= e || this.minEnd <= s) this.clearUnion(); // one of its reservations misses the window
    for (let k = 0; k < S.length; k++) {
      if (inUnion[k] === 1 || S[k] >= e || E[k] <= s) continue; // in, or its interval misses the window
      inUnion[k] = 1;
      if (S[k] > this.maxStart) this.maxStart = S[k];
      if (E[k] < this.minEnd) this.minEnd = E[k];
      const a = this.off[k],
        b = this.off[k + 1];
      if (a === b) continue; // no nodes
      for (let q = a; q < b; q++) {
        const i = this.idx[q];
        if (this.cnt[q] === 1) {
          union[i] |= this.bits[q];
          if (union[i] === FULL) full.add(i);
        } else
          for (let z = i; z < i + this.cnt[q]; z++) {
            union[z] = FULL;
            full.add(z);
          }
      }
      this.lo = Math.min(this.lo, this.idx[a]);
      this.hi = Math.max(this.hi, this.idx[b - 1] + this.cnt[b - 1] - 1);
    }
    return this.union;
  }

  /** The full words of the last {@link meeting} answer (bit i & 31 of word i >> 5 for word i). */
  get fullWords(): Uint32Array {
    return this.full.words;
  }

  // empties the union
  private clearUnion(): void {
    if (this.hi >= this.lo) {
      this.union.words.fill(0, this.lo, this.hi + 1);
      this.full.words.fill(0, this.lo >>> 5, (this.hi >>> 5) + 1);
    }
    this.lo = this.union.words.length;
    this.hi = -1;
    this.maxStart = -Infinity;
    this.minEnd = Infinity;
    this.inUnion.fill(0);
  }
}
