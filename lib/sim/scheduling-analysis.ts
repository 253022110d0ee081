/**
 * The runs of thesis Section 3's scheduling analysis (notebook 02; views/sim/scheduling-text.ts
 * states their findings from the numbers): a large job blocking small ones without backfill, backfill
 * filling the hole (EASY, conservative, Slurm), BF_MOD vs BF_UNMOD when an urgent job arrives,
 * padded time limits, and §3.2's DAG submission (Autosubmit-like experiments whose jobs become
 * eligible when their predecessors completed).
 */
import { invalidArgument } from "../util/errors";
import { createRng } from "../util/rng";
import type { SchedulerSpec } from "./create-scheduler";
import type { SimResult } from "./engine";
import type { SimJobInput } from "./job";
import { type PaddingFinding, paddingFinding } from "./padding-finding";
import { blockingScenario, paddingSweep, runSchedulers, scenarioPriority } from "./scenarios";
import type { SlurmOptions } from "./slurm-scheduler";
import { workflowScenario } from "./workflows";

/** Labelled runs of one workload. */
export interface LabelledRuns {
  /** Cluster size, nodes. */
  nodes: number;
  /** The workload. */
  jobs: SimJobInput[];
  /** One run per scheduler. */
  runs: SimResult[];
  /** The runs' labels, in order. */
  labels: string[];
}

/** Options of {@link schedulingAnalysis}; sizes as in {@link blockingScenario}. */
export interface SchedulingAnalysisOptions {
  /** Seed of every random draw (scenario sizes, run times, workflows). */
  seed: number | string;
  /** Cluster size, nodes. Defaults to 100. */
  nodes?: number;
  /** Share of the nodes busy with background jobs at t = 0. Defaults to 0.9. */
  busyShare?: number;
  /** The large job's share of the nodes. Defaults to 0.25. */
  bigShare?: number;
  /** The large job's planned time, hours. Defaults to 10. */
  bigHours?: number;
  /** Small jobs behind it. Defaults to 40. */
  smallJobs?: number;
  /** Small jobs' size range, share of the nodes ([lo, hi]). Defaults to [0.01, 0.02]. */
  smallShare?: readonly number[];
  /** Small jobs' planned time range, minutes ([lo, hi]). Defaults to [10, 60]. */
  smallMinutes?: readonly number[];
  /** When the urgent job arrives, hours (> 0). Defaults to 0.5. */
  urgentAfterHours?: number;
  /** Time limit = run time × factor, per sweep point. Defaults to [1, 1.25, 1.5, 2, 3, 4, 6, 8]. */
  paddingFactors?: readonly number[];
  /** Autosubmit-like experiments in the DAG scenario. Defaults to 2. */
  experiments?: number;
  /** SIM chunks per experiment. Defaults to 3. */
  chunks?: number;
  /** Slurm's backfill knobs. Defaults to bf_interval = bf_resolution = 60 s, bf_max_job_test = 100. */
  slurm?: SlurmOptions;
}

/** The analysis: its runs (views/sim/scheduling-text.ts states what they show). */
export interface SchedulingAnalysis {
  /** The seed every random draw came from. */
  seed: number | string;
  /** When the urgent job arrived, hours. */
  urgentAfterHours: number;
  /** FCFS, EASY, conservative and Slurm on the blocking scenario. */
  blocking: LabelledRuns;
  /** EASY and Slurm, BF_MOD and BF_UNMOD, with the urgent job. */
  urgent: LabelledRuns;
  /** Mean wait per scheduler and factor, only the small jobs' limits padded. */
  sweepSmall: ReturnType<typeof paddingSweep>;
  /** The same with every limit padded. */
  sweepAll: ReturnType<typeof paddingSweep>;
  /** The two sweeps judged (lib/sim/padding-finding.ts). */
  padding: PaddingFinding;
  /** EASY on the experiments and background jobs, with and without the dependencies. */
  workflow: LabelledRuns;
  /** The queued jobs of the blocking scenario (background jobs left out). */
  queue: SimJobInput[];
}

/**
 * Runs every experiment of the analysis.
 * @param options the seed and the scenario's sizes
 */
export function schedulingAnalysis(options: SchedulingAnalysisOptions): SchedulingAnalysis {
  const seed = options.seed;
  const urgentAfter = options.urgentAfterHours ?? 0.5;
  if (!(urgentAfter > 0)) throw invalidArgument("urgentAfterHours", urgentAfter, "hours > 0");
  const sizes = {
    nodes: options.nodes ?? 100,
    busyShare: options.busyShare ?? 0.9,
    bigShare: options.bigShare ?? 0.25,
    bigHours: options.bigHours ?? 10,
    smallJobs: options.smallJobs ?? 40,
    smallShare: pair(options.smallShare ?? [0.01, 0.02], "smallShare"),
    smallMinutes: pair(options.smallMinutes ?? [10, 60], "smallMinutes"),
  };
  const slurm: SchedulerSpec = {
    name: "slurm",
    ...(options.slurm ?? { bfInterval: 60, bfResolution: 60, bfMaxJobTest: 100 }),
  };
  const specs: SchedulerSpec[] = [{ name: "fcfs" }, { name: "easy" }, { name: "conservative" }, slurm];
  const scenario = blockingScenario(createRng(seed), sizes);
  const blocking = {
    ...scenario,
    runs: runSchedulers(scenario.jobs, scenario.nodes, specs),
    labels: ["no backfill (FCFS)", "EASY backfill", "conservative backfill", "Slurm (main + backfill)"],
  };
  const withUrgent = blockingScenario(createRng(seed), { ...sizes, urgentAfterHours: urgentAfter });
  const modSpecs: SchedulerSpec[] = [
    { name: "easy", head: "mod" },
    { name: "easy", head: "unmod" },
    { ...slurm, name: "slurm", head: "mod" },
    { ...slurm, name: "slurm", head: "unmod" },
  ];
  const urgent = {
    ...withUrgent,
    runs: runSchedulers(withUrgent.jobs, withUrgent.nodes, modSpecs, scenarioPriority),
    labels: ["EASY, BF_MOD", "EASY, BF_UNMOD", "Slurm, BF_MOD", "Slurm, BF_UNMOD"],
  };
  const factors = options.paddingFactors ?? [1, 1.25, 1.5, 2, 3, 4, 6, 8];
  const sweepSmall = paddingSweep(
    scenario.jobs,
    scenario.nodes,
    factors,
    specs,
    (j) => j.account === "small",
  );
  const sweepAll = paddingSweep(scenario.jobs, scenario.nodes, factors, specs);
  const wf = workflowScenario(createRng(seed).fork("workflow"), {
    experiments: options.experiments ?? 2,
    chunks: options.chunks ?? 3,
  });
  const plain = wf.jobs.map(({ dependsOn: _, ...j }) => j);
  const workflow = {
    ...wf,
    runs: [
      ...runSchedulers(wf.jobs, wf.nodes, [{ name: "easy" }]),
      ...runSchedulers(plain, wf.nodes, [{ name: "easy" }]),
    ],
    labels: ["EASY, with dependencies", "EASY, every job eligible at submit"],
  };
  const queue = scenario.jobs.filter((j) => j.user !== "bg");
  const padding = paddingFinding(sweepSmall, sweepAll);
  return {
    seed,
    urgentAfterHours: urgentAfter,
    blocking,
    urgent,
    sweepSmall,
    sweepAll,
    padding,
    workflow,
    queue,
  };
}

function pair(r: readonly number[], name: string): [number, number] {
  if (!(Array.isArray(r) && r.length === 2 && r.every(Number.isFinite) && r[0] <= r[1]))
    throw invalidArgument(name, r, "[lo, hi] with lo <= hi");
  return [r[0], r[1]];
}
