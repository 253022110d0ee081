/**
 * Schedule metrics (notes §4a): wait = start − submit; bounded slowdown = max(1, (wait + run) /
 * max(run, τ)) with τ = 10 s; utilisation = Σ run·nodes / (W · (last end − first submit));
 * makespan = last end − first submit; per-user / per-account breakdowns.
 */
import { finiteNumber } from "../util/options";
import { mean, quantileSorted } from "../util/stats";
import type { SimResult } from "./engine";

/** Summary metrics of a schedule (times in seconds). */
export interface ScheduleMetrics {
  /** Jobs that ran. */
  jobs: number;
  /** Mean wait, seconds. */
  meanWait: number;
  /** Median wait, seconds. */
  medianWait: number;
  /** 95th-percentile wait, seconds. */
  p95Wait: number;
  /** Maximum wait, seconds. */
  maxWait: number;
  /** Mean bounded slowdown. */
  meanBsld: number;
  /** 95th-percentile bounded slowdown. */
  p95Bsld: number;
  /** Node utilisation over [first submit, last end], in [0, 1]. */
  utilisation: number;
  /** Last end − first submit, seconds. */
  makespan: number;
}

/** Options of {@link scheduleMetrics}. */
export interface MetricsOptions {
  /** τ of the bounded slowdown, seconds. Defaults to 10. */
  tau?: number;
}

/** Per-job wait, run and bounded slowdown of the jobs that ran (input order). */
export function jobOutcomes(result: SimResult, options: MetricsOptions = {}) {
  const tau = finiteNumber(options.tau ?? 10, "tau", 0);
  const rows: {
    id: string;
    user: string;
    account: string;
    nodes: number;
    submit: number;
    start: number;
    end: number;
    wait: number;
    run: number;
    bsld: number;
  }[] = [];
  result.jobs.forEach((j, i) => {
    const s = result.start[i],
      e = result.end[i];
    if (Number.isNaN(s)) return;
    const wait = s - j.submit,
      run = e - s;
    rows.push({
      id: j.id,
      user: j.user,
      account: j.account,
      nodes: j.nodes,
      submit: j.submit,
      start: s,
      end: e,
      wait,
      run,
      bsld: Math.max(1, (wait + run) / Math.max(run, tau)),
    });
  });
  return rows;
}

/** Summary metrics of a subset of {@link jobOutcomes} rows on W nodes (utilisation over the subset's own span). */
export function summariseOutcomes(rows: ReturnType<typeof jobOutcomes>, W: number): ScheduleMetrics {
  const waits = Float64Array.from(rows, (r) => r.wait).sort();
  const bs = Float64Array.from(rows, (r) => r.bsld).sort();
  let t0 = Infinity,
    t1 = -Infinity,
    area = 0;
  for (const r of rows) {
    t0 = Math.min(t0, r.submit);
    t1 = Math.max(t1, r.end);
    area += r.run * r.nodes;
  }
  const makespan = rows.length ? t1 - t0 : 0;
  return {
    jobs: rows.length,
    meanWait: mean(waits),
    medianWait: quantileSorted(waits, 0.5),
    p95Wait: quantileSorted(waits, 0.95),
    maxWait: waits.length ? waits[waits.length - 1] : NaN,
    meanBsld: mean(bs),
    p95Bsld: quantileSorted(bs, 0.95),
    utilisation: makespan > 0 ? area / (W * makespan) : NaN,
    makespan,
  };
}

/** Summary metrics of a simulation. */
export function scheduleMetrics(result: SimResult, options: MetricsOptions = {}): ScheduleMetrics {
  return summariseOutcomes(jobOutcomes(result, options), result.nodes);
}

/** Metrics per user or per account, sorted by key. */
export function metricsBy(
  result: SimResult,
  key: "user" | "account",
  options: MetricsOptions = {},
): ({ key: string } & ScheduleMetrics)[] {
  const groups = new Map<string, ReturnType<typeof jobOutcomes>>();
  for (const r of jobOutcomes(result, options)) {
    const g = groups.get(r[key]);
    if (g) g.push(r);
    else groups.set(r[key], [r]);
  }
  return [...groups.keys()]
    .sort()
    .map((k) => ({ key: k, ...summariseOutcomes(groups.get(k)!, result.nodes) }));
}

/**
 * The share of started jobs that started before a job submitted earlier that was still waiting —
 * jobs that jumped the queue, as backfill does (under FIFO priority exactly the backfilled jobs;
 * under other priorities it also counts jobs that a priority raised). O(n log n).
 */
export function outOfOrderShare(result: SimResult): number {
  const idx = result.jobs.map((_, i) => i).filter((i) => !Number.isNaN(result.start[i]));
  idx.sort((a, b) => result.jobs[a].submit - result.jobs[b].submit || a - b);
  // Scan in submit order keeping the latest start among earlier-submitted jobs: a job that starts
  // before it jumped at least one of them (ties in submit time do not count).
  let jumped = 0;
  let maxStartBefore = -Infinity;
  let k = 0;
  while (k < idx.length) {
    let e = k;
    while (e < idx.length && result.jobs[idx[e]].submit === result.jobs[idx[k]].submit) e++;
    for (let m = k; m < e; m++) if (result.start[idx[m]] < maxStartBefore) jumped++;
    for (let m = k; m < e; m++) maxStartBefore = Math.max(maxStartBefore, result.start[idx[m]]);
    k = e;
  }
  return idx.length ? jumped / idx.length : NaN;
}
