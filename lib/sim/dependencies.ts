/**
 * Job dependencies with Slurm's `afterok` semantics (thesis §3.2: Autosubmit sends a job to the
 * scheduler once every job before it in the experiment's DAG has COMPLETED). A job listing
 * predecessors (`SimJob.dependsOn`) is eligible at max(its submit, its last predecessor's end), once
 * every predecessor completed within its time limit; until then the scheduler does not see it. A
 * predecessor killed at its limit (runtime > limit), refused at submit, or itself never eligible
 * makes the job never eligible: Slurm leaves it pending with reason DependencyNeverSatisfied; the
 * simulator reports it among the result's `rejected` jobs with that reason.
 */
import { invalidArgument } from "../util/errors";
import type { SimJob } from "./job";

/** The reason reported for a job whose predecessor did not complete (Slurm's pending reason). */
export const DEPENDENCY_NEVER_SATISFIED = "DependencyNeverSatisfied";

/**
 * Each job's predecessors as job indices, or undefined when no job lists any. Throws naming
 * `jobs[i].dependsOn` for an unknown id, a self-dependency or a cycle.
 * @param jobs the workload (ids unique)
 */
export function dependencyIndices(jobs: readonly SimJob[]): number[][] | undefined {
  if (!jobs.some((j) => j.dependsOn !== undefined && j.dependsOn.length > 0)) return undefined;
  const index = new Map(jobs.map((j, i) => [j.id, i]));
  const preds = jobs.map((job, i) =>
    (job.dependsOn ?? []).map((id) => {
      const p = index.get(id);
      if (p === undefined)
        throw invalidArgument(
          `jobs[${i}].dependsOn`,
          job.dependsOn,
          `ids of jobs in the workload (no ${id})`,
        );
      if (p === i)
        throw invalidArgument(`jobs[${i}].dependsOn`, job.dependsOn, `no dependency of ${id} on itself`);
      return p;
    }),
  );
  const cycle = findCycle(preds);
  if (cycle) {
    const path = cycle.map((k) => jobs[k].id).join(" → ");
    throw invalidArgument(`jobs[${cycle[0]}].dependsOn`, jobs[cycle[0]].dependsOn, `no cycle (${path})`);
  }
  return preds;
}

// a cycle as job indices (first = last) or undefined; iterative depth-first search
function findCycle(preds: readonly number[][]): number[] | undefined {
  const colour = new Uint8Array(preds.length); // 0 new, 1 on the stack, 2 done
  const parent = new Int32Array(preds.length).fill(-1);
  for (let root = 0; root < preds.length; root++) {
    if (colour[root]) continue;
    const stack: [number, number][] = [[root, 0]];
    colour[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [v, k] = top;
      if (k === preds[v].length) {
        colour[v] = 2;
        stack.pop();
        continue;
      }
      top[1]++;
      const p = preds[v][k];
      if (colour[p] === 1) {
        const path = [p, v];
        for (let u = v; u !== p;) path.push((u = parent[u]));
        return path.reverse();
      }
      if (colour[p] === 0) {
        colour[p] = 1;
        parent[p] = v;
        stack.push([p, 0]);
      }
    }
  }
  return undefined;
}

/** What becomes of a job at its submit. */
export type SubmitStatus = "eligible" | "held" | "never";

/** The engine's dependency bookkeeping for one run (see the module comment). */
export class DependencyTracker {
  /** Eligible time per job, seconds (NaN until eligible). */
  readonly eligible: Float64Array;
  private readonly waiting: Int32Array; // predecessors not yet completed
  private readonly successors: number[][];
  private readonly submitted: Uint8Array;
  private readonly never: Uint8Array;

  /** @param preds each job's predecessors ({@link dependencyIndices}) */
  constructor(preds: readonly number[][]) {
    const n = preds.length;
    this.eligible = new Float64Array(n).fill(NaN);
    this.waiting = new Int32Array(n);
    this.successors = preds.map(() => []);
    this.submitted = new Uint8Array(n);
    this.never = new Uint8Array(n);
    preds.forEach((ps, j) => {
      this.waiting[j] = ps.length;
      for (const p of ps) this.successors[p].push(j);
    });
  }

  /** Job j is submitted at `now`: eligible now, held for its predecessors, or never eligible. */
  submit(j: number, now: number): SubmitStatus {
    this.submitted[j] = 1;
    if (this.never[j]) return "never";
    if (this.waiting[j] > 0) return "held";
    this.eligible[j] = now;
    return "eligible";
  }

  /**
   * Job j ended at `now`, completed or killed at its limit: appends the submitted jobs this makes
   * eligible to `released` and those it makes never eligible to `lost`.
   */
  ended(j: number, now: number, completed: boolean, released: number[], lost: number[]): void {
    if (!completed) return this.failed(j, lost);
    for (const s of this.successors[j]) {
      if (--this.waiting[s] === 0 && this.submitted[s] && !this.never[s]) {
        this.eligible[s] = now;
        released.push(s);
      }
    }
  }

  /** Job j will never complete (refused, or never eligible): appends its submitted dependants, transitively, to `lost`. */
  failed(j: number, lost: number[]): void {
    const stack = [j];
    while (stack.length > 0) {
      for (const s of this.successors[stack.pop()!]) {
        if (this.never[s]) continue;
        this.never[s] = 1;
        if (this.submitted[s]) lost.push(s);
        stack.push(s);
      }
    }
  }
}
