/**
 * An sprio-like snapshot of a site's pending jobs from its own replay, for when the administrator has
 * no `sprio -l` of their own: the replay under the site's settings (no jitter) is looked at the
 * instant the most jobs were pending in it (the first such instant), and replayed again with the
 * simulator's snapshot there (lib/sim: taken after that instant's events, before scheduling).
 */
import * as fs from "node:fs";
import { parseSprio } from "../io/sprio";
import { invalidArgument } from "../util/errors";
import { siteSimulation } from "./machine";
import type { SiteModel } from "./site";
import type { SiteSettings } from "./site-settings";
import { type PrioritySnapshot, snapshotFromSprio } from "./sprio-rerank";
import { associationName } from "./site-tree";
import { replaySite } from "./replay";

/** The first instant (seconds from the first eligible time) with the most jobs pending, and how many. */
export function busiestInstant(jobs: readonly { eligible: number; start: number }[]): {
  time: number;
  pending: number;
} {
  const events: [number, number][] = [];
  for (const j of jobs) if (j.start > j.eligible) events.push([j.eligible, 1], [j.start, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]); // at one instant, starts leave before arrivals count
  let pending = 0,
    best = { time: NaN, pending: 0 };
  for (const [t, d] of events) {
    pending += d;
    if (pending > best.pending) best = { time: t, pending };
  }
  return best;
}

/** The snapshot (see the module comment); no rows when no job ever waited in the replay. */
export function replaySnapshot(
  site: SiteModel,
  settings: SiteSettings = site.settings,
): PrioritySnapshot & { time: number } {
  const { time } = busiestInstant(replaySite(site, settings).jobs);
  if (!Number.isFinite(time)) return { source: "the replay (no job waited)", rows: [], time: NaN };
  const sim = siteSimulation(site, settings, { snapshotAt: time }).result;
  const byName = new Map(site.jobs.map((j) => [j.id, associationName(j.user, j.account)]));
  return {
    source: `the replay under the site's settings, ${time} s after the first eligible time (${sim.sprio?.rows.length ?? 0} jobs pending)`,
    time,
    rows: (sim.sprio?.rows ?? []).map((r) => ({
      jobId: r.id,
      user: byName.get(r.id) ?? r.user,
      priority: r.priority,
      weighted: {
        age: r.factors.age ?? 0,
        fairShare: r.factors.fairShare ?? 0,
        jobSize: r.factors.jobSize ?? 0,
        partition: r.factors.partition ?? 0,
        qos: r.factors.qos ?? 0,
      },
    })),
  };
}

/**
 * The snapshot notebook 18 re-ranks: an `sprio -l` of the site's own (`sprioFile`), else the replay's
 * (see the module comment).
 * @throws `invalid SPRIO_FILE: …` for a file that does not exist; parseSprio's errors
 */
export function sitePrioritySnapshot(site: SiteModel, sprioFile = ""): PrioritySnapshot {
  if (sprioFile === "") return replaySnapshot(site);
  if (!fs.existsSync(sprioFile))
    throw invalidArgument(
      "SPRIO_FILE",
      sprioFile,
      'an `sprio -l` output file, or "" for the replay\'s snapshot',
    );
  return snapshotFromSprio(
    parseSprio(fs.readFileSync(sprioFile, "utf8"), sprioFile),
    `sprio -l (${sprioFile})`,
  );
}
