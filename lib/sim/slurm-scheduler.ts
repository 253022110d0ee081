/**
 * Slurm's scheduling as SchedMD implements it (notes §1f; Slurm 17.11–20.02 defaults):
 * - main scheduler (job_scheduler.c): on every submit/end event it walks the queue in priority order
 *   testing at most default_queue_depth jobs, and every sched_interval the whole queue; a job that
 *   cannot start for lack of nodes marks its partition failed and removes the partition's nodes
 *   from the available set, so no lower-priority job of that partition starts in that pass; here
 *   every partition spans the whole cluster, so the pass ends (jobs held by per-user QoS limits
 *   are skipped, not blocking);
 * - backfill (backfill.c) every bf_interval, skipped when nothing changed since the last cycle
 *   (after mere submits it resumes the last cycle's plan, whose decisions would be the same:
 *   lib/sim/cycle-resume.ts):
 *   walks the queue in priority order testing at most bf_max_job_test jobs (bf_max_job_user per
 *   user); plans with time limits only on a node-availability map (idle nodes plus running jobs'
 *   planned ends); starts a job now when it fits without touching a reservation, otherwise
 *   reserves its earliest start (start and end floored to bf_resolution as 17.11–20.11 do, or the
 *   end rounded up as later releases do; within bf_window; at most bf_job_part_count_reserve
 *   reservations per partition when > 0; the cycle stops when the map reaches bf_node_space_size
 *   slots): conservative backfill truncated by these knobs;
 * - timing (lib/sim/slurm-timing.ts): when main passes and backfill cycles run, on every event as
 *   abstract simulators do ("events") or as slurmctld's threads do ("slurmctld");
 * - BF_MOD / BF_UNMOD (thesis Section 3.2): under "unmod" the first job that got a reservation stays
 *   at the head of both loops until it starts.
 * - placement ("nodes", the default): jobs run on named nodes n1..nW, as with select/linear. Every
 *   start takes the nodes select/linear's best fit picks (the tightest run of consecutive idle
 *   nodes; lib/sim/select-linear.ts), and the backfill map keeps per-slot free-node SETS: a job
 *   starts now only on nodes free in every slot it overlaps, and each reservation is pinned to the
 *   nodes select/linear picks from the nodes free over its whole window (often nodes idle now,
 *   which later jobs then cannot backfill onto). "counts" plans with free-node counts only (faster;
 *   what abstract simulators do) and backfills jobs across fragmented gaps that Slurm cannot.
 * All partitions share the whole cluster and allocation is whole-node (select/linear), unless
 * `machine` is given: then select/cons_tres on that machine (lib/sim/tres-placement.ts).
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { CycleResume } from "./cycle-resume";
import { HeadPin } from "./head-pin";
import { qosByName, qosRejectReason, qosUserBlocked } from "./qos-limits";
import { type Scheduler, type SchedulerContext, TRIGGER } from "./scheduler";
import { SLURM_DEFAULTS, type SlurmOptions } from "./slurm-options";
import { createPlacement } from "./slurm-placement";
import { SlurmTiming } from "./slurm-timing";
import { checkTresNodes } from "./tres";
import { tresPlacement } from "./tres-placement";

export { SLURM_DEFAULTS, THESIS_MN4_SLURM, type SlurmOptions } from "./slurm-options";

/** A fresh Slurm scheduler. */
export function slurmScheduler(options: SlurmOptions = {}): Scheduler {
  const o = { ...SLURM_DEFAULTS, ...options };
  const depth = integer(o.defaultQueueDepth, "defaultQueueDepth", 1);
  const schedInterval = integer(o.schedInterval, "schedInterval", 1);
  const bfInterval = integer(o.bfInterval, "bfInterval", 1);
  const window = integer(o.bfWindow, "bfWindow", 1, 43200) * 60;
  const res = integer(o.bfResolution, "bfResolution", 1, 3600);
  const maxTest = integer(o.bfMaxJobTest, "bfMaxJobTest", 1);
  const maxUser = integer(o.bfMaxJobUser, "bfMaxJobUser", 0);
  const maxPart = integer(o.bfMaxJobPart, "bfMaxJobPart", 0);
  const maxUserPart = integer(o.bfMaxJobUserPart, "bfMaxJobUserPart", 0);
  const partReserve = integer(o.bfJobPartCountReserve, "bfJobPartCountReserve", 0);
  const endRounding = keyword(o.bfReservationEnd ?? "floor", "bfReservationEnd", ["floor", "ceil"] as const);
  const nodeSpaceSize = integer(o.bfNodeSpaceSize ?? maxTest, "bfNodeSpaceSize", 1);
  const timing = new SlurmTiming(o, {
    schedInterval,
    bfInterval,
    backfill: o.backfill,
    eventTriggered: o.eventTriggered,
  });
  if (o.machine !== undefined) checkTresNodes(o.machine);
  const tres = o.machine && tresPlacement(o.machine, finiteNumber(o.epoch ?? 0, "epoch"), o);
  const placement =
    tres || createPlacement(keyword(o.placement ?? "nodes", "placement", ["nodes", "counts"] as const));
  const pin = new HeadPin(keyword(o.head, "head", ["mod", "unmod"] as const));
  const qos = qosByName(o.qos ?? []);
  const hasQos = qos.size > 0;

  const userBlocked = (ctx: SchedulerContext, j: number) =>
    hasQos && qosUserBlocked(ctx.jobs[j], qos, ctx.runningOf(ctx.jobs[j].user, ctx.jobs[j].qos));

  /**
   * Visits the pending jobs in queue order until `visit` returns false: the pinned head (BF_UNMOD)
   * first, then the engine's queue walk (the sequence of pin.order over pendingByPriority).
   */
  const eachQueued = (ctx: SchedulerContext, visit: (j: number) => boolean) => {
    const head = pin.pendingHead((x) => Number.isNaN(ctx.startOf(x)));
    if (head >= 0 && !visit(head)) return;
    ctx.eachByPriority((j) => j === head || visit(j));
  };

  const mainPass = (ctx: SchedulerContext, maxJobs: number) => {
    const jobs = ctx.jobs;
    const shared = tres && tres.mainPass();
    let k = 0;
    eachQueued(ctx, (j) => {
      if (k++ >= maxJobs) return false;
      if (userBlocked(ctx, j)) return true;
      if (shared) {
        if (shared.tryStart(ctx, j) !== "failed") return true;
        pin.reserve(j);
        return !shared.exhausted();
      }
      if (jobs[j].nodes > ctx.freeNodes) {
        // PART_FLAG_SCHED_FAILED: the partition's nodes leave avail_node_bitmap; every partition
        // spans the whole cluster here, so no later job of any partition can start in this pass.
        pin.reserve(j);
        return false;
      }
      placement.startIdle(ctx, j);
      return true;
    });
  };

  const last = new CycleResume();
  /**
   * backfill.c `_job_exceeds_max_bf_param`: whether a job of this user and partition is past
   * bf_max_job_user_part, bf_max_job_part or bf_max_job_user this cycle; if not, it counts in each.
   */
  const overBfLimits = (user: string, part: string) => {
    const limits: [string, number][] = [
      [`up\u0000${user}\u0000${part}`, maxUserPart],
      [`p\u0000${part}`, maxPart],
      [`u\u0000${user}`, maxUser],
    ];
    if (limits.some(([k, lim]) => lim > 0 && (last.tested.get(k) ?? 0) >= lim)) return true;
    for (const [k, lim] of limits) if (lim > 0) last.tested.set(k, (last.tested.get(k) ?? 0) + 1);
    return false;
  };
  const onGrid = (t: number, up: boolean) => (up ? Math.ceil(t / res) : Math.floor(t / res)) * res;
  const backfillCycle = (ctx: SchedulerContext) => {
    const jobs = ctx.jobs,
      now = ctx.now;
    const { visited, partResv, slotEdges } = last;
    let tested = 0,
      started = 0;
    const test = (j: number): boolean => {
      if (tested >= maxTest || timing.stopCycle(ctx, tested, started)) return false;
      tested++;
      const job = jobs[j];
      if ((maxUser > 0 || maxPart > 0 || maxUserPart > 0) && overBfLimits(job.user, job.partition))
        return true;
      if (userBlocked(ctx, j)) return true;
      const noReserve = partReserve > 0 && (partResv.get(job.partition) ?? 0) >= partReserve;
      // past this the start only decides that the job is skipped: the placement need not find its nodes
      const horizon = noReserve ? now : now + window;
      const s = placement.earliestStart(ctx, j, horizon);
      if (s === now && (tres || job.nodes <= ctx.freeNodes)) {
        // its end in the map: "slurmctld" floors its start's time(NULL) + limit as backfill.c
        // _bf_reserve_running does, "events" rounds it up; _add_reservation keeps the first slot
        const end = timing.observes
          ? onGrid(timing.working(now, tested, started) + job.limit, false)
          : onGrid(now + job.limit, true);
        placement.startNow(ctx, j, Math.max(end, onGrid(now, false) + res));
        started++;
        return true;
      }
      if (noReserve || s === Infinity || s > now + window) {
        if (!noReserve && s !== Infinity) last.beyondWindow = Math.min(last.beyondWindow, s);
        return true;
      }
      if (1 + slotEdges.size >= nodeSpaceSize) {
        last.close(); // this job's test counted it: the next cycle plans afresh
        return false; // bf_node_space_size: the map is full, the cycle stops
      }
      // on the bf_resolution grid, one slot at least (_add_reservation)
      const a = onGrid(s, false);
      const b = Math.max(onGrid(s + job.limit, endRounding === "ceil"), a + res);
      placement.reserve(ctx, j, a, b);
      slotEdges.add(a).add(b);
      if (partReserve > 0) partResv.set(job.partition, (partResv.get(job.partition) ?? 0) + 1);
      pin.reserve(j);
      last.reserved.push(j);
      last.starts.push(s);
      o.onReservation?.(job.id, s, now);
      return true;
    };
    // the last cycle's jobs, visited again in the same order, keep their decisions
    // (lib/sim/cycle-resume.ts); a different order plans afresh. Not under cons_tres (its own map)
    // nor "slurmctld" timing (the agent's stop rule reads the clock, and starts floor it)
    for (let fresh = tres !== undefined || timing.observes || !last.canResume(ctx, window); ; fresh = true) {
      if (fresh) {
        placement.beginCycle(ctx);
        last.fresh(ctx);
      }
      const m = visited.length;
      let matched = 0;
      tested = m;
      eachQueued(ctx, (j) => {
        if (matched < m) {
          if (j !== visited[matched]) return false;
          if (++matched === m)
            for (let k = 0; k < last.reserved.length; k++)
              o.onReservation?.(jobs[last.reserved[k]].id, last.starts[k], now);
          return true;
        }
        if (!test(j)) return false;
        visited.push(j);
        return true;
      });
      if (matched === m) break;
    }
    if (started > 0) last.close();
    timing.cycleDone(ctx, tested, started);
  };

  return {
    name: o.backfill ? (pin.mode === "mod" ? "slurm" : "slurm-unmod") : "slurm-builtin",
    timers: timing.timers,
    reject:
      hasQos || tres
        ? (job) => (hasQos ? qosRejectReason(job, qos) : undefined) ?? tres?.reject(job)
        : undefined,
    run(ctx: SchedulerContext, flags: number) {
      placement.sync(ctx);
      const pass = timing.pass(ctx, flags);
      if (pass !== "none") mainPass(ctx, pass === "full" ? Infinity : depth);
      if (timing.cycle(ctx, flags)) backfillCycle(ctx);
      timing.afterInstant(ctx);
    },
    observe(ctx: SchedulerContext, flags: number) {
      if (!timing.observes) return;
      // nothing pending: the clocks move (a pass or cycle finds nothing to do)
      timing.pass(ctx, flags);
      if (timing.cycle(ctx, flags)) timing.cycleDone(ctx, 0, 0);
    },
    nextTimer: (kind, now) => timing.nextTimer(kind, now),
    // "slurmctld": a start records time(NULL), and the job's planned end counts from it
    clock: timing.observes ? (t) => timing.clock(t) : undefined,
    sharesNodes: tres !== undefined,
  };
}
