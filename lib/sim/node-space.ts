/**
 * Backfill's map of whole nodes over time (backfill.c `node_space`): slots [start, end) in order,
 * each with the nodes no planned job holds. A cycle begins with one slot to the end of time holding
 * every node (running jobs are the will-run test's, not the map's).
 */
import { invariantViolated } from "../util/errors";

/** One slot of the map: the nodes no planned job holds on [start, end) (1 = free). */
export interface Slot {
  start: number;
  end: number;
  free: Uint8Array;
  /**
   * The same nodes as bits (bit k of word k >> 5 is node k), for the cons_tres backfill test's scan
   * (tres-placement.ts), which ANDs whole words (bench/site.bench.ts: the cons_tres rows).
   */
  words: Uint32Array;
}

function sameNodes(a: Uint32Array, b: Uint32Array): boolean {
  for (let w = 0; w < a.length; w++) if (a[w] !== b[w]) return false;
  return true;
}

/** The map of one backfill cycle over `nodes` nodes. */
export class NodeSpace {
  /** The slots in time order (read by the cycle's scan; changed only through this class). */
  slots: Slot[] = [];

  constructor(private readonly nodes: number) {}

  /** Begins a cycle at `now`: one slot to the end of time with every node free. */
  reset(now: number): void {
    const words = new Uint32Array((this.nodes + 31) >>> 5).fill(0xffffffff);
    if (this.nodes & 31) words[words.length - 1] = 2 ** (this.nodes & 31) - 1;
    this.slots = [{ start: now, end: Infinity, free: new Uint8Array(this.nodes).fill(1), words }];
  }

  /**
   * Takes `nodes` off on [start, end) as backfill.c `_add_reservation` does: the slot holding the
   * start is split there (a start at the map's beginning leaves an empty slot before it), the one
   * holding the end too; then the first two neighbours with the same free nodes, from the slot before
   * the start to the slot after the end, become one (one merge at most).
   * @throws when the reservation ends before it starts or before the map begins
   */
  reserve(start: number, end: number, nodes: readonly number[]): void {
    const slots = this.slots;
    start = Math.max(start, slots[0].start);
    if (!(end > start)) throw invariantViolated(`a reservation on [${start}, ${end}) of the backfill map`);
    let j = 0,
      before = 0,
      after = -1,
      placed = false;
    for (; j < slots.length; before = j++) {
      const s = slots[j];
      if (s.end > start) {
        slots.splice(j + 1, 0, { start, end: s.end, free: s.free.slice(), words: s.words.slice() });
        s.end = start;
        placed = true;
        break;
      }
      if (s.end === start) {
        placed = true;
        break;
      }
    }
    if (!placed) return;
    for (j++; j < slots.length; j++) {
      const s = slots[j];
      if (end < s.end) {
        slots.splice(j + 1, 0, { start: end, end: s.end, free: s.free.slice(), words: s.words.slice() });
        s.end = end;
      }
      for (const i of nodes) {
        s.free[i] = 0;
        s.words[i >>> 5] &= ~(1 << (i & 31));
      }
      if (end === s.end) {
        if (j + 1 < slots.length) after = j + 1;
        break;
      }
    }
    for (let i = before; i !== after && i + 1 < slots.length; i++)
      if (sameNodes(slots[i].words, slots[i + 1].words)) {
        slots[i].end = slots[i + 1].end;
        slots.splice(i + 1, 1);
        break;
      }
  }

  /** Whether `pick` meets a reservation on [start, end) (backfill.c `_test_resv_overlap`). */
  meets(pick: readonly number[], start: number, end: number): boolean {
    return this.slots.some((s) => s.end > start && s.start < end && pick.some((i) => !s.free[i]));
  }
}
