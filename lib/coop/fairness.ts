/**
 * Per-user fairness of a schedule: each user's share of the node-seconds delivered beside the share
 * it is entitled to (its shares over the shares of the users present), their ratio, and Jain's
 * index J = (Σ r)² / (n · Σ r²) of the ratios (1 = every user got exactly its entitlement).
 */
import { invalidArgument } from "../util/errors";
import type { SimResult } from "../sim/sim-result";

/** One user's entitlement and delivery. */
export interface UserFairnessRow {
  user: string;
  /** Entitled share of the node-seconds (its shares / all present users' shares). */
  entitled: number;
  /** Delivered share: its jobs' nodes × run time over everyone's. */
  received: number;
  /** received / entitled. */
  ratio: number;
}

/** Jain's index of non-negative values: (Σx)² / (n·Σx²); 1 when all are equal; NaN for none. */
export function jainIndex(values: readonly number[]): number {
  if (values.some((v) => !(v >= 0)))
    throw invalidArgument(
      "values",
      values.find((v) => !(v >= 0)),
      "non-negative numbers",
    );
  const n = values.length;
  const s = values.reduce((a, b) => a + b, 0);
  const q = values.reduce((a, b) => a + b * b, 0);
  return n === 0 ? NaN : q === 0 ? 1 : (s * s) / (n * q);
}

/**
 * Entitled and received shares per user (users sorted by name), and Jain's index of the ratios.
 * Over a whole replayed trace every job eventually runs, so the delivered shares are the same for
 * any scheduler: pass a `window` [from, to) (seconds) to measure what each user received while
 * the machine was contended. Users count when they submitted before the window's end.
 * @param shares shares per user; users not listed get 1
 */
export function userFairness(
  result: SimResult,
  shares?: ReadonlyMap<string, number>,
  window?: [number, number],
): { rows: UserFairnessRow[]; jain: number } {
  const work = new Map<string, number>();
  const [w0, w1] = window ?? [-Infinity, Infinity];
  result.jobs.forEach((j, i) => {
    if (j.submit >= w1) return;
    const run = Number.isNaN(result.start[i])
      ? 0
      : Math.max(0, Math.min(result.end[i], w1) - Math.max(result.start[i], w0));
    work.set(j.user, (work.get(j.user) ?? 0) + j.nodes * run);
  });
  const users = [...work.keys()].sort();
  const totalShares = users.reduce((s, u) => s + (shares?.get(u) ?? 1), 0);
  const totalWork = users.reduce((s, u) => s + work.get(u)!, 0);
  const rows = users.map((user) => {
    const entitled = (shares?.get(user) ?? 1) / totalShares;
    const received = totalWork > 0 ? work.get(user)! / totalWork : 0;
    return { user, entitled, received, ratio: entitled > 0 ? received / entitled : NaN };
  });
  return { rows, jain: jainIndex(rows.filter((r) => Number.isFinite(r.ratio)).map((r) => r.ratio)) };
}
