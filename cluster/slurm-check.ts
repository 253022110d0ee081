/**
 * The real-Slurm validation (`npm run check:slurm`): one seeded workload runs on a local
 * Slurm 22.05 (select/linear, sched/backfill, every SchedulerParameters knob explicit, accounting on)
 * and through our simulator's Slurm scheduler under the same knobs, fed the real submit times and
 * real elapsed times; then the schedules, the pending set at the sprio snapshot, and sshare's Fair
 * Tree figures are compared. The real run is saved so the simulator side can be re-run alone.
 *
 * What is aligned, and the limits (real Slurm timing is noisy):
 * - times are seconds from the first submission; sacct truncates to whole seconds, so do we;
 * - our jobs get the real submit times and the real elapsed times (End − Start), not the `sleep`
 *   values (each job runs ~0–1 s longer than its sleep);
 * - Slurm's priority is age-only multifactor, i.e. FIFO with ties by job id = submission order, like
 *   our FIFO model;
 * - the backfill phase is read from slurmctld's log (DebugFlags=Backfill), and Slurm rounds
 *   reservations on the epoch bf_resolution grid, so our time 0 is put on that grid;
 * - not modelled: Slurm's job-end → next-start latency (epilog, node COMPLETING, the deferred main
 *   pass; about 1–2 s per generation of jobs, accumulating, so real starts are later, never
 *   earlier), the phase of the periodic sched_interval pass, and backfill cycle drift (cycles cost
 *   well under a millisecond here, so fixed-rate cycles match the log);
 * - fair share: one Unix user (root) in each leaf account; the tree, shares and usage come from
 *   sshare itself, so this checks the Fair Tree ranking and LevelFS, not usage accounting or decay;
 * - one seeded workload of 20 jobs on 8 nodes is a small sample: a check, not a statistic.
 */
import { simulate } from "../lib/sim/engine";
import { slurmScheduler, type SlurmOptions } from "../lib/sim/slurm-scheduler";
import { checkWorkload, type CheckJob, type CheckWorkloadOptions } from "./check-workload";
import { compareSshareFairTree, type FairShareComparisonRow } from "../lib/slurm/sshare-check";
import { parseSshare } from "../lib/io/sshare";
import { startLocalSlurm } from "./local-slurm";
import { expandHostlist } from "../lib/io/hostlist";
import { runOnSlurm, type RealRun } from "./real-run";
import { scheduleAgreement, type ScheduleAgreement, type ScheduledJob } from "./schedule-agreement";
import { schedulerKnobs, schedulerParameters, simSlurmOptions, type SchedulerKnobs } from "./slurm-versions";

/** Accounts of the check, parents first; user root sits in every leaf account (jobs run there) with 1 share. */
export const CHECK_ACCOUNTS: readonly { name: string; parent: string; fairshare: number; leaf: boolean }[] = [
  { name: "physics", parent: "root", fairshare: 3, leaf: false },
  { name: "theory", parent: "physics", fairshare: 2, leaf: true },
  { name: "lab", parent: "physics", fairshare: 1, leaf: true },
  { name: "chem", parent: "root", fairshare: 2, leaf: true },
  { name: "bio", parent: "root", fairshare: 1, leaf: true },
];

/** The check's knobs: Slurm 22.05 defaults with a short bf_interval. */
export function checkKnobs(): SchedulerKnobs {
  return schedulerKnobs("22.05", { bfInterval: 5 });
}

/** slurm.conf lines of the check (priority: age only, so the queue is FIFO like our FIFO model). */
export function checkSlurmConf(k: SchedulerKnobs): Record<string, string> {
  return {
    SelectType: "select/linear",
    SelectTypeParameters: "",
    SchedulerType: "sched/backfill",
    SchedulerParameters: schedulerParameters(k),
    PriorityType: "priority/multifactor",
    PriorityWeightAge: "1000",
    PriorityWeightFairshare: "0",
    PriorityWeightJobSize: "0",
    PriorityWeightPartition: "0",
    PriorityWeightQOS: "0",
    PriorityMaxAge: "1-0",
    PriorityCalcPeriod: "1",
    PriorityDecayHalfLife: "7-0",
    PriorityFavorSmall: "NO",
    DebugFlags: "Backfill",
  };
}

/** A recorded real run with what produced it. */
export interface RecordedCheck {
  slurmVersion: string;
  nodes: number;
  knobs: SchedulerKnobs;
  workload: CheckJob[];
  real: RealRun;
  /** Wall time of the real run (cluster start to stop), seconds. */
  wallSeconds: number;
}

/** Start a cluster, run the workload, record, stop. */
export async function recordRealCheck(
  opts: { nodes?: number; workload?: CheckWorkloadOptions } = {},
): Promise<RecordedCheck> {
  const nodes = opts.nodes ?? 8;
  const knobs = checkKnobs();
  const workload = checkWorkload({
    clusterNodes: nodes,
    accounts: CHECK_ACCOUNTS.filter((a) => a.leaf).map((a) => a.name),
    ...opts.workload,
  });
  const t = Date.now();
  const c = await startLocalSlurm({ nodes, accounting: true, slurmConf: checkSlurmConf(knobs) });
  try {
    const ctldUp = Date.now() / 1000;
    for (const a of CHECK_ACCOUNTS) await c.addAccount(a.name, { parent: a.parent, fairshare: a.fairshare });
    for (const a of CHECK_ACCOUNTS) if (a.leaf) await c.addUser("root", a.name, { fairshare: 1 });
    const version = (await c.run("sinfo", ["--version"])).stdout.trim();
    const real = await runOnSlurm(c, workload, ctldUp);
    return { slurmVersion: version, nodes, knobs, workload, real, wallSeconds: 0 };
  } finally {
    await c.stop();
  }
}

/** The comparison of one recorded run with one simulator configuration. */
export interface CheckComparison {
  /** Simulator options beyond the knobs (e.g. a placement mode), as given. */
  simOptions: Partial<SlurmOptions> & Record<string, unknown>;
  /** Phase of Slurm's backfill cycles relative to the first submission, seconds (from its log, else estimated). */
  bfPhase: number;
  /** Seconds our time 0 lies before the first submission (bf_resolution grid alignment; 0 = not aligned). */
  gridShift: number;
  /** When the t=0 sets differ on the grid: our t=0 set with our jobs `lag` s later on it. */
  lagged?: { lag: number; initialEqual: boolean; initialSim: string[] };
  /** Whether bfPhase came from logged cycles. */
  bfPhaseLogged: boolean;
  agreement: ScheduleAgreement;
  /** Pending jobs at the sprio snapshot on each side and whether they agree. */
  pendingReal: string[];
  pendingSim: string[];
  pendingEqual: boolean;
  /** Jobs pending on one side only whose real or simulated start lies within 1 s of the snapshot (a same-second race, not a scheduling difference). */
  pendingBoundary: string[];
  /** The sprio snapshot's time, seconds from the first submission. */
  snapshotAt: number;
  /** Jobs pending on one side only, the rest. */
  pendingOther: string[];
  /** Per job: real and simulated start (s from the first submission) and nodes. */
  perJob: {
    name: string;
    nodes: number;
    realStart: number;
    simStart: number;
    realNodes: string;
    simNodes: string;
  }[];
}

/**
 * Run our Slurm scheduler on the recorded workload (real submit and elapsed times) and compare.
 * When the aligned t=0 sets differ, the run is repeated with our jobs 1 s later on the grid
 * (`lagged`): Slurm starts jobs up to ~1 s after the event that frees them, which we do not model,
 * and a planned end within that second of a bf_resolution boundary floors to a different slot.
 * @param alignGrid put our time 0 on the epoch bf_resolution grid Slurm rounds reservations to. Defaults to true.
 * @param lag seconds our jobs lie later on that grid. Defaults to 0.
 */
export function compareCheck(
  rec: RecordedCheck,
  simOptions: Partial<SlurmOptions> & Record<string, unknown> = {},
  alignGrid = true,
  lag = 0,
): CheckComparison {
  const jobs = rec.real.jobs;
  const t0 = Math.min(...jobs.map((j) => j.submit));
  const bfI = rec.knobs.bfInterval;
  // phase of the backfill cycles: the first logged cycle at or after the first submission, else
  // slurmctld's start + bf_interval (the backfill thread's first sleep)
  const firstCycle = (rec.real.bfCycles ?? []).find((x) => x >= t0);
  const bfPhase = ((((firstCycle ?? rec.real.ctldUp + bfI) - t0) % bfI) + bfI) % bfI;
  const phase = bfPhase;
  // Slurm rounds backfill reservations to multiples of bf_resolution in epoch time, our simulator to
  // multiples from its time 0: put our time 0 on the bf_resolution boundary at or before the first
  // submission (`shift` s earlier) so both round on the same grid; results are shifted back.
  const shift = (alignGrid ? t0 - Math.floor(t0 / rec.knobs.bfResolution) * rec.knobs.bfResolution : 0) + lag;
  const simJobs = jobs.map((j) => ({
    id: j.name,
    submit: j.submit - t0 + shift,
    nodes: j.nodes,
    limit: j.limitMinutes * 60,
    runtime: j.end - j.start,
    account: j.account,
    user: "root",
  }));
  const snapshotAt = rec.real.sprio.time - t0 + shift;
  const res = simulate(simJobs, {
    nodes: rec.nodes,
    scheduler: slurmScheduler({
      ...simSlurmOptions(rec.knobs),
      bfPhase: phase,
      ...simOptions,
    } as SlurmOptions),
  });
  const real = new Map<string, ScheduledJob>(),
    sim = new Map<string, ScheduledJob>();
  jobs.forEach((j, i) => {
    real.set(j.name, { start: j.start - t0, end: j.end - t0, nodes: expandHostlist(j.nodeList) });
    const nl = res.nodeLists[i];
    // our times can be fractional (the logged backfill phase); sacct truncates to whole seconds, so do we
    sim.set(j.name, {
      start: Math.floor(res.start[i]) - shift,
      end: Math.floor(res.end[i]) - shift,
      nodes: nl === null ? undefined : expandHostlist(nl),
    });
  });
  const agreement = scheduleAgreement(real, sim, 2);
  const idToName = new Map(jobs.map((j) => [j.jobId, j.name]));
  const pendingReal = rec.real.sprio.text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => idToName.get(l.trim().split(/\s+/)[0]) ?? `?${l.trim().split(/\s+/)[0]}`)
    .sort();
  // ours: submitted by the snapshot second and not started yet (the engine's own snapshot waits for the next event)
  const pendingSim = simJobs
    .filter((j, i) => j.submit <= snapshotAt && res.start[i] > snapshotAt)
    .map((j) => j.id)
    .sort();
  let lagged: CheckComparison["lagged"];
  if (alignGrid && lag === 0 && !agreement.initialEqual) {
    const again = compareCheck(rec, simOptions, true, 1).agreement;
    lagged = { lag: 1, initialEqual: again.initialEqual, initialSim: again.initialSim };
  }
  return {
    ...pendingSplit(pendingReal, pendingSim, snapshotAt - shift, real, sim),
    lagged,
    snapshotAt: snapshotAt - shift,
    simOptions,
    bfPhase,
    gridShift: shift,
    bfPhaseLogged: firstCycle !== undefined,
    agreement,
    pendingReal,
    pendingSim,
    pendingEqual: pendingReal.join() === pendingSim.join(),
    perJob: jobs.map((j, i) => ({
      name: j.name,
      nodes: j.nodes,
      realStart: j.start - t0,
      simStart: Math.floor(res.start[i]) - shift,
      realNodes: j.nodeList,
      simNodes: res.nodeLists[i] ?? "",
    })),
  };
}

/** sshare of the recorded run vs our Fair Tree on the same tree and usage. */
export function compareCheckFairShare(rec: RecordedCheck): FairShareComparisonRow[] {
  return compareSshareFairTree(parseSshare(rec.real.sshare));
}

function pendingSplit(
  a: string[],
  b: string[],
  T: number,
  real: Map<string, ScheduledJob>,
  sim: Map<string, ScheduledJob>,
) {
  const diff = [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))].sort();
  const near = (n: string) =>
    [real.get(n)?.start, sim.get(n)?.start].some((t) => t !== undefined && Math.abs(t - T) <= 1);
  return { pendingBoundary: diff.filter(near), pendingOther: diff.filter((n) => !near(n)) };
}
