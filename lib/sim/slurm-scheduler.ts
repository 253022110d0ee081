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
import { type HeadMode, HeadPin } from "./head-pin";
import type { QosDefinition } from "../slurm/qos";
import { qosByName, qosRejectReason, qosUserBlocked } from "./qos-limits";
import { type Scheduler, type SchedulerContext, TRIGGER } from "./scheduler";
import { createPlacement, type PlacementMode } from "./slurm-placement";
import { SlurmTiming, type SlurmTimingOptions } from "./slurm-timing";
import { type TresNode, checkTresNodes } from "./tres";
import { tresPlacement } from "./tres-placement";

/** Slurm scheduler knobs (SchedulerParameters), with Slurm 17.11 defaults. */
export interface SlurmOptions extends SlurmTimingOptions {
  /** default_queue_depth: jobs tested per event-triggered main pass. Defaults to 100. */
  defaultQueueDepth?: number;
  /** sched_interval, seconds: period of the full-queue main pass. Defaults to 60. */
  schedInterval?: number;
  /** Timing "events": run the main scheduler on submit/end events (false = only every sched_interval). Defaults to true. */
  eventTriggered?: boolean;
  /** Use the backfill plugin (false = sched/builtin). Defaults to true. */
  backfill?: boolean;
  /** bf_interval, seconds. Defaults to 30. */
  bfInterval?: number;
  /** bf_window, minutes. Defaults to 1440. */
  bfWindow?: number;
  /** bf_resolution, seconds. Defaults to 60. */
  bfResolution?: number;
  /** bf_max_job_test. Defaults to 100 (17.11/20.02; 500 since 21.08). */
  bfMaxJobTest?: number;
  /** bf_max_job_user (0 = no limit). Defaults to 0. */
  bfMaxJobUser?: number;
  /** bf_job_part_count_reserve (0 = reserve for every tested job). Defaults to 0. */
  bfJobPartCountReserve?: number;
  /** BF_MOD ("mod") or BF_UNMOD ("unmod"). Defaults to "mod" (what Slurm does). */
  head?: HeadMode;
  /** QoS definitions whose limits are enforced (lib/slurm). Defaults to none. */
  qos?: readonly QosDefinition[];
  /** Called with each backfill reservation (job id, start, now). Defaults to none. */
  onReservation?: (job: string, start: number, now: number) => void;
  /**
   * Rounding of a reservation's end to bf_resolution: "floor" (Slurm 17.11–20.11's backfill.c:
   * `end_reserve = (end_reserve / backfill_resolution) * backfill_resolution`) or "ceil" (later
   * releases' _set_slot_time rounds up). Starts are always floored. Defaults to "floor".
   */
  bfReservationEnd?: "floor" | "ceil";
  /**
   * bf_node_space_size: the most time slots the backfill map may hold; a cycle stops when a job
   * would reserve while the reservations have already split the map into this many slots (Slurm:
   * "table size limit reached"); starts now are still tried until then.
   * The map's slots are those the cycle's reservations create (running jobs are not in Slurm's map).
   * Defaults to bf_max_job_test (slurm.conf(5)).
   */
  bfNodeSpaceSize?: number;
  /**
   * "nodes": place jobs on named nodes as select/linear does (best fit; per-slot free-node sets in
   * the backfill map; node lists in the result's `nodeLists`); "counts": free-node counts only
   * (faster, what abstract simulators do; may backfill a job across a fragmented gap that Slurm
   * cannot use). Defaults to "nodes".
   */
  placement?: PlacementMode;
  /**
   * The machine as select/cons_tres sees it (lib/sim/tres.ts: each node's CPUs, memory, GPUs,
   * features and partitions, in slurm.conf's order). Given, jobs share nodes by what each asks of
   * its nodes (every job needs `tres`), as lib/sim/tres-placement.ts places them, and `placement`
   * does not apply. Defaults to none (whole nodes of one size).
   */
  machine?: readonly TresNode[];
  /**
   * Seconds since the Unix epoch at simulated time 0. select/cons_tres's will-run test aligns its
   * time windows on the epoch (cons_common job_test.c `_will_run_test`: the first end rounded up to a
   * multiple of 30 s). Defaults to 0.
   */
  epoch?: number;
}

/** The defaults of {@link SlurmOptions}, resolved. */
export const SLURM_DEFAULTS = Object.freeze({
  defaultQueueDepth: 100,
  schedInterval: 60,
  eventTriggered: true,
  backfill: true,
  bfInterval: 30,
  bfWindow: 1440,
  bfResolution: 60,
  bfMaxJobTest: 100,
  bfMaxJobUser: 0,
  bfJobPartCountReserve: 0,
  head: "mod" as HeadMode,
});

/** The MareNostrum4 settings the thesis lists (Table 5); other knobs keep Slurm's defaults. */
export const THESIS_MN4_SLURM: Readonly<SlurmOptions> = Object.freeze({
  defaultQueueDepth: 10000,
  bfInterval: 60,
  bfMaxJobUser: 800,
  bfWindow: 10080,
});

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
  const tres = o.machine && tresPlacement(o.machine, finiteNumber(o.epoch ?? 0, "epoch"));
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
  const onGrid = (t: number, up: boolean) => (up ? Math.ceil(t / res) : Math.floor(t / res)) * res;
  const backfillCycle = (ctx: SchedulerContext) => {
    const jobs = ctx.jobs,
      now = ctx.now;
    const { visited, userTested, partResv, slotEdges } = last;
    let tested = 0,
      started = 0;
    const test = (j: number): boolean => {
      if (tested >= maxTest || timing.stopCycle(tested, started)) return false;
      tested++;
      const job = jobs[j];
      if (maxUser > 0) {
        const c = userTested.get(job.user) ?? 0;
        if (c >= maxUser) return true;
        userTested.set(job.user, c + 1);
      }
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
