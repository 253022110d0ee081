/**
 * The Proportional Share (PS) auction of seed 004 (Section 3.3.1, Eq. 1): each agent bids one amount
 * of money b and gets as close as possible to the share N·b / Σb of the N servers. Servers are
 * indivisible, so the integer allocation is floor(share) or floor(share) + 1 (always within 1 of the
 * ideal share, summing to N). The extra servers go to the agents with the highest priority, where the
 * priority is the accumulated deficit (ideal minus allocated, carried from round to round, plus this
 * round's fraction) frozen for `period` rounds (seed footnote 4: "extra resources cycled around once
 * every three time steps, to avoid too much thrashing"). That is the seed's "time-dependent"
 * rounding: with constant bids each agent's accumulated deficit stays bounded (by about `period`), so
 * the running average allocation converges on the ideal share.
 *
 * Payment: each agent pays its (truncated) bid for the round — the usual proportional-share rule
 * (the price of a server is Σb / N). Bids are truncated to [0, B], B the agent's remaining balance.
 * When every bid is 0 no server is allocated and nobody pays (a documented choice).
 */

/** The rounding state PS carries from round to round, one entry per bidder. */
export interface ProportionalShareState {
  /** Accumulated deficit (ideal share − allocated, summed over rounds). 0 for a new bidder. */
  deficits: number[];
  /** Priority for extra servers, frozen for a period. NaN for a new bidder (computed at once). */
  priorities: number[];
}

/** The outcome of one PS round. */
export interface ProportionalShareResult extends ProportionalShareState {
  /** Servers allocated to each bidder, in input order. */
  allocation: number[];
  /** The ideal (real-valued) share N·b/Σb of each bidder. */
  ideal: number[];
  /** Payment of each bidder (its truncated bid). */
  payments: number[];
}

/**
 * Runs one PS round (inputs unchecked: the simulator validates a run once).
 * @param bids each bidder's bid, money units (truncated to [0, balance])
 * @param balances each bidder's remaining balance B, money units
 * @param servers N, the number of servers
 * @param deficits, priorities the rounding state carried from the previous round (0 and NaN for a new bidder)
 * @param round the round number t; `period` rounds for which the priority for extra servers is frozen (seed 004: 3)
 * @returns allocation, ideal shares, payments and the updated rounding state (new arrays)
 */
export function _proportionalShare(
  bids: readonly number[],
  balances: readonly number[],
  servers: number,
  deficits: readonly number[],
  priorities: readonly number[],
  round: number,
  period: number,
): ProportionalShareResult {
  const n = bids.length;
  const paid = bids.map((b, i) => Math.min(Math.max(b, 0), balances[i]));
  const total = paid.reduce((s, b) => s + b, 0);
  if (!(total > 0)) {
    const zeros = new Array<number>(n).fill(0);
    return {
      allocation: zeros,
      ideal: zeros.slice(),
      payments: zeros.slice(),
      deficits: deficits.slice(),
      priorities: priorities.slice(),
    };
  }
  const ideal = paid.map((b) => (servers * b) / total);
  const allocation = ideal.map((x) => Math.floor(x + 1e-12));
  let extra = servers - allocation.reduce((s, x) => s + x, 0);
  const refresh = round % period === 0;
  const priority = ideal.map((x, i) =>
    refresh || Number.isNaN(priorities[i]) ? deficits[i] + x - allocation[i] : priorities[i],
  );
  const byPriority = (a: number, b: number) => priority[b] - priority[a] || a - b;
  // Candidates for an extra server: bidders whose ideal share is not an integer, by priority.
  const order = ideal
    .map((_, i) => i)
    .filter((i) => paid[i] > 0 && ideal[i] - allocation[i] > 1e-12)
    .sort(byPriority);
  for (let k = 0; k < order.length && extra > 0; k++, extra--) allocation[order[k]]++;
  // Float noise can leave a server over when shares are integers up to rounding: give it by priority.
  const bidders = ideal
    .map((_, i) => i)
    .filter((i) => paid[i] > 0)
    .sort(byPriority);
  for (let k = 0; extra > 0; k++, extra--) allocation[bidders[k % bidders.length]]++;
  return {
    allocation,
    ideal,
    payments: paid,
    deficits: ideal.map((x, i) => deficits[i] + x - allocation[i]),
    priorities: priority,
  };
}
