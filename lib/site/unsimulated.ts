/**
 * What the replay does not simulate, each with the number of the site's jobs it touches, read off the
 * export's own columns and config (a feature the export cannot show says so instead of a count):
 * node sharing (jobs that held a node while another job held it too: NodeList and times; with the
 * cons_tres model, requests spread unevenly over their nodes instead), a node's
 * turnaround between jobs (jobs that started within one bf_interval of another's end on their
 * nodes), jobs held before they were eligible (dependencies, `--begin`, holds, array throttles), reservations, GPUs
 * and licenses, memory as a consumable resource, partitions smaller than the machine, QOS (priority
 * and limits: not in the export), association limits, preemption, and the priority and scheduler
 * knobs that are set but not modelled, and the usage before the export's first job.
 */
import type { SiteModel } from "./site";
import { associationName } from "./site-tree";
import { jobsByNode, nodeTurnaround } from "./turnaround";

/** One feature the replay leaves out. */
export interface UnsimulatedRow {
  feature: string;
  /** Jobs it touches (NaN when the export cannot tell). */
  jobs: number;
  /** What the replay does instead. */
  replay: string;
}

/** The scheduler parameters lib/sim's Slurm scheduler takes under "events" timing. */
export const SIMULATED_SCHEDULER_PARAMETERS: readonly string[] = Object.freeze([
  "bf_interval",
  "bf_window",
  "bf_resolution",
  "bf_max_job_test",
  "bf_max_job_user",
  "bf_job_part_count_reserve",
  "default_queue_depth",
  "sched_interval",
]);

/** PriorityFlags the replay follows (the fair-share algorithm). */
const SIMULATED_FLAGS = new Set(["NO_FAIR_TREE", "LEVEL_BASED"]);

/** How many jobs held a node while another job held it (NodeList, [start, end)). */
export function sharedNodeJobs(jobs: readonly { nodeList: string; start: number; end: number }[]): number {
  const byNode = jobsByNode(jobs);
  const shared = new Uint8Array(jobs.length);
  for (const list of byNode.values()) {
    // sweep in start order: a job overlaps the latest-ending earlier job when it starts before that end
    let open = -1;
    for (const i of list) {
      if (open >= 0 && jobs[i].start < jobs[open].end) {
        shared[i] = 1;
        shared[open] = 1;
      }
      if (open < 0 || jobs[i].end > jobs[open].end) open = i;
    }
  }
  return shared.reduce((s, v) => s + v, 0);
}

/** The features the replay leaves out (see the module comment), with their job counts. */
export function unsimulatedRows(site: SiteModel): UnsimulatedRow[] {
  const jobs = site.jobs,
    n = jobs.length,
    s = site.settings,
    cfg = site.configValues;
  const count = (f: (j: (typeof jobs)[number]) => boolean) => jobs.filter(f).length;
  const rows: UnsimulatedRow[] = [];
  const add = (feature: string, k: number, replay: string) => {
    if (!(k === 0)) rows.push({ feature, jobs: k, replay });
  };
  const shared = site.machine.model === "shared nodes";
  if (shared) {
    const uneven = (total: number, nodes: number) => total > 0 && total % Math.max(1, nodes) !== 0;
    add(
      "a request spread unevenly over its nodes (ReqCPUS, mem or GPUs not a multiple of NNodes)",
      count((j) => uneven(j.reqCpus, j.nodes) || uneven(j.reqMemMiB, j.nodes) || uneven(j.reqGpus, j.nodes)),
      "each node is asked the job's total over its nodes, rounded up",
    );
  } else
    add(
      "node sharing (a node held by two jobs at once)",
      sharedNodeJobs(jobs),
      "each job holds its nodes whole (cons_tres is modelled only with sinfo's nodes and SelectType cons_tres or cons_res)",
    );
  const turn = nodeTurnaround(jobs, s.bfInterval);
  add(
    `a node's turnaround between jobs (COMPLETING, epilog, the next pass; median ${turn.medianGap} s here)`,
    turn.jobs,
    `each job's nodes come back ${site.machine.turnaround ?? 0} s after it ends (the median), not as each really did`,
  );
  add(
    "held before eligible (dependency, --begin, hold, array throttle)",
    count((j) => j.eligible > j.submit),
    "it becomes eligible at its real eligible time",
  );
  const hasResv = jobs.some((j) => j.reservation !== undefined);
  add(
    "reservations",
    hasResv ? count((j) => j.reservation !== undefined) : NaN,
    hasResv ? "reservations are ignored" : "not in the export (add Reservation to sacct's --format)",
  );
  if (!shared)
    add(
      "GPUs (GRES)",
      count((j) => j.gpus > 0),
      "GPUs are not placed: whole nodes only",
    );
  add(
    "licenses",
    count((j) => j.licenses > 0),
    "licenses are not counted",
  );
  if (!shared && s.selectTypeParameters.some((p) => /MEMORY/.test(p)))
    add("memory as a consumable resource", n, `${s.selectTypeParameters.join(",")}: memory is not placed`);
  const W = site.machine.nodes;
  const small = Object.entries(site.partitionNodes)
    .filter(([, k]) => k < W)
    .map(([p]) => p);
  if (!shared)
    add(
      `partitions smaller than the machine (${small.join(", ") || "none"})`,
      count((j) => small.includes(j.partition)),
      "every job may use the whole machine",
    );
  const qosJobs = count((j) => j.qos !== "" && j.qos !== "normal");
  add(
    "QOS other than normal (priority, limits, preemption)",
    qosJobs,
    "not in the export (sacctmgr show qos): QOS factor 0, no QOS limits",
  );
  if (s.weights.qos > 0)
    add("PriorityWeightQOS", n, "QOS priorities are not in the export: every job's QOS factor is 0");
  if (s.weights.partition > 0)
    add(
      "PriorityWeightPartition",
      n,
      "partition priorities are not in the export: every job's partition factor is 0",
    );
  const limited = new Set(site.limitedAssociations);
  add(
    "association limits (GrpTRES, MaxTRES, MaxWall)",
    count((j) => limited.has(j.account) || limited.has(associationName(j.user, j.account))),
    "limits are not enforced",
  );
  const preempt = cfg.PreemptType && cfg.PreemptType !== "preempt/none";
  add(
    `preemption (${cfg.PreemptType ?? "PreemptType unknown"})`,
    preempt ? count((j) => j.state === "PREEMPTED") : 0,
    "no job is preempted",
  );
  if (s.weightAssoc > 0) add("PriorityWeightAssoc", n, "the association factor is left out");
  if (Object.keys(s.weightTres).length) add("PriorityWeightTRES", n, "TRES factors are left out");
  const flags = s.priorityFlags.filter((f) => !SIMULATED_FLAGS.has(f.toUpperCase()));
  if (flags.length) add(`PriorityFlags ${flags.join(",")}`, n, "left out");
  const knobs = Object.keys(s.schedulerParameters).filter((k) => !SIMULATED_SCHEDULER_PARAMETERS.includes(k));
  if (knobs.length) add(`SchedulerParameters ${knobs.join(",")}`, n, 'left out ("events" timing)');
  if (s.priorityType === "priority/multifactor" && s.weights.fairShare > 0)
    add("fair-share usage before the export's first job", n, "usage starts at zero");
  return rows;
}
