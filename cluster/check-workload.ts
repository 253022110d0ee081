/**
 * The small seeded workload the real-Slurm check submits: whole-node jobs (select/linear), time
 * limits of whole minutes, `sleep` run times below the limit (no timeouts), some submitted all at
 * once and the rest in later waves, spread over a few accounts (for the fair-share comparison).
 */
import { invalidArgument } from "../lib/util/errors";
import { createRng } from "../lib/util/rng";

/** One job of the check workload. */
export interface CheckJob {
  /** Name (`--job-name`), j01, j02, … in submission order. */
  name: string;
  /** Seconds after the first submission at which it is submitted (its wave's offset). */
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
  /** Job count. Defaults to 20. */
  jobs?: number;
  /** Cluster size in nodes (largest request). Defaults to 8. */
  clusterNodes?: number;
  /** Wave offsets in seconds; the first wave (offset 0) gets half the jobs, the others share the rest. Defaults to [0, 40, 80]. */
  waves?: number[];
  /** Accounts jobs are spread over (uniformly). Defaults to ["physics", "chem", "bio"]. */
  accounts?: string[];
  /** Shortest and longest sleep, seconds. Defaults to [5, 120]. */
  sleepRange?: [number, number];
  /** Largest request as a fraction of the cluster (nodes 1..ceil(f·N)). Defaults to 0.5. */
  maxWidth?: number;
}

/** A seeded workload: same options → identical jobs. */
export function checkWorkload(options: CheckWorkloadOptions = {}): CheckJob[] {
  const seed = options.seed ?? 1,
    n = options.jobs ?? 20,
    N = options.clusterNodes ?? 8;
  const waves = options.waves ?? [0, 40, 80],
    accounts = options.accounts ?? ["physics", "chem", "bio"];
  const [lo, hi] = options.sleepRange ?? [5, 120];
  const maxWidth = options.maxWidth ?? 0.5;
  if (!Number.isInteger(n) || n < 1 || n > 500) throw invalidArgument("jobs", n, "an integer in 1..500");
  if (!Number.isInteger(N) || N < 1) throw invalidArgument("clusterNodes", N, "a positive integer");
  if (
    waves.length < 1 ||
    waves[0] !== 0 ||
    waves.some((w, i) => !Number.isInteger(w) || (i > 0 && w <= waves[i - 1]))
  ) {
    throw invalidArgument("waves", waves, "increasing integer offsets in seconds starting at 0");
  }
  if (accounts.length < 1 || accounts.some((a) => !/^[a-z][a-z0-9_]*$/.test(a)))
    throw invalidArgument("accounts", accounts, "lower-case account names");
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && 1 <= lo && lo <= hi && hi <= 175))
    throw invalidArgument("sleepRange", [lo, hi], "integers 1 <= lo <= hi <= 175 (seconds)");
  if (!(maxWidth > 0 && maxWidth <= 1)) throw invalidArgument("maxWidth", maxWidth, "a fraction in (0, 1]");
  const rng = createRng(seed);
  const first = waves.length === 1 ? n : Math.ceil(n / 2);
  const widest = Math.max(1, Math.ceil(maxWidth * N));
  const jobs: CheckJob[] = [];
  for (let i = 0; i < n; i++) {
    const wave = i < first ? 0 : 1 + Math.floor(((i - first) * (waves.length - 1)) / (n - first));
    const limitMinutes = rng.int(1, 3);
    const top = Math.min(hi, limitMinutes * 60 - 5);
    // skewed towards short jobs (u²), so the check drains in a few minutes
    const u = rng.next();
    const sleep = Math.max(lo, Math.min(top, lo + Math.floor(u * u * (top - lo + 1))));
    const nodes = 1 + Math.floor(rng.next() ** 1.5 * widest);
    jobs.push({
      name: `j${String(i + 1).padStart(2, "0")}`,
      offset: waves[wave],
      nodes: Math.min(nodes, widest),
      limitMinutes,
      sleep,
      account: accounts[rng.int(0, accounts.length - 1)],
    });
  }
  return jobs;
}
