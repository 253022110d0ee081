/**
 * What the replay does not simulate, each with the number of the site's jobs it touches, read off the
 * export's own columns and config (a feature the export cannot show says so instead of a count):
 * node sharing (jobs that held a node while another job held it too: NodeList and times; with the
 * cons_tres model, requests spread unevenly over their nodes instead), a node's
 * turnaround between jobs (jobs that started within one bf_interval of another's end on their
 * nodes), jobs held before they were eligible (dependencies, `--begin`, holds, array throttles), reservations, GPUs
 * and licenses, memory as a consumable resource, partitions smaller than the machine, QOS (priority
 * and limits: not in the export), association limits, preemption, and the priority and scheduler
 * knobs that are set but not modelled, and the usage before the export's first job. Then the
 * requests: constraints (not modelled on whole nodes; on shared nodes simplified or dropped where
 * lib/site/site-constraint.ts must), a submission to several partitions, a stated dependency,
 * `--exclusive=user|mcs|topo`, `--mem-per-gpu`, a node count other than asked (a range), the
 * requests inferred rather than read (GPUs from what a job held, a constraint from its nodes,
 * `--exclusive` from the CPUs it held) and those its export does not hold where they matter
 * (memory when consumable, GPUs on a machine with GPUs, constraints on one with features).
 */
import { EVENT_SCHEDULER_PARAMETERS } from "../io/scheduler-parameters";
import type { SiteModel } from "./site";
import { associationName } from "./site-tree";
import { exclusiveInferred, jobConstraint } from "./site-tres";
import type { UnknownRequest } from "./site-request";
import { jobsByNode, nodeTurnaround } from "./turnaround";

/**
 * One feature the replay leaves out, with the site's jobs it touches (NaN when the export cannot
 * tell) and the values it rests on; views/site/tables.ts words each with what the replay does
 * instead. Features: a request spread unevenly over its nodes (cons_tres), node sharing, GPUs,
 * memory and partitions smaller than the machine (whole nodes), a node's turnaround (the median
 * gap here and the replay's one turnaround, s), jobs held before eligible, reservations (`inExport`
 * false: no Reservation column), licenses, QOS, association limits, preemption, the priority
 * weights, flags and scheduler parameters left out, fair-share usage before the first job, and the
 * requests of the module comment: `inferred` and `unknown` rows name the request they count.
 */
export type UnsimulatedRow = { jobs: number } & (
  | { feature: "uneven request" | "node sharing" | "held before eligible" | "GPUs" | "licenses" | "QOS" }
  | { feature: "association limits" | "prior usage" }
  | {
      feature:
        | "constraints"
        | "constraint simplified"
        | "constraint dropped"
        | "several partitions"
        | "dependency"
        | "exclusive not by node"
        | "memory per GPU"
        | "node range";
    }
  | { feature: "inferred"; request: "GPUs" | "constraint" | "exclusive" }
  | { feature: "unknown"; request: UnknownRequest }
  | {
      feature: "PriorityWeightQOS" | "PriorityWeightPartition" | "PriorityWeightAssoc" | "PriorityWeightTRES";
    }
  | { feature: "turnaround"; medianGap: number; turnaround: number }
  | { feature: "reservations"; inExport: boolean }
  | { feature: "memory"; selectTypeParameters: string[] }
  | { feature: "small partitions"; partitions: string[] }
  | { feature: "preemption"; preemptType: string | null }
  | { feature: "PriorityFlags"; flags: string[] }
  | { feature: "SchedulerParameters"; parameters: string[] }
);

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
  const add = (row: UnsimulatedRow) => {
    if (!(row.jobs === 0)) rows.push(row);
  };
  const shared = site.machine.model === "shared nodes";
  if (shared) {
    const uneven = (total: number, nodes: number) => total > 0 && total % Math.max(1, nodes) !== 0;
    add({
      feature: "uneven request",
      jobs: count(
        (j) => uneven(j.reqCpus, j.nodes) || uneven(j.reqMemMiB, j.nodes) || uneven(j.reqGpus, j.nodes),
      ),
    });
  } else add({ feature: "node sharing", jobs: sharedNodeJobs(jobs) });
  const turn = nodeTurnaround(jobs, s.bfInterval);
  add({
    feature: "turnaround",
    jobs: turn.jobs,
    medianGap: turn.medianGap,
    turnaround: site.machine.turnaround ?? 0,
  });
  add({ feature: "held before eligible", jobs: count((j) => j.eligible > j.submit) });
  const hasResv = jobs.some((j) => j.reservation !== undefined);
  add({
    feature: "reservations",
    jobs: hasResv ? count((j) => j.reservation !== undefined) : NaN,
    inExport: hasResv,
  });
  if (!shared) add({ feature: "GPUs", jobs: count((j) => j.gpus > 0) });
  add({ feature: "licenses", jobs: count((j) => j.licenses > 0) });
  if (!shared && s.selectTypeParameters.some((p) => /MEMORY/.test(p)))
    add({ feature: "memory", jobs: n, selectTypeParameters: [...s.selectTypeParameters] });
  const W = site.machine.nodes;
  const small = Object.entries(site.partitionNodes)
    .filter(([, k]) => k < W)
    .map(([p]) => p);
  if (!shared)
    add({ feature: "small partitions", jobs: count((j) => small.includes(j.partition)), partitions: small });
  add({ feature: "QOS", jobs: count((j) => j.qos !== "" && j.qos !== "normal") });
  if (s.weights.qos > 0) add({ feature: "PriorityWeightQOS", jobs: n });
  if (s.weights.partition > 0) add({ feature: "PriorityWeightPartition", jobs: n });
  const limited = new Set(site.limitedAssociations);
  add({
    feature: "association limits",
    jobs: count((j) => limited.has(j.account) || limited.has(associationName(j.user, j.account))),
  });
  const preempt = cfg.PreemptType && cfg.PreemptType !== "preempt/none";
  add({
    feature: "preemption",
    jobs: preempt ? count((j) => j.state === "PREEMPTED") : 0,
    preemptType: cfg.PreemptType ?? null,
  });
  if (s.weightAssoc > 0) add({ feature: "PriorityWeightAssoc", jobs: n });
  if (Object.keys(s.weightTres).length) add({ feature: "PriorityWeightTRES", jobs: n });
  const flags = s.priorityFlags.filter((f) => !SIMULATED_FLAGS.has(f.toUpperCase()));
  if (flags.length) add({ feature: "PriorityFlags", jobs: n, flags });
  const knobs = Object.keys(s.schedulerParameters).filter((k) => !EVENT_SCHEDULER_PARAMETERS.includes(k));
  if (knobs.length) add({ feature: "SchedulerParameters", jobs: n, parameters: knobs });
  if (s.priorityType === "priority/multifactor" && s.weights.fairShare > 0)
    add({ feature: "prior usage", jobs: n });
  requestRows(site, add);
  return rows;
}

/** The rows of the requests (see the module comment), each counted from the jobs. */
function requestRows(site: SiteModel, add: (row: UnsimulatedRow) => void): void {
  const jobs = site.jobs;
  const count = (f: (j: (typeof jobs)[number]) => boolean) => jobs.filter(f).length;
  const tres = site.machine.model === "shared nodes" ? site.machine.tres : undefined;
  if (tres) {
    const outcome = jobs.map((j) => jobConstraint(j, tres).outcome);
    add({ feature: "constraint simplified", jobs: outcome.filter((o) => o === "simplified").length });
    add({
      feature: "constraint dropped",
      jobs: outcome.filter((o) => o === "refused" || o === "fails its nodes").length,
    });
  } else add({ feature: "constraints", jobs: count((j) => j.constraint !== "") });
  add({ feature: "several partitions", jobs: count((j) => (j.partitions?.length ?? 0) > 1) });
  add({ feature: "dependency", jobs: count((j) => j.submitted?.dependency !== undefined) });
  add({
    feature: "exclusive not by node",
    jobs: count((j) => j.submitted?.exclusive !== undefined && j.submitted.exclusive !== "node"),
  });
  add({ feature: "memory per GPU", jobs: count((j) => j.submitted?.memPerGpuMiB !== undefined) });
  add({
    feature: "node range",
    jobs: count(
      (j) =>
        (j.reqNodes !== undefined && j.reqNodes > 0 && j.reqNodes !== j.nodes) ||
        (j.submitted?.nodes !== undefined && j.submitted.nodes.min < j.submitted.nodes.max),
    ),
  });
  const fromAlloc = (g?: string) => g === "AllocTRES" || g === "AllocGRES";
  add({
    feature: "inferred",
    request: "GPUs",
    jobs: count((j) => fromAlloc(j.requestFrom?.gpus) && j.reqGpus > 0),
  });
  add({
    feature: "inferred",
    request: "constraint",
    jobs: count((j) => j.requestFrom?.constraint === "nodes"),
  });
  if (tres)
    add({ feature: "inferred", request: "exclusive", jobs: count((j) => exclusiveInferred(j, tres)) });
  const memory = site.settings.selectTypeParameters.some((p) => /MEMORY/i.test(p));
  const matters: Record<UnknownRequest, boolean> = {
    memory: tres !== undefined && memory,
    gpus: site.machine.tres === undefined || site.machine.tres.some((m) => m.gpus > 0),
    constraint: site.machine.tres === undefined || site.machine.tres.some((m) => m.features.length > 0),
  };
  for (const r of ["memory", "gpus", "constraint"] as const)
    if (matters[r])
      add({ feature: "unknown", request: r, jobs: count((j) => j.unknown?.includes(r) ?? false) });
}
