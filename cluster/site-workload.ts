/**
 * A small site for the your-cluster recordings: four accounts of unequal shares, ten users of
 * skewed activity (the busiest user sits in the account with the fewest shares, so fair share has
 * something to undo), and a seeded stream of whole-node jobs of seconds that overloads the cluster
 * enough for the queue's order to matter.
 */
import { invalidArgument } from "../lib/util/errors";
import { createRng } from "../lib/util/rng";

/** One account of the site and its users, each with its share of the submissions. */
export interface SiteAccount {
  name: string;
  /** Fairshare (sacctmgr's shares) under root. */
  fairshare: number;
  users: readonly { user: string; activity: number }[];
}

/** The site's accounts: shares 4 : 3 : 2 : 1, activity (share of jobs) 0.18 : 0.22 : 0.2 : 0.4. */
export const SITE_ACCOUNTS: readonly SiteAccount[] = Object.freeze([
  {
    name: "astro",
    fairshare: 40,
    users: [
      { user: "sgastro1", activity: 0.1 },
      { user: "sgastro2", activity: 0.05 },
      { user: "sgastro3", activity: 0.03 },
    ],
  },
  {
    name: "bio",
    fairshare: 30,
    users: [
      { user: "sgbio1", activity: 0.12 },
      { user: "sgbio2", activity: 0.06 },
      { user: "sgbio3", activity: 0.04 },
    ],
  },
  {
    name: "chem",
    fairshare: 20,
    users: [
      { user: "sgchem1", activity: 0.14 },
      { user: "sgchem2", activity: 0.06 },
    ],
  },
  {
    name: "physics",
    fairshare: 10,
    users: [
      { user: "sgphys1", activity: 0.32 },
      { user: "sgphys2", activity: 0.08 },
    ],
  },
]);

/** One job of the site workload. */
export interface SiteJob {
  /** Name (`--job-name`), s001, s002, … in submission order. */
  name: string;
  /** Seconds after the first submission at which it is submitted (millisecond resolution). */
  offset: number;
  user: string;
  account: string;
  /** Whole nodes (`-N`, `--exclusive`). */
  nodes: number;
  /** Time limit, minutes (`--time`). */
  limitMinutes: number;
  /** `sleep` duration, seconds (under the limit). */
  sleep: number;
}

/** Options of {@link siteWorkload}. */
export interface SiteWorkloadOptions {
  /** Seed. Defaults to 1. */
  seed?: number;
  /** Job count. Defaults to 240. */
  jobs?: number;
  /** Cluster size, nodes (the widest request). Defaults to 8. */
  clusterNodes?: number;
  /** Mean gap between submissions, seconds. Defaults to 0.6. */
  meanGap?: number;
}

/** A seeded site workload: the same options give the same jobs. */
export function siteWorkload(options: SiteWorkloadOptions = {}): SiteJob[] {
  const seed = options.seed ?? 1,
    n = options.jobs ?? 240,
    N = options.clusterNodes ?? 8,
    gap = options.meanGap ?? 0.6;
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw invalidArgument("jobs", n, "an integer in 1..1000");
  if (!Number.isInteger(N) || N < 1) throw invalidArgument("clusterNodes", N, "a positive integer");
  if (!(gap > 0 && gap <= 60)) throw invalidArgument("meanGap", gap, "seconds in (0, 60]");
  const users = SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => ({ ...u, account: a.name })));
  const rng = createRng(seed);
  const jobs: SiteJob[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) at += rng.exponential(gap);
    let u = rng.next(),
      k = 0;
    while (k < users.length - 1 && u >= users[k].activity) u -= users[k++].activity;
    const w = rng.next(),
      s = rng.next();
    jobs.push({
      name: `s${String(i + 1).padStart(3, "0")}`,
      offset: Math.round(at * 1000) / 1000,
      user: users[k].user,
      account: users[k].account,
      nodes: Math.min(N, 1 + Math.floor(w ** 3 * N)),
      limitMinutes: rng.int(1, 3),
      sleep: 1 + Math.floor(s ** 2 * 6),
    });
  }
  return jobs;
}
