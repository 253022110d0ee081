/**
 * What held a job back in a replay on a heterogeneous machine (select/cons_tres or cons_res), read
 * from the replay's own state: every other job on the nodes the replay gave it, holding the CPUs,
 * memory and GPUs it asked of each node, over [start, end). A job fits at an instant when enough
 * nodes it may use (its partition's, with its features) each have its CPUs, memory and GPUs free
 * (an exclusive job: the node empty). The binding constraint is the one whose relaxation lets it fit
 * earliest after it became eligible, tried in this order: its GPUs, its memory, its features, its
 * partition (the whole machine); when none does, the CPUs themselves were busy. When the job fits
 * before the replay starts it (by more than the tolerance), nothing it asked held it: other jobs
 * went first (priority, or a reservation Slurm's backfill made for a higher-priority job).
 */
import type { SimJob } from "../sim/job";
import { type TresNode, constraintTest } from "../sim/tres";
import type { Replay } from "./replay";

/** What held a job back (see the module comment). */
export type BindingConstraint = "GPUs" | "memory" | "features" | "partition" | "CPUs" | "priority";

/** Each node's use over time by the other jobs of a replay: per node, [start, end, cpus, mem, gpus, exclusive]. */
type Use = [number, number, number, number, number, boolean];

/** The node indices of a hostlist of the simulator's names n1..nW. */
function indices(list: string | null): number[] {
  if (!list) return [];
  const out: number[] = [];
  const m = /^n(?:\[(.*)\]|(\d+))$/.exec(list);
  if (!m) return out;
  for (const part of (m[1] ?? m[2]).split(",")) {
    const [a, b] = part.split("-").map(Number);
    for (let k = a; k <= (b ?? a); k++) out.push(k - 1);
  }
  return out;
}

/** Memory a job asks of a node where it is given `cpus` CPUs (per node, or per CPU). */
const memOf = (j: SimJob, cpus: number) =>
  j.tres!.memPerCpuMiB ? j.tres!.memPerCpuMiB * cpus : j.tres!.memPerNodeMiB;

/**
 * The binding constraint of job `k` of a replay on `machine` (see the module comment), and the first
 * instant it fits with every constraint (seconds, the replay's clock).
 * @param tolerance seconds (a bf_interval)
 */
export function bindingConstraint(
  replay: Replay,
  k: number,
  machine: readonly TresNode[],
  tolerance: number,
): { constraint: BindingConstraint; firstFit: number } {
  const result = replay.simulation.result;
  const job = result.jobs[k];
  const t = job.tres!;
  const uses: Use[][] = machine.map(() => []);
  result.jobs.forEach((o, i) => {
    if (i === k || !o.tres || !(result.end[i] > result.start[i])) return;
    for (const n of indices(result.nodeLists[i])) {
      const cpus = o.tres.exclusive ? machine[n].cpus : o.tres.cpusPerNode;
      uses[n].push([
        result.start[i],
        result.end[i],
        cpus,
        memOf(o, cpus),
        o.tres.gpusPerNode,
        o.tres.exclusive,
      ]);
    }
  });
  const eligible = replay.jobs[k].eligible,
    start = replay.jobs[k].start;
  // the instants the use changes, from the job's eligible time to its start
  const instants = new Set<number>([eligible]);
  for (const list of uses)
    for (const [s, e] of list) for (const x of [s, e]) if (x > eligible && x < start) instants.add(x);
  const times = [...instants].sort((a, b) => a - b);
  const features = constraintTest(t.constraint);
  const fits = (at: number, relax: BindingConstraint | "") => {
    let count = 0;
    for (let n = 0; n < machine.length && count < job.nodes; n++) {
      const node = machine[n];
      if (relax !== "partition" && job.partition !== "" && !node.partitions.includes(job.partition)) continue;
      if (relax !== "features" && relax !== "partition" && !features(node.features)) continue;
      let cpus = 0,
        mem = 0,
        gpus = 0,
        jobs = 0,
        whole = false;
      for (const [s, e, c, m, g, x] of uses[n])
        if (s <= at && at < e) {
          cpus += c;
          mem += m;
          gpus += g;
          jobs++;
          whole ||= x;
        }
      if (whole || (t.exclusive && jobs > 0) || node.cpus - cpus < t.cpusPerNode) continue;
      if (relax !== "memory" && node.memoryMiB > 0 && node.memoryMiB - mem < memOf(job, t.cpusPerNode))
        continue;
      if (relax !== "GPUs" && node.gpus - gpus < t.gpusPerNode) continue;
      count++;
    }
    return count >= job.nodes;
  };
  const first = (relax: BindingConstraint | "") => times.find((x) => fits(x, relax)) ?? start;
  const firstFit = first("");
  if (firstFit < start - tolerance) return { constraint: "priority", firstFit };
  let best: BindingConstraint = "CPUs",
    when = start - tolerance;
  for (const c of ["GPUs", "memory", "features", "partition"] as const) {
    const x = first(c);
    if (x < when) {
      best = c;
      when = x;
    }
  }
  return { constraint: best, firstFit };
}
