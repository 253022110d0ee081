/**
 * Slurm's multifactor priority straight through lib/slurm's public functions on Maps (advanceUsage,
 * classicFairShare, levelBased, jobPriorities) and the Fair Tree oracle (test/slurm/oracles/fair-tree-reference.ts):
 * the definition lib's slurmPriority (lib/sim/slurm-priority.ts) must reproduce bit for bit
 * (test/sim/slurm-priority.test.ts).
 */
import { type AssociationTree, buildAssociationTree } from "../../../lib/slurm/associations";
import { type RunningJobUsage, type UsageState, advanceUsage } from "../../../lib/slurm/usage";
import { jobPriorities } from "../../../lib/slurm/multifactor";
import { classicFairShare } from "../../../lib/slurm/classic";
import { levelBased } from "../../../lib/slurm/level-based";
import type { SimJob } from "../../../lib/sim/job";
import type { PriorityModel, PriorityState } from "../../../lib/sim/priority";
import { type SlurmPriorityOptions, resolveSlurmPriority } from "../../../lib/sim/slurm-priority-options";
import { referenceFairTree } from "../../slurm/oracles/fair-tree-reference";

/** The reference model for these options (as {@link slurmPriority}). */
export function referenceSlurmPriority(options: SlurmPriorityOptions = {}): PriorityModel {
  const r = resolveSlurmPriority(options);
  const { fsKind, weights, qosMap, userName, formula } = r;
  let tree: AssociationTree | undefined;
  let usage: UsageState = { time: 0, usage: new Map() };
  let fs = new Map<string, number>();
  let W = 1,
    CPUS = 1;
  let jobs: readonly SimJob[] = [];
  const resets = (options.usage?.resetPeriod ?? "NONE") !== "NONE";

  const refreshFairShare = () => {
    const t = tree!;
    const res =
      fsKind === "classic"
        ? classicFairShare(t, { usage: usage.usage })
        : fsKind === "level-based"
          ? levelBased(t, { usage: usage.usage })
          : referenceFairTree(t, {
              usage: usage.usage,
              variant: fsKind === "fair-tree" ? "slurm" : "thesis",
            });
    // no accounting database: no associations, every fair-share factor 0
    fs = r.accounting ? res.factors : new Map([...res.factors.keys()].map((k) => [k, 0]));
  };
  const breakdowns = (jobs: readonly SimJob[], now: number) =>
    jobPriorities(
      jobs.map((job) => ({
        id: job.id,
        user: userName(job),
        qos: qosMap.has(job.qos) ? job.qos : "",
        ageSeconds: now - job.submit,
        cpus: job.procs,
        nodes: job.nodes,
        timeLimitMinutes: job.limit / 60,
        partition: job.partition,
        ...(options.siteFactor ? { site: options.siteFactor.value(job, now) } : {}),
      })),
      {
        weights,
        fairShare: fs,
        qos: qosMap,
        clusterNodes: W,
        clusterCpus: CPUS,
        maxAgeSeconds: options.maxAgeSeconds,
        favorSmall: options.favorSmall,
        formula,
      },
    );
  const breakdown = (job: SimJob, now: number) => breakdowns([job], now)[0];
  // Every recalculation by the definition: each pending job's priority is jobPriorities' (the
  // weighted factors summed in its order, floor 1, cap 2^32 − 1, truncation).
  const fastPriority = (job: SimJob, now: number): number => breakdown(job, now).priority;

  return {
    name: r.name,
    calcPeriod: options.calcPeriod ?? 300,
    reset(js: readonly SimJob[], t0: number, st: PriorityState) {
      jobs = js;
      W = st.totalNodes;
      CPUS = st.totalNodes * st.coresPerNode;
      tree = buildAssociationTree(r.associations(js));
      for (const j of js)
        if (!tree.nodes.has(userName(j)))
          throw new Error(
            `invalid user of job ${j.id}: ${JSON.stringify(j.user)}; expected a user in the association tree`,
          );
      usage = { time: t0, usage: new Map() };
      refreshFairShare();
    },
    update(now: number, st: PriorityState) {
      const ran: RunningJobUsage[] = [];
      st.eachRanSinceUpdate((j, start, end) =>
        ran.push({ association: userName(jobs[j]), cpus: jobs[j].procs, start, end }),
      );
      usage = advanceUsage(usage, now, tree!, ran, options.usage);
      // decay alone scales every usage by the same factor, which changes no fair-share factor
      if (ran.length > 0 || resets) refreshFairShare();
    },
    priority: (job, now) => breakdown(job, now).priority,
    writePriorities(pending: readonly number[], now: number, out: Float64Array) {
      for (const j of pending) out[j] = fastPriority(jobs[j], now);
    },
    factors: (job, now) => {
      const b = breakdown(job, now);
      return b.site === undefined ? { ...b.weighted } : { ...b.weighted, site: b.site };
    },
  };
}
