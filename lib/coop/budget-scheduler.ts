/**
 * The budget (currency) scheduler of thesis Section 8, second item: Slurm's usage replaced by a
 * budget. Each payer (a user, or a coalition pooling its members' budgets) receives currency in
 * proportion to its shares every `period` seconds; every scheduling pass is a knapsack auction over
 * the pending jobs with the idle nodes as capacity — the original greedy (halt at the first job
 * that does not fit) or the modified greedy (skip it) by bid per node — and each winner is charged
 * its critical (Myerson) payment against its payer's budget.
 *
 * Budget rule: within a pass a payer's jobs bid, in queue order, at most what the payer has left
 * after its earlier jobs' bids (a job whose bid finds nothing left does not bid). Payments never
 * exceed bids, so a budget never goes negative, and a payer with no budget gets nothing. With
 * infinite budgets every pass is the plain greedy auction.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, keyword } from "../util/options";
import { type BudgetBidder, budgetAuctionRound } from "./budget-auction";
import type { SimJob } from "../sim/job";
import type { Scheduler, SchedulerContext } from "../sim/scheduler";

/** Options of {@link budgetScheduler}. */
export interface BudgetSchedulerOptions {
  /** Shares per user (budgets are split in proportion). Users not listed get `defaultShares`. Defaults to none listed. */
  shares?: ReadonlyMap<string, number>;
  /** Shares of a user not in `shares`. Defaults to 1. */
  defaultShares?: number;
  /** Currency handed out per period over all payers, node·seconds; Infinity = unlimited budgets. Defaults to the machine's capacity per period (W · period). */
  refill?: number;
  /** Refill period, seconds. Defaults to 86,400 (one day). */
  period?: number;
  /** Keep unspent currency at a refill (else budgets are reset). Defaults to false. */
  carryOver?: boolean;
  /** "greedy" (halt at the first job that does not fit) or "modified" (skip it). Defaults to "greedy". */
  rule?: "greedy" | "modified";
  /** A job's bid (its value), currency = node·seconds. Defaults to nodes × limit (the thesis's inexperienced bid w·min). */
  bid?: (job: SimJob) => number;
  /** User → coalition: members pool their budgets and pay from the pool. Defaults to none (every user pays alone). */
  coalitions?: ReadonlyMap<string, string>;
  /** Seconds between scheduling passes when nothing happens. Defaults to 60. */
  interval?: number;
}

/** One charge against a budget. */
export interface BudgetCharge {
  job: string;
  payer: string;
  time: number;
  bid: number;
  payment: number;
}

/** The budget scheduler, with read access to its ledger. */
export interface BudgetScheduler extends Scheduler {
  /** Every charge, in order. */
  charges(): readonly BudgetCharge[];
  /** Current budget per payer. */
  budgets(): ReadonlyMap<string, number>;
  /** The smallest budget any payer has had after a charge (never negative). */
  minBudgetSeen(): number;
}

/**
 * A fresh budget scheduler.
 * @throws `invalid refill: …`, `invalid period: …`, `invalid rule: …`, `invalid shares of <user>: …`
 */
export function budgetScheduler(options: BudgetSchedulerOptions = {}): BudgetScheduler {
  const period = finiteNumber(options.period ?? 86_400, "period", Number.MIN_VALUE);
  const interval = finiteNumber(options.interval ?? 60, "interval", Number.MIN_VALUE);
  const rule = keyword(options.rule ?? "greedy", "rule", ["greedy", "modified"] as const);
  const refillOpt = options.refill;
  if (refillOpt !== undefined && !(refillOpt >= 0))
    throw invalidArgument("refill", refillOpt, "currency >= 0 (node·seconds) or Infinity");
  const defaultShares = finiteNumber(options.defaultShares ?? 1, "defaultShares", 0);
  for (const [u, s] of options.shares ?? [])
    if (!(Number.isFinite(s) && s >= 0)) throw invalidArgument(`shares of ${u}`, s, "a finite number >= 0");
  const bidOf = options.bid ?? ((j: SimJob) => j.nodes * j.limit);
  const payerOf = (user: string) => options.coalitions?.get(user) ?? user;
  const budgets = new Map<string, number>();
  const charges: BudgetCharge[] = [];
  let lastPeriod = -1;
  let minSeen = Infinity;

  const refillAll = (ctx: SchedulerContext, k: number) => {
    const refill = refillOpt ?? ctx.totalNodes * period;
    const payerShares = new Map<string, number>();
    const users = new Set(ctx.jobs.map((j) => j.user));
    for (const u of users)
      payerShares.set(
        payerOf(u),
        (payerShares.get(payerOf(u)) ?? 0) + (options.shares?.get(u) ?? defaultShares),
      );
    const total = [...payerShares.values()].reduce((s, x) => s + x, 0);
    for (const [p, s] of payerShares) {
      const grant = refill === Infinity ? Infinity : total > 0 ? (refill * s) / total : 0;
      budgets.set(p, (options.carryOver && k > 0 ? (budgets.get(p) ?? 0) : 0) + grant);
    }
  };

  return {
    name: `budget (${rule}${refillOpt === Infinity ? ", unlimited" : ""})`,
    timers: [{ kind: "schedule", interval }],
    charges: () => charges,
    budgets: () => budgets,
    minBudgetSeen: () => minSeen,
    run(ctx: SchedulerContext) {
      const k = Math.floor(ctx.now / period);
      if (k > lastPeriod) {
        for (let p = lastPeriod + 1; p <= k; p++) refillAll(ctx, p);
        lastPeriod = k;
      }
      if (ctx.freeNodes <= 0) return;
      const bidders: BudgetBidder[] = [];
      for (const j of ctx.pendingByPriority()) {
        const job = ctx.jobs[j];
        bidders.push({ index: j, nodes: job.nodes, bid: bidOf(job), payer: payerOf(job.user) });
      }
      const round = budgetAuctionRound(bidders, budgets, ctx.freeNodes, rule);
      round.winners.forEach((j, k) => {
        const payer = payerOf(ctx.jobs[j].user);
        budgets.set(payer, round.budgets.get(payer)!);
        minSeen = Math.min(minSeen, round.budgets.get(payer)!);
        charges.push({
          job: ctx.jobs[j].id,
          payer,
          time: ctx.now,
          bid: round.bids[k],
          payment: round.payments[k],
        });
        ctx.start(j);
      });
    },
  };
}
