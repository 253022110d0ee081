/**
 * Slurm's multifactor priority inside the simulator, built from lib/slurm. Every PriorityCalcPeriod
 * the usage is advanced with the jobs that ran (as lib/slurm advanceUsage: resets crossed, decay,
 * then run_delta · decay^run_delta · CPUs per job), fair share is recomputed on the association
 * tree (Fair Tree, SchedMD's code by default, or classic), and each pending job's priority is
 * lib/slurm jobPriorities (age from submit, job size, fair share, QoS):
 * - usage is a Float64Array indexed by association (pre-order position), decayed and charged in
 *   place (decay validated once: decayFunction);
 * - Fair Tree runs on the tree compiled once (lib/slurm compileFairTree, sibling orders kept
 *   between periods); classic and LEVEL_BASED go through classicFairShare and levelBased;
 * - the ran jobs are visited without allocation (PriorityState.eachRanSinceUpdate);
 * - pending jobs' priorities are written straight into the engine's array (writePriorities), with
 *   each job's weighted size, QoS, partition and nice computed once by jobPriorities and summed
 *   with age and fair share by the same weightedTotal;
 * - without a formula, a job's queue group is its user and fixed factors (PriorityModel.queueGroup),
 *   so the engine computes a pending priority only when the queue order reaches its job;
 * - a site factor of one's own (SlurmPriorityOptions.siteFactor) is asked at every recalculation and
 *   each pending priority is then jobPriorities' own, with no queue groups;
 * - with `sizeFromTests`, a job's size is the CPUs its last select test counted (PriorityModel.sized),
 *   taken at the next recalculation, with no queue groups.
 * The same operations in the same order as lib/slurm's public functions on Maps, so priorities are
 * bit-identical to test/sim/oracles/slurm-priority-reference.ts (test/sim/slurm-priority.test.ts).
 */
import { type CompiledFairTree, compileFairTree } from "../slurm/compiled-fair-tree";
import { ageFactor, jobPriorities, priorityOfTotal, weightedTotal } from "../slurm/multifactor";
import { buildAssociationTree, type AssociationTree } from "../slurm/associations";
import { classicFairShare } from "../slurm/classic";
import { levelBased } from "../slurm/level-based";
import { decayFunction, nextResetTime } from "../slurm/usage";
import type { SimJob } from "./job";
import type { PriorityModel, PriorityState } from "./priority";
import { type SlurmPriorityOptions, resolveSlurmPriority } from "./slurm-priority-options";

/**
 * A Slurm multifactor priority model for {@link simulate} (fresh state at every run).
 * @example simulate(jobs, { nodes: 5544, scheduler: createScheduler({ name: "slurm" }), priority: slurmPriority() })
 */
export function slurmPriority(options: SlurmPriorityOptions = {}): PriorityModel {
  const r = resolveSlurmPriority(options);
  const { fsKind, weights, qosMap, userName, formula, siteFactor } = r;
  const period = options.usage?.resetPeriod ?? "NONE";
  const resets = period !== "NONE";
  const decay = decayFunction(options.usage);
  const maxAge = options.maxAgeSeconds ?? 7 * 86400;
  let W = 1,
    CPUS = 1;
  let tree: AssociationTree | undefined;
  let compiled: CompiledFairTree | undefined;
  let jobs: readonly SimJob[] = [];
  let own = new Float64Array(0); // own usage per association, CPU·s
  let fs = new Float64Array(0); // fair-share factor per association (users only)
  let jobUser = new Int32Array(0); // association position of each job's user
  let fixed = new Float64Array(0); // weighted job size, QoS, partition and nice per job (4 per job; NaN = not yet)
  let group = new Int32Array(0); // queue group per job: user and fixed factors (-1 = not yet)
  let groupIds = new Map<string, number>();
  let fixedFactors = new Float64Array(0); // with a formula: size, partition, QoS, nice per job (4 per job; NaN = not yet)
  const tested = options.sizeFromTests === true;
  let sizes = new Map<SimJob, number>(); // the CPUs a select test counted per job (sizeFromTests)
  let usageTime = 0;

  const refreshFairShare = () => {
    if (!r.accounting) {
      fs.fill(0);
      return;
    } // no accounting database: no associations, factor 0
    if (fsKind !== "classic" && fsKind !== "level-based") return compiled!.factors(own, fs);
    const usage = new Map<string, number>();
    compiled!.names.forEach((name, i) => usage.set(name, own[i]));
    const f = (fsKind === "classic" ? classicFairShare : levelBased)(tree!, { usage }).factors;
    for (const u of compiled!.userPositions) fs[u] = f.get(compiled!.names[u])!;
  };
  const breakdown = (job: SimJob, now: number) => {
    const user = userName(job);
    return jobPriorities(
      [
        {
          id: job.id,
          user,
          qos: qosMap.has(job.qos) ? job.qos : "",
          ageSeconds: now - job.submit,
          cpus: sizes.get(job) ?? (tested ? (job.sizeCpus ?? job.procs) : job.procs),
          nodes: job.nodes,
          timeLimitMinutes: job.limit / 60,
          partition: job.partition,
          ...(siteFactor ? { site: siteFactor.value(job, now) } : {}),
        },
      ],
      {
        weights,
        fairShare: new Map([[user, fs[compiled!.indexOf.get(user)!]]]),
        qos: qosMap,
        clusterNodes: W,
        clusterCpus: CPUS,
        maxAgeSeconds: options.maxAgeSeconds,
        favorSmall: options.favorSmall,
        formula,
      },
    )[0];
  };

  let from = 0,
    now = 0,
    ranCount = 0,
    lastDelta = NaN,
    lastDecay = 1;
  const charge = (j: number, start: number, end: number) => {
    ranCount++;
    const delta = Math.max(0, Math.min(now, end) - Math.max(from, start));
    if (delta <= 0) return;
    if (delta !== lastDelta) {
      lastDelta = delta;
      lastDecay = decay(delta);
    }
    const u = jobUser[j];
    own[u] = own[u] + delta * lastDecay * jobs[j].procs;
  };

  return {
    name: r.name,
    calcPeriod: options.calcPeriod ?? 300,
    calcPhase: options.calcPhase,
    reset(js: readonly SimJob[], t0: number, st: PriorityState) {
      W = st.totalNodes;
      CPUS = st.totalCpus ?? st.totalNodes * st.coresPerNode;
      jobs = js;
      sizes = new Map();
      tree = buildAssociationTree(r.associations(js));
      compiled = compileFairTree(tree, fsKind === "fair-tree" ? "slurm" : "thesis");
      jobUser = new Int32Array(js.length);
      js.forEach((j, k) => {
        const u = compiled!.indexOf.get(userName(j));
        if (u === undefined || tree!.nodes.get(userName(j))!.kind !== "user")
          throw new Error(
            `invalid user of job ${j.id}: ${JSON.stringify(j.user)}; expected a user in the association tree`,
          );
        jobUser[k] = u;
      });
      own = new Float64Array(compiled.names.length);
      fs = new Float64Array(compiled.names.length);
      fixed = new Float64Array(4 * js.length).fill(NaN);
      group = new Int32Array(js.length).fill(-1);
      groupIds = new Map();
      fixedFactors = formula ? new Float64Array(4 * js.length).fill(NaN) : new Float64Array(0);
      usageTime = t0;
      refreshFairShare();
    },
    update(t: number, st: PriorityState) {
      // advanceUsage, in place: resets crossed, decay, then each ran job's charge
      from = usageTime;
      if (resets) {
        let last = nextResetTime(usageTime, period);
        if (last <= t) {
          while (nextResetTime(last, period) <= t) last = nextResetTime(last, period);
          own.fill(0);
          usageTime = from = last;
        }
      }
      const f = Math.max(decay(t - usageTime), Number.MIN_VALUE);
      for (let i = 0; i < own.length; i++) own[i] = own[i] * f;
      now = t;
      ranCount = 0;
      st.eachRanSinceUpdate(charge);
      usageTime = t;
      if (ranCount > 0 || resets) refreshFairShare();
    },
    priority: (job, t) => breakdown(job, t).priority,
    writePriorities(pending: readonly number[], t: number, out: Float64Array) {
      if (siteFactor) {
        // one's own site factor may change at each recalculation: every priority by the definition
        for (let k = 0; k < pending.length; k++) out[pending[k]] = breakdown(jobs[pending[k]], t).priority;
        return;
      }
      if (formula) return writeFormulaPriorities(pending, t, out);
      const wAge = weights.age,
        wFs = weights.fairShare;
      for (let k = 0; k < pending.length; k++) {
        const j = pending[k],
          f = 4 * j;
        if (fixed[f] !== fixed[f]) fixedPart(j);
        out[j] = priorityOfTotal(
          weightedTotal(
            wAge * ageFactor(t - jobs[j].submit, maxAge),
            fixed[f],
            wFs * fs[jobUser[j]],
            fixed[f + 1],
            fixed[f + 2],
            0,
            fixed[f + 3],
          ),
        );
      }
    },
    factors: (job, t) => {
      const b = breakdown(job, t);
      return b.site === undefined ? { ...b.weighted } : { ...b.weighted, site: b.site };
    },
    // Without a formula or a site factor only the age factor differs within a user's jobs of equal
    // fixed factors, and it never falls with age: one group per (user, weighted job size, QoS,
    // partition, nice).
    sized(j: number, cpus: number) {
      if (!tested || sizes.get(jobs[j]) === cpus) return;
      sizes.set(jobs[j], cpus);
      fixed[4 * j] = NaN;
      fixedFactors[4 * j] = NaN;
    },
    queueGroup:
      formula || siteFactor || tested
        ? undefined
        : (j: number) => {
            if (group[j] < 0) fixedPart(j);
            return group[j];
          },
  };

  // the weighted job size, QoS, partition and nice of job j, and its queue group
  function fixedPart(j: number): void {
    const x = breakdown(jobs[j], jobs[j].submit);
    const key = `${jobUser[j]} ${x.weighted.jobSize} ${x.weighted.qos} ${x.weighted.partition} ${x.nice}`;
    let g = groupIds.get(key);
    if (g === undefined) groupIds.set(key, (g = groupIds.size));
    group[j] = g;
    fixed.set([x.weighted.jobSize, x.weighted.qos, x.weighted.partition, x.nice], 4 * j);
  }

  // With a custom formula: the same factors as jobPriorities, the formula in place of the weighted sum.
  function writeFormulaPriorities(pending: readonly number[], t: number, out: Float64Array) {
    const values = new Float64Array(5);
    for (let k = 0; k < pending.length; k++) {
      const j = pending[k];
      if (fixedFactors[4 * j] !== fixedFactors[4 * j]) {
        const x = breakdown(jobs[j], jobs[j].submit);
        fixedFactors.set([x.factors.jobSize, x.factors.partition, x.factors.qos, x.nice], 4 * j);
      }
      values[0] = ageFactor(t - jobs[j].submit, maxAge);
      values[1] = fs[jobUser[j]];
      values[2] = fixedFactors[4 * j];
      values[3] = fixedFactors[4 * j + 1];
      values[4] = fixedFactors[4 * j + 2];
      out[j] = priorityOfTotal(formula!.evaluate(values) - fixedFactors[4 * j + 3]);
    }
  }
}
