/**
 * The runs of thesis Section 3's scheduling analysis (notebook 02) and the sentences that state
 * their findings from the numbers: a large job blocking small ones without backfill, backfill
 * filling the hole (EASY, conservative, Slurm), BF_MOD vs BF_UNMOD when an urgent job arrives,
 * padded time limits, and §3.2's DAG submission (Autosubmit-like experiments whose jobs become
 * eligible when their predecessors completed).
 */
import { invalidArgument } from "../util/errors";
import { createRng } from "../util/rng";
import type { SchedulerSpec } from "./create-scheduler";
import type { SimResult } from "./engine";
import type { SimJobInput } from "./job";
import { scheduleMetrics } from "./metrics";
import { blockingScenario, paddingSweep, runSchedulers, scenarioPriority } from "./scenarios";
import type { SlurmOptions } from "./slurm-scheduler";
import { workflowScenario } from "./workflows";

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

/** Labelled runs of one workload. */
export interface LabelledRuns {
  nodes: number;
  jobs: SimJobInput[];
  runs: SimResult[];
  labels: string[];
}

/** The analysis: its runs and the sentences stating what they show (markdown). */
export interface SchedulingAnalysis {
  /** FCFS, EASY, conservative and Slurm on the blocking scenario. */
  blocking: LabelledRuns;
  /** EASY and Slurm, BF_MOD and BF_UNMOD, with the urgent job. */
  urgent: LabelledRuns;
  /** Mean wait per scheduler and factor, only the small jobs' limits padded. */
  sweepSmall: ReturnType<typeof paddingSweep>;
  /** The same with every limit padded. */
  sweepAll: ReturnType<typeof paddingSweep>;
  /** EASY on the experiments and background jobs, with and without the dependencies. */
  workflow: LabelledRuns;
  /** Sentences (markdown) built from the numbers. */
  text: {
    findings: string;
    workload: string;
    hole: string;
    modes: string;
    padding: string;
    workflow: string;
  };
  /** The queued jobs of the blocking scenario (background jobs left out), times in seconds and minutes. */
  queueRows: Record<string, string | number>[];
  /** Both padding sweeps side by side: mean wait (minutes) and bounded slowdown per factor and scheduler. */
  paddingRows: Record<string, string | number>[];
  /** The small-jobs sweep as points for sweepFigure (x = factor, y = mean wait in minutes). */
  paddingPoints: { x: number; y: number; series: string }[];
}

/**
 * Runs every experiment of the analysis and states its findings.
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
  const bg = scenario.jobs.filter((j) => j.user === "bg");
  const text = {
    workload:
      `Seed ${String(seed)}: ${scenario.jobs.length} jobs on ${fmt(scenario.nodes, 0)} nodes; ${bg.length} ` +
      `background jobs hold ${fmt(
        bg.reduce((s, j) => s + j.nodes, 0),
        0,
      )} nodes at t = 0.`,
    hole: holeText(blocking),
    modes: modesText(urgent, urgentAfter),
    padding: paddingText(sweepSmall, sweepAll),
    workflow: workflowText(workflow),
    findings: "",
  };
  text.findings = [
    "**Findings** (seed " + String(seed) + "):",
    `- ${blockingText(blocking)}`,
    `- ${text.hole}`,
    `- ${text.modes}`,
    `- ${text.padding}`,
    `- ${text.workflow}`,
  ].join("\n");
  const queueRows = scenario.jobs
    .filter((j) => j.user !== "bg")
    .map((j) => ({
      job: j.id,
      user: j.user ?? "",
      submit_s: j.submit,
      nodes: j.nodes,
      limit_min: j.limit / 60,
      runtime_min: j.runtime / 60,
    }));
  const paddingRows = sweepSmall.map((r, k) => ({
    factor: r.factor,
    scheduler: r.scheduler,
    "mean wait, small padded (min)": r.meanWait_min,
    "mean wait, all padded (min)": sweepAll[k].meanWait_min,
    "bsld, small padded": r.meanBsld,
    "bsld, all padded": sweepAll[k].meanBsld,
  }));
  const paddingPoints = sweepSmall.map((r) => ({ x: r.factor, y: r.meanWait_min, series: r.scheduler }));
  return { blocking, urgent, sweepSmall, sweepAll, workflow, text, queueRows, paddingRows, paddingPoints };
}

function pair(r: readonly number[], name: string): [number, number] {
  if (!(Array.isArray(r) && r.length === 2 && r.every(Number.isFinite) && r[0] <= r[1]))
    throw invalidArgument(name, r, "[lo, hi] with lo <= hi");
  return [r[0], r[1]];
}

// a number with thousands separators and `d` decimals
// (rounded as the tables round, Number.prototype.toFixed)
function fmt(x: number, d = 1): string {
  const [int, frac] = x.toFixed(d).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

const minutes = (s: number) => `${fmt(s / 60)} min`;

function at(r: SimResult, id: string): number {
  const i = r.jobs.findIndex((j) => j.id === id);
  if (i < 0) throw invalidArgument("job id", id, "a job of the run");
  return i;
}

// mean wait (seconds) of the jobs of one account
function meanWaitOf(r: SimResult, account: string): number {
  let sum = 0,
    n = 0;
  r.jobs.forEach((j, i) => {
    if (j.account !== account || Number.isNaN(r.start[i])) return;
    sum += r.start[i] - j.submit;
    n++;
  });
  return n ? sum / n : NaN;
}

function blockingText(b: LabelledRuns): string {
  const [fcfs, ...backfill] = b.runs;
  const big = at(fcfs, "BIG");
  const before = (r: SimResult) =>
    r.jobs.filter((j, i) => j.account === "small" && r.start[i] < r.start[big]).length;
  const small = b.jobs.filter((j) => j.account === "small").length;
  const waits = b.runs.map((r, k) => `${b.labels[k]} ${minutes(scheduleMetrics(r).meanWait)}`).join(", ");
  const per = backfill
    .map(
      (r, k) =>
        `${b.labels[k + 1]}: ${before(r)} start before it, mean wait ${minutes(meanWaitOf(r, "small"))}`,
    )
    .join("; ");
  return (
    `Without backfill, ${before(fcfs)} of the ${small} small jobs start before BIG ` +
    `(${b.jobs[big].nodes} nodes, starts at ${minutes(fcfs.start[big])}); the small jobs wait ` +
    `${minutes(meanWaitOf(fcfs, "small"))} on average. With backfill (${per}). ` +
    `Mean wait of all jobs: ${waits}.`
  );
}

// idle node·seconds in [0, t) of a run
function idleBefore(r: SimResult, t: number): number {
  let busy = 0;
  r.jobs.forEach((j, i) => {
    if (Number.isNaN(r.start[i])) return;
    busy += Math.max(0, Math.min(r.end[i], t) - r.start[i]) * j.nodes;
  });
  return r.nodes * t - busy;
}

function holeText(b: LabelledRuns): string {
  const [fcfs, easy] = b.runs;
  const big = at(fcfs, "BIG");
  const t = fcfs.start[big];
  const [mf, me] = [scheduleMetrics(fcfs), scheduleMetrics(easy)];
  const shift = easy.start[big] - t;
  const bigClause =
    shift > 0
      ? `BIG itself starts ${minutes(shift)} later under EASY (its reservation is planned from the running ` +
        `jobs' limits; the nodes they free early may already hold backfilled jobs)`
      : `BIG starts ${shift < 0 ? `${minutes(-shift)} earlier` : "at the same time"} under EASY`;
  return (
    `Before ${minutes(t)} (BIG's start without backfill) the machine leaves ` +
    `${fmt(idleBefore(fcfs, t) / 3600)} node·hours idle without backfill and ` +
    `${fmt(idleBefore(easy, t) / 3600)} with EASY. ${bigClause}; the makespan goes from ` +
    `${fmt(mf.makespan / 3600, 2)} h to ${fmt(me.makespan / 3600, 2)} h, so utilisation over the makespan ` +
    `goes from ${fmt(mf.utilisation, 2)} to ${fmt(me.utilisation, 2)}.`
  );
}

function modesText(u: LabelledRuns, after: number): string {
  const pairs = [0, 2].map((k) => {
    const [mod, unmod] = [u.runs[k], u.runs[k + 1]];
    const [b, g] = [at(mod, "BIG"), at(mod, "URGENT")];
    const name = u.labels[k].split(",")[0];
    return (
      `${name}: BF_MOD starts URGENT at ${minutes(mod.start[g])} and BIG at ${minutes(mod.start[b])}, ` +
      `BF_UNMOD starts BIG at ${minutes(unmod.start[b])} and URGENT at ${minutes(unmod.start[g])} ` +
      `(mean wait ${minutes(scheduleMetrics(mod).meanWait)} vs ${minutes(scheduleMetrics(unmod).meanWait)})`
    );
  });
  return `URGENT arrives at ${minutes(after * 3600)}. ${pairs.join("; ")}.`;
}

function paddingText(small: ReturnType<typeof paddingSweep>, all: ReturnType<typeof paddingSweep>): string {
  const schedulers = [...new Set(small.map((r) => r.scheduler))];
  const of = (rows: typeof small, s: string) => rows.filter((r) => r.scheduler === s);
  const fcfs = of(small, "fcfs")[0]?.meanWait_min ?? NaN;
  const parts = schedulers
    .filter((s) => s !== "fcfs")
    .map((s) => {
      const rows = of(small, s);
      const [first, last] = [rows[0], rows[rows.length - 1]];
      let flat = first.factor;
      for (const r of rows) {
        if (Math.abs(r.meanWait_min - first.meanWait_min) > 0.1 * first.meanWait_min) break;
        flat = r.factor;
      }
      const closed = (last.meanWait_min - first.meanWait_min) / (fcfs - first.meanWait_min);
      const a = of(all, s).map((r) => r.meanWait_min);
      return (
        `${s}: ${fmt(first.meanWait_min)} min at ${first.factor}×, within 10% of it up to ${flat}×, ` +
        `${fmt(last.meanWait_min)} min at ${last.factor}× (${fmt(100 * closed, 0)}% of the way to no ` +
        `backfill); with every limit padded, ${fmt(Math.min(...a))}–${fmt(Math.max(...a))} min`
      );
    });
  return `Mean wait as the small jobs' limits are padded (no backfill: ${fmt(fcfs)} min at every factor) — ${parts.join("; ")}.`;
}

function workflowText(w: LabelledRuns): string {
  const r = w.runs[0];
  const eligible = r.eligible;
  const exp = r.jobs.map((_, i) => i).filter((i) => r.jobs[i].user !== "bg");
  if (!eligible) return `The experiments' ${exp.length} jobs have no dependencies.`;
  const held = exp.filter((i) => eligible[i] > r.jobs[i].submit);
  const events: [number, number][] = [];
  for (const i of exp) if (!Number.isNaN(r.start[i])) events.push([eligible[i], 1], [r.start[i], -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0,
    most = 0;
  for (const [, d] of events) most = Math.max(most, (now += d));
  const lost = r.rejected.length;
  return (
    `Under afterok dependencies ${held.length} of the experiments' ${exp.length} jobs (all submitted with ` +
    `their experiment) wait for predecessors before the scheduler sees them, at most ${most} of them ` +
    `are pending at once${lost ? `, and ${lost} never become eligible` : ""}: the scheduler, and the ` +
    `thesis's model of one scheduling attempt, order only the eligible jobs, so the model's N holds at ` +
    `most ${most} of the experiments' jobs at any instant. The last experiment job ends at ${minutes(lastEnd(r, exp))}, against ` +
    `${minutes(lastEnd(w.runs[1], exp))} if every job were eligible at submit.`
  );
}

function lastEnd(r: SimResult, jobs: readonly number[]): number {
  return Math.max(...jobs.map((i) => r.end[i]).filter((t) => !Number.isNaN(t)));
}
