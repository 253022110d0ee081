/**
 * A site's export of jobs of minutes recorded on the local Slurm 22.05: the heterogeneous cluster
 * and workload of cluster/minutes-workload.ts under select/cons_tres with CR_Core_Memory,
 * topology/tree, the multifactor priority with Fair Tree, and scheduler settings as a site keeps them
 * (bf_interval 30 s, the other intervals at Slurm's defaults), exported by the script of
 * docs/your-data.md beside the cluster's slurm.conf, gres.conf and topology.conf. The stand-in for a
 * real site's export: what the replay must reproduce from the export and slurm.conf alone. Used by
 * scripts/record-minutes-export.ts (data/site/cons-tres-minutes/).
 */
import { parseSacct } from "../lib/io/sacct";
import type { SacctJob } from "../lib/io/sacct-jobs";
import { recordSiteExport, type LiveExport } from "./site-recording";
import {
  MINUTES_DEF_MEM_PER_CPU,
  MINUTES_DEFAULT_LIMIT,
  MINUTES_LAYOUT,
  memPerNodeMiB,
  minutesSbatchArgs,
  minutesWorkload,
  minutesWorkloadMix,
  type MinutesJob,
  type MinutesWorkloadMix,
  type MinutesWorkloadOptions,
} from "./minutes-workload";

/**
 * slurm.conf lines of the recording beyond the harness's own (cluster/slurm-conf.ts): select/cons_tres
 * with CR_Core_Memory and DefMemPerCPU; sched/backfill with `bf_interval=30,bf_continue,
 * bf_max_job_test=1000` and Slurm's defaults for the rest (sched_interval 60 s, bf_resolution 60 s,
 * bf_window 1 day, default_queue_depth 100); the multifactor priority with Fair Tree (Slurm 22.05's
 * default algorithm) weighing fair share, age and job size, a 7-day decay half-life, age counted up
 * to a day, the default PriorityCalcPeriod of 5 minutes; limits enforced (usage is charged at a job's
 * end only then: acct_policy.c `_adjust_limit_usage`); gres/gpu among the accounted TRES (else
 * sacct's ReqTRES and AllocTRES leave the GPUs out); and slurmctld's debug log that
 * cluster/slurmctld-log.ts reads. topology/tree and GresTypes come with the layout.
 */
export function minutesSlurmConf(): Record<string, string> {
  return {
    SelectType: "select/cons_tres",
    SelectTypeParameters: "CR_Core_Memory",
    DefMemPerCPU: String(MINUTES_DEF_MEM_PER_CPU),
    SchedulerType: "sched/backfill",
    SchedulerParameters: "bf_interval=30,bf_continue,bf_max_job_test=1000",
    PriorityType: "priority/multifactor",
    PriorityDecayHalfLife: "7-0",
    PriorityMaxAge: "1-0",
    PriorityWeightFairshare: "10000",
    PriorityWeightAge: "1000",
    PriorityWeightJobSize: "1000",
    AccountingStorageEnforce: "associations,limits",
    AccountingStorageTRES: "gres/gpu",
    SlurmctldDebug: "debug",
    DebugFlags: "Backfill,Priority,TraceJobs,Route",
  };
}

/** A recording: the export's files, configs, version and wall time, the workload it ran and its mix. */
export interface MinutesRecording extends LiveExport {
  jobs: MinutesJob[];
  /** Drawn requests drawn again because no node set could hold them. */
  redrawn: number;
  mix: MinutesWorkloadMix;
}

/**
 * Runs the workload on {@link MINUTES_LAYOUT} and exports its accounting (at the defaults about an
 * hour and a half: sessions over about 65 minutes, then the queue drains).
 * The export is not checked here: {@link checkMinutesExport} does (the script runs it after writing
 * the files, so a recording that fails it can be read).
 * @param fullLog a file to copy slurmctld's whole log to. Defaults to none.
 * @throws when a daemon does not start or a command fails (with its output)
 */
export async function recordMinutes(
  options: MinutesWorkloadOptions = {},
  fullLog?: string,
): Promise<MinutesRecording> {
  const { jobs, redrawn } = minutesWorkload(options);
  const r = await recordSiteExport(
    { layout: MINUTES_LAYOUT, slurmConf: minutesSlurmConf() },
    jobs.map((j) => ({ offset: j.offset, user: j.user, sleep: j.sleep, args: minutesSbatchArgs(j) })),
    fullLog,
    120 * 60_000,
  );
  return { ...r, jobs, redrawn, mix: minutesWorkloadMix(jobs) };
}

/**
 * Checks a sacct export against the workload it recorded: every job there once by name, COMPLETED,
 * as its user and account, in its partition on its node count with its constraint; its time limit
 * (the partition's DefaultTime when it asked none); an Elapsed of at least its sleep; ReqTRES and
 * AllocTRES with cpu and mem; ReqTRES mem its memory per node × nodes (per CPU and DefMemPerCPU
 * times its tasks per node) and, unless exclusive, cpu its tasks; gres/gpu its GPUs per node × nodes,
 * none where it asked none, except in the AllocTRES of an `--exclusive` job (its nodes' GPUs whole).
 * Returns the jobs read.
 * @throws `<file>: job <name>: …` naming the first job and field that disagree
 */
export function checkMinutesExport(
  sacctText: string,
  jobs: readonly MinutesJob[],
  file = "sacct.txt",
): SacctJob[] {
  const dump = parseSacct(sacctText, file);
  const byName = new Map<string, SacctJob>();
  for (const r of dump.records) {
    if (byName.has(r.name)) throw new Error(`${file}: job ${r.name}: recorded twice`);
    byName.set(r.name, r);
  }
  for (const j of jobs) {
    const r = byName.get(j.name);
    const bad = (what: string) => new Error(`${file}: job ${j.name}: ${what}`);
    if (!r) throw bad("missing (never started or not exported)");
    if (r.state !== "COMPLETED") throw bad(`state ${r.state}, expected COMPLETED`);
    if (r.user !== j.user || r.account !== j.account)
      throw bad(`user ${r.user} account ${r.account}, expected ${j.user} ${j.account}`);
    if (r.partition !== j.partition) throw bad(`partition ${r.partition}, expected ${j.partition}`);
    if (r.nodes !== j.nodes) throw bad(`${r.nodes} nodes, expected ${j.nodes}`);
    if (r.constraints !== j.constraint)
      throw bad(`Constraints ${r.constraints ?? "absent"}, expected ${j.constraint ?? "none"}`);
    const limit = 60 * (j.limitMinutes ?? MINUTES_DEFAULT_LIMIT);
    if (r.timelimit !== limit) throw bad(`Timelimit ${r.timelimit} s, expected ${limit} s`);
    if (!(r.elapsed >= j.sleep)) throw bad(`Elapsed ${r.elapsed} s, under its sleep of ${j.sleep} s`);
    for (const [col, t] of [
      ["ReqTRES", r.reqTres],
      ["AllocTRES", r.allocTres],
    ] as const) {
      if (t?.cpu === undefined || t.memMiB === undefined) throw bad(`${col} without cpu and mem`);
      const asked = j.gpus * j.nodes;
      const ok = j.exclusive && col === "AllocTRES" ? (t.gpus ?? 0) >= asked : (t.gpus ?? 0) === asked;
      if (!ok) throw bad(`${col} gres/gpu ${t.gpus ?? "absent"}, asked ${asked}`);
    }
    const mem = memPerNodeMiB(j) * j.nodes;
    if (r.reqTres!.memMiB !== mem) throw bad(`ReqTRES mem ${r.reqTres!.memMiB} MiB, asked ${mem}`);
    if (!j.exclusive && r.reqTres!.cpu !== j.tasksPerNode * j.nodes)
      throw bad(`ReqTRES cpu ${r.reqTres!.cpu}, asked ${j.tasksPerNode * j.nodes}`);
  }
  if (byName.size !== jobs.length)
    throw new Error(`${file}: ${byName.size} jobs, the workload has ${jobs.length}`);
  return dump.records;
}

/** What a recording shows, read off its sacct records (seconds). */
export interface MinutesRecordingFigures {
  jobs: number;
  /** First submit to last end. */
  spanSeconds: number;
  /** Median and longest wait (Start − Submit). */
  medianWait: number;
  maxWait: number;
  /** Per account: jobs and median wait. */
  accounts: { account: string; jobs: number; medianWait: number }[];
  /** Most jobs pending at once (by sacct's seconds: submitted, not yet started). */
  maxPending: number;
  /** Fraction whose Flags say the backfill scheduler started them. */
  backfilled: number;
  /** Fraction whose Elapsed equals the sleep, and the largest excess of Elapsed over it. */
  elapsedExact: number;
  maxElapsedExcess: number;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The figures of a recording (see {@link MinutesRecordingFigures}) from its checked records and
 * its workload (matched by job name).
 */
export function minutesRecordingFigures(
  records: readonly SacctJob[],
  jobs: readonly Pick<MinutesJob, "name" | "sleep">[],
): MinutesRecordingFigures {
  if (records.length === 0) throw new Error("minutesRecordingFigures: no jobs");
  const sleep = new Map(jobs.map((j) => [j.name, j.sleep]));
  const waits = records.map((r) => r.start - r.submit);
  const accounts = [...new Set(records.map((r) => r.account))].sort().map((account) => {
    const own = records.filter((r) => r.account === account);
    return { account, jobs: own.length, medianWait: median(own.map((r) => r.start - r.submit)) };
  });
  // pending count changes: +1 at a submit, −1 at a start (a start in the same second after the submit)
  const events = records
    .flatMap((r) => [
      [r.submit, 1],
      [r.start, -1],
    ])
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let pending = 0,
    maxPending = 0;
  for (const [, d] of events) maxPending = Math.max(maxPending, (pending += d));
  const excess = records.map((r) => r.elapsed - (sleep.get(r.name) ?? NaN));
  return {
    jobs: records.length,
    spanSeconds: Math.max(...records.map((r) => r.end)) - Math.min(...records.map((r) => r.submit)),
    medianWait: median(waits),
    maxWait: Math.max(...waits),
    accounts,
    maxPending,
    backfilled: records.filter((r) => r.flags?.includes("SchedBackfill")).length / records.length,
    elapsedExact: excess.filter((x) => x === 0).length / records.length,
    maxElapsedExcess: Math.max(...excess),
  };
}
