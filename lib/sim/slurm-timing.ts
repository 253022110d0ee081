/**
 * When the Slurm scheduler (lib/sim/slurm-scheduler.ts) runs its main passes and backfill cycles.
 * Two models:
 * - "events" (the default): a default-depth main pass at every instant with a submit or an end,
 *   a full one every sched_interval from the first submit, and a backfill cycle every bf_interval
 *   (on a fixed grid, or bf_interval after the previous cycle ends: `bfTiming`), skipped when
 *   nothing changed since the last one, as abstract simulators time them;
 * - "slurmctld": slurmctld's own threads, from Slurm's source: the background loop's one-second
 *   iterations with batch_sched_delay and sched_interval, submits and (without an Epilog) job ends
 *   that only request a pass, ends that run one at once, sched_min_interval
 *   (lib/sim/slurm-controller.ts), and the backfill thread's sleeps, change test and cycle length
 *   (lib/sim/backfill-agent.ts). Decisions keep whole-second clocks where Slurm does (time(NULL)).
 * Times given here are seconds from the workload's first submit (the first instant the scheduler sees).
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import { BackfillAgent } from "./backfill-agent";
import type { SimJob } from "./job";
import { type SchedulerContext, type TimerSpec, TRIGGER } from "./scheduler";
import { ControllerLoop, type PassKind, TickClock } from "./slurm-controller";

/** How a job's end reaches the main scheduler (see {@link SlurmTimingOptions.endPass}). */
export type EndPass = "immediate" | "queued";

/** The timing knobs of the Slurm scheduler. */
export interface SlurmTimingOptions {
  /** "events" or "slurmctld" (see the module comment). Defaults to "events". */
  timing?: "events" | "slurmctld";
  /** The backfill thread's first wake-up, seconds after the first submit (0 = at it). Defaults to bf_interval. */
  bfPhase?: number;
  /**
   * "events" timing only: "after-cycle" (the next cycle bf_interval after the previous one ends,
   * so cycles drift by their cost) or "fixed" (every bf_interval on a grid from the first submit).
   * Defaults to "after-cycle".
   */
  bfTiming?: "after-cycle" | "fixed";
  /**
   * The modelled work of one backfill cycle, seconds: base + perJob × jobs tested + perStart × jobs
   * started ("events" timing: base + perJob only; "fixed" ignores it). Defaults to 0 each (a
   * few-node Slurm 22.05 cycle costs about a millisecond: docs/slurm.md gives the measured figures).
   */
  bfCycleSeconds?: { base?: number; perJob?: number; perStart?: number };
  /** "slurmctld": batch_sched_delay, seconds. Defaults to 3. */
  batchSchedDelay?: number;
  /** "slurmctld": sched_min_interval, seconds (22.05 gives it in microseconds). Defaults to 2e-6. */
  schedMinInterval?: number;
  /**
   * "slurmctld": the background loop's start (seconds after the first submit; negative when slurmctld
   * started before it; its whole second starts the sched_interval and batch_sched_delay clocks), the
   * period of its iterations (10 × 100 ms sleeps plus their work; about 1.001–1.007 s measured) and
   * one iteration's instant (phase). Defaults to { start: 0, period: 1, phase: start }.
   */
  controllerLoop?: { start?: number; period?: number; phase?: number };
  /** "slurmctld": replayed instants of the background loop (seconds after the first submit), e.g. from slurmctld's log, in place of the period. Defaults to none. */
  ticks?: readonly number[];
  /** "slurmctld": replayed instants of the backfill cycles (seconds after the first submit), in place of the agent's rules. Defaults to none. */
  bfCycles?: readonly number[];
  /**
   * "slurmctld": how a job's end reaches the main scheduler: "immediate" (an EPILOG_COMPLETE RPC runs
   * schedule() at once: every job when nodes run an Epilog; 17.11 does it for every end) or
   * "queued" (22.05 without an Epilog: the agent only requests a pass, which the background loop
   * runs); a function picks per job. Defaults to "immediate".
   */
  endPass?: EndPass | ((job: SimJob) => EndPass);
  /**
   * "slurmctld": seconds from the EPILOG_COMPLETE that frees a job's last node to the pass it runs
   * (`_sched_agent` waits for slurmctld's locks, held meanwhile by the work queued ahead of it, e.g.
   * other nodes coming back); a function gives it per job (a replayed run). Defaults to 0.
   */
  endPassDelay?: number | ((job: SimJob) => number);
  /** "slurmctld": SchedulerParameters=defer (an EPILOG_COMPLETE only requests a pass). Defaults to false. */
  defer?: boolean;
  /** "slurmctld": bf_yield_interval, seconds. Defaults to 2. */
  bfYieldInterval?: number;
  /** "slurmctld": bf_yield_sleep, seconds. Defaults to 0.5. */
  bfYieldSleep?: number;
  /** "slurmctld": bf_max_time, seconds. Defaults to bf_interval. */
  bfMaxTime?: number;
  /**
   * "slurmctld": SchedulerParameters=bf_continue. Without it a cycle that yields its locks
   * (bf_yield_interval) stops there when a job or node changed meanwhile (lib/sim/backfill-agent.ts).
   * Defaults to false (Slurm's default).
   */
  bfContinue?: boolean;
  /**
   * "slurmctld": how far time(NULL) lags the exact clock at a whole second, seconds: glibc's time()
   * reads the kernel's coarse clock, which the timer tick moves, so a second's first few
   * milliseconds still read the second before (whole seconds are floor(t − clockLag)). The host's
   * timer tick sets it (a few ms); check:slurm measures it (cluster/clock-lag.ts). Defaults to 0.
   */
  clockLag?: number;
}

/** The timing of one Slurm scheduler (fresh per run; see the module comment). */
export class SlurmTiming {
  readonly timers: TimerSpec[];
  private readonly mode: "events" | "slurmctld";
  private readonly bfTiming: "after-cycle" | "fixed";
  private readonly cost: { base: number; perJob: number; perStart: number };
  private t0 = NaN;
  private controller: ControllerLoop | undefined;
  private agent: BackfillAgent | undefined;
  private seenChanges = 0;
  private lastChanges = -1; // "events": ctx.changes after the last cycle
  private lastWakeEnd = NaN; // "events", after-cycle: when the last cycle ended
  /** "slurmctld": time(NULL) at an instant (see {@link SlurmTimingOptions.clockLag}). */
  readonly seconds: (t: number) => number;
  private worked = 0; // "slurmctld": the running cycle's work so far, and its instant
  private workedAt = NaN;

  constructor(
    private readonly o: SlurmTimingOptions,
    private readonly knobs: {
      schedInterval: number;
      bfInterval: number;
      backfill: boolean;
      eventTriggered: boolean;
    },
  ) {
    this.mode = keyword(o.timing ?? "events", "timing", ["events", "slurmctld"] as const);
    this.bfTiming = keyword(o.bfTiming ?? "after-cycle", "bfTiming", ["after-cycle", "fixed"] as const);
    const c = o.bfCycleSeconds ?? {};
    this.cost = {
      base: finiteNumber(c.base ?? 0, "bfCycleSeconds.base", 0),
      perJob: finiteNumber(c.perJob ?? 0, "bfCycleSeconds.perJob", 0),
      perStart: finiteNumber(c.perStart ?? 0, "bfCycleSeconds.perStart", 0),
    };
    if (this.mode === "slurmctld" && o.bfTiming === "fixed")
      throw invalidArgument(
        "bfTiming",
        "fixed",
        'no bfTiming with timing "slurmctld" (the agent times its cycles)',
      );
    const period = this.mode === "slurmctld" ? (o.controllerLoop?.period ?? 1) : knobs.schedInterval;
    this.timers = [
      { kind: "schedule", interval: finiteNumber(period, "controllerLoop.period", 0.001, 3600) },
    ];
    if (knobs.backfill)
      this.timers.push({
        kind: "backfill",
        interval: knobs.bfInterval,
        phase: o.bfPhase ?? knobs.bfInterval,
      });
    const lag = finiteNumber(o.clockLag ?? 0, "clockLag", 0, 0.5);
    this.seconds = lag === 0 ? Math.floor : (t) => Math.floor(t - lag);
    if (this.mode === "slurmctld") {
      integer(o.batchSchedDelay ?? 3, "batchSchedDelay", 0);
      finiteNumber(o.schedMinInterval ?? 2e-6, "schedMinInterval", 0, 60);
    }
  }

  /** Whether the scheduler keeps its clocks while nothing is pending (Scheduler.observe). */
  get observes(): boolean {
    return this.mode === "slurmctld";
  }

  /** The main pass that runs at this instant (call once per instant, first). */
  pass(ctx: SchedulerContext, flags: number): PassKind {
    const now = ctx.now;
    this.latch(now);
    if (this.mode === "events")
      return flags & TRIGGER.schedule
        ? "full"
        : this.knobs.eventTriggered && flags & (TRIGGER.submit | TRIGGER.end)
          ? "depth"
          : "none";
    const c = this.controller!;
    this.noteChanges(ctx);
    let immediate = false;
    if (flags & TRIGGER.submit) c.request(now);
    if (flags & TRIGGER.end) {
      const how = this.o.endPass ?? "immediate";
      const delay = this.o.endPassDelay ?? 0;
      for (const j of ctx.endedNow()) {
        const p = typeof how === "function" ? how(ctx.jobs[j]) : how;
        if (p !== "immediate" || this.o.defer) c.request(now);
        else {
          const d = typeof delay === "function" ? delay(ctx.jobs[j]) : delay;
          if (!(d >= 0 && d < 60)) throw invalidArgument("endPassDelay", d, "seconds in [0, 60)");
          if (d === 0) immediate = true;
          else c.passAt(now + d);
        }
      }
    }
    return c.at(now, immediate);
  }

  /** Whether a backfill cycle runs at this instant (after the main pass); the cycle then begins. */
  cycle(ctx: SchedulerContext, flags: number): boolean {
    if (this.mode === "events")
      return this.knobs.backfill && (flags & TRIGGER.backfill) !== 0 && ctx.changes !== this.lastChanges;
    this.noteChanges(ctx);
    const a = this.agent;
    if (a === undefined || a.next() > ctx.now || !a.wakeUp(ctx.now)) return false;
    a.begin(ctx.now);
    return true;
  }

  /**
   * "slurmctld": whether the running cycle stops before testing another job (bf_max_time, or a
   * yield that saw a change without bf_continue).
   */
  stopCycle(ctx: SchedulerContext, tested: number, started: number): boolean {
    return this.agent !== undefined && this.agent.stop(tested, started, () => ctx.nextChange());
  }

  /**
   * "slurmctld": the running cycle has tested and started these many jobs; a start it makes now
   * reads time(NULL) after that work (select_nodes sets start_time = time(NULL)): that reading.
   */
  working(now: number, tested: number, started: number): number {
    this.workedAt = now;
    this.worked = this.agent ? this.agent.length(tested, started) : 0;
    return this.clock(now);
  }

  /** "slurmctld": time(NULL) as a start at `now` reads it (within a cycle, after its work so far). */
  clock(now: number): number {
    return this.seconds(now === this.workedAt ? now + this.worked : now);
  }

  /** The cycle of this instant ended having tested and started these many jobs. */
  cycleDone(ctx: SchedulerContext, tested: number, started: number): void {
    if (this.mode === "events") {
      this.lastChanges = ctx.changes;
      // the agent's wake-up ends when its cycle does (a skipped cycle costs nothing)
      this.lastWakeEnd = ctx.now + (tested > 0 ? this.cost.base + this.cost.perJob * tested : 0);
      return;
    }
    this.workedAt = NaN;
    this.agent!.end(tested, started);
  }

  /** After the instant's passes: its starts are changes (the backfill thread's test). */
  afterInstant(ctx: SchedulerContext): void {
    if (this.mode === "slurmctld") this.noteChanges(ctx);
  }

  /** Scheduler.nextTimer. */
  nextTimer(kind: "schedule" | "backfill", now: number): number | undefined {
    this.latch(now);
    if (this.mode === "events") {
      if (kind !== "backfill" || this.bfTiming === "fixed" || Number.isNaN(this.lastWakeEnd))
        return undefined;
      // bf_interval after the last wake-up ended; wake-ups while nothing was pending keep that rhythm
      const I = this.knobs.bfInterval;
      const k = Math.max(1, Math.ceil((now - this.lastWakeEnd) / I));
      const t = this.lastWakeEnd + k * I;
      return t <= now ? t + I : t;
    }
    if (kind === "schedule") return this.controller!.next(now);
    const w = this.agent?.next() ?? Infinity;
    return w > now ? w : Infinity;
  }

  // the first instant the scheduler sees is the first submit: the times of the options start there
  private latch(now: number): void {
    if (!Number.isNaN(this.t0)) return;
    this.t0 = now;
    if (this.mode === "events") return;
    const o = this.o,
      k = this.knobs,
      rel = (xs: readonly number[] | undefined, name: string) =>
        xs?.map((x, i) => now + finiteNumber(x, `${name}[${i}]`));
    const start = now + (o.controllerLoop?.start ?? 0);
    const ticks = rel(o.ticks, "ticks");
    this.controller = new ControllerLoop(
      ticks
        ? TickClock.replay(start, ticks)
        : TickClock.every(
            start,
            o.controllerLoop?.period ?? 1,
            now + (o.controllerLoop?.phase ?? start - now),
          ),
      k.schedInterval,
      o.batchSchedDelay ?? 3,
      o.schedMinInterval ?? 2e-6,
      this.seconds,
    );
    if (k.backfill)
      this.agent = new BackfillAgent(
        k.bfInterval,
        now + (o.bfPhase ?? k.bfInterval),
        this.cost,
        o.bfYieldInterval ?? 2,
        o.bfYieldSleep ?? 0.5,
        o.bfMaxTime ?? k.bfInterval,
        rel(o.bfCycles, "bfCycles"),
        this.seconds,
        o.bfContinue ?? false,
      );
  }

  private noteChanges(ctx: SchedulerContext): void {
    if (ctx.changes === this.seenChanges) return;
    this.seenChanges = ctx.changes;
    this.agent?.changed(ctx.now);
  }
}
