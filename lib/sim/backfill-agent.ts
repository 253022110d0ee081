/**
 * When slurmctld's backfill thread runs its cycles (timing "slurmctld" of the Slurm scheduler), as
 * backfill.c of Slurm 22.05 does (17.11 is the same):
 * - `backfill_agent`: `last_backfill_time = time(NULL)` at the thread's start, then a loop that
 *   sleeps bf_interval after a cycle and one second after a wake-up that ran none (`_my_sleep`,
 *   timed from the wake-up); a wake-up runs a cycle when now − last_backfill_time ≥ bf_interval
 *   and `_more_work`: a job, node, partition or reservation changed in or after the second
 *   last_backfill_time (whole seconds, so a change in the second the last cycle ended counts,
 *   even the jobs that cycle started). After the cycle, last_backfill_time = time(NULL).
 * - `_attempt_backfill`: the cycle's length is the work it does (modelled as
 *   base + perJob · jobs tested + perStart · jobs started); after every bf_yield_interval of work
 *   it releases its locks for bf_yield_sleep (`_yield_locks`), and it stops testing once
 *   bf_max_time seconds (whole seconds of time(NULL)) have passed since it began.
 * - `_yield_locks` (20.11 and 22.05): the yield is taken before testing the next job once
 *   bf_yield_interval of work has passed since the last one; while the cycle held its locks, the
 *   RPCs that change jobs or nodes (a submit, a job's end, its nodes coming back) waited for them
 *   and run during the sleep, so last_job_update or last_node_update then differ from before it:
 *   without bf_continue the cycle ends there ("system state changed, breaking out"), with it it
 *   goes on. Here: a change the engine will apply after the cycle's start and before the yield's
 *   sleep ends (SchedulerContext.nextChange) ends the cycle at that yield.
 * Not modelled: changes other than job submits, ends and nodes coming back (node registrations,
 * job reason updates, the main scheduler's starts during a sleep, which follow such changes), which
 * move a cycle only in stretches where nothing else changes; with bf_continue, what the cycle's
 * later tests see of the changes made during its sleeps (they are applied after it).
 * Replayed cycles (from a log) run at their instants, whatever these rules say.
 */
import { finiteNumber } from "../util/options";
import { invalidArgument } from "../util/errors";

/** The modelled work of one backfill cycle, seconds. */
export interface BackfillCost {
  /** Per cycle. */
  base: number;
  /** Per job tested. */
  perJob: number;
  /** Per job started. */
  perStart: number;
}

/** The backfill thread's clock (see the module comment). */
export class BackfillAgent {
  private lastBf: number; // last_backfill_time, whole seconds
  private wake: number; // the next wake-up; NaN while sleeping one second at a time with nothing changed
  private shortFrom = NaN; // the wake-up that found nothing to do (one-second sleeps from there)
  private lastChange = -Infinity; // the second of the last change
  private firstChangeAfterShort = NaN; // the first change after shortFrom
  private at = NaN; // the running cycle's start
  private yields = 0; // the yields the running cycle has taken

  /**
   * @param interval bf_interval, seconds
   * @param firstWake the first wake-up (the thread started bf_interval before it), seconds
   * @param cost the modelled work of a cycle
   * @param yieldInterval bf_yield_interval, seconds
   * @param yieldSleep bf_yield_sleep, seconds
   * @param maxTime bf_max_time, seconds
   * @param replay the cycles' instants, when replayed (increasing)
   * @param seconds time(NULL) at an instant
   * @param bfContinue SchedulerParameters=bf_continue
   */
  constructor(
    private readonly interval: number,
    firstWake: number,
    private readonly cost: BackfillCost,
    private readonly yieldInterval: number,
    private readonly yieldSleep: number,
    private readonly maxTime: number,
    private readonly replay?: readonly number[],
    private readonly seconds: (t: number) => number = Math.floor,
    private readonly bfContinue = false,
  ) {
    if (typeof bfContinue !== "boolean") throw invalidArgument("bfContinue", bfContinue, "a boolean");
    finiteNumber(firstWake, "bfPhase");
    finiteNumber(yieldInterval, "bfYieldInterval", 1e-6, 10);
    finiteNumber(yieldSleep, "bfYieldSleep", 1e-6, 10);
    finiteNumber(maxTime, "bfMaxTime", 1, 3600);
    replay?.forEach((t, i) => {
      if (!Number.isFinite(t) || (i > 0 && t <= replay[i - 1]))
        throw invalidArgument(`bfCycles[${i}]`, t, "increasing finite seconds");
    });
    this.lastBf = seconds(firstWake - interval);
    this.wake = replay ? (replay[0] ?? Infinity) : firstWake;
  }

  /** Something changed at `now` (a submit, start or end). */
  changed(now: number): void {
    this.lastChange = Math.max(this.lastChange, this.seconds(now));
    if (!Number.isNaN(this.shortFrom) && Number.isNaN(this.firstChangeAfterShort))
      this.firstChangeAfterShort = now;
  }

  /** The next wake-up that runs a cycle, or Infinity while nothing changes. */
  next(): number {
    if (!Number.isNaN(this.wake)) return this.wake;
    // one-second sleeps from shortFrom: the first wake-up at or after the first change
    const c = this.firstChangeAfterShort;
    if (Number.isNaN(c)) return Infinity;
    return this.shortFrom + Math.max(1, Math.ceil(c - this.shortFrom));
  }

  /** Whether a wake-up at `now` runs a cycle (when not, the thread sleeps one second at a time). */
  wakeUp(now: number): boolean {
    if (this.replay) return true;
    if (this.seconds(now) - this.lastBf >= this.interval && this.lastChange >= this.lastBf) {
      this.shortFrom = this.firstChangeAfterShort = NaN;
      return true;
    }
    this.shortFrom = now;
    this.wake = this.firstChangeAfterShort = NaN;
    return false;
  }

  /** A cycle begins at `now`. */
  begin(now: number): void {
    this.at = now;
    this.yields = 0;
  }

  /**
   * Whether the running cycle stops before testing another job: bf_max_time, or a yield (its
   * bf_yield_interval of work reached) whose sleep ends after the first change the engine will apply
   * (`nextChange`: seconds, Infinity for none), without bf_continue.
   */
  stop(tested: number, started: number, nextChange: () => number = () => Infinity): boolean {
    if (this.seconds(this.at + this.length(tested, started)) - this.seconds(this.at) >= this.maxTime)
      return true;
    const c = this.cost,
      k = Math.floor((c.base + c.perJob * tested + c.perStart * started) / this.yieldInterval);
    if (k <= this.yields) return false;
    this.yields = k;
    return !this.bfContinue && nextChange() < this.at + this.length(tested, started);
  }

  /** The running cycle ended having tested and started these many jobs; its starts are changes. */
  end(tested: number, started: number): void {
    const end = this.at + this.length(tested, started);
    if (started > 0) this.changed(this.at);
    if (this.replay) {
      let k = 0;
      while (k < this.replay.length && this.replay[k] <= this.at) k++;
      this.wake = this.replay[k] ?? Infinity;
      return;
    }
    this.lastBf = this.seconds(end);
    this.wake = end + this.interval;
  }

  /** _attempt_backfill's wall time: its work plus a bf_yield_sleep after every bf_yield_interval of work. */
  length(tested: number, started: number): number {
    const c = this.cost;
    const work = c.base + c.perJob * tested + c.perStart * started;
    return work + Math.floor(work / this.yieldInterval) * this.yieldSleep;
  }
}
