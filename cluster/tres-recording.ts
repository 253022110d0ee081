/**
 * A select/cons_tres site recorded on the local Slurm 22.05: the heterogeneous cluster and mixed
 * workload of cluster/tres-workload.ts (jobs sharing nodes by cores, memory and GPUs; features;
 * partitions batch and gpu) under CR_Core_Memory, the multifactor priority and scaled scheduler
 * intervals of the site recordings (cluster/site-recording.ts), exported by the script of
 * docs/your-data.md. What the simulator's cons_tres replay is compared with. Used by
 * scripts/record-tres-export.ts (data/site/cons-tres/).
 */
import { parseSacct } from "../lib/io/sacct";
import type { SacctJob } from "../lib/io/sacct-jobs";
import { expandHostlist } from "../lib/io/hostlist";
import { recordSiteExport, type LiveExport } from "./site-recording";
import { checkKnobs, checkSlurmConf } from "./slurm-check";
import {
  TRES_LAYOUT,
  tresSbatchArgs,
  tresWorkload,
  tresWorkloadMix,
  type TresJob,
  type TresWorkloadMix,
  type TresWorkloadOptions,
} from "./tres-workload";

/** Memory per CPU of a job that asks none, MiB (DefMemPerCPU; every job of the workload asks --mem). */
export const TRES_DEF_MEM_PER_CPU = 1000;

/**
 * slurm.conf lines of the recording: the site recordings' knobs and priority (checkSlurmConf of
 * checkKnobs: bf_interval 5 s, sched_interval 30 s, batch_sched_delay 1 s, multifactor with age and
 * Fair Tree fair share, and slurmctld's debug log that cluster/slurmctld-log.ts reads) with
 * select/cons_tres and CR_Core_Memory (cores and memory consumable), DefMemPerCPU, and gres/gpu among
 * the accounted TRES (else sacct's ReqTRES and AllocTRES leave the GPUs out).
 */
export function tresSlurmConf(timeScale = 1): Record<string, string> {
  return {
    ...checkSlurmConf(checkKnobs(timeScale)),
    SelectType: "select/cons_tres",
    SelectTypeParameters: "CR_Core_Memory",
    DefMemPerCPU: String(TRES_DEF_MEM_PER_CPU),
    AccountingStorageTRES: "gres/gpu",
  };
}

/** A recording: the export's files, version and wall time, the workload it ran and the workload's mix. */
export interface TresRecording extends LiveExport {
  jobs: TresJob[];
  /** Drawn requests drawn again because no node set could hold them. */
  redrawn: number;
  mix: TresWorkloadMix;
}

/**
 * Runs the workload on the layout of cluster/tres-workload.ts and exports its accounting (about three
 * minutes: the jobs are seconds long, submitted over about 45 s at about twice what the six nodes
 * hold, then drain).
 * The export is not checked here: {@link checkTresExport} does (scripts/record-tres-export.ts runs it
 * after writing the files, so a recording that fails it can be read).
 * @param fullLog a file to copy slurmctld's whole log to. Defaults to none.
 * @throws when a daemon does not start or a command fails (with its output)
 */
export async function recordTres(
  options: TresWorkloadOptions = {},
  fullLog?: string,
): Promise<TresRecording> {
  const { jobs, redrawn } = tresWorkload(options);
  const r = await recordSiteExport(
    { layout: TRES_LAYOUT, slurmConf: tresSlurmConf(options.timeScale) },
    jobs.map((j) => ({ offset: j.offset, user: j.user, sleep: j.sleep, args: tresSbatchArgs(j) })),
    fullLog,
  );
  return { ...r, jobs, redrawn, mix: tresWorkloadMix(jobs, TRES_LAYOUT) };
}

/**
 * Checks a sacct export against the workload it recorded: every job there once by name, COMPLETED,
 * in its partition on its node count with its constraint (sacct's Constraints), its ReqTRES and AllocTRES with cpu and mem (ReqTRES: the
 * job's whole request, memory per node × nodes and, unless exclusive, tasks per node × nodes), and gres/gpu
 * (GPUs per node × nodes) where it asked GPUs, none where it asked none, except in the AllocTRES of
 * an `--exclusive` job: it is allocated its nodes' CPUs and GPUs whole (its memory as asked);
 * returns the jobs read.
 * @throws `<file>: job <name>: …` naming the first job and field that disagree
 */
export function checkTresExport(sacctText: string, jobs: readonly TresJob[], file = "sacct.txt"): SacctJob[] {
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
    if (r.partition !== j.partition) throw bad(`partition ${r.partition}, expected ${j.partition}`);
    if (r.nodes !== j.nodes) throw bad(`${r.nodes} nodes, expected ${j.nodes}`);
    if (r.constraints !== j.constraint)
      throw bad(`Constraints ${r.constraints ?? "absent"}, expected ${j.constraint ?? "none"}`);
    for (const [col, t] of [
      ["ReqTRES", r.reqTres],
      ["AllocTRES", r.allocTres],
    ] as const) {
      if (t?.cpu === undefined || t.memMiB === undefined) throw bad(`${col} without cpu and mem`);
      const asked = j.gpus * j.nodes;
      // an exclusive job is allocated its nodes whole: their GPUs too
      const ok = j.exclusive && col === "AllocTRES" ? (t.gpus ?? 0) >= asked : (t.gpus ?? 0) === asked;
      if (!ok) throw bad(`${col} gres/gpu ${t.gpus ?? "absent"}, asked ${asked}`);
    }
    // sacct's ReqTRES holds the job's whole request: memory per node × nodes, and (not exclusive) tasks
    if (r.reqTres!.memMiB !== j.memMiB * j.nodes)
      throw bad(`ReqTRES mem ${r.reqTres!.memMiB} MiB, asked ${j.memMiB * j.nodes}`);
    if (!j.exclusive && r.reqTres!.cpu !== j.tasksPerNode * j.nodes)
      throw bad(`ReqTRES cpu ${r.reqTres!.cpu}, asked ${j.tasksPerNode * j.nodes}`);
  }
  if (byName.size !== jobs.length)
    throw new Error(`${file}: ${byName.size} jobs, the workload has ${jobs.length}`);
  return dump.records;
}

/**
 * The fraction of jobs that ran beside another job on one of their nodes: their [Start, End) intervals
 * (sacct's whole seconds) overlap on a node both ran on. Jobs whose start and end meet in the same
 * second do not count as sharing.
 */
export function sharedNodeFraction(jobs: readonly SacctJob[]): number {
  if (jobs.length === 0) throw new Error("sharedNodeFraction: no jobs");
  const byNode = new Map<string, SacctJob[]>();
  for (const j of jobs)
    for (const n of expandHostlist(j.nodeList)) byNode.set(n, [...(byNode.get(n) ?? []), j]);
  const shared = new Set<SacctJob>();
  for (const list of byNode.values())
    for (const a of list)
      for (const b of list) if (a !== b && a.start < b.end && b.start < a.end) shared.add(a);
  return shared.size / jobs.length;
}
