/**
 * How faithfully a replay of a site under its own settings reproduces how its jobs really ran:
 * per run, the start order's rank correlation with the real one (Spearman, average ranks for ties:
 * lib/twin/joint-facts.ts), the share of jobs started within one bf_interval of their real start,
 * each account's median and 90th-percentile wait error, the job-weighted wait error the gate reads
 * (|replayed − real median wait| / max(real median wait, bf_interval) per account), and the
 * backfilled share against Slurm's (sacct's Flags). Over the runs, lib/agreement's
 * fidelityGate decides whether the what-ifs carry a warning.
 */
import { type FidelityCheck, type GateOutcome, fidelityGate } from "../agreement/fidelity";
import { spearman } from "../twin/joint-facts";
import { type MeanInterval, meanInterval } from "../util/interval";
import { invalidArgument } from "../util/errors";
import type { Replay } from "./replay";
import type { SiteModel } from "./site";
import { type WhatIfOptions, replayRuns, whatIfRuns } from "./what-if";

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
}

/** The fidelity figures of one run (see the module comment). */
export function fidelityRun(replay: Replay): FidelityRun {
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
  if (jobs.every((j) => j.realBackfilled !== undefined))
    out.backfilledDifference = replay.backfilledShare - replay.real.backfilledShare;
  return out;
}

/**
 * The fidelity of replays of one site under its own settings (runs with different jitter seeds).
 * @throws `invalid replays: …` when empty
 */
export function replayFidelity(replays: readonly Replay[]): Fidelity {
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
  return {
    runs,
    accounts,
    outcome: gate.outcome,
    checks: gate.checks,
    bfInterval: replays[0].settings.bfInterval,
    jobs: replays[0].jobs.length,
  };
}

/**
 * A site replayed under its own settings over the what-if's runs (lib/site/what-if.ts: `runs`
 * jittered runs, seed `<seed>/<r>`), and those replays' fidelity.
 */
export function siteFidelity(
  site: SiteModel,
  options: WhatIfOptions = {},
): { fidelity: Fidelity; replays: Replay[] } {
  const replays = replayRuns(site, site.settings, whatIfRuns(site.settings, options));
  return { fidelity: replayFidelity(replays), replays };
}
