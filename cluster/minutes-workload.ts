/**
 * A site's workload of jobs of minutes on a small heterogeneous select/cons_tres cluster, the
 * stand-in for a real site's export: nine nodes in four groups (16-CPU intel nodes, 24-CPU amd nodes
 * with InfiniBand, a 32-CPU big-memory node, a 16-CPU node with 2 GPUs) behind three leaf switches,
 * partitions `batch` (the CPU and big-memory nodes, the default) and `gpu` (the GPU node). The site's
 * accounts and users of cluster/site-workload.ts submit, by their activity, seeded sessions of one
 * to eight alike jobs a few seconds apart: run times of 1–20 minutes (a few shorter) under round
 * limits set as users set them (often far above the run; some jobs ask none and get the
 * partition's DefaultTime); 1–2 nodes, tasks per node; memory per node (`--mem`), per CPU
 * (`--mem-per-cpu`) or none (DefMemPerCPU); big-memory jobs that only the big node holds; GPU jobs
 * in partition gpu; feature constraints; a few `--exclusive`. A drawn request that no node set
 * could hold is drawn again (counted in `redrawn`), so every job can start.
 */
import { expandHostlist } from "../lib/io/hostlist";
import { invalidArgument } from "../lib/util/errors";
import { createRng, type Rng } from "../lib/util/rng";
import type { NodeLayout } from "./node-layout";
import { SITE_ACCOUNTS } from "./site-workload";
import { fittingNodes } from "./tres-workload";

/**
 * The recorded cluster: n[1-4] intel, 2×8 cores, 63000 MiB, Weight 10; n[5-7] amd,ib, 2×12 cores,
 * 94000 MiB, Weight 20; n8 amd,bigmem, 2×16 cores, 500000 MiB, Weight 100; n9 intel,gpu, 2×8 cores,
 * 190000 MiB, 2 GPUs, Weight 1000. Partitions batch = n[1-8] (default) and gpu = n9, both
 * DefaultTime 1 hour and MaxTime 1 day. Switches sw1 (n[1-4]), sw2 (n[5-7]), sw3 (n[8-9]) under core.
 */
export const MINUTES_LAYOUT: NodeLayout = Object.freeze({
  groups: Object.freeze([
    { count: 4, cpus: 16, sockets: 2, realMemoryMiB: 63000, features: ["intel"], weight: 10 },
    { count: 3, cpus: 24, sockets: 2, realMemoryMiB: 94000, features: ["amd", "ib"], weight: 20 },
    { count: 1, cpus: 32, sockets: 2, realMemoryMiB: 500000, features: ["amd", "bigmem"], weight: 100 },
    {
      count: 1,
      cpus: 16,
      sockets: 2,
      realMemoryMiB: 190000,
      gpus: 2,
      features: ["intel", "gpu"],
      weight: 1000,
    },
  ]),
  partitions: Object.freeze([
    { name: "batch", nodes: "n[1-8]", default: true, defaultTime: "01:00:00", maxTime: "1-00:00:00" },
    { name: "gpu", nodes: "n9", defaultTime: "01:00:00", maxTime: "1-00:00:00" },
  ]),
  switches: Object.freeze([
    { name: "sw1", nodes: "n[1-4]" },
    { name: "sw2", nodes: "n[5-7]" },
    { name: "sw3", nodes: "n[8-9]" },
    { name: "core", switches: "sw[1-3]" },
  ]),
});

/** Memory per CPU of a job that asks none, MiB (slurm.conf DefMemPerCPU). */
export const MINUTES_DEF_MEM_PER_CPU = 3900;

/** The partitions' DefaultTime, minutes: the limit of a job that asks none. */
export const MINUTES_DEFAULT_LIMIT = 60;

/** One job of the workload, as sbatch is asked for it. */
export interface MinutesJob {
  /** Name (`--job-name`), m001, m002, … in submission order. */
  name: string;
  /** Seconds after the first submission at which it is submitted (millisecond resolution). */
  offset: number;
  user: string;
  account: string;
  /** `--partition`. */
  partition: string;
  /** `-N`: nodes. */
  nodes: number;
  /** `--ntasks-per-node` (one CPU each). */
  tasksPerNode: number;
  /** Memory asked, MiB: per node (`--mem`), per CPU (`--mem-per-cpu`), or none (DefMemPerCPU per CPU). */
  mem?: { per: "node" | "cpu"; mib: number };
  /** `--gres=gpu:N`: GPUs per node (0: none asked). */
  gpus: number;
  /** `--constraint` (a node feature), or undefined. */
  constraint?: string;
  /** `--exclusive`: whole nodes. */
  exclusive: boolean;
  /** Time limit, minutes (`--time`); undefined: none asked (the partition's DefaultTime). */
  limitMinutes?: number;
  /** `sleep` duration, seconds (under the limit). */
  sleep: number;
  /** The session it was submitted in (alike jobs of one user a few seconds apart), 1, 2, … */
  session: number;
}

/** Options of {@link minutesWorkload}. */
export interface MinutesWorkloadOptions {
  /** Seed. Defaults to 1. */
  seed?: number;
  /** Job count. Defaults to 310. */
  jobs?: number;
  /** Mean gap between sessions, seconds. Defaults to 22. */
  meanGap?: number;
  /**
   * Shrinks or stretches the workload's time: gaps between sessions and sleeps × this, limits ×
   * this rounded up to whole minutes (the same draws), for a short run of the same harness. The
   * scheduler's settings stay as they are. Defaults to 1.
   */
  timeScale?: number;
}

/** Memory a job asks on each of its nodes, MiB (per CPU × tasks per node when per CPU or none). */
export function memPerNodeMiB(job: Pick<MinutesJob, "mem" | "tasksPerNode">): number {
  if (job.mem?.per === "node") return job.mem.mib;
  return (job.mem?.mib ?? MINUTES_DEF_MEM_PER_CPU) * job.tasksPerNode;
}

/** The nodes of {@link MINUTES_LAYOUT} that could hold one node's share of `job` when idle. */
export function minutesFittingNodes(
  job: Pick<MinutesJob, "partition" | "tasksPerNode" | "mem" | "gpus" | "constraint">,
): string[] {
  return fittingNodes({ ...job, memMiB: memPerNodeMiB(job) }, MINUTES_LAYOUT);
}

type Request = Pick<
  MinutesJob,
  "partition" | "nodes" | "tasksPerNode" | "mem" | "gpus" | "constraint" | "exclusive"
>;

const pick = <T>(rng: Rng, items: readonly (readonly [T, number])[]): T => {
  let u = rng.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [x, w] of items) if ((u -= w) < 0) return x;
  return items[items.length - 1][0];
};

const GIB = 1024;

/** Memory per node above which only the big-memory node holds a job, MiB (the amd nodes' RealMemory). */
const BIG = 94000;

/** Memory as users ask it: per node in GiB or MiB, per CPU in MiB or GiB, or none. */
function drawMem(rng: Rng, perNode: readonly number[]): MinutesJob["mem"] {
  const u = rng.next();
  if (u < 0.45)
    return {
      per: "node",
      mib: pick(
        rng,
        perNode.map((m) => [m, 1] as const),
      ),
    };
  if (u < 0.75)
    return {
      per: "cpu",
      mib: pick(rng, [
        [1000, 2],
        [2000, 3],
        [2 * GIB, 2],
        [3000, 2],
        [3500, 1],
        [4 * GIB, 1],
      ]),
    };
  return undefined;
}

const TASKS = [
  [1, 4],
  [2, 3],
  [4, 4],
  [6, 1],
  [8, 4],
  [12, 2],
  [16, 3],
  [24, 1],
] as const;

/**
 * One drawn request: 6% GPU jobs (partition gpu, one node), 6% big-memory jobs (more memory per
 * node than the amd nodes' 94000 MiB), the rest ordinary batch jobs (15% on two nodes; constraints
 * intel, amd or ib); 4% of the ordinary ones `--exclusive` with memory per node and fewer tasks per
 * node than any node has CPUs (sacct keeps no other mark of `--exclusive`).
 */
function drawRequest(rng: Rng): Request {
  const kind = rng.next();
  if (kind < 0.06)
    return {
      partition: "gpu",
      nodes: 1,
      tasksPerNode: pick(rng, [
        [1, 2],
        [2, 2],
        [4, 3],
        [8, 2],
      ]),
      mem: drawMem(rng, [8 * GIB, 16 * GIB, 32 * GIB, 64 * GIB]),
      gpus: rng.next() < 0.75 ? 1 : 2,
      exclusive: false,
    };
  if (kind < 0.12)
    return {
      partition: "batch",
      nodes: 1,
      tasksPerNode: pick(rng, [
        [1, 2],
        [2, 1],
        [4, 2],
        [8, 2],
        [16, 1],
      ]),
      mem: {
        per: "node",
        mib: pick(
          rng,
          [120, 150, 180, 240].map((g) => [g * GIB, 1] as const),
        ),
      },
      gpus: 0,
      constraint: rng.next() < 0.5 ? "bigmem" : undefined,
      exclusive: false,
    };
  const exclusive = rng.next() < 0.04;
  const c = rng.next();
  return {
    partition: "batch",
    nodes: rng.next() < 0.15 ? 2 : 1,
    tasksPerNode: exclusive
      ? pick(rng, [
          [8, 1],
          [12, 1],
          [15, 1],
        ] as const)
      : pick(rng, TASKS),
    mem: exclusive
      ? {
          per: "node",
          mib: pick(rng, [
            [16 * GIB, 1],
            [32 * GIB, 1],
            [48 * GIB, 1],
          ] as const),
        }
      : drawMem(rng, [1 * GIB, 2 * GIB, 4 * GIB, 8 * GIB, 16 * GIB, 32 * GIB, 48 * GIB]),
    gpus: 0,
    constraint: c < 0.2 ? "intel" : c < 0.32 ? "amd" : c < 0.37 ? "ib" : undefined,
    exclusive,
  };
}

/** Round limits users write, minutes. */
export const LIMITS_MINUTES: readonly number[] = Object.freeze([10, 15, 30, 60, 120, 240, 480, 720, 1440]);

/**
 * A limit as a user sets it for a run of `runMinutes`: none (10%: the partition's DefaultTime), or
 * the first round value at least 1.3–4× the run, one or two steps higher for a third of the users.
 */
function drawLimit(rng: Rng, runMinutes: number): number | undefined {
  if (rng.next() < 0.1) return undefined;
  const want = runMinutes * rng.uniform(1.3, 4);
  let k = LIMITS_MINUTES.findIndex((l) => l >= want);
  if (k < 0) k = LIMITS_MINUTES.length - 1;
  const u = rng.next();
  k = Math.min(LIMITS_MINUTES.length - 1, k + (u < 0.2 ? 1 : u < 0.33 ? 2 : 0));
  return LIMITS_MINUTES[k];
}

/** The workload and how many drawn requests were drawn again because no node set could hold them. */
export interface MinutesWorkload {
  jobs: MinutesJob[];
  redrawn: number;
}

/** A seeded workload on {@link MINUTES_LAYOUT}: the same options give the same jobs. */
export function minutesWorkload(options: MinutesWorkloadOptions = {}): MinutesWorkload {
  const seed = options.seed ?? 1,
    n = options.jobs ?? 310,
    gap = options.meanGap ?? 22,
    scale = options.timeScale ?? 1;
  if (!Number.isSafeInteger(seed)) throw invalidArgument("seed", seed, "a safe integer");
  if (!Number.isInteger(n) || n < 1 || n > 2000) throw invalidArgument("jobs", n, "an integer in 1..2000");
  if (!(gap > 0 && gap <= 3600)) throw invalidArgument("meanGap", gap, "seconds in (0, 3600]");
  if (!(scale >= 0.01 && scale <= 10)) throw invalidArgument("timeScale", scale, "a factor in [0.01, 10]");
  return _minutesWorkload(seed, n, gap, scale);
}

function _minutesWorkload(seed: number, n: number, gap: number, scale: number): MinutesWorkload {
  const users = SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => ({ ...u, account: a.name })));
  const rng = createRng(seed);
  const jobs: MinutesJob[] = [];
  let at = 0,
    redrawn = 0,
    session = 0;
  while (jobs.length < n) {
    if (session > 0) at += rng.exponential(gap);
    session++;
    let u = rng.next(),
      k = 0;
    while (k < users.length - 1 && u >= users[k].activity) u -= users[k++].activity;
    let request = drawRequest(rng);
    while (minutesFittingNodes(request).length < request.nodes) {
      redrawn++;
      request = drawRequest(rng);
    }
    // sessions of GPU, big-memory, two-node or exclusive jobs: at most three alike jobs, of
    // constrained ones four (the few nodes that hold them would queue a longer one for hours)
    const rare = request.gpus > 0 || memPerNodeMiB(request) > BIG || request.nodes > 1 || request.exclusive;
    const size = rng.next() < 0.55 ? 1 : rng.int(2, rare ? 3 : request.constraint ? 4 : 8);
    // a run of 1–20 minutes, log-uniform (8% of sessions: a short test of 20–59 s)
    const base = rng.next() < 0.08 ? rng.uniform(20, 60) : 60 * Math.exp(rng.uniform(0, Math.log(20)));
    const limit = drawLimit(rng, (base * 1.15) / 60);
    let t = at;
    for (let i = 0; i < size && jobs.length < n; i++) {
      if (i > 0) t += rng.uniform(1, 6);
      const run = Math.min(1200, Math.max(20, Math.round(base * rng.uniform(0.85, 1.15))));
      jobs.push({
        name: `m${String(jobs.length + 1).padStart(3, "0")}`,
        offset: Math.round(t * scale * 1000) / 1000,
        user: users[k].user,
        account: users[k].account,
        ...request,
        limitMinutes: limit === undefined ? undefined : Math.ceil(limit * scale),
        sleep: Math.max(1, Math.round(run * scale)),
        session,
      });
    }
    at = t;
  }
  return { jobs, redrawn };
}

/** A size in MiB as users write it: whole GiB as `<n>G`, else MiB without a unit. */
const size = (mib: number) => (mib % GIB === 0 ? `${mib / GIB}G` : String(mib));

/** A limit in minutes as users write it: `30`, `2:00:00`, `1-00:00:00`. */
export function timeArg(minutes: number): string {
  if (minutes < 60) return String(minutes);
  const d = Math.floor(minutes / 1440),
    h = Math.floor((minutes % 1440) / 60),
    m = minutes % 60;
  const hms = `${h}:${String(m).padStart(2, "0")}:00`;
  return d > 0 ? `${d}-${hms.padStart(8, "0")}` : hms;
}

/** The sbatch options of a job (without `--uid`, output and working folder). */
export function minutesSbatchArgs(j: MinutesJob): string[] {
  return [
    `--account=${j.account}`,
    "-J",
    j.name,
    `--partition=${j.partition}`,
    "-N",
    String(j.nodes),
    `--ntasks-per-node=${j.tasksPerNode}`,
    ...(j.mem === undefined ? [] : [`--mem${j.mem.per === "cpu" ? "-per-cpu" : ""}=${size(j.mem.mib)}`]),
    ...(j.gpus > 0 ? [`--gres=gpu:${j.gpus}`] : []),
    ...(j.constraint !== undefined ? [`--constraint=${j.constraint}`] : []),
    ...(j.exclusive ? ["--exclusive"] : []),
    ...(j.limitMinutes !== undefined ? [`--time=${timeArg(j.limitMinutes)}`] : []),
  ];
}

/** What a workload asks for, as fractions of its jobs, and the load it offers. */
export interface MinutesWorkloadMix {
  jobs: number;
  /** Sessions (alike jobs of one user submitted together). */
  sessions: number;
  /** Jobs per account. */
  accounts: Record<string, number>;
  /** Fraction of jobs on two nodes. */
  multiNode: number;
  /** Fractions asking memory per node (`--mem`), per CPU (`--mem-per-cpu`), or none (DefMemPerCPU). */
  memPerNode: number;
  memPerCpu: number;
  memDefault: number;
  /** Fraction asking more memory per node than every node of their partition has but the biggest-memory ones. */
  bigMemory: number;
  /** Fraction asking GPUs. */
  gpus: number;
  /** Fraction with a constraint. */
  constraint: number;
  /** Fraction with `--exclusive`. */
  exclusive: number;
  /** Fraction asking no time limit (the partition's DefaultTime). */
  noLimit: number;
  /** Shortest and longest sleep, seconds. */
  sleepRange: [number, number];
  /** Median of limit over run (the DefaultTime for a job that asks none). */
  medianLimitOverRun: number;
  /** Submission span (first to last submit), seconds. */
  spanSeconds: number;
  /** CPU·s of the sleeps (exclusive jobs: their smallest fitting nodes' CPUs) over the cluster's CPUs × span. */
  offeredLoad: number;
}

/** The mix of a workload on {@link MINUTES_LAYOUT} (see {@link MinutesWorkloadMix}). */
export function minutesWorkloadMix(jobs: readonly MinutesJob[]): MinutesWorkloadMix {
  if (jobs.length === 0) throw invalidArgument("jobs", [], "at least one job");
  const groups = MINUTES_LAYOUT.groups;
  const nodeCpus = new Map<string, number>();
  const nodeMem = new Map<string, number>();
  let k = 0;
  for (const g of groups)
    for (let i = 0; i < g.count; i++) {
      nodeCpus.set(`n${++k}`, g.cpus);
      nodeMem.set(`n${k}`, g.realMemoryMiB ?? 1);
    }
  const frac = (p: (j: MinutesJob) => boolean) => jobs.filter(p).length / jobs.length;
  const partitionMem = (name: string) => expandPartition(name).map((x) => nodeMem.get(x)!);
  const big = (j: MinutesJob) => {
    const mems = [...new Set(partitionMem(j.partition))].sort((a, b) => a - b);
    return mems.length > 1 && memPerNodeMiB(j) > mems[mems.length - 2];
  };
  const cpuSeconds = jobs.reduce((s, j) => {
    const perNode = j.exclusive
      ? Math.min(...minutesFittingNodes(j).map((x) => nodeCpus.get(x)!))
      : j.tasksPerNode;
    return s + perNode * j.nodes * j.sleep;
  }, 0);
  const span = jobs[jobs.length - 1].offset - jobs[0].offset;
  const cpus = [...nodeCpus.values()].reduce((s, x) => s + x, 0);
  const ratios = jobs
    .map((j) => ((j.limitMinutes ?? MINUTES_DEFAULT_LIMIT) * 60) / j.sleep)
    .sort((a, b) => a - b);
  const mid = ratios.length >> 1;
  const accounts: Record<string, number> = {};
  for (const j of jobs) accounts[j.account] = (accounts[j.account] ?? 0) + 1;
  return {
    jobs: jobs.length,
    sessions: new Set(jobs.map((j) => j.session)).size,
    accounts,
    multiNode: frac((j) => j.nodes > 1),
    memPerNode: frac((j) => j.mem?.per === "node"),
    memPerCpu: frac((j) => j.mem?.per === "cpu"),
    memDefault: frac((j) => j.mem === undefined),
    bigMemory: frac(big),
    gpus: frac((j) => j.gpus > 0),
    constraint: frac((j) => j.constraint !== undefined),
    exclusive: frac((j) => j.exclusive),
    noLimit: frac((j) => j.limitMinutes === undefined),
    sleepRange: [Math.min(...jobs.map((j) => j.sleep)), Math.max(...jobs.map((j) => j.sleep))],
    medianLimitOverRun: ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2,
    spanSeconds: span,
    offeredLoad: span > 0 ? cpuSeconds / (cpus * span) : Infinity,
  };
}

function expandPartition(name: string): string[] {
  const p = MINUTES_LAYOUT.partitions.find((x) => x.name === name);
  return p ? expandHostlist(p.nodes) : [];
}
