/**
 * A month of a busy cluster through notebook 18's replay (lib/site replaySite): the first 100,000
 * jobs of CEA-Curie-2011-2.1-cln (a Slurm cluster, 5,544 nodes of 16 cores) and of RICC-2010-2
 * (1,024 nodes of 8 cores) read as sites (lib/site siteFromSwf: Slurm 22.05's settings, here with the
 * multifactor priority: PriorityWeightAge 1000, FairShare 10000, JobSize 1000, Fair Tree; placement by
 * free-node counts, as for a cons_tres site). Goal: ≤ 10 s per replay. Baseline, in the same run: lib/sim
 * alone on the same jobs with the same scheduler and priority (`simulate`), so the ratio is what
 * the site layer (start attribution, per-account figures, PoA) adds. Traces absent: rows skipped.
 *
 * Select/cons_tres: the same traces' jobs sharing nodes by CPUs on the same machine (each node its
 * cores, each job its processors over its nodes), against the count model in the same run: one
 * replay of a 500-job export (goal ≤ 100 ms) and the rate of a longer one, measured on the first
 * 2,000 jobs (goal: 100,000 jobs in ≤ 10 s, i.e. ≥ 10,000 jobs/s; the rate falls as the prefix
 * grows, since the backfill map's slots and the queue grow with it, so a short prefix flatters it);
 * and one replay of the embedded recording of jobs of minutes (data/site/cons-tres-minutes).
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
import { loadSite } from "../lib/site/site-model";
import type { SiteModel } from "../lib/site/site";

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

/** A site of whole nodes as a select/cons_tres cluster: each node its cores, each job its processors over its nodes. */
function asConsTres(site: SiteModel): SiteModel {
  const tres = Array.from({ length: site.machine.nodes }, (_, i) => ({
    name: `n${i + 1}`,
    cpus: site.machine.coresPerNode,
    memoryMiB: 0,
    gpus: 0,
    features: [],
    partitions: [""],
  }));
  return {
    ...site,
    machine: { ...site.machine, model: "shared nodes", tres },
    jobs: site.jobs.map((j) => ({ ...j, reqCpus: j.cpus, partition: "" })),
  };
}

const best = (f: () => unknown, k = 3) => {
  let b = Infinity;
  for (let i = 0; i < k; i++) {
    const t = performance.now();
    f();
    b = Math.min(b, performance.now() - t);
  }
  return b;
};

async function consTres(trace: string): Promise<BenchRow[]> {
  const file = findTrace(trace);
  if (!file)
    return [
      {
        name: `site cons_tres: ${trace} not found (skipped)`,
        value: NaN,
        unit: "ms",
        note: "npm run traces:download",
      },
    ];
  const rows: BenchRow[] = [];
  for (const [jobs, goal] of [
    [500, { value: 100, lowerIsBetter: true }],
    [2_000, undefined],
  ] as const) {
    const counts = siteFromSwf(readSwf(file), { limit: jobs });
    const shared = asConsTres(counts);
    const settings = { ...counts.settings, selectType: "select/cons_tres" };
    const k = jobs > 1000 ? 1 : 3;
    const base = best(() => replaySite(counts, settings), k),
      value = best(() => replaySite(shared, settings), k);
    if (jobs === 500)
      rows.push({
        name: `site cons_tres: one replay of ${trace}'s first 500 jobs`,
        value,
        unit: "ms",
        baseline: { name: "the count model, same jobs", value: base },
        goal,
        note: `${counts.machine.nodes} nodes × ${counts.machine.coresPerNode} cores`,
      });
    else
      rows.push({
        name: `site cons_tres: rate of a replay of ${trace}'s first ${jobs} jobs`,
        value: jobs / (value / 1000),
        unit: "jobs/s",
        baseline: { name: "the count model, same jobs", value: jobs / (base / 1000) },
        goal: { value: 10_000, lowerIsBetter: false },
        note: "goal: 100,000 jobs in ≤ 10 s; a 2,000-job prefix flatters the rate (it falls as the queue and the backfill map grow)",
      });
  }
  return rows;
}

/** One replay of the embedded recording of jobs of minutes, against the count model of its nodes. */
function minutes(): BenchRow {
  const site = loadSite("data/site/cons-tres-minutes");
  const counts: SiteModel = { ...site, machine: { ...site.machine, model: "whole nodes", tres: undefined } };
  return {
    name: `site cons_tres: one replay of data/site/cons-tres-minutes (${site.jobs.length} jobs)`,
    value: best(() => replaySite(site, site.settings), 5),
    unit: "ms",
    baseline: {
      name: "the count model of its nodes",
      value: best(() => replaySite(counts, site.settings), 5),
    },
    goal: { value: 100, lowerIsBetter: true },
  };
}

/** The site benchmarks. */
export async function run(): Promise<BenchRow[]> {
  return [
    await one("CEA-Curie-2011-2.1-cln"),
    await one("RICC-2010-2"),
    minutes(),
    ...(await consTres("RICC-2010-2")),
    ...(await consTres("CEA-Curie-2011-2.1-cln")),
  ];
}
