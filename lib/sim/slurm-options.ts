/**
 * The Slurm scheduler's knobs (lib/sim/slurm-scheduler.ts): SchedulerParameters, its placement on
 * named nodes or on a machine's select plugin, and its timing (lib/sim/slurm-timing.ts).
 */
import type { QosDefinition } from "../slurm/qos";
import type { HeadMode } from "./head-pin";
import type { PlacementMode } from "./slurm-placement";
import type { SlurmTimingOptions } from "./slurm-timing";
import type { TresPlacementOptions } from "./select-type";
import type { TresNode } from "./tres";

/** Slurm scheduler knobs (SchedulerParameters), with Slurm 17.11 defaults. */
export interface SlurmOptions extends SlurmTimingOptions, TresPlacementOptions {
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
  /**
   * bf_max_job_part: jobs a backfill cycle tests per partition (0 = no limit); a job past it is
   * skipped, as past bf_max_job_user (backfill.c `_job_exceeds_max_bf_param`: the counts of a job
   * are raised only when none is reached). Defaults to 0.
   */
  bfMaxJobPart?: number;
  /** bf_max_job_user_part: jobs a backfill cycle tests per user and partition (0 = no limit). Defaults to 0. */
  bfMaxJobUserPart?: number;
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
   * its nodes (every job needs `tres`), as lib/sim/tres-placement.ts places them under `select`,
   * `selectTypeParameters`, `slurmVersion` and `topology`, and `placement` does not apply. Defaults
   * to none (whole nodes of one size).
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
  bfMaxJobPart: 0,
  bfMaxJobUserPart: 0,
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
