/**
 * The engine's event queue: a binary min-heap ordered by (time, priority, sequence number).
 * Lower priority values come first at equal times; the sequence number (insertion order) breaks
 * the remaining ties, so the order is total and the simulation deterministic.
 */

/** Event priorities at equal times (documented order; lower first). */
export const EVENT_PRIORITY = Object.freeze({
  /** A job ends: its nodes are free before anything else happens at that instant. */
  end: 0,
  /** A job is submitted (submits are fed from the sorted workload, between ends and timers). */
  submit: 1,
  /** Priority recomputation (PriorityCalcPeriod), with usage accrual and decay. */
  priorityCalc: 2,
  /** Periodic full main-scheduler pass (sched_interval). */
  schedule: 3,
  /** Periodic backfill cycle (bf_interval). */
  backfill: 4,
});

/** A popped event. */
export interface QueuedEvent {
  time: number;
  priority: number;
  /** Payload: a job index or a timer kind. */
  data: number;
}

/** A min-heap of events keyed by (time, priority, seq). */
export class EventQueue {
  private time: number[] = [];
  private prio: number[] = [];
  private seq: number[] = [];
  private data: number[] = [];
  private counter = 0;

  /** Number of queued events. */
  get size(): number {
    return this.time.length;
  }

  /** Time of the first event (Infinity when empty). */
  peekTime(): number {
    return this.time.length ? this.time[0] : Infinity;
  }

  /** Priority of the first event (Infinity when empty). */
  peekPriority(): number {
    return this.prio.length ? this.prio[0] : Infinity;
  }

  private less(a: number, b: number): boolean {
    const ta = this.time[a],
      tb = this.time[b];
    if (ta !== tb) return ta < tb;
    const pa = this.prio[a],
      pb = this.prio[b];
    if (pa !== pb) return pa < pb;
    return this.seq[a] < this.seq[b];
  }

  private swap(a: number, b: number): void {
    let t = this.time[a];
    this.time[a] = this.time[b];
    this.time[b] = t;
    t = this.prio[a];
    this.prio[a] = this.prio[b];
    this.prio[b] = t;
    t = this.seq[a];
    this.seq[a] = this.seq[b];
    this.seq[b] = t;
    t = this.data[a];
    this.data[a] = this.data[b];
    this.data[b] = t;
  }

  /** Adds an event. */
  push(time: number, priority: number, data: number): void {
    this.time.push(time);
    this.prio.push(priority);
    this.seq.push(this.counter++);
    this.data.push(data);
    let i = this.time.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  /** Removes and returns the first event (undefined when empty). */
  pop(): QueuedEvent | undefined {
    const n = this.time.length;
    if (n === 0) return undefined;
    const ev = { time: this.time[0], priority: this.prio[0], data: this.data[0] };
    const last = n - 1;
    if (last > 0) this.swap(0, last);
    this.time.pop();
    this.prio.pop();
    this.seq.pop();
    this.data.pop();
    let i = 0;
    const m = this.time.length;
    for (;;) {
      const l = 2 * i + 1,
        r = l + 1;
      let s = i;
      if (l < m && this.less(l, s)) s = l;
      if (r < m && this.less(r, s)) s = r;
      if (s === i) break;
      this.swap(i, s);
      i = s;
    }
    return ev;
  }
}
