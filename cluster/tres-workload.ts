/**
 * A mixed workload for select/cons_tres on a small heterogeneous cluster: jobs that share nodes by
 * cores, memory and GPUs. Six nodes in three groups (8 CPUs with 8000 MiB, feature intel; 8 CPUs
 * with 16000 MiB, amd; 4 CPUs with 32000 MiB and 2 GPUs, amd), partitions `batch` (all, the
 * default) and `gpu` (the GPU nodes). The site's accounts and users of cluster/site-workload.ts
 * submit, by their activity, a seeded stream of jobs of seconds: mostly one node, some two; 1–8
 * tasks per node; memory per node, some of it more than the small nodes have; GPUs in partition gpu;
 * constraints; a few whole-node (`--exclusive`) jobs. A drawn request that no node set could hold is
 * drawn again (counted in `redrawn`), so every job can start.
 */
import { expandHostlist } from "../lib/io/hostlist";
import { invalidArgument } from "../lib/util/errors";
import { createRng, type Rng } from "../lib/util/rng";
import { groupNodes, type NodeLayout } from "./node-layout";
import { SITE_ACCOUNTS } from "./site-workload";

/** The recorded cluster: n[1-2] intel 8 CPUs 8000 MiB, n[3-4] amd 8 CPUs 16000 MiB, n[5-6] amd 4 CPUs 32000 MiB 2 GPUs. */
export const TRES_LAYOUT: NodeLayout = Object.freeze({
  groups: Object.freeze([
    { count: 2, cpus: 8, realMemoryMiB: 8000, features: ["intel"] },
    { count: 2, cpus: 8, realMemoryMiB: 16000, features: ["amd"] },
    { count: 2, cpus: 4, realMemoryMiB: 32000, gpus: 2, features: ["amd"] },
  ]),
  partitions: Object.freeze([
    { name: "batch", nodes: "n[1-6]", default: true },
    { name: "gpu", nodes: "n[5-6]" },
  ]),
});

/** One job of the workload, as sbatch is asked for it. */
export interface TresJob {
  /** Name (`--job-name`), t001, t002, … in submission order. */
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
  /** `--mem`: memory per node, MiB. */
  memMiB: number;
  /** `--gres=gpu:N`: GPUs per node (0: none asked). */
  gpus: number;
  /** `--constraint` (a node feature), or undefined. */
  constraint?: string;
  /** `--exclusive`: whole nodes. */
  exclusive: boolean;
  /** Time limit, minutes (`--time`). */
  limitMinutes: number;
  /** `sleep` duration, seconds (far under the limit). */
  sleep: number;
}

/** Options of {@link tresWorkload}. */
export interface TresWorkloadOptions {
  /** Seed. Defaults to 1. */
  seed?: number;
  /** Job count. Defaults to 120. */
  jobs?: number;
  /** Mean gap between submissions, seconds. Defaults to 0.4. */
  meanGap?: number;
  /**
   * Stretches the workload's time: gaps, sleeps and limits × this (the same draws), and the
   * recording's bf_interval and sched_interval with them (cluster/tres-recording.ts). Defaults to 1.
   */
  timeScale?: number;
}

/** A node of a layout as a request sees it. */
interface NodeSpec {
  name: string;
  cpus: number;
  memMiB: number;
  gpus: number;
  features: readonly string[];
  partitions: string[];
}

function layoutNodes(layout: NodeLayout): NodeSpec[] {
  const parts = layout.partitions.map((p) => ({ name: p.name, nodes: new Set(expandHostlist(p.nodes)) }));
  return groupNodes(layout).flatMap(({ names }, k) => {
    const g = layout.groups[k];
    return names.map((name) => ({
      name,
      cpus: g.cpus,
      memMiB: g.realMemoryMiB ?? 1,
      gpus: g.gpus ?? 0,
      features: g.features ?? [],
      partitions: parts.filter((p) => p.nodes.has(name)).map((p) => p.name),
    }));
  });
}

/**
 * The nodes of `layout` that could hold one node's share of `job` when idle: in its partition,
 * with its feature, at least its tasks in CPUs, its memory and its GPUs.
 */
export function fittingNodes(
  job: Pick<TresJob, "partition" | "tasksPerNode" | "memMiB" | "gpus" | "constraint">,
  layout: NodeLayout,
): string[] {
  return layoutNodes(layout)
    .filter(
      (n) =>
        n.partitions.includes(job.partition) &&
        (job.constraint === undefined || n.features.includes(job.constraint)) &&
        n.cpus >= job.tasksPerNode &&
        n.memMiB >= job.memMiB &&
        n.gpus >= job.gpus,
    )
    .map((n) => n.name);
}

/** Whether `job` can start on an idle `layout`: at least `job.nodes` nodes fit it. */
export function satisfiable(job: TresJob, layout: NodeLayout): boolean {
  return fittingNodes(job, layout).length >= job.nodes;
}

type Request = Omit<TresJob, "name" | "offset" | "user" | "account" | "limitMinutes" | "sleep">;

/** Tasks per node an exclusive job asks at most: fewer than the smallest node's CPUs. */
const EXCLUSIVE_TASKS_MAX = Math.min(...TRES_LAYOUT.groups.map((g) => g.cpus)) - 1;

/**
 * One drawn request: 15% GPU jobs, 17% big-memory jobs, the rest ordinary (some constrained, some on
 * two nodes); 5% exclusive, each asking fewer tasks per node than any node has CPUs (`most`), so that
 * sacct shows it held more CPUs than it asked — the only mark an export leaves of `--exclusive`.
 */
function drawRequest(rng: Rng): Request {
  const kind = rng.next();
  const exclusive = rng.next() < 0.05,
    most = (cpus: number) => (exclusive ? EXCLUSIVE_TASKS_MAX : cpus);
  if (kind < 0.15)
    return {
      partition: "gpu",
      nodes: rng.next() < 0.15 ? 2 : 1,
      tasksPerNode: rng.int(1, most(4)),
      memMiB: 1000 * rng.int(1, 24),
      gpus: rng.int(1, 2),
      exclusive,
    };
  if (kind < 0.32)
    return {
      partition: "batch",
      nodes: 1,
      tasksPerNode: rng.int(1, most(8)),
      memMiB: 1000 * rng.int(9, 30),
      gpus: 0,
      exclusive,
    };
  const c = rng.next();
  return {
    partition: "batch",
    nodes: rng.next() < 0.2 ? 2 : 1,
    tasksPerNode: rng.int(1, most(8)),
    memMiB: 500 * rng.int(1, 14),
    gpus: 0,
    constraint: c < 0.15 ? "intel" : c < 0.3 ? "amd" : undefined,
    exclusive,
  };
}

/** The workload and how many drawn requests were drawn again because no node set could hold them. */
export interface TresWorkload {
  jobs: TresJob[];
  redrawn: number;
}

/** A seeded workload on {@link TRES_LAYOUT}: the same options give the same jobs. */
export function tresWorkload(options: TresWorkloadOptions = {}): TresWorkload {
  const seed = options.seed ?? 1,
    n = options.jobs ?? 120,
    gap = options.meanGap ?? 0.4,
    scale = options.timeScale ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw invalidArgument("jobs", n, "an integer in 1..1000");
  if (!(gap > 0 && gap <= 60)) throw invalidArgument("meanGap", gap, "seconds in (0, 60]");
  if (!Number.isInteger(scale) || scale < 1 || scale > 12)
    throw invalidArgument("timeScale", scale, "an integer in 1..12");
  const users = SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => ({ ...u, account: a.name })));
  const rng = createRng(seed);
  const jobs: TresJob[] = [];
  let at = 0,
    redrawn = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) at += rng.exponential(gap * scale);
    let u = rng.next(),
      k = 0;
    while (k < users.length - 1 && u >= users[k].activity) u -= users[k++].activity;
    let request = drawRequest(rng);
    while (fittingNodes(request, TRES_LAYOUT).length < request.nodes) {
      redrawn++;
      request = drawRequest(rng);
    }
    const s = rng.next();
    jobs.push({
      name: `t${String(i + 1).padStart(3, "0")}`,
      offset: Math.round(at * 1000) / 1000,
      user: users[k].user,
      account: users[k].account,
      ...request,
      limitMinutes: scale * rng.int(1, 3),
      sleep: scale * (2 + Math.floor(s ** 2 * 14)),
    });
  }
  return { jobs, redrawn };
}

/** The sbatch options of a job (without `--uid`, output and working folder). */
export function tresSbatchArgs(j: TresJob): string[] {
  return [
    `--account=${j.account}`,
    "-J",
    j.name,
    `--partition=${j.partition}`,
    "-N",
    String(j.nodes),
    `--ntasks-per-node=${j.tasksPerNode}`,
    `--mem=${j.memMiB}`,
    ...(j.gpus > 0 ? [`--gres=gpu:${j.gpus}`] : []),
    ...(j.constraint !== undefined ? [`--constraint=${j.constraint}`] : []),
    ...(j.exclusive ? ["--exclusive"] : []),
    `--time=${j.limitMinutes}`,
  ];
}

/** What a workload asks for, as fractions of its jobs, and the load it offers. */
export interface TresWorkloadMix {
  jobs: number;
  /** Fraction of jobs on two or more nodes. */
  multiNode: number;
  /** Fraction asking more memory per node than some node of their partition has. */
  memoryOnlySomeNodes: number;
  /** Fraction asking GPUs. */
  gpus: number;
  /** Fraction with a constraint. */
  constraint: number;
  /** Fraction with `--exclusive`. */
  exclusive: number;
  /** Submission span (first to last submit), seconds. */
  spanSeconds: number;
  /** CPU·s asked (exclusive jobs: their nodes' CPUs, on the smallest fitting nodes) over the cluster's CPUs × span. */
  offeredLoad: number;
}

/** The mix of a workload on `layout` (see {@link TresWorkloadMix}). */
export function tresWorkloadMix(jobs: readonly TresJob[], layout: NodeLayout): TresWorkloadMix {
  if (jobs.length === 0) throw invalidArgument("jobs", [], "at least one job");
  const nodes = layoutNodes(layout);
  const byName = new Map(nodes.map((x) => [x.name, x]));
  const frac = (p: (j: TresJob) => boolean) => jobs.filter(p).length / jobs.length;
  const cpuSeconds = jobs.reduce((s, j) => {
    const fit = fittingNodes(j, layout).map((x) => byName.get(x)!.cpus);
    const perNode = j.exclusive ? Math.min(...fit) : j.tasksPerNode;
    return s + perNode * j.nodes * j.sleep;
  }, 0);
  const span = jobs[jobs.length - 1].offset - jobs[0].offset;
  const cpus = nodes.reduce((s, x) => s + x.cpus, 0);
  return {
    jobs: jobs.length,
    multiNode: frac((j) => j.nodes > 1),
    memoryOnlySomeNodes: frac((j) =>
      nodes.some((x) => x.partitions.includes(j.partition) && x.memMiB < j.memMiB),
    ),
    gpus: frac((j) => j.gpus > 0),
    constraint: frac((j) => j.constraint !== undefined),
    exclusive: frac((j) => j.exclusive),
    spanSeconds: span,
    offeredLoad: span > 0 ? cpuSeconds / (cpus * span) : Infinity,
  };
}
