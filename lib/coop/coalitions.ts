/**
 * Coalitions in the budget auction (thesis Section 8, "a mapping of users to coalitions"): members
 * of a coalition pool their budgets and bid from the pool, in one auction round. A user's utility is
 * Σ (value − payment) over its winning jobs; a coalition's is its members' sum. The characteristic
 * function v(S) is S's utility when S pools and everybody else bids alone. The grand coalition is
 * stable (in the core) when its payoff vector x (each member's utility in it) gives every coalition
 * at least what it could get alone: Σ_{i∈S} x_i ≥ v(S) for all S — checked by enumeration for small
 * games and by sampling coalitions for large ones.
 */
import { invalidArgument } from "../util/errors";
import { integer, keyword } from "../util/options";
import type { Rng } from "../util/rng";
import { budgetAuctionRound } from "./budget-auction";

/** A job of the round. */
export interface RoundJob {
  user: string;
  nodes: number;
  /** Value (the truthful bid), currency. */
  value: number;
}

/** Options of a coalition game. */
export interface CoalitionGameOptions {
  /** Nodes on offer. */
  capacity: number;
  /** Each user's budget, currency. */
  budgets: ReadonlyMap<string, number>;
  /** Greedy rule. Defaults to "greedy". */
  rule?: "greedy" | "modified";
}

/** Per-user and per-coalition utilities under a mapping user → coalition. */
export function coalitionPayoffs(
  jobs: readonly RoundJob[],
  coalitionOf: ReadonlyMap<string, string>,
  options: CoalitionGameOptions,
): { users: Map<string, number>; coalitions: Map<string, number>; paid: number; won: number } {
  const payer = (u: string) => coalitionOf.get(u) ?? u;
  const pooled = new Map<string, number>();
  for (const [u, b] of options.budgets) pooled.set(payer(u), (pooled.get(payer(u)) ?? 0) + b);
  const order = jobs
    .map((j, index) => ({ j, index }))
    .sort((a, b) => b.j.value / b.j.nodes - a.j.value / a.j.nodes || a.index - b.index);
  const round = budgetAuctionRound(
    order.map(({ j, index }) => ({ index, nodes: j.nodes, bid: j.value, payer: payer(j.user) })),
    pooled,
    options.capacity,
    options.rule ?? "greedy",
  );
  const users = new Map<string, number>([...options.budgets.keys()].map((u) => [u, 0]));
  round.winners.forEach((i, k) =>
    users.set(jobs[i].user, (users.get(jobs[i].user) ?? 0) + jobs[i].value - round.payments[k]),
  );
  const coalitions = new Map<string, number>();
  for (const [u, x] of users) coalitions.set(payer(u), (coalitions.get(payer(u)) ?? 0) + x);
  return { users, coalitions, paid: round.payments.reduce((a, p) => a + p, 0), won: round.winners.length };
}

/** v(S): the utility of the members of S when S pools its budgets and every other user bids alone. */
export function coalitionValue(
  jobs: readonly RoundJob[],
  members: readonly string[],
  options: CoalitionGameOptions,
): number {
  const map = new Map(members.map((u) => [u, "S"]));
  return coalitionPayoffs(jobs, map, options).coalitions.get("S") ?? 0;
}

/** A coalition that would rather leave the grand coalition. */
export interface CoreViolation {
  members: string[];
  value: number;
  payoff: number;
}

/** The result of a core check of the grand coalition. */
export interface CoreCheck {
  /** Each user's utility in the grand coalition. */
  grand: Map<string, number>;
  /** v(N) and the sum of the users' utilities when nobody cooperates. */
  grandValue: number;
  aloneValue: number;
  method: "enumeration" | "sampling";
  /** Coalitions checked (proper, non-empty). */
  checked: number;
  violations: CoreViolation[];
}

/**
 * Checks whether the grand coalition is in the core: every proper coalition when there are at most
 * `maxEnumerate` users, else `samples` random coalitions (each user in with probability ½).
 * @throws `invalid users: …` when fewer than 2
 */
export function coreCheck(
  jobs: readonly RoundJob[],
  options: CoalitionGameOptions & { maxEnumerate?: number; samples?: number; rng?: Rng },
): CoreCheck {
  const users = [...options.budgets.keys()].sort();
  if (users.length < 2) throw invalidArgument("users", users.length, "at least 2 users with budgets");
  const maxEnum = integer(options.maxEnumerate ?? 12, "maxEnumerate", 1, 20);
  keyword(options.rule ?? "greedy", "rule", ["greedy", "modified"] as const);
  const everyone = new Map(users.map((u) => [u, "N"]));
  const grand = coalitionPayoffs(jobs, everyone, options).users;
  const alone = coalitionPayoffs(jobs, new Map(), options).users;
  const subsets: string[][] = [];
  let method: CoreCheck["method"] = "enumeration";
  if (users.length <= maxEnum) {
    for (let m = 1; m < 2 ** users.length - 1; m++) subsets.push(users.filter((_, i) => (m >> i) & 1));
  } else {
    method = "sampling";
    if (!options.rng) throw invalidArgument("rng", options.rng, "a seeded Rng for sampling coalitions");
    const n = integer(options.samples ?? 500, "samples", 1);
    for (let k = 0; k < n; k++) {
      const s = users.filter(() => options.rng!.next() < 0.5);
      if (s.length > 0 && s.length < users.length) subsets.push(s);
    }
  }
  const violations: CoreViolation[] = [];
  for (const s of subsets) {
    const value = coalitionValue(jobs, s, options);
    const payoff = s.reduce((a, u) => a + grand.get(u)!, 0);
    if (value > payoff + 1e-9 * Math.max(1, Math.abs(value))) violations.push({ members: s, value, payoff });
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    grand,
    grandValue: sum(grand),
    aloneValue: sum(alone),
    method,
    checked: subsets.length,
    violations,
  };
}

/**
 * One auction round from a replayed workload: the jobs submitted in the first `hours`, valued at
 * nodes × limit (node·seconds), restricted to the `users` users with the largest total value when
 * given; every user's budget is an equal part of `budgetShare` × the round's total value.
 */
export function coalitionRound(
  jobs: readonly { user: string; nodes: number; limit: number; submit: number }[],
  options: { hours: number; budgetShare: number; users?: number },
): { jobs: RoundJob[]; budgets: Map<string, number> } {
  const t0 = Math.min(...jobs.map((j) => j.submit));
  let round = jobs
    .filter((j) => j.submit < t0 + options.hours * 3600)
    .map((j) => ({ user: j.user, nodes: j.nodes, value: j.nodes * j.limit }));
  if (options.users !== undefined) {
    const demand = new Map<string, number>();
    for (const j of round) demand.set(j.user, (demand.get(j.user) ?? 0) + j.value);
    const keep = new Set(
      [...demand.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, integer(options.users, "users", 2))
        .map(([u]) => u),
    );
    round = round.filter((j) => keep.has(j.user));
  }
  if (round.length === 0) throw invalidArgument("hours", options.hours, "a window with at least one job");
  const users = [...new Set(round.map((j) => j.user))].sort();
  const total = round.reduce((s, j) => s + j.value, 0);
  return {
    jobs: round,
    budgets: new Map(users.map((u) => [u, (options.budgetShare * total) / users.length])),
  };
}
