/**
 * A month of a busy cluster through notebook 18's replay (lib/site replaySite): the first 100,000
 * jobs of CEA-Curie-2011-2.1-cln (a Slurm cluster, 5,544 nodes of 16 cores) and of RICC-2010-2
 * (1,024 nodes of 8 cores) read as sites (lib/site siteFromSwf: Slurm 22.05's settings, here with the
 * multifactor priority: PriorityWeightAge 1000, FairShare 10000, JobSize 1000, Fair Tree; placement by
 * free-node counts, as for a cons_tres site). Goal: ≤ 10 s per replay. Baseline, in the same run: lib/sim
 * alone on the same jobs with the same scheduler and priority (`simulate`), so the ratio is what
 * the site layer (start attribution, per-account figures, PoA) adds. Traces absent: rows skipped.
 */
import { performance } from "node:perf_hooks";
import { readSwf } from "../lib/io/swf";
import { findTrace } from "../lib/io/trace-paths";
import { simulate } from "../lib/sim/engine";
import { slurmPriority } from "../lib/sim/slurm-priority";
import { slurmScheduler } from "../lib/sim/slurm-scheduler";
import { slurmOptionsOf } from "../lib/site/machine";
import { replaySite } from "../lib/site/replay";
import { applySettingsChange } from "../lib/site/site-settings";
import { associationName } from "../lib/site/site-tree";
import { siteFromSwf } from "../lib/site/swf-site";
import type { BenchRow } from "./harness";

const JOBS = 100_000;
/** Seconds a 100,000-job replay may take. */
export const SITE_REPLAY_GOAL_S = 10;

async function one(trace: string): Promise<BenchRow> {
  const file = findTrace(trace);
  if (!file)
    return {
      name: `site: ${trace} not found (skipped)`,
      value: NaN,
      unit: "s",
      note: "set SCHEDGAME_TRACES or run npm run traces:download",
    };
  const t0 = performance.now();
  const site = siteFromSwf(readSwf(file), { limit: JOBS });
  const loadS = (performance.now() - t0) / 1000;
  const settings = applySettingsChange(site.settings, {
    weights: { age: 1000, fairShare: 10000, jobSize: 1000 },
  });
  const first = Math.min(...site.jobs.map((j) => j.eligible));
  const days = (Math.max(...site.jobs.map((j) => j.eligible)) - first) / 86400;
  const bare = () =>
    simulate(
      site.jobs.map((j) => ({
        id: j.id,
        submit: j.eligible - first,
        nodes: j.nodes,
        procs: j.cpus,
        limit: j.limit,
        runtime: j.end - j.start,
        user: associationName(j.user, j.account),
        account: j.account,
      })),
      {
        nodes: site.machine.nodes,
        coresPerNode: site.machine.coresPerNode,
        scheduler: slurmScheduler(slurmOptionsOf(settings)),
        priority: slurmPriority({
          weights: { ...settings.weights },
          associations: site.tree.rows,
          usage: { halfLifeSeconds: settings.halfLifeSeconds },
          maxAgeSeconds: settings.maxAgeSeconds,
          calcPeriod: settings.calcPeriod,
        }),
      },
    );
  // alternate baseline and replay, best of two each
  let base = Infinity,
    replay = Infinity;
  for (let k = 0; k < 2; k++) {
    let t = performance.now();
    bare();
    base = Math.min(base, (performance.now() - t) / 1000);
    t = performance.now();
    replaySite(site, settings);
    replay = Math.min(replay, (performance.now() - t) / 1000);
  }
  return {
    name: `site: replay of ${trace}'s first ${site.jobs.length} jobs (${days.toFixed(1)} days of submits)`,
    value: replay,
    unit: "s",
    baseline: { name: "lib/sim alone, same jobs and settings", value: base },
    goal: { value: SITE_REPLAY_GOAL_S, lowerIsBetter: true },
    note: `${site.machine.nodes} nodes × ${site.machine.coresPerNode} cores; reading the trace ${loadS.toFixed(1)} s, apart`,
  };
}

/** The site benchmarks. */
export async function run(): Promise<BenchRow[]> {
  return [await one("CEA-Curie-2011-2.1-cln"), await one("RICC-2010-2")];
}
