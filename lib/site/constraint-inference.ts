/**
 * A constraint inferred from where a job ran, for an export that holds none (no Constraints column:
 * sacct before 19.05, or a `--format` without it, and no `-C` on its SubmitLine). A job is read as
 * constrained to features F when
 *
 * 1. every node it ran on has each feature of F, and some node of its partition lacks it;
 * 2. it waited (Start after Eligible) while, throughout its wait, at least as many nodes of its
 *    partition as it ran on stood idle (no job of the export on them) that could each hold its
 *    request per node (CPUs, memory, GPUs) — so something kept it off them;
 * 3. fewer of those idle nodes than it ran on have F: F explains why it could not start on them.
 *
 * F is every feature meeting 1 and 3, joined by `&`. Landing on one kind of node alone is no
 * evidence: Slurm fills nodes in weight and name order (node_scheduler.c), so an unconstrained job
 * often runs on the first kind. Condition 2 can still mislead: a node down or drained during the
 * wait looks idle (sacct does not say), and a job held back by priority (a higher job blocking its
 * partition) looks the same. Each job so inferred is counted by lib/site/site-jobs.ts.
 */
import { expandHostlist } from "../io/hostlist";
import type { SinfoNode } from "../io/sinfo-nodes";
import type { ReqMem } from "../io/slurm-tres";

/** What the rule reads of a job (times epoch seconds). */
export interface InferenceJob {
  nodeList: string;
  partition: string;
  eligible: number;
  start: number;
  nodes: number;
  reqCpus: number;
  reqMemMiB: number;
  reqMem?: ReqMem;
  reqGpus: number;
}

/** When each node was busy: per node, intervals sorted by start with the running latest end. */
class Occupancy {
  private readonly byNode = new Map<string, { starts: number[]; maxEnd: number[] }>();
  constructor(held: readonly { nodeList: string; start: number; end: number }[]) {
    const raw = new Map<string, [number, number][]>();
    for (const h of held) {
      if (!Number.isFinite(h.start) || h.nodeList === "" || h.nodeList === "None assigned") continue;
      const end = Number.isFinite(h.end) ? h.end : Infinity;
      for (const n of expandHostlist(h.nodeList)) {
        const l = raw.get(n) ?? [];
        l.push([h.start, end]);
        raw.set(n, l);
      }
    }
    for (const [n, l] of raw) {
      l.sort((a, b) => a[0] - b[0]);
      let m = -Infinity;
      this.byNode.set(n, { starts: l.map((x) => x[0]), maxEnd: l.map((x) => (m = Math.max(m, x[1]))) });
    }
  }
  /** Whether no interval on `node` overlaps [t0, t1). */
  idle(node: string, t0: number, t1: number): boolean {
    const o = this.byNode.get(node);
    if (!o) return true;
    let lo = 0,
      hi = o.starts.length; // first interval starting at or after t1
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (o.starts[mid] < t1) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 || o.maxEnd[lo - 1] <= t0;
  }
}

/** Whether a node could hold the job's request per node. */
function fits(j: InferenceJob, n: SinfoNode): boolean {
  const k = Math.max(1, j.nodes);
  const cpus = Math.max(1, Math.ceil(j.reqCpus / k));
  const mem =
    j.reqMem?.per === "cpu" ? j.reqMem.mib * cpus : j.reqMem?.per === "node" ? j.reqMem.mib : j.reqMemMiB / k;
  const gpus = n.gres.filter((g) => g.name === "gpu").reduce((s, g) => s + g.count, 0);
  return (
    cpus <= n.cpus &&
    (!Number.isFinite(n.memoryMiB) || !(mem > n.memoryMiB)) &&
    Math.ceil(j.reqGpus / k) <= gpus
  );
}

/**
 * The constraints the rule of the module comment infers.
 * @param jobs every job the replay takes
 * @param candidates indices of the jobs whose constraint the export does not hold
 * @param held every job that held nodes (those still running too: End NaN), for when nodes were busy
 * @param machine the nodes (sinfo -N) with their features and partitions
 * @returns per candidate so read, the `&`-joined features
 */
export function inferredConstraints(
  jobs: readonly InferenceJob[],
  candidates: readonly number[],
  held: readonly { nodeList: string; start: number; end: number }[],
  machine: readonly SinfoNode[],
): Map<number, string> {
  const out = new Map<number, string>();
  const byName = new Map(machine.map((n) => [n.node, n]));
  const occupancy = new Occupancy(held);
  for (const i of candidates) {
    const j = jobs[i];
    if (!(j.start > j.eligible) || j.nodeList === "" || j.nodeList === "None assigned") continue;
    const ran = expandHostlist(j.nodeList).map((n) => byName.get(n));
    if (ran.length === 0 || ran.some((n) => n === undefined)) continue;
    const part = machine.filter((n) => j.partition === "" || n.partitions.includes(j.partition));
    const shared = ran[0]!.features.filter((f) => ran.every((n) => n!.features.includes(f)));
    const restricting = shared.filter((f) => part.some((n) => !n.features.includes(f)));
    if (restricting.length === 0) continue;
    const idle = part.filter((n) => fits(j, n) && occupancy.idle(n.node, j.eligible, j.start));
    if (idle.length < j.nodes) continue;
    const explains = restricting.filter((f) => idle.filter((n) => n.features.includes(f)).length < j.nodes);
    if (explains.length > 0) out.set(i, explains.sort().join("&"));
  }
  return out;
}
