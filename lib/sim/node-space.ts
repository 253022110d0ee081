/**
 * Backfill's map of whole nodes over time (backfill.c `node_space`): slots [start, end) in order,
 * each with the nodes no planned job holds. A cycle begins with one slot to the end of time holding
 * every node (running jobs are the will-run test's, not the map's).
 */
import { invariantViolated } from "../util/errors";

/**
 * One slot of the map: the nodes no planned job holds on [start, end), as bits — bit k of word
 * k >> 5 set when node k is free — so the cons_tres backfill test (tres-placement.ts) reads a slot
 * 32 nodes at a time (bench/site.bench.ts: the cons_tres rows).
 */
export interface Slot {
  start: number;
  end: number;
  free: Uint32Array;
}

/** Whether node i is free in `slot`. */
export const isFree = (slot: Slot, i: number): boolean => ((slot.free[i >>> 5] >>> (i & 31)) & 1) === 1;

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
    const free = new Uint32Array((this.nodes + 31) >>> 5).fill(0xffffffff);
    if (this.nodes & 31) free[free.length - 1] = 2 ** (this.nodes & 31) - 1;
    this.slots = [{ start: now, end: Infinity, free }];
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
        slots.splice(j + 1, 0, { start, end: s.end, free: s.free.slice() });
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
        slots.splice(j + 1, 0, { start: end, end: s.end, free: s.free.slice() });
        s.end = end;
      }
      for (const i of nodes) s.free[i >>> 5] &= ~(1 << (i & 31));
      if (end === s.end) {
        if (j + 1 < slots.length) after = j + 1;
        break;
      }
    }
    for (let i = before; i !== after && i + 1 < slots.length; i++)
      if (sameNodes(slots[i].free, slots[i + 1].free)) {
        slots[i].end = slots[i + 1].end;
        slots.splice(i + 1, 1);
        break;
      }
  }

  /** Whether `pick` meets a reservation on [start, end) (backfill.c `_test_resv_overlap`). */
  meets(pick: readonly number[], start: number, end: number): boolean {
    return this.slots.some((s) => s.end > start && s.start < end && pick.some((i) => !isFree(s, i)));
  }
}
