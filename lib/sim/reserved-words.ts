/**
 * Node sets as bit words (32 nodes a word, node v in bit v mod 32 of word ⌊v / 32⌋), and the
 * reservations of one backfill cycle kept that way: each reservation only over the words its nodes
 * touch (a run of whole words as one entry), so the nodes reserved over a window are a few word
 * ORs per reservation meeting it. Consecutive windows of a cycle mostly meet the same reservations,
 * so the union of the last window is kept and only the reservations it lacks are added; it is
 * built again only when one of its reservations misses the new window.
 */
import type { NodeRuns } from "./node-runs";

/** Sets (bit 1) or clears (bit 0) nodes a..a+n-1 in `w`, whose word k is at index k + shift. */
export function setBits(w: Int32Array, a: number, n: number, bit: 0 | 1, shift = 0): void {
  for (let v = a, e = a + n; v < e;) {
    const k = v >> 5,
      lo = v & 31,
      hi = Math.min(32, lo + e - v); // bits lo..hi-1 of word k
    const mask = hi - lo === 32 ? -1 : ((1 << (hi - lo)) - 1) << lo;
    w[k + shift] = bit ? w[k + shift] | mask : w[k + shift] & ~mask;
    v += hi - lo;
  }
}

/** Appends the nodes of word k, whose bits are x, to `out` as runs (`out` ends before word k). */
export function appendWord(out: NodeRuns, k: number, x: number): void {
  while (x !== 0) {
    const p = 31 - Math.clz32(x & -x), // the lowest bit left
      y = ~(x >>> p),
      n = y === 0 ? 32 : 31 - Math.clz32(y & -y); // the set bits from it on
    out.append(32 * k + p, n);
    x = p + n >= 32 ? 0 : x & ~(((1 << n) - 1) << p);
  }
}

/** One cycle's reservations: nodes × [start, end), as bit words. */
export class ReservedWords {
  private words = 0;
  private start: number[] = [];
  private end: number[] = [];
  // reservation k's words: entries off[k] .. off[k + 1] − 1 of idx (first word), cnt (words) and
  // bits (the word's bits, or −1 for cnt whole words), by word index
  private off: number[] = [0];
  private idx = new Int32Array(256);
  private bits = new Int32Array(256);
  private cnt = new Int32Array(256);
  // the union of the reservations with inUnion[k] = 1 (0 outside words lo..hi)
  private union = new Int32Array(0);
  private inUnion: number[] = [];
  private lo = 0;
  private hi = -1;
  private scratch = new Int32Array(0); // 0 between uses

  /** Forgets every reservation; node sets have `words` words. */
  reset(words: number): void {
    if (words !== this.words) {
      this.words = words;
      this.union = new Int32Array(words);
      this.scratch = new Int32Array(words);
      this.hi = -1;
    } else this.clearUnion();
    this.lo = words;
    this.start.length = this.end.length = this.inUnion.length = 0;
    this.off.length = 1;
  }

  /** Adds the reservation of `pairs` (first node, length, …, any order) on [start, end), seconds. */
  add(pairs: readonly number[], start: number, end: number): void {
    const w = this.scratch;
    let lo = Infinity,
      hi = -1;
    for (let k = 0; k < pairs.length; k += 2) {
      setBits(w, pairs[k], pairs[k + 1], 1);
      lo = Math.min(lo, pairs[k] >> 5);
      hi = Math.max(hi, (pairs[k] + pairs[k + 1] - 1) >> 5);
    }
    let n = this.off[this.off.length - 1];
    if (n + hi - lo + 1 > this.idx.length) {
      const size = 2 * (n + hi - lo + 1);
      for (const f of ["idx", "bits", "cnt"] as const) {
        const grown = new Int32Array(size);
        grown.set(this[f].subarray(0, n));
        this[f] = grown;
      }
    }
    for (let q = lo; q <= hi; q++) {
      if (w[q] === 0) continue;
      let c = 1;
      if (w[q] === -1) while (q + c <= hi && w[q + c] === -1) c++;
      this.idx[n] = q;
      this.bits[n] = w[q];
      this.cnt[n++] = c;
      w.fill(0, q, q + c);
      q += c - 1;
    }
    this.start.push(start);
    this.end.push(end);
    this.inUnion.push(0);
    this.off.push(n);
  }

  /**
   * The nodes reserved at some time in [s, e), as words (the map's own: valid until the next call
   * or change, not to be changed).
   */
  meeting(s: number, e: number): Int32Array {
    const S = this.start,
      E = this.end,
      inUnion = this.inUnion,
      union = this.union;
    for (let k = 0; k < S.length; k++)
      if (inUnion[k] === 1 && (S[k] >= e || E[k] <= s)) {
        this.clearUnion();
        break;
      }
    for (let k = 0; k < S.length; k++) {
      if (inUnion[k] === 1 || S[k] >= e || E[k] <= s) continue; // in, or its interval misses the window
      inUnion[k] = 1;
      const a = this.off[k],
        b = this.off[k + 1];
      if (a === b) continue; // no nodes
      for (let q = a; q < b; q++) {
        const i = this.idx[q];
        if (this.cnt[q] === 1) union[i] |= this.bits[q];
        else union.fill(-1, i, i + this.cnt[q]);
      }
      this.lo = Math.min(this.lo, this.idx[a]);
      this.hi = Math.max(this.hi, this.idx[b - 1] + this.cnt[b - 1] - 1);
    }
    return union;
  }

  // empties the union
  private clearUnion(): void {
    if (this.hi >= this.lo) this.union.fill(0, this.lo, this.hi + 1);
    this.lo = this.words;
    this.hi = -1;
    this.inUnion.fill(0);
  }
}
