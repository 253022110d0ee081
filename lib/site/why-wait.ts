/**
 * Why a job waited, from the replay under the site's own settings (no jitter) and its real wait,
 * each with a tolerance of one bf_interval:
 * - "did not wait": it started within one bf_interval of becoming eligible;
 * - "reservation": it ran in an advance reservation (sacct's Reservation), which the replay does
 *   not model: the reservation's window decided its start;
 * - "a limit" or "not simulated": the replay starts it within half its real wait (less one
 *   bf_interval), so what held it is something the replay leaves out — a QOS or association limit
 *   when its association has one (sacctmgr's GrpTRES, MaxTRES, MaxWall), else another gap of the
 *   replay (lib/site/unsimulated.ts);
 * - what its nodes lacked, in the replay, with every other job where the replay put it: on a machine
 *   of whole nodes "nodes busy"; on a heterogeneous machine the binding constraint of
 *   lib/site/binding-constraint.ts ("GPUs", "memory", "features", "partition", or "CPUs");
 * - "priority": its nodes could hold it earlier (from `firstFit`), but the jobs that started in
 *   between went first (higher priority, or a higher-priority job's backfill reservation).
 * Beside it, its start under each setting given (each replayed without jitter).
 */
import { invalidArgument } from "../util/errors";
import { type BindingConstraint, bindingConstraint } from "./binding-constraint";
import { associationName } from "./site-tree";
import type { GridCell } from "./grid";
import { type Replay, replaySite } from "./replay";
import type { SiteModel } from "./site";

/** Why a job waited (see the module comment). */
export type WaitReason =
  "did not wait" | "reservation" | "a limit" | "not simulated" | "nodes busy" | BindingConstraint;

/** Why a job waited (seconds from the first eligible time; waits in seconds). */
export interface WhyWait {
  jobId: string;
  account: string;
  nodes: number;
  realWait: number;
  replayWait: number;
  /** Why (see the module comment). */
  reason: WaitReason;
  /** The tolerance: the site's bf_interval, seconds. */
  tolerance: number;
  /** The machine's nodes. */
  machineNodes: number;
  /** In the replay: its eligible time, the nodes free then, and the first instant its nodes were free. */
  eligible: number;
  freeAtEligible: number;
  firstFit: number;
  /** The jobs the replay started between its first fit and its start (at most 10, by start). */
  ahead: { id: string; account: string; nodes: number; start: number }[];
  /** Its start and wait under each setting (the site's own first). */
  bySetting: { setting: string; start: number; wait: number }[];
}

/**
 * The nodes busy in a replay, job `skip` left out, as a step function: at each instant where it
 * changes, the nodes held just after (a job holds its nodes over [start, end)).
 */
function busyProfile(replay: Replay, skip: number): { times: number[]; busy: number[] } {
  const delta = new Map<number, number>();
  replay.jobs.forEach((j, i) => {
    if (i === skip || !(j.end > j.start)) return;
    delta.set(j.start, (delta.get(j.start) ?? 0) + j.nodes);
    delta.set(j.end, (delta.get(j.end) ?? 0) - j.nodes);
  });
  const times = [...delta.keys()].sort((a, b) => a - b);
  let b = 0;
  return { times, busy: times.map((t) => (b += delta.get(t)!)) };
}

/** Nodes busy at time t of a profile. */
function busyAt(p: { times: number[]; busy: number[] }, t: number): number {
  let lo = 0,
    hi = p.times.length; // first index with time > t
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (p.times[m] <= t) lo = m + 1;
    else hi = m;
  }
  return lo === 0 ? 0 : p.busy[lo - 1];
}

/**
 * Why job `jobId` waited (see the module comment).
 * @param cells settings to show its start under. Defaults to none.
 * @throws `invalid jobId: …` for a job the site does not have
 */
export function whyWait(site: SiteModel, jobId: string, cells: readonly GridCell[] = []): WhyWait {
  const k = site.jobs.findIndex((j) => j.id === jobId);
  if (k < 0)
    throw invalidArgument(
      "jobId",
      jobId,
      `a job of the export (e.g. ${site.jobs
        .slice(0, 3)
        .map((j) => j.id)
        .join(", ")})`,
    );
  const tol = site.settings.bfInterval,
    W = site.machine.nodes;
  const replay = replaySite(site, site.settings);
  const j = replay.jobs[k];
  const realWait = j.realStart - j.realEligible,
    replayWait = j.start - j.eligible;
  const profile = busyProfile(replay, k);
  const freeAtEligible = W - busyAt(profile, j.eligible);
  let firstFit = freeAtEligible >= j.nodes ? j.eligible : NaN;
  for (let i = 0; i < profile.times.length && Number.isNaN(firstFit); i++)
    if (profile.times[i] > j.eligible && W - profile.busy[i] >= j.nodes) firstFit = profile.times[i];
  const tres = site.machine.tres;
  const binding =
    tres && site.jobs[k] && replay.simulation.result.jobs[k].tres
      ? bindingConstraint(replay, k, tres, tol)
      : undefined;
  if (binding) firstFit = binding.firstFit;
  const limited = new Set(site.limitedAssociations);
  const sj = site.jobs[k];
  const ahead = replay.jobs
    .filter((x, i) => i !== k && x.start >= firstFit && x.start < j.start)
    .sort((a, b) => a.start - b.start)
    .slice(0, 10)
    .map((x) => ({ id: x.id, account: x.account, nodes: x.nodes, start: x.start }));
  const reason: WaitReason =
    realWait <= tol
      ? "did not wait"
      : sj.reservation
        ? "reservation"
        : replayWait + tol < realWait / 2
          ? limited.has(sj.account) || limited.has(associationName(sj.user, sj.account))
            ? "a limit"
            : "not simulated"
          : binding
            ? binding.constraint
            : !(firstFit < j.start - tol)
              ? "nodes busy"
              : "priority";
  const bySetting = [
    { label: "the site's own settings", r: replay },
    ...cells.map((c) => ({ label: c.label, r: replaySite(site, c.settings) })),
  ].map(({ label, r }) => ({
    setting: label,
    start: r.jobs[k].start,
    wait: r.jobs[k].start - r.jobs[k].eligible,
  }));
  return {
    jobId,
    account: j.account,
    nodes: j.nodes,
    realWait,
    replayWait,
    reason,
    tolerance: tol,
    machineNodes: W,
    eligible: j.eligible,
    freeAtEligible,
    firstFit,
    ahead,
    bySetting,
  };
}

/** The job that waited longest in reality (ties: the first in the site's order). */
export function longestWait(site: SiteModel): string {
  let best = site.jobs[0];
  for (const j of site.jobs) if (j.start - j.eligible > best.start - best.eligible) best = j;
  return best.id;
}
