/**
 * The real-Slurm validation (`npm run check:slurm`): a seeded workload runs on a local Slurm 22.05
 * (select/linear, sched/backfill, every SchedulerParameters knob explicit, multifactor priority
 * with age and Fair Tree fair share over accounting) and through our simulator's Slurm scheduler
 * under the same knobs; then start times, start order and node lists are compared, and sshare's
 * Fair Tree figures with ours. The real run is saved so the simulator side can be re-run alone.
 *
 * Our side gets, from slurmctld's log (cluster/slurmctld-log.ts), each job's submit, how long it ran
 * (from the start of the pass or cycle that started it to its script's end, to the millisecond, so a
 * job started by the same pass ends when Slurm's did) and how long its nodes then stayed COMPLETING
 * (to its last node freed), and how each job's end
 * reached the main scheduler (an EPILOG_COMPLETE RPC runs a pass at once; the agent's reply only
 * queues one). Three models are compared:
 * - "events": the scheduler's default timing (a main pass at every submit and end, cycles every
 *   bf_interval after the previous one, the cycle grid's phase from the log) on sacct's whole
 *   seconds, as this check did before slurmctld's timing was modelled;
 * - "slurmctld": timing "slurmctld" (lib/sim/slurm-timing.ts) with constants measured on this run:
 *   the background loop's mean period and phase, the first backfill cycle, the cycle-cost fit;
 * - "replay": the same rules with the background loop's iterations and the backfill cycles at the
 *   instants the log shows (host timing noise taken out; the rules still decide which iteration
 *   runs a pass and what each pass and cycle starts). Every pass the loop runs is logged, so between
 *   two logged passes the loop iterates at none: an iteration placed there by the mean period could
 *   fall a millisecond after a job's end the real loop ran before.
 * Our time 0 lies on Slurm's epoch bf_resolution grid so both round reservations alike; starts are
 * compared in whole seconds: sacct's, and ours as time(NULL) reads them ("slurmctld" and "replay":
 * a start reads it after the work its cycle did before it, and time(NULL) lags the exact clock by
 * the recording host's measured lag, cluster/clock-lag.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { simulate, type SimResult, type SimulateOptions } from "../lib/sim/engine";
import { slurmPriority } from "../lib/sim/slurm-priority";
import { slurmScheduler, type SlurmOptions } from "../lib/sim/slurm-scheduler";
import type { AssociationRow } from "../lib/slurm/associations";
import { compareSshareFairTree, type FairShareComparisonRow } from "../lib/slurm/sshare-check";
import { parseSshare } from "../lib/io/sshare";
import { expandHostlist } from "../lib/io/hostlist";
import { checkWorkload, type CheckJob, type CheckWorkloadOptions } from "./check-workload";
import { clockLagOf } from "./clock-lag";
import type { CycleCostFit } from "./ctld-clock";
import { loggedTiming, type CheckModel } from "./logged-timing";
import { startLocalSlurm } from "./local-slurm";
import { runOnSlurm, type RealRun } from "./real-run";
import { scheduleAgreement, type ScheduleAgreement, type ScheduledJob } from "./schedule-agreement";
import { parseCtldLog, type CtldEvents } from "./slurmctld-log";
import { schedulerKnobs, schedulerParameters, simSlurmOptions, type SchedulerKnobs } from "./slurm-versions";

export type { CheckModel } from "./logged-timing";

/** An account of the check: its parent, its shares, and whether jobs run in it (user root with 1 share). */
export interface CheckAccount {
  name: string;
  parent: string;
  fairshare: number;
  leaf: boolean;
}

/**
 * Accounts of the check, parents first; user root sits in every leaf account (jobs run there) with 1
 * share. Siblings' shares are coprime, so two accounts rarely use exactly their shares' ratio: such a
 * LevelFS tie is broken in Slurm by its decay arithmetic to 1e-8, and our usage, charged to the
 * second a job's nodes came back rather than the second its script ended, may break it the other way.
 */
export const CHECK_ACCOUNTS: readonly CheckAccount[] = [
  { name: "physics", parent: "root", fairshare: 7, leaf: false },
  { name: "theory", parent: "physics", fairshare: 5, leaf: true },
  { name: "lab", parent: "physics", fairshare: 3, leaf: true },
  { name: "chem", parent: "root", fairshare: 5, leaf: true },
  { name: "bio", parent: "root", fairshare: 3, leaf: true },
];

/** The check's priority: PriorityWeightAge, PriorityWeightFairshare, PriorityMaxAge (s), PriorityCalcPeriod (s), PriorityDecayHalfLife (s). */
export const CHECK_PRIORITY = Object.freeze({
  age: 1000,
  fairShare: 10000,
  maxAge: 86400,
  calcPeriod: 60,
  halfLife: 7 * 86400,
});

/**
 * The check's knobs: Slurm 22.05 defaults scaled to jobs of seconds (bf_interval 5 s, bf_resolution
 * 1 s, sched_interval 30 s, batch_sched_delay 1 s: the background loop runs a requested pass at its
 * next iteration); `timeScale` multiplies bf_interval and sched_interval (bf_max_time follows
 * bf_interval, its default).
 */
export function checkKnobs(timeScale = 1): SchedulerKnobs {
  return schedulerKnobs("22.05", {
    bfInterval: 5 * timeScale,
    bfResolution: 1,
    schedInterval: 30 * timeScale,
    batchSchedDelay: 1,
  });
}

/** slurm.conf lines of the check. */
export function checkSlurmConf(k: SchedulerKnobs): Record<string, string> {
  const p = CHECK_PRIORITY;
  return {
    SelectType: "select/linear",
    SelectTypeParameters: "",
    SchedulerType: "sched/backfill",
    SchedulerParameters: schedulerParameters(k),
    PriorityType: "priority/multifactor",
    PriorityWeightAge: String(p.age),
    PriorityWeightFairshare: String(p.fairShare),
    PriorityWeightJobSize: "0",
    PriorityWeightPartition: "0",
    PriorityWeightQOS: "0",
    PriorityMaxAge: `${p.maxAge / 86400}-0`,
    PriorityCalcPeriod: String(p.calcPeriod / 60),
    PriorityDecayHalfLife: `${p.halfLife / 86400}-0`,
    PriorityFavorSmall: "NO",
    // usage is charged at a job's end only when limits are enforced (acct_policy.c
    // _adjust_limit_usage → priority_g_job_end); without, only the decay thread charges the jobs
    // running when it runs, and jobs of seconds would charge nothing
    AccountingStorageEnforce: "limits",
    SlurmctldDebug: "debug",
    DebugFlags: "Backfill,Priority,TraceJobs,Route",
  };
}

/** A recorded real run with what produced it. */
export interface RecordedCheck {
  slurmVersion: string;
  nodes: number;
  seed: number;
  knobs: SchedulerKnobs;
  /** The accounts the run had (CHECK_ACCOUNTS when it was recorded). */
  accounts: CheckAccount[];
  workload: CheckJob[];
  real: RealRun;
  /** Wall time of the real run (cluster start to stop), seconds. */
  wallSeconds: number;
}

/**
 * Start a cluster (accounts added before slurmctld starts), run the workload, record, stop.
 * @param opts.fullLog a file to copy slurmctld's whole log to (the recording keeps only the lines
 *   the check reads). Defaults to none.
 */
export async function recordRealCheck(
  opts: { nodes?: number; workload?: CheckWorkloadOptions; fullLog?: string } = {},
): Promise<RecordedCheck> {
  const nodes = opts.nodes ?? 8;
  const knobs = checkKnobs();
  const seed = opts.workload?.seed ?? 1;
  const workload = checkWorkload({
    clusterNodes: nodes,
    accounts: CHECK_ACCOUNTS.filter((a) => a.leaf).map((a) => a.name),
    ...opts.workload,
  });
  const t = Date.now();
  const c = await startLocalSlurm({
    nodes,
    accounting: true,
    slurmConf: checkSlurmConf(knobs),
    associations: {
      accounts: CHECK_ACCOUNTS.map((a) => ({ name: a.name, parent: a.parent, fairshare: a.fairshare })),
      users: CHECK_ACCOUNTS.filter((a) => a.leaf).map((a) => ({
        user: "root",
        account: a.name,
        fairshare: 1,
      })),
    },
  });
  try {
    const ctldUp = Date.now() / 1000;
    const version = (await c.run("sinfo", ["--version"])).stdout.trim();
    const real = await runOnSlurm(c, workload, ctldUp);
    if (opts.fullLog) fs.copyFileSync(path.join(c.dir, "log", "slurmctld.log"), opts.fullLog);
    return {
      slurmVersion: version,
      nodes,
      seed,
      knobs,
      accounts: [...CHECK_ACCOUNTS],
      workload,
      real,
      wallSeconds: (Date.now() - t) / 1000,
    };
  } finally {
    await c.stop();
  }
}

/** The comparison of one recorded run with one model. */
export interface CheckComparison {
  model: CheckModel;
  agreement: ScheduleAgreement;
  /** Jobs whose end ran a main pass at once (an EPILOG_COMPLETE RPC freed their last node). */
  immediateEnds: number;
  /** The background loop's mean period (s) and the backfill cycle-cost fit on this run. */
  loopPeriod: number;
  cycleCost: CycleCostFit;
  /**
   * The first job, in Slurm's start order (then job id), whose start or nodes differ from ours, and
   * how many started before it; undefined when every start and node list agrees.
   */
  firstDifference?: { job: CheckComparison["perJob"][number]; before: number };
  /** Per job: real and simulated start (whole seconds from our time 0), the instant slurmctld logged its allocation, and nodes. */
  perJob: {
    name: string;
    nodes: number;
    realStart: number;
    simStart: number;
    /** When slurmctld logged the job's allocation (its log's milliseconds, seconds from our time 0). */
    realClock: number;
    realNodes: string;
    simNodes: string;
  }[];
}

/**
 * The association rows of a check's tree (defaults to CHECK_ACCOUNTS); user root of account a is `root@a`, and user root of the
 * root account (which sacctmgr creates with the cluster, 1 share) is `root@root`.
 */
export function checkAssociations(accounts: readonly CheckAccount[] = CHECK_ACCOUNTS): AssociationRow[] {
  const rows: AssociationRow[] = [
    { entity: "root@root", parent: "root", kind: "user", shares: 1 },
    ...accounts.map((a): AssociationRow => ({
      entity: a.name,
      parent: a.parent,
      kind: "account",
      shares: a.fairshare,
    })),
  ];
  for (const a of accounts)
    if (a.leaf) rows.push({ entity: `root@${a.name}`, parent: a.name, kind: "user", shares: 1 });
  return rows;
}

/**
 * Run our Slurm scheduler on the recorded workload under `model` and compare (see the module comment).
 * @param extra further scheduler options (e.g. onReservation, to look inside). Defaults to none.
 * @param look to look inside: an sprio-like snapshot time (s, our time) and a callback given the
 *   simulation's result and our time 0 (epoch s). Defaults to none.
 */
export function compareCheck(
  rec: RecordedCheck,
  model: CheckModel,
  extra: Partial<SlurmOptions> = {},
  look: { snapshotAt?: number; then?: (res: SimResult, origin: number) => void } = {},
): CheckComparison {
  const ev = parseCtldLog(rec.real.log, rec.real.logUtcOffsetMinutes);
  const k = rec.knobs;
  const jobs = rec.real.jobs;
  const timed = loggedTiming(
    ev,
    jobs.map((j) => ({ ...j, id: j.name })),
    k,
    model,
    CHECK_PRIORITY.calcPeriod,
    {
      ctldUp: rec.real.ctldUp,
      log: "slurmctld log of the recording",
      clockLag: clockLagOf(rec.real.clockLag),
    },
  );
  const O = timed.origin;
  const simJobs = jobs.map((j, i) => ({
    id: j.name,
    nodes: j.nodes,
    limit: j.limitMinutes * 60,
    ...timed.jobs[i],
    account: j.account,
    user: `root@${j.account}`,
  }));
  const simOptions: SimulateOptions = {
    snapshotAt: look.snapshotAt,
    nodes: rec.nodes,
    scheduler: slurmScheduler({ ...simSlurmOptions(k), ...timed.scheduler, ...extra }),
    priority: slurmPriority({
      weights: {
        age: CHECK_PRIORITY.age,
        fairShare: CHECK_PRIORITY.fairShare,
        jobSize: 0,
        qos: 0,
        partition: 0,
      },
      associations: checkAssociations(rec.accounts),
      calcPeriod: CHECK_PRIORITY.calcPeriod,
      calcPhase: timed.calcPhase,
      maxAgeSeconds: CHECK_PRIORITY.maxAge,
      usage: { halfLifeSeconds: CHECK_PRIORITY.halfLife },
    }),
  };
  const res = simulate(simJobs, simOptions);
  look.then?.(res, O);
  const perJob = jobs.map((j, i) => ({
    name: j.name,
    nodes: j.nodes,
    realStart: j.start - O,
    simStart: Math.floor(res.start[i]),
    realClock: ev.start.get(j.jobId)!.at - O,
    realNodes: j.nodeList,
    simNodes: res.nodeLists[i] ?? "",
  }));
  const real = new Map<string, ScheduledJob>(),
    sim = new Map<string, ScheduledJob>();
  jobs.forEach((j, i) => {
    real.set(j.name, { start: j.start - O, end: j.end - O, nodes: expandHostlist(j.nodeList) });
    const nl = res.nodeLists[i];
    sim.set(j.name, {
      start: Math.floor(res.start[i]),
      end: Math.floor(res.end[i]),
      nodes: nl === null ? undefined : expandHostlist(nl),
    });
  });
  return {
    model,
    agreement: scheduleAgreement(real, sim, 1),
    immediateEnds: timed.immediateEnds,
    loopPeriod: timed.loopPeriod,
    cycleCost: timed.cycleCost,
    perJob,
    firstDifference: firstDifference(perJob, jobs),
  };
}

function firstDifference(
  perJob: CheckComparison["perJob"],
  jobs: readonly { jobId: string }[],
): CheckComparison["firstDifference"] {
  const order = perJob
    .map((p, i) => ({ p, id: Number(jobs[i].jobId) }))
    .sort((a, b) => a.p.realStart - b.p.realStart || a.id - b.id);
  const k = order.findIndex(
    ({ p }) =>
      p.realStart !== p.simStart || expandHostlist(p.realNodes).join() !== expandHostlist(p.simNodes).join(),
  );
  return k < 0 ? undefined : { job: order[k].p, before: k };
}

/** The parsed slurmctld log of a recording. */
export function recordedEvents(rec: RecordedCheck): CtldEvents {
  return parseCtldLog(rec.real.log, rec.real.logUtcOffsetMinutes);
}

/** sshare of the recorded run vs our Fair Tree on the same tree and usage. */
export function compareCheckFairShare(rec: RecordedCheck): FairShareComparisonRow[] {
  return compareSshareFairTree(parseSshare(rec.real.sshare));
}
