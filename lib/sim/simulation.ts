/**
 * One simulation run: its state (job states, start and end times, priorities, the pending queue,
 * the running jobs, the event queue and timers, the scheduler's context) and the steps the
 * engine's main loop (lib/sim/engine.ts) takes at each instant. The job states are
 * lib/sim/job-states.ts; the pending jobs' priorities and their queue lib/sim/run-priorities.ts;
 * the scheduler's context lib/sim/run-context.ts.
 */
import { invariantViolated } from "../util/errors";
import { DEPENDENCY_NEVER_SATISFIED, DependencyTracker } from "./dependencies";
import { EVENT_PRIORITY, EventQueue } from "./event-queue";
import type { SimJob } from "./job";
import { DONE, FUTURE, HELD, PENDING, REJECTED, RUNNING } from "./job-states";
import { NodeLedger } from "./node-ledger";
import type { NodeSet } from "./node-set";
import type { PendingQueue } from "./pending-queue";
import { FIFO_PRIORITY, type PriorityModel, type PriorityState } from "./priority";
import { type RunContext, runContext } from "./run-context";
import { RunPriorities } from "./run-priorities";
import { RunningJobs } from "./running-jobs";
import { type Scheduler, TRIGGER } from "./scheduler";
import type { SimResult, SimulateOptions, TraceEvent } from "./sim-result";
import { Timers } from "./timers";

/** The state of one run and the steps of the engine's main loop (lib/sim/engine.ts). */
export class Simulation {
  readonly queue: PendingQueue;
  private truncated = false;
  private readonly n: number;
  private readonly sched: Scheduler;
  private readonly model: PriorityModel;
  private readonly start: Float64Array;
  private readonly end: Float64Array;
  private readonly done: Float64Array; // when each started job runs out (its nodes then COMPLETING)
  private readonly prio: Float64Array;
  private readonly state: Uint8Array;
  private readonly plannedEnd: Float64Array;
  private readonly ledger: NodeLedger;
  private readonly trace: TraceEvent[] | undefined;
  private readonly rejected: { id: string; reason: string }[] = [];
  private readonly endedSinceUpdate: number[] = [];
  private readonly pstate: PriorityState;
  private readonly order: number[]; // job indices by submit time, then index
  private nextSubmit = 0;
  private readonly events = new EventQueue();
  private readonly running: RunningJobs;
  private readonly timers: Timers;
  private readonly ctx: RunContext;
  private readonly priorities: RunPriorities;
  private passes = 0;
  private startedNodes = 0;
  private sprio: SimResult["sprio"];
  // the jobs the scheduler and the priority model see: the input, except that a job with
  // predecessors is a copy whose submit becomes its eligible time
  private readonly jobs: SimJob[];
  private readonly submitTimes: Float64Array; // the queue's submit per job (eligible time)
  private readonly deps: DependencyTracker | undefined;
  private readonly entering: number[] = []; // jobs entering the queue at this instant
  private readonly lost: number[] = []; // submitted jobs found never eligible
  private readonly ended: number[] = []; // jobs ended at the current instant

  constructor(
    private readonly input: SimJob[],
    preds: readonly number[][] | undefined,
    private readonly W: number,
    private readonly cpn: number,
    private readonly options: SimulateOptions,
  ) {
    const n = (this.n = input.length);
    this.deps = preds ? new DependencyTracker(preds) : undefined;
    const jobs = (this.jobs = preds ? input.map((j, i) => (preds[i].length > 0 ? { ...j } : j)) : input);
    this.sched = options.scheduler;
    const model = (this.model = options.priority ?? FIFO_PRIORITY);
    this.start = new Float64Array(n).fill(NaN);
    this.end = new Float64Array(n).fill(NaN);
    this.done = new Float64Array(n).fill(NaN);
    this.prio = new Float64Array(n);
    this.state = new Uint8Array(n);
    this.plannedEnd = new Float64Array(n);
    this.ledger = new NodeLedger(n, W);
    this.trace = options.trace ? [] : undefined;
    this.running = new RunningJobs(this.plannedEnd);
    const { start, end, endedSinceUpdate, running } = this;
    this.pstate = {
      totalNodes: W,
      coresPerNode: cpn,
      totalCpus: options.totalCpus ?? W * cpn,
      eachRanSinceUpdate(visit) {
        for (const j of endedSinceUpdate) visit(j, start[j], end[j]);
        for (const j of running.byPlannedEnd) visit(j, start[j], Infinity);
      },
    };
    this.order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => jobs[a].submit - jobs[b].submit || a - b,
    );
    const t0 = n ? jobs[this.order[0]].submit : 0;
    const state = this.state;
    const isPending = (j: number) => state[j] === PENDING;
    this.priorities = new RunPriorities(model, jobs, this.prio, this.pstate, endedSinceUpdate, isPending);
    this.queue = this.priorities.queue;
    this.submitTimes = this.priorities.submitTimes;
    this.timers = new Timers(this.events, this.sched, model.calcPeriod, t0, model.calcPhase);
    model.reset?.(jobs, t0, this.pstate);
    this.ctx = runContext(t0, {
      totalNodes: W,
      jobs,
      queue: this.queue,
      running,
      start,
      plannedEnd: this.plannedEnd,
      done: this.done,
      prio: this.prio,
      isPending,
      startJob: (j, on) => this.startJob(j, on),
      ended: this.ended,
      nextSubmit: () => (this.nextSubmit < n ? jobs[this.order[this.nextSubmit]].submit : Infinity),
      sized: (j, cpus) => model.sized?.(j, cpus),
    });
  }

  /** Whether a job is still to be submitted or an event is queued. */
  hasEvents(): boolean {
    return this.nextSubmit < this.n || this.events.size > 0;
  }

  /** The next instant with an event or a submit; becomes the context's `now`. */
  nextInstant(): number {
    const ts = this.nextSubmit < this.n ? this.jobs[this.order[this.nextSubmit]].submit : Infinity;
    return (this.ctx.now = Math.min(this.events.peekTime(), ts));
  }

  /** Ends the jobs whose end event is at `now`; returns TRIGGER.end if any. */
  endJobs(now: number): number {
    const q = this.events,
      ctx = this.ctx;
    let flags = 0;
    this.ended.length = 0;
    while (q.size > 0 && q.peekTime() === now && q.peekPriority() === EVENT_PRIORITY.end) {
      const j = q.pop()!.data;
      this.ended.push(j);
      const job = this.jobs[j];
      this.state[j] = DONE;
      ctx.freeNodes += job.nodes;
      this.ledger.end(j);
      this.running.remove(j, job);
      if (this.model.update) this.endedSinceUpdate.push(j);
      this.deps?.ended(j, now, job.runtime <= job.limit, this.entering, this.lost);
      ctx.changes++;
      flags |= TRIGGER.end;
      this.trace?.push({ time: now, type: "end", job: job.id });
    }
    return flags;
  }

  /**
   * Submits (or rejects) the jobs whose submit time is `now`, then queues those eligible now (with
   * the jobs whose last predecessor ended at `now`) in input order; returns TRIGGER.submit if any was queued.
   */
  submitJobs(now: number): number {
    const { jobs, order, deps, entering, lost } = this;
    while (this.nextSubmit < this.n && jobs[order[this.nextSubmit]].submit === now) {
      const j = order[this.nextSubmit++];
      this.trace?.push({ time: now, type: "submit", job: jobs[j].id });
      const why = this.sched.reject?.(jobs[j]);
      if (why) {
        this.reject(j, why, now);
        deps?.failed(j, lost);
        continue;
      }
      const status = deps ? deps.submit(j, now) : "eligible";
      if (status === "eligible") entering.push(j);
      else if (status === "held") this.state[j] = HELD;
      else lost.push(j);
    }
    for (const j of lost) this.reject(j, DEPENDENCY_NEVER_SATISFIED, now);
    lost.length = 0;
    if (entering.length === 0) return 0;
    if (deps) entering.sort((a, b) => a - b);
    for (const j of entering) {
      if (jobs[j].submit !== now) this.submitTimes[j] = jobs[j].submit = now; // a copy: eligible now
      this.state[j] = PENDING;
      this.prio[j] = this.model.priority(jobs[j], this.clock(now), this.pstate);
      this.queue.add(j);
      this.ctx.changes++;
    }
    entering.length = 0;
    return TRIGGER.submit;
  }

  /** Fires the timers at `now` (recalculating priorities); returns their TRIGGER bits. */
  fireTimers(now: number): number {
    const q = this.events;
    let flags = 0;
    while (q.size > 0 && q.peekTime() === now) {
      const p = q.pop()!.priority;
      if (p === EVENT_PRIORITY.end) throw invariantViolated("end event after timers at the same instant");
      if (!this.timers.fired(p, now)) continue; // a timer re-armed elsewhere: its old event is dropped
      if (p === EVENT_PRIORITY.priorityCalc) {
        this.priorities.recalculate(this.clock(now));
        flags |= TRIGGER.priority;
      } else if (p === EVENT_PRIORITY.schedule) flags |= TRIGGER.schedule;
      else if (p === EVENT_PRIORITY.backfill) flags |= TRIGGER.backfill;
    }
    return flags;
  }

  /** Takes the sprio-like snapshot at the first instant ≥ options.snapshotAt. */
  takeSnapshot(now: number): void {
    const at = this.options.snapshotAt;
    if (at === undefined || this.sprio || !(now >= at)) return;
    this.sprio = this.priorities.snapshot(now, this.ctx.pendingByPriority());
  }

  /** One scheduler pass. */
  schedule(flags: number): void {
    this.passes++;
    this.sched.run(this.ctx, flags);
  }

  /** The events of an instant with nothing pending, shown to the scheduler (Scheduler.observe). */
  observe(flags: number): void {
    this.sched.observe?.(this.ctx, flags);
  }

  /** Whether the started jobs hold more than options.stopAfterStartedNodes (the run is then truncated). */
  stopped(): boolean {
    if (this.startedNodes > (this.options.stopAfterStartedNodes ?? Infinity)) this.truncated = true;
    return this.truncated;
  }

  /** Re-arms the timers that fired, while there is work. */
  rearmTimers(now: number): void {
    this.timers.rearm(now, this.queue.size > 0 || this.nextSubmit < this.n, this.running.size > 0);
  }

  /** The outcome (checks that every job ran or was reported, unless the run was truncated). */
  result(): SimResult {
    const { input: jobs, state } = this;
    if (!this.truncated) {
      for (let j = 0; j < this.n; j++)
        if (state[j] === PENDING || state[j] === FUTURE || state[j] === HELD)
          throw invariantViolated(`job ${jobs[j].id} never ran`);
    }
    for (let j = 0; j < this.n; j++) if (state[j] === PENDING) this.queue.ensure(j); // the result's priorities
    return {
      scheduler: this.sched.name,
      priorityModel: this.model.name,
      nodes: this.W,
      coresPerNode: this.cpn,
      jobs,
      start: this.start,
      end: this.end,
      nodeLists: this.ledger.lists,
      priority: this.prio,
      rejected: this.rejected,
      trace: this.trace,
      sprio: this.sprio,
      passes: this.passes,
      truncated: this.truncated,
      ...(this.deps ? { eligible: this.deps.eligible } : {}),
    };
  }

  // job j never runs, for `reason`
  private reject(j: number, reason: string, now: number): void {
    this.state[j] = REJECTED;
    this.rejected.push({ id: this.jobs[j].id, reason });
    this.trace?.push({ time: now, type: "reject", job: this.jobs[j].id });
  }

  // the scheduler's clock at `now` (Scheduler.clock: starts, ends, priorities and usage are on it)
  private clock(now: number): number {
    return this.sched.clock ? this.sched.clock(now) : now;
  }

  // SchedulerContext.start
  private startJob(j: number, on: NodeSet | undefined): void {
    const job = this.jobs[j],
      ctx = this.ctx;
    if (this.state[j] !== PENDING) throw invariantViolated(`start of job ${job?.id} which is not pending`);
    const shares = this.sched.sharesNodes === true;
    if (!shares && job.nodes > ctx.freeNodes) {
      throw invariantViolated(`start of job ${job.id} needing ${job.nodes} nodes with ${ctx.freeNodes} free`);
    }
    if (on) this.ledger.start(j, job, on, shares);
    const now = ctx.now,
      end = now + Math.min(job.runtime, job.limit),
      freed = end + (job.completing ?? 0); // its nodes come back after COMPLETING
    this.queue.remove(j);
    this.state[j] = RUNNING;
    ctx.freeNodes -= job.nodes;
    const at = this.clock(now); // the start the scheduler records
    this.start[j] = at;
    this.plannedEnd[j] = at + job.limit;
    this.running.add(j, job);
    this.events.push(freed, EVENT_PRIORITY.end, j);
    this.startedNodes += job.nodes;
    this.end[j] = this.clock(end);
    this.done[j] = end;
    ctx.changes++;
    this.trace?.push({ time: now, type: "start", job: job.id });
  }
}
