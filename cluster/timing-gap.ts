/**
 * What the export lacks of the controller's timing, priced. A recorded site is replayed with the
 * timing slurmctld's log gives ("replay (log)" of cluster/tres-check.ts), then with one part of that
 * timing at a time replaced by what the export alone gives the replay (sacct's whole seconds, the
 * loops' default phases), then with every part replaced: the drop each part causes is what not
 * knowing it costs on this recording. The run lengths are then replaced by sacct's whole seconds
 * plus one fraction of a second shared by every job, to show how far a shift no export can show
 * moves the result.
 */
import type { RecordedTiming } from "../lib/site/machine";
import { replaySite } from "../lib/site/replay";
import type { SiteModel } from "../lib/site/site";
import { type TresAgreement, replayAgreement } from "./tres-check";

/** The parts of the logged timing a replay from the export alone does not have. */
export const TIMING_PARTS = [
  "submits",
  "run lengths",
  "COMPLETING",
  "main passes",
  "backfill cycles",
  "clock lag",
  "priority recalculation",
] as const;

/** One of {@link TIMING_PARTS}. */
export type TimingPart = (typeof TIMING_PARTS)[number];

/** What the export gives in place of each part. */
export const EXPORT_GIVES: Readonly<Record<TimingPart, string>> = {
  submits: "sacct's eligible second",
  "run lengths": "sacct's End − Start, whole seconds",
  COMPLETING: "the export's median node turnaround after every end",
  "main passes": "the background loop at its default period and phase",
  "backfill cycles": "the backfill agent's rules from its default phase",
  "clock lag": "none",
  "priority recalculation": "at the first submit",
};

/** One replay of the gap table: which parts were replaced, and its agreement with the real run. */
export interface TimingGapRow extends Omit<TresAgreement, "timing"> {
  replaced: readonly TimingPart[];
}

/** The logged timing with `parts` replaced by what the export gives. */
export function exportTiming(
  site: SiteModel,
  logged: RecordedTiming,
  parts: readonly TimingPart[],
): RecordedTiming {
  const p = new Set(parts);
  const scheduler: Record<string, unknown> = { ...logged.scheduler };
  const drop = (...keys: string[]) => keys.forEach((k) => delete scheduler[k]);
  if (p.has("main passes")) drop("ticks", "controllerLoop", "endPass", "endPassDelay");
  if (p.has("backfill cycles")) drop("bfCycles", "bfPhase", "bfCycleSeconds");
  if (p.has("clock lag")) drop("clockLag");
  return {
    origin: logged.origin,
    jobs: logged.jobs.map((j, i) => {
      const s = site.jobs[i];
      return {
        submit: p.has("submits") ? Math.max(0, s.eligible - logged.origin) : j.submit,
        runtime: p.has("run lengths") ? Math.max(0, s.end - s.start) : j.runtime,
        completing: p.has("COMPLETING") ? (site.machine.turnaround ?? 0) : j.completing,
      };
    }),
    scheduler: scheduler as RecordedTiming["scheduler"],
    calcPhase: p.has("priority recalculation") ? 0 : logged.calcPhase,
  };
}

/** The site replayed with a recorded timing, against its real run. */
function agreementWith(site: SiteModel, recorded: RecordedTiming): Omit<TresAgreement, "timing"> {
  return replayAgreement(site, replaySite(site, site.settings, { timing: "slurmctld", recorded }));
}

/**
 * The gap table: the logged timing whole, each part replaced alone, and every part replaced.
 * @param logged the run's timing as its log shows it (cluster/tres-check.ts `siteLoggedTiming`, model "replay")
 */
export function timingGap(site: SiteModel, logged: RecordedTiming): TimingGapRow[] {
  return [[], ...TIMING_PARTS.map((p) => [p]), [...TIMING_PARTS]].map((parts) => ({
    replaced: parts,
    ...agreementWith(site, exportTiming(site, logged, parts)),
  }));
}

/** One replay of the run-length shift: sacct's whole-second run lengths plus `fraction` seconds each. */
export interface RunShiftRow extends Omit<TresAgreement, "timing"> {
  fraction: number;
}

/**
 * The logged timing with every run length at sacct's whole seconds plus one shared fraction, for
 * each fraction given (seconds in [0, 1)).
 * @throws `invalid fractions: …` for a fraction outside [0, 1)
 */
export function runShift(
  site: SiteModel,
  logged: RecordedTiming,
  fractions: readonly number[],
): RunShiftRow[] {
  const bad = fractions.find((f) => !(f >= 0 && f < 1));
  if (bad !== undefined) throw new Error(`invalid fractions: ${bad}; expected seconds in [0, 1)`);
  const whole = exportTiming(site, logged, ["run lengths"]);
  return fractions.map((fraction) => ({
    fraction,
    ...agreementWith(site, {
      ...whole,
      jobs: whole.jobs.map((j) => ({ ...j, runtime: j.runtime + fraction })),
    }),
  }));
}

/** The largest |replayed − real| / real of the accounts' median waits (NaN when none has a real wait). */
function worstAccount(a: Omit<TresAgreement, "timing">): number {
  const e = a.accounts.map((w) => w.relativeError).filter((x) => !Number.isNaN(x));
  return e.length ? Math.max(...e) : NaN;
}

const pct = (x: number) => (Number.isNaN(x) ? "n/a" : `${(100 * x).toFixed(1)}%`);

/** Markdown: the gap table, then the run-length shift. */
export function timingGapTable(rows: readonly TimingGapRow[], shift: readonly RunShiftRow[]): string {
  const cells = (a: Omit<TresAgreement, "timing">) =>
    `${pct(a.withinInterval)} | ${pct(a.exact)} | ${pct(a.sameNodes)} | ${pct(worstAccount(a))}`;
  const what = (r: TimingGapRow) =>
    r.replaced.length === 0
      ? "nothing (the log's timing)"
      : r.replaced.length === TIMING_PARTS.length
        ? "all of them"
        : `${r.replaced[0]} → ${EXPORT_GIVES[r.replaced[0]]}`;
  const bf = rows[0]?.bfInterval ?? NaN;
  return [
    `| replaced by what the export gives | within one bf_interval (${bf} s) | exact to the second | same nodes | worst account's median-wait error |`,
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${what(r)} | ${cells(r)} |`),
    "",
    `| run lengths: sacct's whole seconds + | within one bf_interval (${bf} s) | exact to the second | same nodes | worst account's median-wait error |`,
    "|---|---|---|---|---|",
    ...shift.map((r) => `| ${r.fraction.toFixed(1)} s | ${cells(r)} |`),
  ].join("\n");
}
