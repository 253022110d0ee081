/**
 * Scheduler defaults per Slurm version, in one place: what `SchedulerParameters` means when a knob
 * is not set (slurm.conf(5) of each release). The real-Slurm check writes every knob explicitly into
 * slurm.conf and gives our simulator the same values, so a default that moved between releases
 * (bf_max_job_test: 100 up to 20.11, 500 since 21.08) can never make the two disagree silently.
 */
import { invalidArgument } from "../lib/util/errors";
import type { SlurmOptions } from "../lib/sim/slurm-scheduler";

/** The backfill/main-scheduler knobs both sides take. Seconds unless named otherwise. */
export interface SchedulerKnobs {
  /** default_queue_depth: jobs tested per event-triggered main pass. */
  defaultQueueDepth: number;
  /** sched_interval, seconds: the full main pass period. */
  schedInterval: number;
  /** bf_interval, seconds. */
  bfInterval: number;
  /** bf_window, minutes. */
  bfWindow: number;
  /** bf_resolution, seconds. */
  bfResolution: number;
  /** bf_max_job_test, jobs. */
  bfMaxJobTest: number;
  /** bf_max_job_user (0 = no limit). */
  bfMaxJobUser: number;
  /** bf_job_part_count_reserve (0 = every tested job reserves). */
  bfJobPartCountReserve: number;
  /** batch_sched_delay, seconds: the least time between two passes the background loop runs for queued requests. */
  batchSchedDelay: number;
  /** sched_min_interval, microseconds: the least time between the end of a main pass and the next. */
  schedMinInterval: number;
  /** bf_yield_interval, microseconds of backfill work between two lock releases. */
  bfYieldInterval: number;
  /** bf_yield_sleep, microseconds a backfill cycle releases its locks for. */
  bfYieldSleep: number;
  /** bf_max_time, seconds a backfill cycle may last (default: bf_interval). */
  bfMaxTime: number;
}

/** Slurm versions whose defaults are recorded. */
export type SlurmVersion = "17.11" | "20.02" | "22.05";

/** SchedulerParameters defaults per version (slurm.conf(5)). */
export const SLURM_VERSION_DEFAULTS: Readonly<
  Record<SlurmVersion, Readonly<Omit<SchedulerKnobs, "bfMaxTime">>>
> = Object.freeze({
  "17.11": Object.freeze({
    defaultQueueDepth: 100,
    schedInterval: 60,
    bfInterval: 30,
    bfWindow: 1440,
    bfResolution: 60,
    bfMaxJobTest: 100,
    bfMaxJobUser: 0,
    bfJobPartCountReserve: 0,
    batchSchedDelay: 3,
    schedMinInterval: 2,
    bfYieldInterval: 2_000_000,
    bfYieldSleep: 500_000,
  }),
  "20.02": Object.freeze({
    defaultQueueDepth: 100,
    schedInterval: 60,
    bfInterval: 30,
    bfWindow: 1440,
    bfResolution: 60,
    bfMaxJobTest: 100,
    bfMaxJobUser: 0,
    bfJobPartCountReserve: 0,
    batchSchedDelay: 3,
    schedMinInterval: 2,
    bfYieldInterval: 2_000_000,
    bfYieldSleep: 500_000,
  }),
  "22.05": Object.freeze({
    defaultQueueDepth: 100,
    schedInterval: 60,
    bfInterval: 30,
    bfWindow: 1440,
    bfResolution: 60,
    bfMaxJobTest: 500,
    bfMaxJobUser: 0,
    bfJobPartCountReserve: 0,
    batchSchedDelay: 3,
    schedMinInterval: 2,
    bfYieldInterval: 2_000_000,
    bfYieldSleep: 500_000,
  }),
});

/** `version`'s defaults with `overrides` applied (each validated as a non-negative integer; bf_max_time defaults to bf_interval). */
export function schedulerKnobs(
  version: SlurmVersion,
  overrides: Partial<SchedulerKnobs> = {},
): SchedulerKnobs {
  const base = SLURM_VERSION_DEFAULTS[version];
  if (!base)
    throw invalidArgument("version", version, `one of ${Object.keys(SLURM_VERSION_DEFAULTS).join(", ")}`);
  const merged = { ...base, ...overrides };
  const out: SchedulerKnobs = { ...merged, bfMaxTime: overrides.bfMaxTime ?? merged.bfInterval };
  for (const [k, v] of Object.entries(out)) {
    if (!Number.isInteger(v) || v < 0) throw invalidArgument(k, v, "a non-negative integer");
  }
  for (const k of [
    "defaultQueueDepth",
    "schedInterval",
    "bfInterval",
    "bfWindow",
    "bfResolution",
    "bfMaxJobTest",
    "bfYieldInterval",
    "bfYieldSleep",
    "bfMaxTime",
  ] as const) {
    if (out[k] < 1) throw invalidArgument(k, out[k], "an integer >= 1");
  }
  return out;
}

/** The `SchedulerParameters=` value that sets every knob explicitly. */
export function schedulerParameters(k: SchedulerKnobs): string {
  return [
    `default_queue_depth=${k.defaultQueueDepth}`,
    `sched_interval=${k.schedInterval}`,
    `bf_interval=${k.bfInterval}`,
    `bf_window=${k.bfWindow}`,
    `bf_resolution=${k.bfResolution}`,
    `bf_max_job_test=${k.bfMaxJobTest}`,
    `bf_max_job_user=${k.bfMaxJobUser}`,
    `bf_job_part_count_reserve=${k.bfJobPartCountReserve}`,
    `batch_sched_delay=${k.batchSchedDelay}`,
    `sched_min_interval=${k.schedMinInterval}`,
    `bf_yield_interval=${k.bfYieldInterval}`,
    `bf_yield_sleep=${k.bfYieldSleep}`,
    `bf_max_time=${k.bfMaxTime}`,
  ].join(",");
}

/** The same knobs as options of our Slurm scheduler (lib/sim `slurmScheduler`; the timing ones matter under timing "slurmctld"). */
export function simSlurmOptions(k: SchedulerKnobs): SlurmOptions {
  return {
    defaultQueueDepth: k.defaultQueueDepth,
    schedInterval: k.schedInterval,
    bfInterval: k.bfInterval,
    bfWindow: k.bfWindow,
    bfResolution: k.bfResolution,
    bfMaxJobTest: k.bfMaxJobTest,
    bfMaxJobUser: k.bfMaxJobUser,
    bfJobPartCountReserve: k.bfJobPartCountReserve,
    batchSchedDelay: k.batchSchedDelay,
    schedMinInterval: k.schedMinInterval / 1e6,
    bfYieldInterval: k.bfYieldInterval / 1e6,
    bfYieldSleep: k.bfYieldSleep / 1e6,
    bfMaxTime: k.bfMaxTime,
  };
}
