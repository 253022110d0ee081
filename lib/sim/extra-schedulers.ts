/**
 * Schedulers of your own beside the thesis's Slurm (notebook 10's `EXTRA_SCHEDULERS`): each entry a
 * base scheduler (`fcfs`, `easy`, `conservative`, or `slurm` with the notebook's knobs) and
 * optionally a priority formula over the job — shortest-job-first with backfill is
 * `{ base: "easy", priority: "-limit" }`. The thesis has no value for it, so it is shown and never
 * judged.
 */
import { compileExpression } from "../expr/expression";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import { type Contender, contender } from "./contender";
import { SCHEDULER_NAMES, type SchedulerSpec } from "./create-scheduler";
import { FIFO_PRIORITY, type PriorityModel, priorityModel } from "./priority";

/** The symbols of a job priority formula: nodes, planned minutes (the limit), minutes waited so far. */
export const JOB_PRIORITY_SYMBOLS: readonly string[] = Object.freeze(["nodes", "limit", "wait"]);

/** Slurm's default PriorityCalcPeriod (5 minutes), for formulas that read `wait`. */
const WAIT_CALC_PERIOD = 300;

/** One `EXTRA_SCHEDULERS` entry. */
export interface ExtraScheduler {
  /** A short label (letters, digits, `-`, `_`). */
  name: string;
  /** The base scheduler. Defaults to "easy". */
  base?: (typeof SCHEDULER_NAMES)[number];
  /**
   * A priority formula in nodes, limit (planned minutes) and wait (minutes), higher first (ties by
   * submit, then job order). Defaults to none: first come first served, or Slurm's multifactor
   * priority of the notebook on the `slurm` base.
   */
  priority?: string;
}

/**
 * A priority model from a formula over the job (recomputed every 5 minutes when it reads `wait`,
 * else once at submit).
 * @throws compileExpression's errors, e.g. `invalid priority: "-x"; unknown symbol "x"; …`
 * @example jobPriority("-limit")   // shortest planned time first
 */
export function jobPriority(formula: string, what = "priority"): PriorityModel {
  const expr = compileExpression(what, formula, JOB_PRIORITY_SYMBOLS);
  const values = new Float64Array(3);
  return priorityModel(
    (job, now) => {
      values[0] = job.nodes;
      values[1] = job.limit / 60;
      values[2] = (now - job.submit) / 60;
      return expr.evaluate(values);
    },
    { name: `formula ${formula}`, calcPeriod: expr.used.includes("wait") ? WAIT_CALC_PERIOD : 0 },
  );
}

/**
 * The schedulers of `EXTRA_SCHEDULERS` entries as contenders labelled `<name> (yours)`: a `slurm`
 * base without a formula keeps the table's multifactor priority, another base first come first served.
 * @throws `invalid EXTRA_SCHEDULERS[0].base: "sjf"; expected one of …`, naming the entry and field
 */
export function extraSchedulers(entries: unknown, what = "EXTRA_SCHEDULERS"): Contender[] {
  if (!Array.isArray(entries))
    throw invalidArgument(
      what,
      entries,
      'an array such as [{ "name": "SJF", "base": "easy", "priority": "-limit" }]',
    );
  const taken = new Set<string>();
  return entries.map((entry: unknown, k): Contender => {
    const at = `${what}[${k}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw invalidArgument(at, entry, '{ "name": …, "base": …, "priority": … }');
    const e = entry as Record<string, unknown>;
    const unknown = Object.keys(e).filter((f) => !["name", "base", "priority"].includes(f));
    if (unknown.length)
      throw invalidArgument(`${at}.${unknown[0]}`, e[unknown[0]], "only name, base, priority");
    if (typeof e.name !== "string" || !/^[\w-]{1,16}$/.test(e.name) || taken.has(e.name))
      throw invalidArgument(`${at}.name`, e.name, 'a new label of 1–16 letters, digits, "-" or "_"');
    taken.add(e.name);
    const base = keyword(e.base ?? "easy", `${at}.base`, SCHEDULER_NAMES);
    if (e.priority !== undefined && typeof e.priority !== "string")
      throw invalidArgument(`${at}.priority`, e.priority, 'a formula in nodes, limit, wait such as "-limit"');
    const formula = typeof e.priority === "string" && e.priority.trim() !== "" ? e.priority : undefined;
    const priority = formula
      ? jobPriority(formula, `${at}.priority`)
      : base === "slurm"
        ? undefined
        : FIFO_PRIORITY;
    return contender(
      e.name + " (yours)",
      base === "slurm" ? undefined : ({ name: base } as SchedulerSpec),
      priority,
    );
  });
}
