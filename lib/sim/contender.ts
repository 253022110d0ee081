/**
 * A scheduler entered beside the thesis's Slurm: its label, a factory of fresh schedulers and,
 * optionally, its own priority model. The PoA rows, their sweeps and the trace comparison take
 * contenders, so a scheduler of your own — a {@link Scheduler} object, a factory, or a spec of the
 * built-ins — reaches every table that compares schedulers.
 */
import { invalidArgument } from "../util/errors";
import { SCHEDULER_NAMES, type SchedulerSpec, createScheduler } from "./create-scheduler";
import type { PriorityModel } from "./priority";
import type { Scheduler } from "./scheduler";

/** A labelled scheduler factory and its priority. */
export interface Contender {
  /** The label of its rows and traces. */
  readonly label: string;
  /** A scheduler for one run; undefined = the table's Slurm scheduler with its knobs. */
  scheduler?(): Scheduler;
  /** A priority model for one run; undefined = the priority the table runs Slurm's scheduler with. */
  priority?(): PriorityModel;
}

const isScheduler = (s: unknown): s is Scheduler =>
  typeof s === "object" && s !== null && typeof (s as Scheduler).run === "function";

/**
 * A contender from a {@link Scheduler} object (used for every run, so it keeps no state from one
 * run to the next), a factory of fresh ones, or a built-in's spec (undefined: the table's Slurm
 * scheduler with its knobs); the priority likewise (a model or a factory), none = the table's own.
 * @throws `invalid contender label: …` or `invalid scheduler of contender "x": …`, naming the fix
 * @example contender("widest first", { name: "widest first", run(ctx) { … } })
 */
export function contender(
  label: string,
  scheduler: Scheduler | (() => Scheduler) | SchedulerSpec | undefined,
  priority?: PriorityModel | (() => PriorityModel),
): Contender {
  if (typeof label !== "string" || label.trim() === "")
    throw invalidArgument("contender label", label, "a non-empty string naming its rows");
  let make: (() => Scheduler) | undefined;
  if (typeof scheduler === "function") make = scheduler as () => Scheduler;
  else if (scheduler === undefined) make = undefined;
  else if (isScheduler(scheduler)) make = () => scheduler;
  else {
    const spec = scheduler as SchedulerSpec;
    if (!(SCHEDULER_NAMES as readonly unknown[]).includes(spec?.name))
      throw invalidArgument(
        `scheduler of contender ${JSON.stringify(label)}`,
        scheduler,
        'a Scheduler ({ name, run(ctx, flags) }), a function returning one, or a spec such as { name: "easy" }',
      );
    make = () => createScheduler(spec);
  }
  if (priority !== undefined && typeof priority !== "function" && typeof priority?.priority !== "function")
    throw invalidArgument(
      `priority of contender ${JSON.stringify(label)}`,
      priority,
      "a PriorityModel (priorityModel(fn)), a function returning one, or nothing for the table's own",
    );
  const prio =
    priority === undefined ? undefined : typeof priority === "function" ? priority : () => priority;
  return { label, ...(make && { scheduler: make }), ...(prio && { priority: prio }) };
}
