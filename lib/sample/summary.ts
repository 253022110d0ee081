/** One summary row per sample (and for the source table): sizes, nodes, planned-time mix. */
import type { JobRecord } from "../io/job-record";
import { mean, quantileSorted } from "../util/stats";

/** Summary of one job list. */
export interface SampleSummaryRow {
  name: string;
  jobs: number;
  nodes: number;
  medianNodes: number;
  meanMinutes: number;
  meanRtime: number;
  meanQtime: number;
  /** Share of jobs with 40 planned minutes. */
  share40min: number;
  /** Most common planned minutes (ties: the smaller). */
  modalMinutes: number;
}

/** Summarises a job list. */
export function summariseJobs(name: string, jobs: readonly JobRecord[]): SampleSummaryRow {
  const nodes = Float64Array.from(jobs, (j) => j.nnodes).sort();
  const counts = new Map<number, number>();
  for (const j of jobs) counts.set(j.minutes, (counts.get(j.minutes) ?? 0) + 1);
  let modal = NaN,
    best = -1;
  for (const [m, c] of [...counts.entries()].sort((a, b) => a[0] - b[0]))
    if (c > best) {
      best = c;
      modal = m;
    }
  return {
    name,
    jobs: jobs.length,
    nodes: nodes.reduce((s, v) => s + v, 0),
    medianNodes: quantileSorted(nodes, 0.5),
    meanMinutes: mean(jobs.map((j) => j.minutes)),
    meanRtime: mean(jobs.map((j) => j.rtime)),
    meanQtime: mean(jobs.map((j) => j.qtime)),
    share40min: jobs.length ? jobs.filter((j) => j.minutes === 40).length / jobs.length : NaN,
    modalMinutes: modal,
  };
}
