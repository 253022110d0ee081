/**
 * Earlier questions of a backfill cycle's map, which only loses free nodes while the cycle runs: a
 * job at least as wide and as long as one asked about before cannot start earlier than that one
 * could, so a new question may begin its search at the latest such answer. One entry per distinct
 * (nodes, duration), its latest answer (answers to one shape only grow), the first `capacity` shapes.
 */
export class AskedBound {
  private readonly entries: number[] = []; // nodes, duration, answer; …
  private n = 0;

  /** @param capacity distinct shapes kept per cycle. Defaults to 64. */
  constructor(private readonly capacity = 64) {}

  /** Forgets every question (a new cycle). */
  clear(): void {
    this.n = 0;
  }

  /** The latest answer to a question no wider and no longer than (nodes, duration), or `from` when later. */
  from(nodes: number, duration: number, from: number): number {
    const E = this.entries;
    let cur = from;
    for (let i = 0; i < 3 * this.n; i += 3)
      if (E[i] <= nodes && E[i + 1] <= duration && E[i + 2] > cur) cur = E[i + 2];
    return cur;
  }

  /** Records the answer to (nodes, duration): a start no exact answer precedes, or Infinity for none. */
  add(nodes: number, duration: number, answer: number): void {
    const E = this.entries;
    for (let i = 0; i < 3 * this.n; i += 3)
      if (E[i] === nodes && E[i + 1] === duration) {
        if (answer > E[i + 2]) E[i + 2] = answer;
        return;
      }
    if (this.n === this.capacity) return;
    const i = 3 * this.n++;
    E[i] = nodes;
    E[i + 1] = duration;
    E[i + 2] = answer;
  }
}
