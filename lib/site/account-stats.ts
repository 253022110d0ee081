/**
 * How each account fares in a schedule (the real one or a replay's): jobs, usage (CPU·s = CPUs ×
 * run time), its share of the usage against its share of the machine (the tree's normalised shares,
 * renormalised over the accounts that ran jobs), and its waits (start − eligible, seconds): median
 * and 90th percentile (R's type-7 quantile), and its mean bounded slowdown (max(1, (end − eligible) /
 * max(run, 10 s)), the 10 s bound of Feitelson's bounded slowdown). Across accounts, Jain's fairness
 * index J = (Σ x)² / (n · Σ x²) (1 = every x equal; 1/n = one account has everything): of usage
 * against shares (x = usage share / share over the n accounts with a share above 0: what the site's
 * past decided, which no setting moves, as run times are the jobs'), and of what settings move —
 * waits against shares (x = share × (median wait + τ), τ a bf_interval so a wait of 0 counts: 1 when
 * each account's wait is inversely proportional to its share, the fair-share target) and slowdowns
 * (x = the account's mean bounded slowdown).
 */
import { buildAssociationTree, type AssociationRow } from "../slurm/associations";
import { normaliseAssociations } from "../slurm/normalisation";
import { quantileSorted } from "../util/stats";
import type { SiteModel } from "./site";
import type { SiteSettings } from "./site-settings";
import { withAccountShares } from "./site-tree";

/** One job's outcome in a schedule (seconds, any common origin). */
export interface JobOutcome {
  account: string;
  cpus: number;
  eligible: number;
  start: number;
  end: number;
}

/** One account's figures in a schedule. */
export interface AccountStats {
  account: string;
  jobs: number;
  /** CPU·s used. */
  cpuSeconds: number;
  /** Its share of the accounts' usage, in [0, 1]. */
  usageShare: number;
  /** Its share of the machine: the tree's normalised shares over the accounts that ran jobs, in [0, 1]. */
  share: number;
  /** Waits (start − eligible), seconds. */
  medianWait: number;
  p90Wait: number;
  meanWait: number;
  /** Mean bounded slowdown (see the module comment). */
  meanBoundedSlowdown: number;
}

/** The bound of bounded slowdown, seconds: a job shorter than this counts as this long. */
export const SLOWDOWN_BOUND = 10;

/**
 * Each account's normalised share in the tree (Slurm's shares_norm: the product of the
 * sibling-normalised shares up to the root; lib/slurm normaliseAssociations).
 */
export function accountShares(rows: readonly AssociationRow[]): Map<string, number> {
  const tree = buildAssociationTree(rows);
  const norm = normaliseAssociations(tree);
  const out = new Map<string, number>();
  for (const name of tree.order)
    if (name !== tree.root && tree.nodes.get(name)!.kind === "account")
      out.set(name, norm.get(name)!.normShares);
  return out;
}

/** Each account's normalised share in a site's tree under some settings' account shares. */
export function siteShares(site: SiteModel, settings: SiteSettings = site.settings): Map<string, number> {
  return accountShares(withAccountShares(site.tree.rows, settings.accountShares));
}

/**
 * Per-account figures of a schedule, sorted by account name.
 * @param outcomes the jobs that ran
 * @param shares each account's normalised share ({@link accountShares}); an account it lacks has 0
 */
export function accountStats(
  outcomes: readonly JobOutcome[],
  shares: ReadonlyMap<string, number>,
): AccountStats[] {
  const by = new Map<string, JobOutcome[]>();
  for (const o of outcomes) {
    const g = by.get(o.account);
    if (g) g.push(o);
    else by.set(o.account, [o]);
  }
  const names = [...by.keys()].sort();
  const used = names.map((a) => by.get(a)!.reduce((s, o) => s + o.cpus * Math.max(0, o.end - o.start), 0));
  const totalUse = used.reduce((s, u) => s + u, 0);
  const totalShare = names.reduce((s, a) => s + (shares.get(a) ?? 0), 0);
  return names.map((account, k) => {
    const jobs = by.get(account)!;
    const waits = Float64Array.from(jobs, (o) => o.start - o.eligible).sort();
    return {
      account,
      jobs: jobs.length,
      cpuSeconds: used[k],
      usageShare: totalUse > 0 ? used[k] / totalUse : 0,
      share: totalShare > 0 ? (shares.get(account) ?? 0) / totalShare : 0,
      medianWait: quantileSorted(waits, 0.5),
      p90Wait: quantileSorted(waits, 0.9),
      meanWait: waits.reduce((s, w) => s + w, 0) / waits.length,
      meanBoundedSlowdown:
        jobs.reduce(
          (s, o) => s + Math.max(1, (o.end - o.eligible) / Math.max(o.end - o.start, SLOWDOWN_BOUND)),
          0,
        ) / jobs.length,
    };
  });
}

/** Jain's fairness index of values, (Σ x)² / (n · Σ x²); NaN for none, or all 0. */
export function jain(x: readonly number[]): number {
  const sum = x.reduce((s, v) => s + v, 0);
  const sq = x.reduce((s, v) => s + v * v, 0);
  return x.length === 0 || sq === 0 ? NaN : (sum * sum) / (x.length * sq);
}

/** Jain's fairness index of usage against shares over the accounts with a share (see the module comment); NaN without any, or without usage. */
export function jainIndex(stats: readonly Pick<AccountStats, "usageShare" | "share">[]): number {
  return jain(stats.filter((s) => s.share > 0).map((s) => s.usageShare / s.share));
}

/** Jain's index of waits against shares over the accounts with a share, τ seconds added to each median wait (see the module comment). */
export function waitFairness(
  stats: readonly Pick<AccountStats, "medianWait" | "share">[],
  tau: number,
): number {
  return jain(stats.filter((s) => s.share > 0).map((s) => s.share * (s.medianWait + tau)));
}

/** Jain's index of the accounts' mean bounded slowdowns (see the module comment). */
export function slowdownFairness(stats: readonly Pick<AccountStats, "meanBoundedSlowdown">[]): number {
  return jain(stats.map((s) => s.meanBoundedSlowdown));
}

/**
 * CPU utilisation of a schedule over [first eligible, last end]: Σ CPUs × run time / (the machine's
 * CPUs × span), in [0, 1]; NaN for an empty span.
 */
export function utilisationOf(jobs: readonly JobOutcome[], cpus: number): number {
  let t0 = Infinity,
    t1 = -Infinity,
    area = 0;
  for (const j of jobs) {
    t0 = Math.min(t0, j.eligible);
    t1 = Math.max(t1, j.end);
    area += j.cpus * Math.max(0, j.end - j.start);
  }
  return t1 > t0 ? area / (cpus * (t1 - t0)) : NaN;
}
