/**
 * Slurm's scheduling as SchedMD implements it (notes §1f; Slurm 17.11–20.02 defaults):
 * - main scheduler (job_scheduler.c): on every submit/end event it walks the queue in priority order
 *   testing at most default_queue_depth jobs, and every sched_interval the whole queue; a job that
 *   cannot start for lack of nodes marks its partition failed and removes the partition's nodes
 *   from the available set, so no lower-priority job of that partition starts in that pass; here
 *   every partition spans the whole cluster, so the pass ends (jobs held by per-user QoS limits
 *   are skipped, not blocking);
 * - backfill (backfill.c) every bf_interval, skipped when nothing changed since the last cycle:
 *   walks the queue in priority order testing at most bf_max_job_test jobs (bf_max_job_user per
 *   user); plans with time limits only on a node-availability map (idle nodes plus running jobs'
 *   planned ends); starts a job now when it fits without touching a reservation, otherwise
 *   reserves its earliest start (start and end floored to bf_resolution as 17.11–20.11 do, or the
 *   end rounded up as later releases do; within bf_window; at most bf_job_part_count_reserve
 *   reservations per partition when > 0; the cycle stops when the map reaches bf_node_space_size
 *   slots): conservative backfill truncated by these knobs;
 * - cycle timing: the backfill agent sleeps bf_interval after each cycle *ends*, so cycles that cost
 *   time drift off a fixed grid ("after-cycle", with a modelled cycle cost); "fixed" keeps the grid.
 * - BF_MOD / BF_UNMOD (thesis Section 3.2): under "unmod" the first job that got a reservation stays
 *   at the head of both loops until it starts.
 * - placement ("nodes", the default): jobs run on named nodes n1..nW, as with select/linear. Every
 *   start takes the nodes select/linear's best fit picks (the tightest run of consecutive idle
 *   nodes; lib/sim/select-linear.ts), and the backfill map keeps per-slot free-node SETS: a job
 *   starts now only on nodes free in every slot it overlaps, and each reservation is pinned to the
 *   nodes select/linear picks from the nodes free over its whole window (often nodes idle now,
 *   which later jobs then cannot backfill onto). "counts" plans with free-node counts only (faster;
 *   what abstract simulators do) and backfills jobs across fragmented gaps that Slurm cannot.
 * All partitions share the whole cluster; allocation is whole-node (select/linear).
 */
import { finiteNumber, integer, keyword } from "../util/options";
import { type HeadMode, HeadPin } from "./head-pin";
import type { QosDefinition } from "../slurm/qos";
import { qosByName, qosRejectReason, qosUserBlocked } from "./qos-limits";
import { type Scheduler, type SchedulerContext, TRIGGER } from "./scheduler";
import { createPlacement, type PlacementMode } from "./slurm-placement";

/** Slurm scheduler knobs (SchedulerParameters), with Slurm 17.11 defaults. */
export interface SlurmOptions {
  /** default_queue_depth: jobs tested per event-triggered main pass. Defaults to 100. */
  defaultQueueDepth?: number;
  /** sched_interval, seconds: period of the full-queue main pass. Defaults to 60. */
  schedInterval?: number;
  /** Run the main scheduler on submit/end events (false = only every sched_interval). Defaults to true. */
  eventTriggered?: boolean;
  /** Use the backfill plugin (false = sched/builtin). Defaults to true. */
  backfill?: boolean;
  /** bf_interval, seconds. Defaults to 30. */
  bfInterval?: number;
  /** First backfill cycle this many seconds after the first submit (0 = at the first submit). Defaults to bf_interval. */
  bfPhase?: number;
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
   * When backfill cycles run: "after-cycle" (Slurm's backfill agent sleeps bf_interval after each
   * cycle ends, so cycles drift by their own duration, {@link SlurmOptions.bfCycleSeconds}) or
   * "fixed" (every bf_interval on a fixed grid from the first submit, as abstract simulators do).
   * Defaults to "after-cycle".
   */
  bfTiming?: "after-cycle" | "fixed";
  /**
   * Modelled duration of one backfill cycle, seconds: `base + perJob × jobs tested`. Only
   * "after-cycle" timing uses it. Defaults to { base: 0, perJob: 0 } (on a few-node cluster a
   * real Slurm 22.05 cycle costs well under a millisecond, as `npm run check:slurm` logs); give
   * MareNostrum-scale costs to study drift.
   */
  bfCycleSeconds?: { base?: number; perJob?: number };
  /**
   * "nodes": place jobs on named nodes as select/linear does (best fit; per-slot free-node sets in
   * the backfill map; node lists in the result's `nodeLists`); "counts": free-node counts only
   * (faster, what abstract simulators do; may backfill a job across a fragmented gap that Slurm
   * cannot use). Defaults to "nodes".
   */
  placement?: PlacementMode;
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
  const timing = keyword(o.bfTiming ?? "after-cycle", "bfTiming", ["after-cycle", "fixed"] as const);
  const cycleBase = finiteNumber(o.bfCycleSeconds?.base ?? 0, "bfCycleSeconds.base", 0);
  const cyclePerJob = finiteNumber(o.bfCycleSeconds?.perJob ?? 0, "bfCycleSeconds.perJob", 0);
  // "after-cycle": when the last backfill agent wake-up ended (a cycle, or a skipped one), else NaN
  let lastWakeEnd = NaN;
  const placement = createPlacement(
    keyword(o.placement ?? "nodes", "placement", ["nodes", "counts"] as const),
  );
  const pin = new HeadPin(keyword(o.head, "head", ["mod", "unmod"] as const));
  const qos = qosByName(o.qos ?? []);
  const hasQos = qos.size > 0;
  let lastChanges = -1;

  const timers: { kind: "schedule" | "backfill"; interval: number; phase?: number }[] = [
    { kind: "schedule", interval: schedInterval },
  ];
  if (o.backfill) timers.push({ kind: "backfill", interval: bfInterval, phase: o.bfPhase ?? bfInterval });

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
    let k = 0;
    eachQueued(ctx, (j) => {
      if (k++ >= maxJobs) return false;
      if (userBlocked(ctx, j)) return true;
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

  const backfillCycle = (ctx: SchedulerContext) => {
    const jobs = ctx.jobs,
      now = ctx.now;
    placement.beginCycle(ctx);
    const userTested = new Map<string, number>();
    const partResv = new Map<string, number>();
    const slotEdges = new Set<number>(); // reservation boundaries: the map holds 1 + this many slots
    let tested = 0;
    eachQueued(ctx, (j) => {
      if (tested >= maxTest) return false;
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
      if (s === now && job.nodes <= ctx.freeNodes) {
        placement.startNow(ctx, j, Math.ceil((now + job.limit) / res) * res);
        return true;
      }
      if (noReserve || s === Infinity || s > now + window) return true;
      if (1 + slotEdges.size >= nodeSpaceSize) return false; // bf_node_space_size: the map is full, the cycle stops
      const a = Math.floor(s / res) * res;
      const b =
        (endRounding === "floor" ? Math.floor((s + job.limit) / res) : Math.ceil((s + job.limit) / res)) *
        res;
      placement.reserve(ctx, j, a, b);
      slotEdges.add(a).add(b);
      partResv.set(job.partition, (partResv.get(job.partition) ?? 0) + 1);
      pin.reserve(j);
      o.onReservation?.(job.id, s, now);
      return true;
    });
    return tested;
  };

  return {
    name: o.backfill ? (pin.mode === "mod" ? "slurm" : "slurm-unmod") : "slurm-builtin",
    timers,
    reject: hasQos ? (job) => qosRejectReason(job, qos) : undefined,
    run(ctx: SchedulerContext, flags: number) {
      placement.sync(ctx);
      if (flags & TRIGGER.schedule) mainPass(ctx, Infinity);
      else if (o.eventTriggered && flags & (TRIGGER.submit | TRIGGER.end)) mainPass(ctx, depth);
      if (o.backfill && flags & TRIGGER.backfill) {
        let tested = 0;
        if (ctx.changes !== lastChanges) {
          tested = backfillCycle(ctx);
          lastChanges = ctx.changes;
        }
        // the agent's wake-up ends when its cycle does (a skipped cycle costs nothing)
        lastWakeEnd = ctx.now + (tested > 0 ? cycleBase + cyclePerJob * tested : 0);
      }
    },
    nextTimer(kind, now) {
      if (kind !== "backfill" || timing === "fixed" || Number.isNaN(lastWakeEnd)) return undefined;
      // bf_interval after the last wake-up ended; wake-ups while nothing was pending keep that rhythm
      const k = Math.max(1, Math.ceil((now - lastWakeEnd) / bfInterval));
      let t = lastWakeEnd + k * bfInterval;
      if (t <= now) t += bfInterval;
      return t;
    },
  };
}
