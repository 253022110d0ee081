/**
 * The guard after cleaning: a source whose cleaning keeps no job, or under 1% of its jobs, stops
 * with an error that names the step that removed most, its rule, the field behind it and the option
 * that would change it — instead of an empty table that fails (or silently shrinks) later.
 */
import type { LogRow } from "./pipeline";

/** Share of the input jobs below which cleaning is an error. */
export const MIN_KEPT_SHARE = 0.01;

/** Per step: the field to blame and the choice that would change the outcome. */
const FIXES: Record<string, string> = {
  experiment: "the experiment ids (Autosubmit's exp_id): check the Experiment File",
  platform: "the platform column: jobs.platforms (null keeps every platform)",
  submit: "the submit time (SWF field 2): jobs.submitAbove",
  status:
    'the status (SWF field 11; Autosubmit\'s status): jobs.status, e.g. "UNKNOWN" for a log that records none',
  queue: "the queue (SWF field 15): jobs.debugQueues",
  "procs-present":
    'the processor counts (SWF fields 8 and 5): swf.procs "requested" | "allocated" | "requested-else-allocated"',
  "procs-min": "the processor counts against one node: MACHINE (coresPerNode) or jobs.minProcs",
  "minutes-known":
    'the requested time (SWF field 9; Autosubmit\'s wallclock): jobs.missingMinutes "rtime" uses the run time — which needs the start, so with the wait (SWF field 3) missing too set SWF_MISSING_WAIT = "zero" (swf.missingWait)',
  "times-known":
    'the wait and run times (SWF fields 3 and 4; Autosubmit\'s start and finish): SWF_MISSING_WAIT = "zero" (swf.missingWait) when jobs without a wait started at submit',
  "qtime-negative": "the wait time (start − submit)",
  "qtime-long": "the wait time: MAX_QTIME (jobs.maxQtime)",
  "rtime-nonpositive": "the run time (finish − start; SWF field 4)",
  "rtime-over-minutes": 'run time above the requested time: RTIME_OVER_MINUTES = "identify" keeps them',
};

/**
 * Throws when the jobs stage of `log` keeps fewer than `minShare` of its input (always when it keeps 0).
 * The step blamed: the one that emptied the table when none is kept, else the one that removed most.
 * @throws `invalid source <name>: cleaning kept K of N jobs (…); step "<id>" (<rule>) removed R — field: …; to change it: …`
 */
export function checkKept(source: string, log: readonly LogRow[], minShare = MIN_KEPT_SHARE): void {
  const jobs = log.filter((r) => r.stage === "jobs");
  if (jobs.length === 0) return;
  const input = jobs[0].rowsIn,
    kept = jobs[jobs.length - 1].rowsOut;
  if (input === 0)
    throw new Error(`invalid source ${source}: it holds no job; expected at least one job line`);
  if (kept > 0 && kept >= minShare * input) return;
  // Kept none: blame the step that removed the last rows (the one that emptied the table); kept a few: the step that removed most.
  const worst =
    kept === 0
      ? jobs.find((r) => r.rowsIn > 0 && r.rowsOut === 0)!
      : jobs.reduce((a, r) => (r.removed > a.removed ? r : a), jobs[0]);
  const pct = ((100 * kept) / input).toFixed(kept ? 2 : 0);
  throw new Error(
    `invalid source ${source}: cleaning kept ${kept} of ${input} jobs (${pct}%, below ${100 * minShare}%); step "${worst.step}" (${worst.rule}) removed ${worst.removed}` +
      ` — field: ${FIXES[worst.step] ?? "see the step's rule"}`,
  );
}
