/**
 * A site's jobs replayed under some settings (lib/site/machine.ts's siteSimulation), beside how
 * they really ran: per job the real and the replayed start and wait and which scheduler started it,
 * per account lib/site/account-stats.ts's figures, and for the whole schedule CPU utilisation,
 * makespan, Jain's index of usage against shares, the backfilled share and the first iteration's
 * PoA (lib/site/site-poa.ts). Times are seconds from the first eligible time.
 *
 * Repeated runs perturb the input, never the scheduler: each job's eligible time moves by a whole
 * number of seconds drawn uniformly in [−J, J] (`jitterSeconds`; clipped at the first eligible
 * time) from a stream seeded by `seed` (lib/util/rng.ts), so the same seed gives the same replay.
 */
import { invalidArgument } from "../util/errors";
import { createRng } from "../util/rng";
import { integer } from "../util/options";
import {
  type AccountStats,
  SLOWDOWN_BOUND,
  accountStats,
  jainIndex,
  siteShares,
  slowdownFairness,
  utilisationOf,
  waitFairness,
} from "./account-stats";
import { type ModelPart, type RecordedTiming, type SiteSimulation, siteSimulation } from "./machine";
import type { Contender } from "../sim/contender";
import type { SiteModel } from "./site";
import { type SitePoa, sitePoa } from "./site-poa";
import type { SiteSettings } from "./site-settings";

/** Options of {@link replaySite}. */
export interface ReplayOptions {
  /** Seed of the eligible-time jitter. Defaults to 1. */
  seed?: number | string;
  /** J: each eligible time moves by a whole number of seconds in [−J, J]. Defaults to 0 (the real times). */
  jitterSeconds?: number;
  /**
   * Each eligible instant moved, besides, to a uniform point of its recorded second (sacct keeps
   * whole seconds: the instant is anywhere in it). Defaults to false.
   */
  subSecond?: boolean;
  /** lib/sim's scheduler timing. Defaults to "events". */
  timing?: "events" | "slurmctld";
  /** The controller's timing as its log recorded it (lib/site/machine.ts; no jitter then). Defaults to none. */
  recorded?: RecordedTiming;
  /** Parts of the machine model turned off (lib/site/machine.ts MODEL_PARTS). Defaults to none. */
  without?: readonly ModelPart[];
  /** A scheduler of your own in place of Slurm's (lib/sim/contender.ts). Defaults to none. */
  contender?: Contender;
}

/** One job, real and replayed (seconds from time 0: the first eligible time, or the recorded origin). */
export interface ReplayJob {
  id: string;
  account: string;
  cpus: number;
  nodes: number;
  /** Real eligible time. */
  realEligible: number;
  realStart: number;
  realEnd: number;
  /** Eligible time in the replay (jittered). */
  eligible: number;
  start: number;
  end: number;
  /** Whether the replay's backfill started it (lib/site/start-attribution.ts). */
  backfilled: boolean;
  /** Whether Slurm's did (sacct's Flags); undefined without them. */
  realBackfilled?: boolean;
}

/** The figures of one schedule. */
export interface ScheduleFigures {
  accounts: AccountStats[];
  /** CPU utilisation over [first eligible, last end]. */
  utilisation: number;
  /** Last end − first eligible, seconds. */
  makespan: number;
  /** Jain's index of usage against shares (what the site's past decided: no setting moves it). */
  jain: number;
  /** Jain's index of waits against shares (lib/site/account-stats.ts `waitFairness`, τ one bf_interval). */
  waitFairness: number;
  /** Jain's index of the accounts' mean bounded slowdowns. */
  slowdownFairness: number;
  /** Mean bounded slowdown over the jobs. */
  meanBoundedSlowdown: number;
  /** Share of the jobs started by backfill (NaN when unknown). */
  backfilledShare: number;
}

/** A replay: its jobs, its figures, the real schedule's figures, its first iteration's PoA and the simulation. */
export interface Replay extends ScheduleFigures {
  settings: SiteSettings;
  jobs: ReplayJob[];
  real: ScheduleFigures;
  poa: SitePoa;
  simulation: SiteSimulation;
}

/**
 * The eligible-time shifts of a replay from `seed`: whole seconds in [−J, J] per job, and with
 * `subSecond` a part of a second in [0, 1) added (the export's whole seconds hide the instant).
 */
export function jitterShifts(
  jobs: number,
  jitterSeconds: number,
  seed: number | string,
  subSecond = false,
): Float64Array {
  const J = integer(jitterSeconds, "jitterSeconds", 0);
  const out = new Float64Array(jobs);
  if (J === 0 && !subSecond) return out;
  const rng = createRng(seed);
  for (let i = 0; i < jobs; i++) out[i] = (J > 0 ? rng.int(-J, J) : 0) + (subSecond ? rng.next() : 0);
  return out;
}

function figures(
  jobs: readonly { account: string; cpus: number; eligible: number; start: number; end: number }[],
  shares: ReadonlyMap<string, number>,
  cpus: number,
  backfilled: number,
  tau: number,
): ScheduleFigures {
  const accounts = accountStats(jobs, shares);
  let slowdown = 0;
  for (const j of jobs)
    slowdown += Math.max(1, (j.end - j.eligible) / Math.max(j.end - j.start, SLOWDOWN_BOUND));
  let t0 = Infinity,
    t1 = -Infinity;
  for (const j of jobs) {
    t0 = Math.min(t0, j.eligible);
    t1 = Math.max(t1, j.end);
  }
  return {
    accounts,
    utilisation: utilisationOf(jobs, cpus),
    makespan: t1 - t0,
    jain: jainIndex(accounts),
    waitFairness: waitFairness(accounts, tau),
    slowdownFairness: slowdownFairness(accounts),
    meanBoundedSlowdown: slowdown / jobs.length,
    backfilledShare: backfilled / jobs.length,
  };
}

/** A machine's CPUs: its nodes' (cons_tres), else nodes × cores per node. */
export function machineCpus(m: SiteModel["machine"]): number {
  return m.tres ? m.tres.reduce((s, n) => s + n.cpus, 0) : m.nodes * m.coresPerNode;
}

/** The real schedule's figures of a site (its shares under `settings`' account shares). */
export function realFigures(site: SiteModel, settings: SiteSettings = site.settings): ScheduleFigures {
  const shares = siteShares(site, settings);
  const backfilled = site.hasFlags ? site.jobs.filter((j) => j.startedBy === "backfill").length : NaN;
  return figures(site.jobs, shares, machineCpus(site.machine), backfilled, settings.bfInterval);
}

/**
 * Replays a site under some settings (see the module comment).
 * @throws `invalid jitterSeconds: …` for a negative or fractional jitter, or any with recorded
 *   timing; siteSimulation's errors
 */
export function replaySite(site: SiteModel, settings: SiteSettings, options: ReplayOptions = {}): Replay {
  if (options.recorded && (options.jitterSeconds ?? 0) !== 0)
    throw invalidArgument(
      "jitterSeconds",
      options.jitterSeconds,
      "0 with recorded timing (its submits are the real ones)",
    );
  const shift = jitterShifts(
    site.jobs.length,
    options.jitterSeconds ?? 0,
    options.seed ?? 1,
    options.subSecond,
  );
  const simulation = siteSimulation(site, settings, {
    shift,
    timing: options.timing,
    recorded: options.recorded,
    without: options.without,
    contender: options.contender,
  });
  const { result, backfilled, t0 } = simulation;
  const jobs: ReplayJob[] = site.jobs.map((j, i) => {
    const r: ReplayJob = {
      id: j.id,
      account: j.account,
      cpus: j.cpus,
      nodes: j.nodes,
      realEligible: j.eligible - t0,
      realStart: j.start - t0,
      realEnd: j.end - t0,
      // a recorded submit (to the millisecond) is the eligible second sacct keeps, finer
      eligible: options.recorded ? j.eligible - t0 : result.jobs[i].submit,
      start: result.start[i],
      end: result.end[i],
      backfilled: backfilled[i] === 1,
    };
    if (j.startedBy !== undefined) r.realBackfilled = j.startedBy === "backfill";
    return r;
  });
  const shares = siteShares(site, settings);
  const cpus = machineCpus(site.machine);
  const sim = figures(jobs, shares, cpus, jobs.filter((j) => j.backfilled).length, settings.bfInterval);
  const replay = { ...sim, settings, jobs, real: realFigures(site, settings), simulation } as Replay;
  // the first iteration's PoA is computed when read (the grid reads it; the gate does not)
  let poa: SitePoa | undefined;
  Object.defineProperty(replay, "poa", { enumerable: true, get: () => (poa ??= sitePoa(result)) });
  return replay;
}
