/**
 * The engine's periodic timers: the scheduler's (main-scheduler pass, backfill cycle; see
 * {@link TimerSpec}) and the priority model's recalculation (PriorityCalcPeriod). Each timer is in
 * the event queue at most once. It fires on the grid t0 + phase + k·interval (t0 = the first
 * submit), or where the scheduler asks (Scheduler.nextTimer); once fired it is re-armed strictly
 * after that instant while there is work: pending or future jobs, and for the recalculation also
 * running ones.
 */
import { invalidArgument, invariantViolated } from "../util/errors";
import { EVENT_PRIORITY, type EventQueue } from "./event-queue";
import type { Scheduler } from "./scheduler";

const PRIORITY = { schedule: EVENT_PRIORITY.schedule, backfill: EVENT_PRIORITY.backfill };
const KIND: Record<number, "schedule" | "backfill"> = {
  [EVENT_PRIORITY.schedule]: "schedule",
  [EVENT_PRIORITY.backfill]: "backfill",
};

/** The timers of one simulation run (see the module comment). */
export class Timers {
  private readonly interval: Record<number, number> = {}; // by event priority
  private readonly phase: Record<number, number> = {};
  private readonly armed: Record<number, boolean> = {};
  private readonly priorities: number[]; // the timers' event priorities, ascending

  /**
   * @param events the engine's event queue
   * @param scheduler its timers (validated here) and nextTimer
   * @param calcPeriod the priority model's PriorityCalcPeriod, seconds (0 = none)
   * @param t0 the first submit, seconds
   */
  constructor(
    private readonly events: EventQueue,
    private readonly scheduler: Scheduler,
    calcPeriod: number,
    private readonly t0: number,
  ) {
    for (const t of scheduler.timers ?? []) {
      if (!(t.interval > 0)) throw invalidArgument(`timer ${t.kind} interval`, t.interval, "seconds > 0");
      const p = PRIORITY[t.kind];
      this.interval[p] = t.interval;
      this.phase[p] = t.phase ?? t.interval;
    }
    if (calcPeriod > 0) {
      this.interval[EVENT_PRIORITY.priorityCalc] = calcPeriod;
      this.phase[EVENT_PRIORITY.priorityCalc] = calcPeriod;
    }
    this.priorities = Object.keys(this.interval).map(Number);
  }

  /** A timer's event was taken from the queue. */
  fired(priority: number): void {
    this.armed[priority] = false;
  }

  /** Arms, strictly after `now`, every timer not in the queue that is still needed. */
  rearm(now: number, work: boolean, running: boolean): void {
    for (const p of this.priorities) {
      if (this.armed[p]) continue;
      if (p === EVENT_PRIORITY.priorityCalc ? work || running : work) this.arm(p, now);
    }
  }

  private arm(p: number, now: number): void {
    const kind = KIND[p];
    const own = kind ? this.scheduler.nextTimer?.(kind, now) : undefined;
    let t: number;
    if (own !== undefined) {
      if (!(own > now)) {
        throw invariantViolated(
          `scheduler ${this.scheduler.name} asked for its ${kind} timer at ${own}, not after now (${now})`,
        );
      }
      t = own;
    } else {
      const I = this.interval[p],
        ph = this.phase[p],
        t0 = this.t0;
      const k = Math.max(0, Math.ceil((now - t0 - ph) / I));
      t = t0 + ph + k * I;
      if (t <= now) t = t0 + ph + (k + 1) * I;
    }
    this.events.push(t, p, -1);
    this.armed[p] = true;
  }
}
