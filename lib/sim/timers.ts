/**
 * The engine's periodic timers: the scheduler's (main-scheduler pass, backfill cycle; see
 * {@link TimerSpec}) and the priority model's recalculation (PriorityCalcPeriod). Each timer is
 * armed at most once at a time. It fires on the grid t0 + phase + k·interval (t0 = the first
 * submit), or where the scheduler asks (Scheduler.nextTimer, asked again after every instant with
 * work: a different answer re-arms the timer and the event queued for the old time is dropped when
 * it comes up); once fired it is re-armed strictly after that instant while there is work: pending
 * or future jobs, and for the recalculation also running ones.
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
  private readonly at: Record<number, number> = {}; // the armed time (NaN = not armed)
  private readonly priorities: number[]; // the timers' event priorities, ascending

  /**
   * @param events the engine's event queue
   * @param scheduler its timers (validated here) and nextTimer
   * @param calcPeriod the priority model's PriorityCalcPeriod, seconds (0 = none)
   * @param t0 the first submit, seconds
   * @param calcPhase the first recalculation's offset from t0, seconds. Defaults to calcPeriod.
   */
  constructor(
    private readonly events: EventQueue,
    private readonly scheduler: Scheduler,
    calcPeriod: number,
    private readonly t0: number,
    calcPhase = calcPeriod,
  ) {
    for (const t of scheduler.timers ?? []) {
      if (!(t.interval > 0)) throw invalidArgument(`timer ${t.kind} interval`, t.interval, "seconds > 0");
      const p = PRIORITY[t.kind];
      this.interval[p] = t.interval;
      this.phase[p] = t.phase ?? t.interval;
    }
    if (calcPeriod > 0) {
      if (!(calcPhase >= 0 && calcPhase <= calcPeriod))
        throw invalidArgument("calcPhase", calcPhase, `seconds in [0, calcPeriod = ${calcPeriod}]`);
      this.interval[EVENT_PRIORITY.priorityCalc] = calcPeriod;
      this.phase[EVENT_PRIORITY.priorityCalc] = calcPhase;
    }
    this.priorities = Object.keys(this.interval).map(Number);
    for (const p of this.priorities) this.at[p] = NaN;
  }

  /** A timer's event at `time` was taken from the queue; false when the timer was re-armed elsewhere (drop it). */
  fired(priority: number, time: number): boolean {
    if (this.at[priority] !== time) return false;
    this.at[priority] = NaN;
    return true;
  }

  /** Arms, strictly after `now`, every timer that is still needed (re-arming those the scheduler moved). */
  rearm(now: number, work: boolean, running: boolean): void {
    for (const p of this.priorities) {
      if (!(p === EVENT_PRIORITY.priorityCalc ? work || running : work)) continue;
      const kind = KIND[p];
      const own = kind ? this.scheduler.nextTimer?.(kind, now) : undefined;
      if (own === undefined) {
        if (Number.isNaN(this.at[p])) this.push(p, this.onGrid(p, now));
      } else if (own === Infinity) this.at[p] = NaN;
      else if (own !== this.at[p]) {
        if (!(own > now)) {
          throw invariantViolated(
            `scheduler ${this.scheduler.name} asked for its ${kind} timer at ${own}, not after now (${now})`,
          );
        }
        this.push(p, own);
      }
    }
  }

  private push(p: number, t: number): void {
    this.events.push(t, p, -1);
    this.at[p] = t;
  }

  // the first grid point t0 + phase + k·interval after now
  private onGrid(p: number, now: number): number {
    const I = this.interval[p],
      ph = this.phase[p],
      t0 = this.t0;
    const k = Math.max(0, Math.ceil((now - t0 - ph) / I));
    const t = t0 + ph + k * I;
    return t <= now ? t0 + ph + (k + 1) * I : t;
  }
}
