/**
 * How faithfully a replay of a site under its own settings reproduces how its jobs really ran:
 * per run, the start order's rank correlation with the real one (Spearman, average ranks for ties:
 * lib/twin/joint-facts.ts), the share of jobs started within one bf_interval of their real start,
 * each account's median and 90th-percentile wait error, the job-weighted wait error the gate reads
 * (|replayed − real median wait| / max(real median wait, bf_interval) per account), and the
 * backfilled share against Slurm's (sacct's Flags). Over the runs, lib/agreement's
 * fidelityGate decides whether the what-ifs carry a warning. Beside them, the same figures of two
 * simpler predictors (lib/site/baselines.ts: start = submit, FCFS on the CPU pool), and whether the
 * replay beats each (lib/agreement `versusBaseline`) on the share of starts within one bf_interval
 * and the wait error: unless it beats both, its what-ifs are unusable (`whatIfStanding`).
 */
import {
  type FidelityCheck,
  type GateOutcome,
  type VersusOutcome,
  fidelityGate,
  versusBaseline,
  whatIfStanding,
} from "../agreement/fidelity";
import { spearman } from "../twin/joint-facts";
import { type MeanInterval, meanInterval } from "../util/interval";
import { invalidArgument } from "../util/errors";
import { accountStats, siteShares } from "./account-stats";
import { type Baseline, BASELINES, baselineStarts } from "./baselines";
import type { ModelPart } from "./machine";
import { type Replay, type ReplayJob, replaySite } from "./replay";
import type { SiteModel } from "./site";
import { type WhatIfOptions, whatIfRuns } from "./what-if";

/** One run's fidelity figures. */
export interface FidelityRun {
  rankCorrelation: number;
  withinInterval: number;
  waitError: number;
  /** Replayed − real backfilled share; undefined without sacct's Flags. */
  backfilledDifference?: number;
}

/** One account's waits, real and replayed (seconds; replayed: mean over the runs with its interval). */
export interface AccountFidelity {
  account: string;
  jobs: number;
  realMedianWait: number;
  medianWait: MeanInterval;
  realP90Wait: number;
  p90Wait: MeanInterval;
}

/** A predictor's figures, and whether the replay beats it on each check it is set against. */
export interface BaselineFidelity {
  baseline: Baseline;
  run: FidelityRun;
  /** The replay against it: on the share of starts within one bf_interval, and on the wait error. */
  withinInterval: VersusOutcome;
  waitError: VersusOutcome;
}

/** A replay's fidelity over its runs. */
export interface Fidelity {
  runs: FidelityRun[];
  accounts: AccountFidelity[];
  /** The gate's outcome and its checks. */
  outcome: GateOutcome;
  checks: FidelityCheck[];
  /** The bf_interval the checks use, seconds. */
  bfInterval: number;
  jobs: number;
  /** The simpler predictors, each with the replay against it. */
  baselines: BaselineFidelity[];
  /** What the what-ifs are worth (lib/agreement `whatIfStanding`). */
  standing: "usable" | "with a warning" | "unusable";
}

/** The fidelity figures of one run (see the module comment). */
export function fidelityRun(
  replay: Pick<Replay, "settings" | "jobs" | "real" | "accounts" | "backfilledShare">,
): FidelityRun {
  const tol = replay.settings.bfInterval;
  const jobs = replay.jobs;
  const within = jobs.filter((j) => Math.abs(j.start - j.realStart) <= tol).length / jobs.length;
  const real = new Map(replay.real.accounts.map((a) => [a.account, a]));
  let weighted = 0,
    total = 0;
  for (const a of replay.accounts) {
    const r = real.get(a.account)!;
    weighted += (a.jobs * Math.abs(a.medianWait - r.medianWait)) / Math.max(r.medianWait, tol);
    total += a.jobs;
  }
  const out: FidelityRun = {
    rankCorrelation: spearman(
      jobs.map((j) => j.realStart),
      jobs.map((j) => j.start),
    ),
    withinInterval: within,
    waitError: weighted / total,
  };
  if (jobs.every((j) => j.realBackfilled !== undefined) && Number.isFinite(replay.backfilledShare))
    out.backfilledDifference = replay.backfilledShare - replay.real.backfilledShare;
  return out;
}

/** A predictor's fidelity figures on a site, as a replay's are taken (one run: a predictor has no jitter). */
export function baselineRun(site: SiteModel, replay: Replay, baseline: Baseline): FidelityRun {
  const starts = baselineStarts(site, baseline);
  const jobs: ReplayJob[] = replay.jobs.map((j, i) => {
    const run = Math.min(j.realEnd - j.realStart, site.jobs[i].limit);
    const { realBackfilled: _, ...rest } = j;
    return { ...rest, eligible: j.realEligible, start: starts[i], end: starts[i] + run, backfilled: false };
  });
  const accounts = accountStats(jobs, siteShares(site, replay.settings));
  return fidelityRun({ settings: replay.settings, jobs, real: replay.real, accounts, backfilledShare: NaN });
}

/**
 * The fidelity of replays of one site under its own settings (runs with different jitter seeds),
 * beside the simpler predictors'.
 * @throws `invalid replays: …` when empty
 */
export function replayFidelity(site: SiteModel, replays: readonly Replay[]): Fidelity {
  if (replays.length === 0) throw invalidArgument("replays", "[]", "at least one replay");
  const runs = replays.map(fidelityRun);
  const values = {
    rankCorrelation: runs.map((r) => r.rankCorrelation),
    withinInterval: runs.map((r) => r.withinInterval),
    waitError: runs.map((r) => r.waitError),
    backfilledDifference: runs.every((r) => r.backfilledDifference !== undefined)
      ? runs.map((r) => r.backfilledDifference!)
      : undefined,
  };
  const gate = fidelityGate(values, replays[0].jobs.length);
  const accounts = replays[0].real.accounts.map((r, k): AccountFidelity => ({
    account: r.account,
    jobs: r.jobs,
    realMedianWait: r.medianWait,
    medianWait: meanInterval(replays.map((p) => p.accounts[k].medianWait)),
    realP90Wait: r.p90Wait,
    p90Wait: meanInterval(replays.map((p) => p.accounts[k].p90Wait)),
  }));
  const baselines = BASELINES.map((baseline): BaselineFidelity => {
    const run = baselineRun(site, replays[0], baseline);
    return {
      baseline,
      run,
      withinInterval: versusBaseline(values.withinInterval, run.withinInterval, "at least").outcome,
      waitError: versusBaseline(values.waitError, run.waitError, "at most").outcome,
    };
  });
  return {
    runs,
    accounts,
    outcome: gate.outcome,
    checks: gate.checks,
    bfInterval: replays[0].settings.bfInterval,
    jobs: replays[0].jobs.length,
    baselines,
    standing: whatIfStanding(
      gate.outcome,
      baselines.flatMap((b) => [b.withinInterval, b.waitError]),
    ),
  };
}

/**
 * The fidelity's runs of a site under its own settings (see {@link siteFidelity}), with parts of the
 * machine model turned off (lib/site/ablation.ts). Defaults to none.
 */
export function fidelityReplays(
  site: SiteModel,
  options: WhatIfOptions = {},
  without: readonly ModelPart[] = [],
): Replay[] {
  const o = whatIfRuns(site.settings, options);
  return Array.from({ length: o.runs }, (_, r) =>
    replaySite(site, site.settings, { seed: `${o.seed}/${r}`, subSecond: true, timing: o.timing, without }),
  );
}

/**
 * A site replayed under its own settings over `runs` runs (seed `<seed>/<r>`), each job's eligible
 * instant at a uniform point of its recorded second — the export's whole seconds are all it says of
 * when things happened, so the spread over the runs is what the replay cannot know — and those
 * replays' fidelity. (The what-if's own jitter, lib/site/what-if.ts, is not the export's
 * uncertainty and is not applied here.)
 */
export function siteFidelity(
  site: SiteModel,
  options: WhatIfOptions = {},
): { fidelity: Fidelity; replays: Replay[] } {
  const replays = fidelityReplays(site, options);
  return { fidelity: replayFidelity(site, replays), replays };
}
