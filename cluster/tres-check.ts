/**
 * How the replay of a recorded cons_tres site (heterogeneous nodes shared by CPUs, memory and GPUs)
 * agrees with what Slurm did: per timing, the share of jobs started at their real second and within
 * one bf_interval, the share on the same nodes, and each account's median wait real against
 * replayed — the figures the cons_tres check prints and `npm test` re-checks on the committed
 * recording. The timings:
 * - "events" and "slurmctld": the replay a site gets from its export alone (sacct's whole seconds;
 *   lib/sim's default timing, or slurmctld's loops at their default phases);
 * - "slurmctld (log)" and "replay (log)": the same machine model fed the controller's own timing from
 *   slurmctld's debug log (cluster/logged-timing.ts, the models "slurmctld" and "replay" of
 *   check:slurm): each job's submit, run and COMPLETING to the millisecond, the loops' measured
 *   period and phase, and for "replay (log)" the loop's iterations and backfill cycles at their
 *   logged instants. They separate what the machine model places wrongly from what timing the
 *   export cannot show.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { expandHostlist } from "../lib/io/hostlist";
import type { SiteModel } from "../lib/site/site";
import { type Replay, replaySite } from "../lib/site/replay";
import { clockLagOf } from "./clock-lag";
import { type CheckModel, type LoggedTiming, loggedTiming } from "./logged-timing";
import { parseCtldLog } from "./slurmctld-log";

/** The timings compared (see the module comment). */
export const TRES_TIMINGS = ["events", "slurmctld", "slurmctld (log)", "replay (log)"] as const;

/** One of {@link TRES_TIMINGS}. */
export type TresTiming = (typeof TRES_TIMINGS)[number];

/** The file of a recording's slurmctld log beside its export (JSON: {@link TresLog}). */
export const TRES_LOG_FILE = "slurmctld-log.json";

/** The slurmctld log kept beside a recorded export in `dir` ({@link TRES_LOG_FILE}). */
export function readTresLog(dir: string): TresLog {
  const file = path.join(dir, TRES_LOG_FILE);
  const expected = `expected {"utcOffsetMinutes": <minutes east of UTC>, "lines": [<log lines>], "clockLag": [<seconds>] (optional)}`;
  let log: TresLog;
  try {
    log = JSON.parse(fs.readFileSync(file, "utf8")) as TresLog;
  } catch (e) {
    throw new Error(`${file}: ${e instanceof Error ? e.message : String(e)}; ${expected}`);
  }
  if (
    !Array.isArray(log?.lines) ||
    !Number.isFinite(log.utcOffsetMinutes) ||
    (log.clockLag !== undefined &&
      !(Array.isArray(log.clockLag) && log.clockLag.every((x) => typeof x === "number" && x >= 0 && x < 0.5)))
  )
    throw new Error(`${file}: ${expected}`);
  return log;
}

/**
 * The kept lines of slurmctld's log (cluster/slurmctld-log.ts), the minutes east of UTC of their
 * time stamps, and time(NULL)'s measured lag on the recording's host (cluster/clock-lag.ts; absent
 * from recordings made before it was measured: 0 assumed).
 */
export interface TresLog {
  lines: readonly string[];
  utcOffsetMinutes: number;
  clockLag?: readonly number[];
}

/** One account's median wait, real and replayed (seconds). */
export interface TresAccountWait {
  account: string;
  jobs: number;
  real: number;
  replayed: number;
  /** |replayed − real| / real (NaN when real is 0). */
  relativeError: number;
}

/** The agreement of one replay with Slurm's run. */
export interface TresAgreement {
  timing: TresTiming;
  jobs: number;
  /** Share started at their real second. */
  exact: number;
  /** Share started within one bf_interval of their real start. */
  withinInterval: number;
  /** Share placed on the nodes Slurm gave them. */
  sameNodes: number;
  bfInterval: number;
  accounts: TresAccountWait[];
}

const same = (a: string, b: string | null) =>
  b !== null && expandHostlist(a).sort().join(",") === expandHostlist(b).sort().join(",");

/**
 * The site replayed under its own settings with the given timing, against its real run.
 * @param log slurmctld's log of the run (the "(log)" timings need it)
 * @throws when a "(log)" timing has no log, or the log lacks a job's events
 */
export function tresAgreement(site: SiteModel, timing: TresTiming, log?: TresLog): TresAgreement {
  return { timing, ...replayAgreement(site, replayed(site, timing, log)) };
}

/** How one replay of a recorded site agrees with its real run (the figures of {@link TresAgreement}). */
export function replayAgreement(site: SiteModel, r: Replay): Omit<TresAgreement, "timing"> {
  const lists = r.simulation.result.nodeLists ?? [];
  const bf = site.settings.bfInterval;
  const n = r.jobs.length;
  const count = (f: (j: (typeof r.jobs)[number], i: number) => boolean) => r.jobs.filter(f).length / n;
  return {
    jobs: n,
    exact: count((j) => j.start === j.realStart),
    withinInterval: count((j) => Math.abs(j.start - j.realStart) <= bf),
    sameNodes: count((_, i) => same(site.jobs[i].nodeList, lists[i] ?? null)),
    bfInterval: bf,
    accounts: r.real.accounts.map((a) => {
      const replayed = r.accounts.find((x) => x.account === a.account)!.medianWait;
      return {
        account: a.account,
        jobs: a.jobs,
        real: a.medianWait,
        replayed,
        relativeError: a.medianWait > 0 ? Math.abs(replayed - a.medianWait) / a.medianWait : NaN,
      };
    }),
  };
}

function replayed(site: SiteModel, timing: TresTiming, log: TresLog | undefined) {
  if (timing === "events" || timing === "slurmctld") return replaySite(site, site.settings, { timing });
  if (!log) throw new Error(`the timing "${timing}" needs the run's slurmctld log`);
  const recorded = siteLoggedTiming(site, log, timing === "replay (log)" ? "replay" : "slurmctld");
  return replaySite(site, site.settings, { timing: "slurmctld", recorded });
}

/** A recorded site's timing as its slurmctld log shows it, under a check model (cluster/logged-timing.ts). */
export function siteLoggedTiming(site: SiteModel, log: TresLog, model: CheckModel): LoggedTiming {
  const s = site.settings,
    where = `${site.source} slurmctld log`;
  return loggedTiming(
    parseCtldLog(log.lines, log.utcOffsetMinutes, where),
    site.jobs.map((j) => ({ id: j.id, jobId: j.id, submit: j.submit, start: j.start, end: j.end })),
    { bfResolution: s.bfResolution, bfInterval: s.bfInterval, schedInterval: s.schedInterval },
    model,
    s.calcPeriod,
    { log: where, clockLag: clockLagOf(log.clockLag) },
  );
}

/** Markdown: the agreement of each timing model, then each account's median wait. */
export function tresAgreementTable(rows: readonly TresAgreement[]): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const out = [
    "| timing | jobs | exact to the second | within one bf_interval | same nodes |",
    "|---|---|---|---|---|",
    ...rows.map(
      (a) =>
        `| ${a.timing} | ${a.jobs} | ${pct(a.exact)} | ${pct(a.withinInterval)} (${a.bfInterval} s) | ${pct(a.sameNodes)} |`,
    ),
    "",
    "| timing | account | jobs | median wait real (s) | replayed (s) | error |",
    "|---|---|---|---|---|---|",
  ];
  for (const a of rows)
    for (const w of a.accounts)
      out.push(
        `| ${a.timing} | ${w.account} | ${w.jobs} | ${w.real} | ${w.replayed} | ${Number.isNaN(w.relativeError) ? "n/a" : pct(w.relativeError)} |`,
      );
  return out.join("\n");
}

/**
 * What the cons_tres check requires of a live run: of the "replay (log)" replay, 70% of starts exact
 * to the second and 90% within one bf_interval, below the goal ({@link TRES_GOAL}, printed as met or
 * not) because one start the machine model gets wrong moves the starts after it (docs/slurm.md names
 * what it does not yet follow). The rows from the export alone are printed, not required: the
 * sub-second timing the export lacks sets them, not the machine model (docs/slurm.md's timing-gap
 * table: on the committed recording of jobs of minutes, shifting every run length by a tenth of a
 * second, which an export's whole seconds hide, moves the share within one bf_interval by many
 * points), so a floor on them fails runs the model replays exactly from the log.
 */
export const TRES_PASS = Object.freeze({
  replayExact: 0.7,
  replayWithinInterval: 0.9,
});

/** The goal: 95% of starts within one bf_interval and every account's median wait within 10%. */
export const TRES_GOAL = Object.freeze({ withinInterval: 0.95, medianWaitError: 0.1 });

/** Whether a replay meets {@link TRES_GOAL} (an account whose real median wait is 0 must be replayed at 0). */
export function tresGoalMet(a: TresAgreement): boolean {
  return (
    a.withinInterval >= TRES_GOAL.withinInterval &&
    a.accounts.every((w) =>
      Number.isNaN(w.relativeError) ? w.replayed === 0 : w.relativeError <= TRES_GOAL.medianWaitError,
    )
  );
}
