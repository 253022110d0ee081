/**
 * Which running job holds each node, for select/linear's will-run candidates: the nodes of a free
 * set that are idle now or held by the running jobs that first make up a job's count, in order of
 * planned end. The free set is cut into pieces (idle, or one job's run) in one pass over its runs,
 * so the walk over running jobs reads a count per job instead of searching the set per job.
 */
import type { NodeRuns } from "./node-runs";

/** Node owners (per node: holding job and the end of its run there) and the scratch of one candidate pass. */
export class NodeOwners {
  private owner = new Int32Array(0); // per node: the job holding it (read only where not idle)
  private runEnd = new Int32Array(0); // per node: the end of that job's run holding it
  private count = new Int32Array(0); // per job: its nodes in the free set, −1 once walked
  private seen = new Uint32Array(0); // per job: `stamp` when `count` is this pass's
  private stamp = 0;
  // the free set's pieces, by first node: first node, length, owning job (−1 idle)
  private readonly pf: number[] = [];
  private readonly pl: number[] = [];
  private readonly po: number[] = [];

  /** Records that job j holds the nodes of `pairs` (first node, length, …) on a cluster of `size` nodes. */
  hold(j: number, pairs: readonly number[], size: number): void {
    if (this.owner.length < size) {
      this.owner = new Int32Array(size);
      this.runEnd = new Int32Array(size);
    }
    for (let k = 0; k < pairs.length; k += 2) {
      const a = pairs[k],
        e = a + pairs[k + 1];
      for (let v = a; v < e; v++) {
        this.owner[v] = j;
        this.runEnd[v] = e;
      }
    }
  }

  /**
   * Makes `out` the nodes of `free` that are idle, plus those of the running jobs in `order` up to
   * the one at which the count reaches `need` (all of them when it never does; none when the idle
   * ones suffice). Every node of `free` is idle or held by a job in `order`.
   * @param jobs the number of jobs (indices in `order` are below it)
   */
  candidates(
    free: NodeRuns,
    idle: NodeRuns,
    order: readonly number[],
    need: number,
    jobs: number,
    out: NodeRuns,
  ): NodeRuns {
    if (this.seen.length < jobs) {
      this.count = new Int32Array(jobs);
      this.seen = new Uint32Array(jobs);
    }
    if (++this.stamp === 0xffffffff) this.seen.fill((this.stamp = 0));
    const st = this.stamp,
      count = this.count,
      seen = this.seen,
      PF = this.pf,
      PL = this.pl,
      PO = this.po;
    const n = this.pieces(free, idle);
    let have = 0;
    for (let q = 0; q < n; q++) {
      const o = PO[q];
      if (o < 0) have += PL[q];
      else if (seen[o] !== st) {
        seen[o] = st;
        count[o] = PL[q];
      } else count[o] += PL[q];
    }
    if (have < need)
      for (let k = 0; k < order.length; k++) {
        const r = order[k];
        if (seen[r] !== st) continue;
        have += count[r];
        count[r] = -1;
        if (have >= need) break;
      }
    out.clear();
    for (let q = 0; q < n; q++) {
      const o = PO[q];
      if (o >= 0 && count[o] >= 0) continue;
      out.append(PF[q], PL[q]);
    }
    return out;
  }

  // cuts `free` into pieces that are idle or lie in one job's run; returns how many
  private pieces(free: NodeRuns, idle: NodeRuns): number {
    const FF = free.first,
      FL = free.len,
      IF = idle.first,
      IL = idle.len,
      PF = this.pf,
      PL = this.pl,
      PO = this.po;
    let n = 0,
      p = 0;
    for (let i = 0; i < free.size; i++) {
      const e = FF[i] + FL[i];
      for (let v = FF[i]; v < e;) {
        while (p < idle.size && IF[p] + IL[p] <= v) p++;
        let end: number, o: number;
        if (p < idle.size && IF[p] <= v) {
          o = -1;
          end = IF[p] + IL[p];
        } else {
          o = this.owner[v];
          end = this.runEnd[v];
        }
        if (end > e) end = e;
        PF[n] = v;
        PL[n] = end - v;
        PO[n++] = o;
        v = end;
      }
    }
    return n;
  }
}
