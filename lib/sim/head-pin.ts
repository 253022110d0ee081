/**
 * The thesis's BF_MOD / BF_UNMOD distinction (Section 3.2, after [2]): under BF_MOD the reservation
 * goes to whichever job is first in the queue at each scheduling event; under BF_UNMOD the job that
 * first got the reservation keeps the head until it starts, even if a higher-priority job arrives.
 */

/** "mod" = BF_MOD (re-plan for the current top job), "unmod" = BF_UNMOD (keep the reserved head). */
export type HeadMode = "mod" | "unmod";

/** Keeps the pinned head job of BF_UNMOD. */
export class HeadPin {
  private pinned = -1;

  constructor(readonly mode: HeadMode) {}

  /** The queue with the pinned job (if still pending) moved to the front. */
  order(queue: readonly number[], isPending: (j: number) => boolean): readonly number[] {
    if (this.mode === "mod" || this.pinned < 0) return queue;
    if (!isPending(this.pinned)) {
      this.pinned = -1;
      return queue;
    }
    if (queue[0] === this.pinned) return queue;
    const out = [this.pinned];
    for (const j of queue) if (j !== this.pinned) out.push(j);
    return out;
  }

  /** The pinned job if it is still pending, else -1 (the job `order` moves to the front). */
  pendingHead(isPending: (j: number) => boolean): number {
    if (this.mode === "mod" || this.pinned < 0) return -1;
    if (!isPending(this.pinned)) this.pinned = -1;
    return this.pinned;
  }

  /** Records the job that got the head reservation (BF_UNMOD keeps the first one). */
  reserve(job: number): void {
    if (this.mode === "unmod" && this.pinned < 0) this.pinned = job;
  }
}
