/**
 * Two predictors a replay must beat before its what-ifs are worth reading, each giving every job of
 * a site a start (seconds from the first eligible time, as lib/site/replay.ts's):
 * - **start = submit** (the null predictor): every job starts when it becomes eligible;
 * - **FCFS on the pool**: the machine as one pool of its CPUs (the nodes' CPUs summed), the jobs in
 *   the site's order (eligible time, then Slurm's tie rule), each starting at the first instant, not
 *   before its eligible time nor before the job ahead of it started, when its CPUs are free, and
 *   holding them for its real run time: no nodes, no memory, no priority, no backfill.
 * Each is judged as a replay is (lib/site/fidelity.ts `fidelityRun`), without jitter.
 */
import type { SiteModel } from "./site";

/** The predictors a replay is set against. */
export const BASELINES = ["start = submit", "FCFS on the pool"] as const;

/** One of {@link BASELINES}. */
export type Baseline = (typeof BASELINES)[number];

/** A baseline's start for each job of the site, in the site's order (seconds from the first eligible time). */
export function baselineStarts(site: SiteModel, baseline: Baseline): Float64Array {
  const jobs = site.jobs;
  let t0 = Infinity;
  for (const j of jobs) t0 = Math.min(t0, j.eligible);
  const starts = new Float64Array(jobs.length);
  if (baseline === "start = submit") {
    jobs.forEach((j, i) => (starts[i] = j.eligible - t0));
    return starts;
  }
  const m = site.machine;
  const pool = m.tres ? m.tres.reduce((s, n) => s + n.cpus, 0) : m.nodes * m.coresPerNode;
  // running jobs as a min-heap of [end, cpus]
  const ends: number[] = [],
    cpus: number[] = [];
  const push = (e: number, c: number) => {
    let k = ends.length;
    ends.push(e);
    cpus.push(c);
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (ends[p] <= ends[k]) break;
      [ends[p], ends[k]] = [ends[k], ends[p]];
      [cpus[p], cpus[k]] = [cpus[k], cpus[p]];
      k = p;
    }
  };
  const pop = () => {
    const e = ends[0],
      c = cpus[0],
      le = ends.pop()!,
      lc = cpus.pop()!;
    if (ends.length > 0) {
      ends[0] = le;
      cpus[0] = lc;
      for (let k = 0; ;) {
        const l = 2 * k + 1,
          r = l + 1;
        let s = k;
        if (l < ends.length && ends[l] < ends[s]) s = l;
        if (r < ends.length && ends[r] < ends[s]) s = r;
        if (s === k) break;
        [ends[s], ends[k]] = [ends[k], ends[s]];
        [cpus[s], cpus[k]] = [cpus[k], cpus[s]];
        k = s;
      }
    }
    return [e, c];
  };
  let free = pool,
    last = 0;
  jobs.forEach((j, i) => {
    const need = Math.min(pool, Math.max(1, j.cpus));
    let t = Math.max(j.eligible - t0, last);
    while (ends.length > 0 && ends[0] <= t) free += pop()[1];
    while (free < need) {
      const [e, c] = pop();
      free += c;
      t = Math.max(t, e);
    }
    starts[i] = t;
    last = t;
    free -= need;
    push(t + Math.min(Math.max(0, j.end - j.start), j.limit), need);
  });
  return starts;
}
