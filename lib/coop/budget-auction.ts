/**
 * One round of the budget auction (thesis Section 8): pending jobs bid for `capacity` nodes; a
 * job's bid is capped by what its payer has left after its earlier jobs' bids (in the given order),
 * a job that finds nothing left does not bid; the greedy knapsack rule by bid per node (halting or
 * skipping) picks the winners and each pays its critical (Myerson) value. Payments never exceed
 * bids, and bids never exceed budgets, so no budget goes negative.
 */
import { criticalPayments } from "../mechanism/critical-payments";
import { greedyRule } from "../mechanism/greedy";
import { makeInstance } from "../mechanism/instance";

/** A job in a budget auction round. */
export interface BudgetBidder {
  /** Index the caller uses for the job. */
  index: number;
  /** Nodes (positive integer). */
  nodes: number;
  /** The job's bid (its value), currency. */
  bid: number;
  /** Who pays: the user or its coalition. */
  payer: string;
}

/** The winners of a round, what each pays, and the budgets after. */
export interface BudgetRound {
  /** Winning bidders' indices, in input order. */
  winners: number[];
  /** Effective (capped) bid and payment per winner, same order. */
  bids: number[];
  payments: number[];
  /** Budgets after the round: a new map, or the map passed in when no job could bid (nothing changed). */
  budgets: ReadonlyMap<string, number>;
}

/**
 * Runs one round. Bidders are considered in input order for the budget caps.
 * @param rule "greedy" (halt at the first job that does not fit) or "modified" (skip it)
 */
export function budgetAuctionRound(
  bidders: readonly BudgetBidder[],
  budgets: ReadonlyMap<string, number>,
  capacity: number,
  rule: "greedy" | "modified" = "greedy",
): BudgetRound {
  // What each payer has left after its earlier jobs' bids: only payers that bid are stored (the
  // scheduler calls this at every pass, mostly with nobody able to bid; no copy of every budget then).
  const left = new Map<string, number>();
  const cand: BudgetBidder[] = [];
  const bids: number[] = [];
  for (const b of bidders) {
    if (b.nodes > capacity) continue;
    const room = left.has(b.payer) ? left.get(b.payer)! : (budgets.get(b.payer) ?? 0);
    const bid = Math.min(b.bid, room);
    if (!(bid > 0)) continue;
    left.set(b.payer, room - bid);
    cand.push(b);
    bids.push(bid);
  }
  if (cand.length === 0 || capacity <= 0) return { winners: [], bids: [], payments: [], budgets };
  const after = new Map(budgets);
  const out = { winners: [] as number[], bids: [] as number[], payments: [] as number[], budgets: after };
  const auction = greedyRule({ key: "b/w", skip: rule === "modified", fallback: false });
  const inst = makeInstance({ weights: cand.map((c) => c.nodes), bids, capacity });
  const x = auction.allocate(inst);
  const pay = criticalPayments(auction, inst, x);
  for (let i = 0; i < cand.length; i++) {
    if (!x[i]) continue;
    // min() only absorbs rounding: payments never exceed bids, which never exceed the budget.
    const charge = Math.min(pay[i], after.get(cand[i].payer)!);
    after.set(cand[i].payer, after.get(cand[i].payer)! - charge);
    out.winners.push(cand[i].index);
    out.bids.push(bids[i]);
    out.payments.push(charge);
  }
  return out;
}
