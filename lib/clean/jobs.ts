/**
 * Thesis Section 4.4.2: the job fixes, filters and derived fields, in the thesis's order.
 *
 * 1. belongs to a valid experiment (the 1,157 of Section 4.4.1) → 794,028
 * 2. platform in the MareNostrum list → 722,187
 * 3. fixes: empty queue → bsc_es; empty wallclock → the QoS default of Table 9
 * 4. submit > 0; status COMPLETED; queue not debug/interactive; procs present; procs ≥ 48 → 102,868
 * 5. derived: minutes (wallclock in minutes), nprocs, nnodes = ceil(nprocs / 48),
 *    qtime = (start − submit)/60, rtime = (finish − start)/60 (minutes). A log that records each
 *    job's nodes (sacct's NNodes: a `nodes` column) keeps them: a job's nodes follow from its CPUs
 *    only when every node it used was filled, which a job spread thinly (256 CPUs on 32 nodes of
 *    12 cores) is not; ceil(nprocs / cores) is used only where `nodes` is missing.
 * 6. qtime < 0 removed (5); qtime > 720 removed (2,411); rtime ≤ 0 removed (12,405)
 * 7. rtime > minutes: the thesis "identifies" 294 jobs, but its counts (102,868 − 5 − 2,411 − 12,405
 *    = 88,047) show they were not removed. Default "identify" (count, keep) reproduces 88,047;
 *    "drop" removes them.
 *
 * The sanity steps of lib/clean/sanity.ts (duplicate ids first; corrupt times and jobs wider than
 * the machine after the thesis's time filters, so the thesis's outliers stay in its own counts) remove nothing on the thesis's data and name the file lines
 * of what they remove on other logs.
 *
 * A "minutes known" filter sits after the derivation: it removes nothing on Autosubmit data (every
 * QoS has a default) but counts the jobs of an SWF log without a requested time.
 */
import type { ColumnTable } from "arquero";
import { integer, keyword } from "../util/options";
import { invalidArgument } from "../util/errors";
import { wallclockText } from "../io/autosubmit";
import { THESIS_DEBUG_QUEUES, THESIS_PLATFORMS } from "../io/thesis-section4";
import {
  type CleanResult,
  type CleanStep,
  filterStep,
  identifyStep,
  runSteps,
  skippedStep,
} from "./pipeline";
import { MAX_JOB_MINUTES, absurdValuesStep, duplicateIdStep, widerThanMachineStep } from "./sanity";

/** Options of {@link jobSteps}. `null` switches a step off (logged as not applicable). */
export interface JobCleanOptions {
  /** Experiment ids kept (the valid experiments). Defaults to null: no experiment filter. */
  experimentIds?: number[] | null;
  /** Platforms kept. Defaults to the thesis's MareNostrum list; null for sources without platforms. */
  platforms?: string[] | null;
  /** Queue given to jobs with an empty queue. Defaults to "bsc_es"; null: no fix. */
  defaultQueue?: string | null;
  /** Default wallclock minutes per QoS for an empty wallclock (Table 9). Defaults to {} (no fix). */
  wallclockDefaults?: Record<string, number>;
  /** Jobs need submit > this (seconds). Defaults to 0. */
  submitAbove?: number;
  /** Status kept. Defaults to "COMPLETED". */
  status?: string;
  /** Queues excluded. Defaults to THESIS_DEBUG_QUEUES. */
  debugQueues?: string[];
  /** Cores per node: nnodes = ceil(nprocs / coresPerNode) where the table has no `nodes` of its own. Defaults to 48 (MareNostrum4). */
  coresPerNode?: number;
  /** Minimum processors (a whole node). Defaults to coresPerNode. */
  minProcs?: number;
  /** Machine width in nodes: jobs with more nodes are removed (counted). Defaults to none (the step is logged as not applied). */
  maxNodes?: number;
  /** Longest requested, wait or run time a job may have, minutes (above it the value is corrupt). Defaults to MAX_JOB_MINUTES (one year). */
  maxMinutes?: number;
  /** The source file, named in the sanity steps' reports. */
  file?: string;
  /** Why ids need no duplicate check (a generator that makes them unique by construction, tested); the step is then logged as not applied. Defaults to none: checked. */
  idsUniqueBecause?: string;
  /** Longest queue time kept, minutes. Defaults to 720. */
  maxQtime?: number;
  /** Jobs with rtime > minutes: "identify" (count, keep; reproduces 88,047) or "drop". Defaults to "identify". */
  rtimeOverMinutes?: "identify" | "drop";
  /** Jobs whose minutes stay unknown after the fixes: "drop", or "rtime" (minutes = ceil(rtime), for SWF logs without requested times). Defaults to "drop". */
  missingMinutes?: "drop" | "rtime";
}

/** The job steps for the given options (see the module comment for the order). */
export function jobSteps(options: JobCleanOptions = {}): CleanStep[] {
  const cores = integer(options.coresPerNode ?? 48, "coresPerNode", 1);
  const minProcs = integer(options.minProcs ?? cores, "minProcs", 0);
  const maxQtime = options.maxQtime ?? 720;
  if (!(maxQtime >= 0)) throw invalidArgument("maxQtime", maxQtime, "a number of minutes >= 0");
  const over = keyword(options.rtimeOverMinutes ?? "identify", "rtimeOverMinutes", [
    "identify",
    "drop",
  ] as const);
  const missing = keyword(options.missingMinutes ?? "drop", "missingMinutes", ["drop", "rtime"] as const);
  const debugQueues = options.debugQueues ?? THESIS_DEBUG_QUEUES;
  const status = options.status ?? "COMPLETED";
  const submitAbove = options.submitAbove ?? 0;
  const platforms = options.platforms === undefined ? THESIS_PLATFORMS : options.platforms;
  const defaultQueue = options.defaultQueue === undefined ? "bsc_es" : options.defaultQueue;
  const defaults = Object.fromEntries(
    Object.entries(options.wallclockDefaults ?? {}).map(([q, m]) => [
      q,
      wallclockText(integer(m, `wallclockDefaults.${q}`, 1)),
    ]),
  );
  const steps: CleanStep[] = [
    options.idsUniqueBecause
      ? skippedStep(
          "id-duplicate",
          "a job id seen before (same experiment) dropped",
          options.idsUniqueBecause,
        )
      : duplicateIdStep(options.file),
  ];
  const ids = options.experimentIds;
  steps.push(
    ids
      ? filterStep("experiment", "belongs to a valid experiment", "(d, $) => op.has($.ids, d.exp_id)", {
          ids: new Set(ids),
        })
      : skippedStep("experiment", "belongs to a valid experiment", "the source has no experiments"),
  );
  steps.push(
    platforms
      ? filterStep(
          "platform",
          `platform in {${platforms.join(", ")}}`,
          "(d, $) => op.includes($.platforms, d.platform)",
          { platforms },
        )
      : skippedStep("platform", "platform in the MareNostrum list", "the source has no platforms"),
  );
  if (defaultQueue !== null) {
    steps.push({
      id: "fix-queue",
      rule: `empty queue → ${defaultQueue}`,
      kind: "fix",
      apply: (t) => ({
        changed: t.filter("d => d.queue === '' || d.queue == null").numRows(),
        table: t
          .params({ q: defaultQueue })
          .derive({ queue: "(d, $) => d.queue === '' || d.queue == null ? $.q : d.queue" }),
      }),
    });
  }
  steps.push({
    id: "fix-wallclock",
    rule: `empty wallclock → QoS default (${
      Object.entries(defaults)
        .map(([q, w]) => `${q} ${w}`)
        .join(", ") || "none given"
    })`,
    kind: "fix",
    apply: (t) => {
      const p = t.params({ defaults });
      const changed = p.filter("(d, $) => d.wallclock === '' && $.defaults[d.queue] != null").numRows();
      return {
        changed,
        table: p.derive({
          wallclock:
            "(d, $) => d.wallclock === '' && $.defaults[d.queue] != null ? $.defaults[d.queue] : d.wallclock",
        }),
      };
    },
  });
  steps.push(
    filterStep("submit", `submit > ${submitAbove}`, "(d, $) => d.submit > $.s", { s: submitAbove }),
    filterStep("status", `status ${status}`, "(d, $) => d.status === $.status", { status }),
    filterStep("queue", `queue not in {${debugQueues.join(", ")}}`, "(d, $) => !op.includes($.qs, d.queue)", {
      qs: debugQueues,
    }),
    filterStep("procs-present", "procs present", "d => op.is_finite(d.procs)"),
    filterStep("procs-min", `procs >= ${minProcs}`, "(d, $) => d.procs >= $.m", { m: minProcs }),
    {
      id: "derive",
      rule: `minutes = wallclock in minutes; nprocs = procs; nnodes = the log's nodes where it gives them, else ceil(nprocs / ${cores}); qtime = (start − submit)/60; rtime = (finish − start)/60`,
      kind: "derive",
      apply: (t) => ({
        table: t.params({ cores }).derive({
          minutes:
            "d => d.wallclock === '' ? NaN : op.parse_int(op.split(d.wallclock, ':')[0]) * 60 + op.parse_int(op.split(d.wallclock, ':')[1])",
          nprocs: "d => d.procs",
          nnodes: t.column("nodes")
            ? "(d, $) => op.is_finite(d.nodes) && d.nodes > 0 ? d.nodes : op.ceil(d.procs / $.cores)"
            : "(d, $) => op.ceil(d.procs / $.cores)",
          qtime: "d => (d.start - d.submit) / 60",
          rtime: "d => (d.finish - d.start) / 60",
        }),
      }),
    },
  );
  if (missing === "rtime") {
    steps.push({
      id: "fix-minutes",
      rule: "minutes unknown → ceil(rtime) (log without requested times)",
      kind: "fix",
      // Only rows with a run time get a value (the others stay unknown and are counted by minutes-known).
      apply: (t) => ({
        changed: t.filter("d => !op.is_finite(d.minutes) && op.is_finite(d.rtime)").numRows(),
        table: t.derive({
          minutes:
            "d => op.is_finite(d.minutes) ? d.minutes : op.is_finite(d.rtime) ? op.greatest(1, op.ceil(d.rtime)) : NaN",
        }),
      }),
    });
  }
  steps.push(
    filterStep(
      "minutes-known",
      "minutes known (wallclock given or defaulted)",
      "d => op.is_finite(d.minutes)",
    ),
    filterStep(
      "times-known",
      "start and finish known (qtime, rtime defined)",
      "d => op.is_finite(d.qtime) && op.is_finite(d.rtime)",
    ),
    filterStep("qtime-negative", "qtime < 0 removed", "d => d.qtime >= 0"),
    filterStep("qtime-long", `qtime > ${maxQtime} minutes removed`, "(d, $) => d.qtime <= $.mq", {
      mq: maxQtime,
    }),
    filterStep("rtime-nonpositive", "rtime <= 0 removed", "d => d.rtime > 0"),
    absurdValuesStep(options.maxMinutes ?? MAX_JOB_MINUTES, options.file),
    options.maxNodes === undefined
      ? skippedStep(
          "nodes-wider",
          "nnodes > the machine's nodes removed",
          "the machine's width was not given",
        )
      : widerThanMachineStep(options.maxNodes, options.file),
    over === "drop"
      ? filterStep("rtime-over-minutes", "rtime > minutes removed", "d => d.rtime <= d.minutes")
      : identifyStep(
          "rtime-over-minutes",
          "rtime > minutes identified (kept, as the thesis's counts imply)",
          "d => d.rtime > d.minutes",
        ),
  );
  return steps;
}

/**
 * Runs the job pipeline. `result.figure9` is the table after the first filters and the
 * derivation (the thesis's Figure 9 set, with qtime/rtime outliers), `result.table` the final set.
 */
export function cleanJobs(
  jobs: ColumnTable,
  options: JobCleanOptions = {},
): CleanResult & { figure9: ColumnTable } {
  for (const c of [
    "exp_id",
    "job_name",
    "type",
    "submit",
    "start",
    "finish",
    "status",
    "wallclock",
    "procs",
    "queue",
    "platform",
  ]) {
    if (!jobs.column(c))
      throw new Error(
        `invalid jobs table: missing column ${JSON.stringify(c)}; expected the Job File columns (thesis Table 7 + platform)`,
      );
  }
  const steps = jobSteps(options);
  const cut = steps.findIndex((s) => s.id === "derive") + 1;
  const first = runSteps("jobs", jobs, steps.slice(0, cut));
  const last = runSteps("jobs", first.table, steps.slice(cut));
  return { table: last.table, log: [...first.log, ...last.log], figure9: first.table };
}
