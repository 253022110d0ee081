/**
 * The pending queue as a plain sort, the oracle the pending queue's property tests compare with
 * (lib/sim/pending-queue.ts): the pending jobs sorted from scratch by priority descending, then
 * submit time ascending, then job index ascending, and a walk over that order that leaves out the
 * jobs started during it and those a test refuses.
 */

/** The pending jobs in queue order, sorted from scratch. */
export function sortedPending(
  pending: Iterable<number>,
  prio: ArrayLike<number>,
  submit: ArrayLike<number>,
): number[] {
  return [...pending].sort((a, b) => prio[b] - prio[a] || submit[a] - submit[b] || a - b);
}

/**
 * Walks `order` (a snapshot taken before the walk) until `visit` returns false, leaving out the
 * jobs `isPending` no longer holds (started during the walk) and those `accept(nodes, limit)`
 * refuses when the walk reaches them.
 */
export function walkSorted(
  order: readonly number[],
  visit: (j: number) => boolean,
  accept: ((nodes: number, limit: number) => boolean) | undefined,
  isPending: (j: number) => boolean,
  nodes: ArrayLike<number>,
  limit: ArrayLike<number>,
): void {
  for (const j of order) {
    if (!isPending(j)) continue;
    if (accept && !accept(nodes[j], limit[j])) continue;
    if (!visit(j)) return;
  }
}
