/**
 * The seeded workload the real-Slurm check submits: jobs of seconds that arrive one by one over a
 * span (exponential gaps), whole-node widths from 1 to the cluster skewed to narrow ones
 * (select/linear), `sleep` run times skewed to short ones and time limits of 1–3 minutes (the
 * smallest Slurm takes), so every job ends long before its limit, spread uniformly over accounts.
 */
import { invalidArgument } from "../lib/util/errors";
import { createRng } from "../lib/util/rng";

/** One job of the check workload. */
export interface CheckJob {
  /** Name (`--job-name`), j001, j002, … in submission order. */
  name: string;
  /** Seconds after the first submission at which it is submitted (millisecond resolution). */
  offset: number;
  /** Whole nodes requested (`-N`). */
  nodes: number;
  /** Time limit, minutes (`--time`). */
  limitMinutes: number;
  /** `sleep` duration, seconds (< limit). */
  sleep: number;
  /** Account (`--account`). */
  account: string;
}

/** Options of {@link checkWorkload}. */
export interface CheckWorkloadOptions {
  /** Seed of the generator. Defaults to 1. */
  seed?: number;
  /** Job count. Defaults to 200. */
  jobs?: number;
  /** Cluster size in nodes (widest request). Defaults to 8. */
  clusterNodes?: number;
  /** Mean gap between two submissions, seconds. Defaults to 0.4. */
  meanGap?: number;
  /** Accounts jobs are spread over (uniformly). Defaults to ["physics", "chem", "bio"]. */
  accounts?: string[];
  /** Shortest and longest sleep, seconds. Defaults to [1, 4]. */
  sleepRange?: [number, number];
}

/** A seeded workload: same options → identical jobs. */
export function checkWorkload(options: CheckWorkloadOptions = {}): CheckJob[] {
  const seed = options.seed ?? 1,
    n = options.jobs ?? 200,
    N = options.clusterNodes ?? 8,
    gap = options.meanGap ?? 0.4;
  const accounts = options.accounts ?? ["physics", "chem", "bio"];
  const [lo, hi] = options.sleepRange ?? [1, 4];
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw invalidArgument("jobs", n, "an integer in 1..1000");
  if (!Number.isInteger(N) || N < 1) throw invalidArgument("clusterNodes", N, "a positive integer");
  if (!(gap >= 0 && gap <= 60)) throw invalidArgument("meanGap", gap, "seconds in [0, 60]");
  if (accounts.length < 1 || accounts.some((a) => !/^[a-z][a-z0-9_]*$/.test(a)))
    throw invalidArgument("accounts", accounts, "lower-case account names");
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && 1 <= lo && lo <= hi && hi <= 55))
    throw invalidArgument(
      "sleepRange",
      [lo, hi],
      "integers 1 <= lo <= hi <= 55 (seconds, under a 1-minute limit)",
    );
  const rng = createRng(seed);
  const jobs: CheckJob[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) at += rng.exponential(gap);
    const u = rng.next(),
      v = rng.next();
    jobs.push({
      name: `j${String(i + 1).padStart(3, "0")}`,
      offset: Math.round(at * 1000) / 1000,
      nodes: Math.min(N, 1 + Math.floor(v ** 5 * N)),
      limitMinutes: rng.int(1, 3),
      sleep: lo + Math.floor(u ** 3 * (hi - lo + 1)),
      account: accounts[rng.int(0, accounts.length - 1)],
    });
  }
  return jobs;
}
