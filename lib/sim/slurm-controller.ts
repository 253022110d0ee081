/**
 * When slurmctld runs its main scheduler (timing "slurmctld" of the Slurm scheduler), as Slurm
 * 22.05's source does (17.11 where it differs):
 * - controller.c `_slurmctld_background`: a loop that sleeps 10 × 100 ms, then (with `now` =
 *   time(NULL), whole seconds) runs a full-queue pass when now − last_full_sched_time ≥
 *   sched_interval, else a default-depth pass when passes were requested (job_sched_cnt, set by
 *   `queue_job_scheduler`) and now − last_sched_time ≥ batch_sched_delay; both set last_sched_time
 *   and clear the requests, a full pass also last_full_sched_time. Both clocks start at the loop's
 *   start. batch_sched_delay is read from SchedulerParameters by `_schedule` (job_scheduler.c), so
 *   until the first pass the compiled-in 3 s applies (controller.c). The loop's iterations drift off whole seconds by what each one costs (about 1–7 ms on
 *   an idle to busy host: `npm run check:slurm` measures it), so they are a clock of their own here.
 * - a batch submit (proc_req.c `_slurm_rpc_submit_batch_job`: `job_allocate` with allocate = 0
 *   starts nothing) only requests a pass;
 * - a job end: its nodes are freed when each slurmd answers the terminate request. Without an
 *   Epilog, slurmd answers ALREADY_COMPLETE when the job's processes are gone; 22.05's agent.c then
 *   only requests a pass (`queue_job_scheduler`), 17.11's calls `schedule(0)` at once. When a
 *   node runs an Epilog (or the job's step is still exiting), its EPILOG_COMPLETE RPC
 *   (proc_req.c `_slurm_rpc_epilog_complete`) calls `schedule()` at once, or only requests a pass
 *   under SchedulerParameters=defer;
 * - `schedule()` (job_scheduler.c) wakes `_sched_agent`, which runs `_schedule` once more than
 *   sched_min_interval (22.05: microseconds, default 2) has passed since the last one ended;
 *   requests made meanwhile are merged into that pass (17.11 runs `_schedule` in the caller, or a
 *   deferred thread once the interval has passed: the same timing).
 * Passes take no time here; passes due at one instant are one pass (full when any is).
 */
import { finiteNumber, integer } from "../util/options";
import { invalidArgument } from "../util/errors";

/** Which main pass to run: none, one at default_queue_depth, or one over the whole queue. */
export type PassKind = "none" | "depth" | "full";

/**
 * The instants of slurmctld's background loop, seconds of the simulation: `phase + k·period` after
 * the loop's `start` (phase defaults to start), or a replayed list (from a log).
 */
export class TickClock {
  private constructor(
    readonly start: number,
    private readonly period: number,
    private readonly phase: number,
    private readonly list: readonly number[] | undefined,
  ) {}

  /** A modelled clock: the loop starts at `start` and iterates every `period` seconds, at `phase` + k·period. */
  static every(start: number, period: number, phase = start): TickClock {
    return new TickClock(
      finiteNumber(start, "controllerLoop.start"),
      finiteNumber(period, "controllerLoop.period", 0.001, 3600),
      finiteNumber(phase, "controllerLoop.phase"),
      undefined,
    );
  }

  /** A replayed clock: the loop started at `start` and iterated at the (increasing) instants `ticks`. */
  static replay(start: number, ticks: readonly number[]): TickClock {
    finiteNumber(start, "controllerLoop.start");
    ticks.forEach((t, i) => {
      if (!Number.isFinite(t) || t <= (i > 0 ? ticks[i - 1] : start))
        throw invalidArgument(`ticks[${i}]`, t, "increasing finite seconds after controllerLoop.start");
    });
    return new TickClock(start, NaN, NaN, ticks);
  }

  /** The first iteration at or after `t` (Infinity when a replayed list has ended). */
  atOrAfter(t: number): number {
    const L = this.list;
    if (L) {
      let lo = 0,
        hi = L.length;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (L[m] < t) lo = m + 1;
        else hi = m;
      }
      return lo < L.length ? L[lo] : Infinity;
    }
    const P = this.period,
      ph = this.phase,
      at = (k: number) => ph + k * P;
    const from = Math.max(t, nextUp(this.start)); // iterations come after the start
    let k = Math.ceil((from - ph) / P);
    while (at(k - 1) >= from) k--;
    while (at(k) < from) k++;
    return at(k);
  }

  /** The first iteration strictly after `t`. */
  after(t: number): number {
    const x = this.atOrAfter(t);
    return x > t ? x : this.atOrAfter(this.list ? nextUp(t) : t + this.period / 2);
  }
}

// the smallest double above t
const nextUp = (t: number) => t + Math.max(Math.abs(t) * Number.EPSILON, Number.MIN_VALUE);

/** The main-scheduler triggers of one run (see the module comment). */
export class ControllerLoop {
  private lastSched: number; // last_sched_time, whole seconds
  private lastFull: number; // last_full_sched_time, whole seconds
  private done = -Infinity; // the last loop iteration taken into account
  private requestSince = NaN; // when the oldest pending request came (NaN: none)
  private lastPass = -Infinity; // when the last pass ran
  private deferred = NaN; // a pass due later (sched_min_interval, or an end's pass after a delay), and whether it is full
  private deferredFull = false;
  private passes = 0; // main passes run so far (batch_sched_delay is 3 s until the first)

  /**
   * @param clock the loop's instants
   * @param schedInterval sched_interval, seconds
   * @param batchSchedDelay batch_sched_delay, seconds
   * @param minInterval sched_min_interval, seconds
   * @param seconds time(NULL) at an instant
   */
  constructor(
    private readonly clock: TickClock,
    private readonly schedInterval: number,
    private readonly batchSchedDelay: number,
    private readonly minInterval: number,
    private readonly seconds: (t: number) => number = Math.floor,
  ) {
    integer(batchSchedDelay, "batchSchedDelay", 0);
    finiteNumber(minInterval, "schedMinInterval", 0, 60);
    this.lastSched = this.lastFull = seconds(clock.start);
  }

  /** A pass was requested at `now` (queue_job_scheduler). */
  request(now: number): void {
    if (Number.isNaN(this.requestSince)) this.requestSince = now;
  }

  /** schedule() was called for a pass at `t` (> now: it waits for slurmctld's locks that long). */
  passAt(t: number): void {
    if (!(this.deferred <= t)) this.deferred = t;
  }

  /**
   * What runs at `now`: the loop iterations up to `now` (those before it only move the clocks:
   * nothing was pending then), a pass held back by sched_min_interval, and an immediate pass when
   * `immediate` (schedule() called by an end). Returns the pass to run now.
   */
  at(now: number, immediate: boolean): PassKind {
    let pass: PassKind = "none";
    for (;;) {
      const t = this.nextIteration();
      if (t > now) break;
      const kind = this.iterate(t);
      if (t === now && kind !== "none") pass = merge(pass, kind);
    }
    if (immediate) pass = merge(pass, "depth");
    if (this.deferred <= now) {
      pass = merge(pass, this.deferredFull ? "full" : "depth");
      this.deferred = NaN;
      this.deferredFull = false;
    }
    if (pass === "none") return pass;
    if (now - this.lastPass > 0 && now - this.lastPass <= this.minInterval) {
      // _sched_agent: not before sched_min_interval after the last pass
      this.deferred = this.lastPass + this.minInterval + 1e-6;
      this.deferredFull ||= pass === "full";
      return "none";
    }
    this.lastPass = now;
    this.passes++;
    return pass;
  }

  /** The next instant something is due (> now), or Infinity. */
  next(now: number): number {
    const t = Math.min(this.nextIteration(), this.deferred > now ? this.deferred : Infinity);
    return t > now ? t : this.clock.after(now);
  }

  // the next loop iteration that runs a pass (full, or requested and allowed), after those taken
  private nextIteration(): number {
    const from = this.done === -Infinity ? -Infinity : this.clock.after(this.done);
    const full = this.clock.atOrAfter(Math.max(from, this.lastFull + this.schedInterval));
    if (Number.isNaN(this.requestSince)) return full;
    const asked = this.clock.atOrAfter(Math.max(from, this.requestSince, this.lastSched + this.delay()));
    return Math.min(full, asked);
  }

  // batch_sched_delay: controller.c's compiled-in 3 s until _schedule has read SchedulerParameters
  private delay(): number {
    return this.passes === 0 ? 3 : this.batchSchedDelay;
  }

  // controller.c _slurmctld_background at iteration t
  private iterate(t: number): PassKind {
    this.done = t;
    const s = this.seconds(t);
    if (s - this.lastFull >= this.schedInterval) {
      this.lastFull = this.lastSched = s;
      if (this.requestSince <= t) this.requestSince = NaN;
      return "full";
    }
    if (!Number.isNaN(this.requestSince) && this.requestSince <= t && s - this.lastSched >= this.delay()) {
      this.lastSched = s;
      this.requestSince = NaN;
      return "depth";
    }
    return "none";
  }
}

const merge = (a: PassKind, b: PassKind): PassKind =>
  a === "full" || b === "full" ? "full" : a === "depth" || b === "depth" ? "depth" : "none";
