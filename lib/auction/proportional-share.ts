/**
 * The Proportional Share (PS) auction of seed 004 (Section 3.3.1, Eq. 1): each agent bids one amount
 * of money b and gets as close as possible to the share N·b / Σb of the N servers. Servers are
 * indivisible, so the integer allocation is floor(share) or floor(share) + 1 (always within 1 of the
 * ideal share, summing to N) and the extra servers go to the agents with the largest accumulated
 * deficit (ideal minus allocated, carried from round to round, plus this round's fraction). That is the
 * seed's "time-dependent" rounding: with constant bids the running average allocation converges on the
 * ideal share, because each agent's accumulated deficit stays bounded.
 *
 * Payment: each agent pays its (truncated) bid for the round — the usual proportional-share rule
 * (the price of a server is Σb / N). Bids are truncated to [0, B], B the agent's remaining balance.
 * When every bid is 0 no server is allocated and nobody pays (a documented choice).
 */
import { finiteNumber, integer } from "../util/options";
import { invalidArgument } from "../util/errors";

/** The outcome of one PS round. */
export interface ProportionalShareResult {
  /** Servers allocated to each bidder, in input order. */
  allocation: number[];
  /** The ideal (real-valued) share N·b/Σb of each bidder. */
  ideal: number[];
  /** Payment of each bidder (its truncated bid). */
  payments: number[];
  /** Each bidder's accumulated deficit after this round (ideal − allocated, summed over rounds). */
  deficits: number[];
}

/**
 * Runs one PS round.
 * @param bids each bidder's bid, money units (truncated to [0, balance])
 * @param balances each bidder's remaining balance B, money units
 * @param servers N, the number of servers
 * @param deficits each bidder's accumulated deficit from earlier rounds (0 for a new bidder). Defaults to zeros.
 * @returns allocation, ideal shares, payments and updated deficits (new arrays)
 * @example proportionalShare([1, 1, 1, 1], [5, 5, 5, 5], 15).allocation // [4, 4, 4, 3]
 */
export function proportionalShare(
  bids: readonly number[],
  balances: readonly number[],
  servers: number,
  deficits?: readonly number[],
): ProportionalShareResult {
  integer(servers, "servers", 0);
  if (!Array.isArray(bids)) throw invalidArgument("bids", bids, "an array of numbers");
  if (!Array.isArray(balances) || balances.length !== bids.length) throw invalidArgument("balances", balances, `an array of ${bids.length} numbers`);
  const d = deficits ?? bids.map(() => 0);
  if (!Array.isArray(d) || d.length !== bids.length) throw invalidArgument("deficits", deficits, `an array of ${bids.length} numbers`);
  bids.forEach((b, i) => finiteNumber(b, `bids[${i}]`));
  balances.forEach((b, i) => finiteNumber(b, `balances[${i}]`, 0));
  d.forEach((x, i) => finiteNumber(x, `deficits[${i}]`));
  return _proportionalShare(bids, balances, servers, d);
}

/** {@link proportionalShare} without validation. */
export function _proportionalShare(
  bids: readonly number[],
  balances: readonly number[],
  servers: number,
  deficits: readonly number[],
): ProportionalShareResult {
  const n = bids.length;
  const paid = bids.map((b, i) => Math.min(Math.max(b, 0), balances[i]));
  const total = paid.reduce((s, b) => s + b, 0);
  if (!(total > 0)) {
    return { allocation: new Array(n).fill(0), ideal: new Array(n).fill(0), payments: new Array(n).fill(0), deficits: deficits.slice() };
  }
  const ideal = paid.map((b) => (servers * b) / total);
  const allocation = ideal.map((x) => Math.floor(x + 1e-12));
  let extra = servers - allocation.reduce((s, x) => s + x, 0);
  // Candidates for an extra server: bidders whose ideal share is not an integer, by accumulated deficit.
  const score = ideal.map((x, i) => deficits[i] + x - allocation[i]);
  const order = ideal
    .map((_, i) => i)
    .filter((i) => paid[i] > 0 && ideal[i] - allocation[i] > 1e-12)
    .sort((a, b) => score[b] - score[a] || a - b);
  for (let k = 0; k < order.length && extra > 0; k++, extra--) allocation[order[k]]++;
  // Float noise can leave one extra server when shares are integers up to rounding: give it by deficit.
  for (let k = 0; extra > 0; k++, extra--) {
    const bidders = ideal.map((_, i) => i).filter((i) => paid[i] > 0).sort((a, b) => score[b] - score[a] || a - b);
    allocation[bidders[k % bidders.length]]++;
  }
  return {
    allocation,
    ideal,
    payments: paid,
    deficits: ideal.map((x, i) => deficits[i] + x - allocation[i]),
  };
}
