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
}

/** Slurm versions whose defaults are recorded. */
export type SlurmVersion = "17.11" | "20.02" | "22.05";

/** SchedulerParameters defaults per version (slurm.conf(5)). */
export const SLURM_VERSION_DEFAULTS: Readonly<Record<SlurmVersion, Readonly<SchedulerKnobs>>> = Object.freeze(
  {
    "17.11": Object.freeze({
      defaultQueueDepth: 100,
      schedInterval: 60,
      bfInterval: 30,
      bfWindow: 1440,
      bfResolution: 60,
      bfMaxJobTest: 100,
      bfMaxJobUser: 0,
      bfJobPartCountReserve: 0,
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
    }),
  },
);

/** `version`'s defaults with `overrides` applied (each validated as a non-negative integer). */
export function schedulerKnobs(
  version: SlurmVersion,
  overrides: Partial<SchedulerKnobs> = {},
): SchedulerKnobs {
  const base = SLURM_VERSION_DEFAULTS[version];
  if (!base)
    throw invalidArgument("version", version, `one of ${Object.keys(SLURM_VERSION_DEFAULTS).join(", ")}`);
  const out = { ...base, ...overrides };
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
  ].join(",");
}

/** The same knobs as options of our Slurm scheduler (lib/sim `slurmScheduler`). */
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
  };
}
