/**
 * Schedulers selectable by name with options: `createScheduler({ name: "easy", head: "unmod" })`.
 * Each call returns a fresh instance (schedulers keep per-run state).
 */
import { invalidArgument } from "../util/errors";
import { type ConservativeOptions, conservativeScheduler } from "./conservative";
import { type EasyOptions, easyScheduler } from "./easy";
import { fcfsScheduler } from "./fcfs";
import type { Scheduler } from "./scheduler";
import { type SlurmOptions, slurmScheduler } from "./slurm-scheduler";

/** The scheduler names. */
export const SCHEDULER_NAMES = ["fcfs", "easy", "conservative", "slurm"] as const;

/** A scheduler chosen by name, with that scheduler's options. */
export type SchedulerSpec =
  | { name: "fcfs" }
  | ({ name: "easy" } & EasyOptions)
  | ({ name: "conservative" } & ConservativeOptions)
  | ({ name: "slurm" } & SlurmOptions);

/** A fresh scheduler for a spec. */
export function createScheduler(spec: SchedulerSpec): Scheduler {
  switch (spec?.name) {
    case "fcfs":
      return fcfsScheduler();
    case "easy":
      return easyScheduler(spec);
    case "conservative":
      return conservativeScheduler(spec);
    case "slurm":
      return slurmScheduler(spec);
    default:
      throw invalidArgument(
        "scheduler name",
        (spec as { name?: unknown })?.name,
        `one of ${SCHEDULER_NAMES.map((n) => JSON.stringify(n)).join(", ")}`,
      );
  }
}
