/**
 * The deterministic discrete-event engine. Events are ordered by time, then by the documented
 * priority of {@link EVENT_PRIORITY} (ends, submits, priority recomputation, main-scheduler timer,
 * backfill timer), then by sequence number. After all events of an instant the scheduler runs once.
 * Nodes are identical and allocated whole (node-exclusive); a job runs min(runtime, limit) seconds.
 */
import { invalidArgument, invariantViolated } from "../util/errors";
import { integer } from "../util/options";
import { EVENT_PRIORITY, EventQueue } from "./event-queue";
import { NodeLedger } from "./node-ledger";
import type { NodeSet } from "./node-set";
import { GroupedQueue } from "./grouped-queue";
import { type PendingQueue, SortedQueue } from "./sorted-queue";
import { QueueIndex } from "./queue-index";
import { type SimJob, type SimJobInput, normalizeJobs } from "./job";
import { FIFO_PRIORITY, type PriorityModel, type PriorityState, type RanJob } from "./priority";
import { type SchedulerContext, TRIGGER } from "./scheduler";
import type { SimResult, SimulateOptions, SprioRow, TraceEvent } from "./sim-result";

export type { SimResult, SimulateOptions, SprioRow, TraceEvent } from "./sim-result";

const PENDING = 1, RUNNING = 2, DONE = 3, REJECTED = 4, FUTURE = 0;

/**
 * Runs a workload through a scheduler.
 * @param jobs the workload (validated; see {@link normalizeJobs})
 * @param options cluster, scheduler, priority model, tracing
 * @example simulate(jobs, { nodes: 8, scheduler: createScheduler({ name: "easy" }) })
 */
export function simulate(jobs: readonly SimJobInput[], options: SimulateOptions): SimResult {
  const nodes = integer(options.nodes, "nodes", 1);
  const cpn = integer(options.coresPerNode ?? 1, "coresPerNode", 1);
  if (!options.scheduler || typeof options.scheduler.run !== "function") {
    throw invalidArgument("scheduler", options.scheduler, "a Scheduler (use createScheduler)");
  }
  return _simulate(normalizeJobs(jobs, nodes, cpn), nodes, cpn, options);
}

function _simulate(jobs: SimJob[], W: number, cpn: number, options: SimulateOptions): SimResult {
  const n = jobs.length;
  const sched = options.scheduler;
  const model = options.priority ?? FIFO_PRIORITY;
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const prio = new Float64Array(n);
  const state = new Uint8Array(n);
  const plannedEnd = new Float64Array(n);
  const ledger = new NodeLedger(n, W);
  const trace: TraceEvent[] | undefined = options.trace ? [] : undefined;
  const rejected: { id: string; reason: string }[] = [];
  const endedSinceUpdate: number[] = [];
  const pstate: PriorityState = {
    totalNodes: W,
    coresPerNode: cpn,
    ranSinceUpdate(): RanJob[] {
      const out: RanJob[] = endedSinceUpdate.map((j) => ({ job: jobs[j], start: start[j], end: end[j] }));
      for (const j of runningSorted) out.push({ job: jobs[j], start: start[j], end: Infinity });
      return out;
    },
    eachRanSinceUpdate(visit) {
      for (const j of endedSinceUpdate) visit(j, start[j], end[j]);
      for (const j of runningSorted) visit(j, start[j], Infinity);
    },
  };

  // submit order: by submit time, then input order
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => jobs[a].submit - jobs[b].submit || a - b);
  const t0 = n ? jobs[order[0]].submit : 0;
  // Under a constant priority the queue is the submit order: index it by submit rank so schedulers
  // can find the next job that fits without scanning the queue (QueueIndex).
  const rankOf = new Int32Array(n);
  order.forEach((j, r) => (rankOf[j] = r));
  const qidx = model.constant ? new QueueIndex(n) : undefined;
  let nextSubmit = 0;

  const q = new EventQueue();
  let free = W;
  let changes = 0;
  let pendingList: number[] = [];
  let pendingDirty = false;
  let pendingCount = 0;
  const submitTime = Float64Array.from(jobs, (j) => j.submit);
  // The queue order: under a constant priority the submit order (pending list, queue index); under
  // a model with queue groups and a scheduler that walks the queue, per-group lists with priorities
  // computed when needed (lib/sim/grouped-queue.ts); else one sorted array (lib/sim/sorted-queue.ts).
  let lastCalc = NaN;
  const one = [0];
  const isPending = (j: number) => state[j] === PENDING;
  const grouped = !model.constant && model.queueGroup && model.writePriorities && sched.lazyQueue && !options.sortedQueue
    ? new GroupedQueue(n, {
        prio,
        submit: submitTime,
        rank: rankOf,
        group: (j) => model.queueGroup!(j),
        refresh(j) {
          if (Number.isNaN(lastCalc)) throw invariantViolated(`priority of job ${jobs[j].id} asked before any recalculation`);
          one[0] = j;
          model.writePriorities!(one, lastCalc, prio, pstate);
        },
        isPending,
      })
    : undefined;
  const queue: PendingQueue | undefined = model.constant ? undefined : grouped ?? new SortedQueue(prio, submitTime, () => ctx.pending(), isPending);
  const runningSorted: number[] = [];
  const perUser = new Map<string, { jobs: number; nodes: number }>();
  let passes = 0;
  let startedNodes = 0;
  const stopAfter = options.stopAfterStartedNodes ?? Infinity;
  let truncated = false;
  let sprio: SimResult["sprio"];

  const cmpPlanned = (a: number, b: number) => plannedEnd[a] - plannedEnd[b] || a - b;
  const findRunning = (j: number): number => {
    let lo = 0, hi = runningSorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmpPlanned(runningSorted[mid], j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const userKey = (j: SimJob) => j.qos + "\u0000" + j.user;

  // timers
  const timerInterval: Record<number, number> = {};
  const timerPhase: Record<number, number> = {};
  const timerArmed: Record<number, boolean> = {};
  const TIMER_PRIORITY = { schedule: EVENT_PRIORITY.schedule, backfill: EVENT_PRIORITY.backfill };
  for (const t of sched.timers ?? []) {
    if (!(t.interval > 0)) throw invalidArgument(`timer ${t.kind} interval`, t.interval, "seconds > 0");
    const p = TIMER_PRIORITY[t.kind];
    timerInterval[p] = t.interval;
    timerPhase[p] = t.phase ?? t.interval;
  }
  if (model.calcPeriod > 0) {
    timerInterval[EVENT_PRIORITY.priorityCalc] = model.calcPeriod;
    timerPhase[EVENT_PRIORITY.priorityCalc] = model.calcPeriod;
  }
  const timerKinds = Object.keys(timerInterval).map(Number);
  const TIMER_KIND: Record<number, "schedule" | "backfill"> = { [EVENT_PRIORITY.schedule]: "schedule", [EVENT_PRIORITY.backfill]: "backfill" };
  const arm = (p: number, now: number, strictlyAfter: boolean) => {
    const kind = TIMER_KIND[p];
    const own = kind && strictlyAfter ? sched.nextTimer?.(kind, now) : undefined;
    if (own !== undefined) {
      if (!(own > now)) throw invariantViolated(`scheduler ${sched.name} asked for its ${kind} timer at ${own}, not after now (${now})`);
      q.push(own, p, -1);
      timerArmed[p] = true;
      return;
    }
    const I = timerInterval[p], ph = timerPhase[p];
    let k = Math.max(0, Math.ceil((now - t0 - ph) / I));
    let t = t0 + ph + k * I;
    if (strictlyAfter && t <= now) t = t0 + ph + (k + 1) * I;
    q.push(t, p, -1);
    timerArmed[p] = true;
  };
  model.reset?.(jobs, t0, pstate);

  const ctx: SchedulerContext & { now: number; freeNodes: number; changes: number } = {
    now: t0,
    totalNodes: W,
    freeNodes: W,
    jobs,
    changes: 0,
    pending() {
      if (pendingDirty) {
        pendingList = pendingList.filter((j) => state[j] === PENDING);
        pendingDirty = false;
      }
      return pendingList;
    },
    pendingByPriority() {
      if (model.constant) return ctx.pending();
      const order = queue!.all();
      if (order.length !== pendingCount) throw invariantViolated(`queue cache holds ${order.length} jobs, ${pendingCount} pending`);
      return order;
    },
    eachByPriority(visit) {
      if (queue) return queue.each(visit);
      for (const j of ctx.pending()) if (!visit(j)) return;
    },
    queueIndex: () => qidx,
    runningByPlannedEnd: () => runningSorted,
    startOf: (j) => start[j],
    plannedEndOf: (j) => plannedEnd[j],
    priorityOf(j) {
      if (grouped && state[j] === PENDING) grouped.ensure(j);
      return prio[j];
    },
    runningOf(user, qos) {
      return perUser.get(qos + "\u0000" + user) ?? { jobs: 0, nodes: 0 };
    },
    start(j: number, on?: NodeSet) {
      if (state[j] !== PENDING) throw invariantViolated(`start of job ${jobs[j]?.id} which is not pending`);
      const job = jobs[j];
      if (job.nodes > free) throw invariantViolated(`start of job ${job.id} needing ${job.nodes} nodes with ${free} free`);
      if (on) ledger.start(j, job, on);
      const now = ctx.now;
      queue?.remove(j);
      state[j] = RUNNING;
      qidx?.clear(rankOf[j]);
      pendingDirty = true;
      pendingCount--;
      free -= job.nodes;
      ctx.freeNodes = free;
      start[j] = now;
      plannedEnd[j] = now + job.limit;
      runningSorted.splice(findRunning(j), 0, j);
      const k = userKey(job);
      const u = perUser.get(k) ?? { jobs: 0, nodes: 0 };
      perUser.set(k, { jobs: u.jobs + 1, nodes: u.nodes + job.nodes });
      q.push(now + Math.min(job.runtime, job.limit), EVENT_PRIORITY.end, j);
      startedNodes += job.nodes;
      end[j] = now + Math.min(job.runtime, job.limit);
      changes++;
      ctx.changes = changes;
      trace?.push({ time: now, type: "start", job: job.id });
    },
  };

  const recalc = (now: number) => {
    model.update?.(now, pstate);
    endedSinceUpdate.length = 0;
    lastCalc = now;
    if (grouped) return grouped.recalculated(); // priorities are computed when the order needs them
    const pend = ctx.pending();
    if (model.writePriorities) model.writePriorities(pend, now, prio, pstate);
    else if (model.priorities) {
      const p = model.priorities(pend.map((j) => jobs[j]), now, pstate);
      for (let k = 0; k < pend.length; k++) prio[pend[k]] = p[k];
    } else for (const j of pend) prio[j] = model.priority(jobs[j], now, pstate);
    queue?.recalculated();
  };

  while (nextSubmit < n || q.size > 0) {
    const tq = q.peekTime();
    const ts = nextSubmit < n ? jobs[order[nextSubmit]].submit : Infinity;
    const now = Math.min(tq, ts);
    ctx.now = now;
    let flags = 0;
    // 1. ends at `now`
    while (q.size > 0 && q.peekTime() === now && q.peekPriority() === EVENT_PRIORITY.end) {
      const j = q.pop()!.data;
      const job = jobs[j];
      state[j] = DONE;
      free += job.nodes;
      ledger.end(j);
      runningSorted.splice(findRunning(j), 1);
      const k = userKey(job);
      const u = perUser.get(k)!;
      perUser.set(k, { jobs: u.jobs - 1, nodes: u.nodes - job.nodes });
      if (model.update) endedSinceUpdate.push(j);
      changes++;
      flags |= TRIGGER.end;
      trace?.push({ time: now, type: "end", job: job.id });
    }
    // 2. submits at `now`
    while (nextSubmit < n && jobs[order[nextSubmit]].submit === now) {
      const j = order[nextSubmit++];
      const job = jobs[j];
      trace?.push({ time: now, type: "submit", job: job.id });
      const why = sched.reject?.(job);
      if (why) {
        state[j] = REJECTED;
        rejected.push({ id: job.id, reason: why });
        trace?.push({ time: now, type: "reject", job: job.id });
        continue;
      }
      state[j] = PENDING;
      qidx?.set(rankOf[j], j, job.nodes, job.limit);
      pendingList.push(j);
      pendingCount++;
      prio[j] = model.priority(job, now, pstate);
      queue?.add(j);
      changes++;
      flags |= TRIGGER.submit;
    }
    // 3. timers at `now`
    while (q.size > 0 && q.peekTime() === now) {
      const ev = q.pop()!;
      if (ev.priority === EVENT_PRIORITY.end) throw invariantViolated("end event after timers at the same instant");
      timerArmed[ev.priority] = false;
      if (ev.priority === EVENT_PRIORITY.priorityCalc) {
        recalc(now);
        flags |= TRIGGER.priority;
      } else if (ev.priority === EVENT_PRIORITY.schedule) flags |= TRIGGER.schedule;
      else if (ev.priority === EVENT_PRIORITY.backfill) flags |= TRIGGER.backfill;
    }
    ctx.freeNodes = free;
    ctx.changes = changes;
    if (options.snapshotAt !== undefined && !sprio && now >= options.snapshotAt) {
      sprio = { time: now, rows: snapshot(ctx.pendingByPriority(), jobs, prio, model, now, pstate) };
    }
    if (pendingCount > 0) {
      passes++;
      sched.run(ctx, flags);
    }
    if (startedNodes > stopAfter) {
      truncated = true;
      break;
    }
    // re-arm timers while there is work
    const work = pendingCount > 0 || nextSubmit < n;
    for (const p of timerKinds) {
      if (timerArmed[p]) continue;
      const needed = p === EVENT_PRIORITY.priorityCalc ? work || runningSorted.length > 0 : work;
      if (needed) arm(p, now, true);
    }
  }
  if (!truncated) for (let j = 0; j < n; j++) if (state[j] === PENDING || state[j] === FUTURE) throw invariantViolated(`job ${jobs[j].id} never ran`);
  if (grouped) for (let j = 0; j < n; j++) if (state[j] === PENDING) grouped.ensure(j); // the result's priorities
  return {
    scheduler: sched.name,
    priorityModel: model.name,
    nodes: W,
    coresPerNode: cpn,
    jobs,
    start,
    end,
    nodeLists: ledger.lists,
    priority: prio,
    rejected,
    trace,
    sprio,
    passes,
    truncated,
  };
}

function snapshot(queue: readonly number[], jobs: SimJob[], prio: Float64Array, model: PriorityModel, now: number, st: PriorityState): SprioRow[] {
  return queue.map((j) => ({
    id: jobs[j].id,
    user: jobs[j].user,
    account: jobs[j].account,
    priority: prio[j],
    factors: model.factors ? model.factors(jobs[j], now, st) : {},
  }));
}
