/**
 * What a change of settings does to a site: its jobs replayed `runs` times under the base settings
 * and under the new ones, run r of both with the same eligible-time jitter (seed `<seed>/<r>`, common
 * random numbers), and per account the paired differences new − base of the median and the 90th
 * percentile wait, their mean with its 95% t interval and an outcome by lib/agreement's
 * `effect` (higher, lower, equivalent within ±one bf_interval of the base settings, or
 * inconclusive); for the whole schedule the same for CPU utilisation, makespan, Jain's indices of
 * usage, waits and slowdowns against shares, the mean bounded slowdown, the first iteration's PoA
 * and the backfilled share (relative to the base's mean, ±1% band: `relativeEffect`).
 */
import { type Effect, effect, relativeEffect } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { finiteNumber, integer } from "../util/options";
import type { Contender } from "../sim/contender";
import type { SiteModel } from "./site";
import type { SiteSettings } from "./site-settings";
import { type Replay, type ReplayOptions, replaySite } from "./replay";

/** Options of {@link whatIf}. */
export interface WhatIfOptions {
  /** Paired runs. Defaults to 10. */
  runs?: number;
  /** Seed of the jitter streams (run r: `<seed>/<r>`). Defaults to 1. */
  seed?: number | string;
  /** J of the eligible-time jitter, seconds. Defaults to `jitterIntervals` bf_intervals of the base settings. */
  jitterSeconds?: number;
  /** J in the base settings' bf_intervals (rounded to whole seconds), when `jitterSeconds` is not given. Defaults to 1. */
  jitterIntervals?: number;
  /** lib/sim's scheduler timing. Defaults to "events". */
  timing?: ReplayOptions["timing"];
}

/** One account's change (seconds). */
export interface AccountChange {
  account: string;
  jobs: number;
  /** Mean over the runs under the base and under the new settings. */
  baseMedianWait: number;
  medianWait: number;
  /** New − base median wait: mean, 95% interval, outcome. */
  dMedian: Effect;
  baseP90Wait: number;
  p90Wait: number;
  dP90: Effect;
}

/** A schedule-wide figure's change. */
export interface FigureChange {
  base: number;
  value: number;
  /** (new − base) / |base mean|: mean, 95% interval, outcome. */
  relative: Effect;
}

/** A what-if: base and new settings, each account's change and the schedule's. */
export interface WhatIf {
  base: SiteSettings;
  next: SiteSettings;
  runs: number;
  accounts: AccountChange[];
  utilisation: FigureChange;
  makespan: FigureChange;
  jain: FigureChange;
  waitFairness: FigureChange;
  slowdownFairness: FigureChange;
  meanBoundedSlowdown: FigureChange;
  poa: FigureChange;
  backfilledShare: FigureChange;
}

/** The resolved options of a what-if: runs, seed, jitter, timing. */
export function whatIfRuns(base: SiteSettings, options: WhatIfOptions = {}): Required<WhatIfOptions> {
  const k = finiteNumber(options.jitterIntervals ?? 1, "jitterIntervals", 0);
  return {
    runs: integer(options.runs ?? 10, "runs", 1),
    seed: options.seed ?? 1,
    jitterSeconds: integer(options.jitterSeconds ?? Math.round(k * base.bfInterval), "jitterSeconds", 0),
    jitterIntervals: k,
    timing: options.timing ?? "events",
  };
}

/**
 * The `runs` replays of a site under some settings that {@link whatIf} pairs (run r: seed
 * `<seed>/<r>`), by Slurm's scheduler or by a contender of your own.
 */
export function replayRuns(
  site: SiteModel,
  settings: SiteSettings,
  o: Required<WhatIfOptions>,
  contender?: Contender,
): Replay[] {
  return Array.from({ length: o.runs }, (_, r) =>
    replaySite(site, settings, {
      seed: `${o.seed}/${r}`,
      jitterSeconds: o.jitterSeconds,
      timing: o.timing,
      contender,
    }),
  );
}

const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / v.length;

/** A figure's change from paired runs; NaN figures (e.g. no PoA) leave a NaN change, inconclusive. */
function figureChange(base: readonly number[], next: readonly number[]): FigureChange {
  const ok = base.every(Number.isFinite) && next.every(Number.isFinite) && mean(base) !== 0;
  return {
    base: mean(base),
    value: mean(next),
    relative: ok
      ? relativeEffect(next, base, RELATIVE_EFFECT_BAND)
      : { outcome: "inconclusive", mean: NaN, low: NaN, high: NaN, n: base.length },
  };
}

/** Compares replays already run (the same runs of the same site; see {@link whatIf}). */
export function compareReplays(baseRuns: readonly Replay[], nextRuns: readonly Replay[]): WhatIf {
  if (baseRuns.length !== nextRuns.length || baseRuns.length === 0)
    throw new Error(
      `invalid replays: ${baseRuns.length} base and ${nextRuns.length} new runs; expected as many of each, at least one`,
    );
  const band = baseRuns[0].settings.bfInterval;
  const accounts = baseRuns[0].accounts.map((a, k): AccountChange => {
    const bm = baseRuns.map((r) => r.accounts[k].medianWait),
      nm = nextRuns.map((r) => r.accounts[k].medianWait);
    const bp = baseRuns.map((r) => r.accounts[k].p90Wait),
      np = nextRuns.map((r) => r.accounts[k].p90Wait);
    return {
      account: a.account,
      jobs: a.jobs,
      baseMedianWait: mean(bm),
      medianWait: mean(nm),
      dMedian: effect(
        nm.map((v, r) => v - bm[r]),
        band,
      ),
      baseP90Wait: mean(bp),
      p90Wait: mean(np),
      dP90: effect(
        np.map((v, r) => v - bp[r]),
        band,
      ),
    };
  });
  const fig = (f: (r: Replay) => number) => figureChange(baseRuns.map(f), nextRuns.map(f));
  return {
    base: baseRuns[0].settings,
    next: nextRuns[0].settings,
    runs: baseRuns.length,
    accounts,
    utilisation: fig((r) => r.utilisation),
    makespan: fig((r) => r.makespan),
    jain: fig((r) => r.jain),
    waitFairness: fig((r) => r.waitFairness),
    slowdownFairness: fig((r) => r.slowdownFairness),
    meanBoundedSlowdown: fig((r) => r.meanBoundedSlowdown),
    poa: fig((r) => r.poa.PoA),
    backfilledShare: fig((r) => r.backfilledShare),
  };
}

/**
 * What changing a site's settings from `base` to `next` does (see the module comment).
 * @throws `invalid runs: …` / `invalid jitterSeconds: …`; the replay's errors
 */
export function whatIf(
  site: SiteModel,
  base: SiteSettings,
  next: SiteSettings,
  options: WhatIfOptions = {},
): WhatIf {
  const o = whatIfRuns(base, options);
  return compareReplays(replayRuns(site, base, o), replayRuns(site, next, o));
}
