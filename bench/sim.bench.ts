/**
 * Simulator throughput on CEA-Curie-2011-2.1-cln (312,826 jobs; 5,544 nodes of 16 cores): jobs
 * simulated per second with EASY (goal ≥ 100,000 jobs/s) and the Slurm scheduler (goal ≥ 20,000
 * jobs/s) with submit-order priority and with the multifactor priority (Fair Tree recomputed every
 * 300 s, usage accrued and decayed; goal ≥ 20,000 jobs/s), each against plain FCFS on the same
 * trace in the same run; lib's multifactor priority against the reference model it is tested with
 * (test/sim/oracles: lib/slurm's public functions on Maps) on the first 20,000 jobs, with the two
 * schedules compared; peak memory.
 */
import { performance } from "node:perf_hooks";
import { readSwf } from "../lib/io/swf";
import { findTrace } from "../lib/io/trace-paths";
import { createScheduler, type SchedulerSpec } from "../lib/sim/create-scheduler";
import { type SimResult, simulate } from "../lib/sim/engine";
import type { SimJob } from "../lib/sim/job";
import type { PriorityModel } from "../lib/sim/priority";
import { slurmPriority } from "../lib/sim/slurm-priority";
import { referenceSlurmPriority } from "../test/sim/oracles/slurm-priority-reference";
import { jobsFromSwf } from "../lib/sim/swf-workload";
import type { BenchRow } from "./harness";

const TRACE = "CEA-Curie-2011-2.1-cln";
const NODES = 5544;
const CORES_PER_NODE = 16;

function timed(
  jobs: readonly SimJob[],
  spec: SchedulerSpec,
  priority?: () => PriorityModel,
): { jobsPerSecond: number; result: SimResult } {
  const t0 = performance.now();
  const result = simulate(jobs, {
    nodes: NODES,
    coresPerNode: CORES_PER_NODE,
    scheduler: createScheduler(spec),
    priority: priority?.(),
  });
  return { jobsPerSecond: jobs.length / ((performance.now() - t0) / 1000), result };
}
const jobsPerSecond = (jobs: readonly SimJob[], spec: SchedulerSpec, priority?: () => PriorityModel) =>
  timed(jobs, spec, priority).jobsPerSecond;
const sameSchedule = (a: SimResult, b: SimResult) =>
  a.start.every((s, i) => Object.is(s, b.start[i])) &&
  a.priority.every((p, i) => Object.is(p, b.priority[i]));

/** The sim benchmarks. */
export async function run(): Promise<BenchRow[]> {
  const file = findTrace(TRACE);
  if (!file)
    return [
      {
        name: `sim: ${TRACE} not found (skipped)`,
        value: NaN,
        unit: "jobs/s",
        note: "set SCHEDGAME_TRACES or run npm run traces:download",
      },
    ];
  const { jobs, dropped } = jobsFromSwf(readSwf(file), { nodes: NODES, coresPerNode: CORES_PER_NODE });
  const note = `${jobs.length} jobs (${
    Object.entries(dropped)
      .map(([k, v]) => `${v} dropped: ${k}`)
      .join(", ") || "none dropped"
  })`;
  const fcfs = jobsPerSecond(jobs, { name: "fcfs" });
  const easy = jobsPerSecond(jobs, { name: "easy" });
  const slurm = jobsPerSecond(jobs, { name: "slurm" });
  const slurmMf = jobsPerSecond(jobs, { name: "slurm" }, () => slurmPriority());
  const head = jobs.slice(0, 20000);
  const ref = timed(head, { name: "slurm" }, () => referenceSlurmPriority());
  const fast = timed(head, { name: "slurm" }, () => slurmPriority());
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const base = { name: "FCFS, same trace", value: fcfs };
  return [
    {
      name: `sim EASY on ${TRACE}`,
      value: easy,
      unit: "jobs/s",
      baseline: base,
      goal: { value: 100000, lowerIsBetter: false },
      note,
    },
    {
      name: `sim Slurm (main + backfill, FIFO priority) on ${TRACE}`,
      value: slurm,
      unit: "jobs/s",
      baseline: base,
      goal: { value: 20000, lowerIsBetter: false },
    },
    {
      name: `sim Slurm + multifactor (Fair Tree every 300 s) on ${TRACE}`,
      value: slurmMf,
      unit: "jobs/s",
      baseline: base,
      goal: { value: 20000, lowerIsBetter: false },
    },
    {
      name: "sim Slurm + multifactor, first 20,000 jobs: slurmPriority",
      value: fast.jobsPerSecond,
      unit: "jobs/s",
      baseline: {
        name: "the reference model (test/sim/oracles/slurm-priority-reference.ts)",
        value: ref.jobsPerSecond,
      },
      note: `identical schedule and priorities: ${sameSchedule(fast.result, ref.result) ? "yes" : "NO"}`,
    },
    { name: "sim peak resident memory (whole bench process)", value: peakMb, unit: "MB" },
  ];
}
