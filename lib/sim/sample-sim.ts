/**
 * Thesis samples through the simulator (Section 6.3.4): every job submitted at t = 0 on W nodes,
 * Slurm's scheduler with the MareNostrum4 settings of Table 5 and the multifactor priority with
 * Table 2's weights, one partition, whole-node allocation, no prior accounting data.
 */
import type { JobRecord } from "../io/job-record";
import { finiteNumber, integer } from "../util/options";
import { simulate, type SimResult } from "./engine";
import { jobsFromRecords } from "./job";
import type { Contender } from "./contender";
import { slurmPriority } from "./slurm-priority";
import type { SlurmPriorityOptions } from "./slurm-priority-options";
import { type SlurmOptions, THESIS_MN4_SLURM, slurmScheduler } from "./slurm-scheduler";

/** Options of {@link simulateSample}. */
export interface SampleSimOptions {
  /** W, nodes. Defaults to 3456 (MareNostrum4). */
  nodes?: number;
  /** Cores per node. Defaults to 48. */
  coresPerNode?: number;
  /** Slurm scheduler knobs. Defaults to {@link THESIS_MN4_SLURM} (Table 5) over Slurm 17.11 defaults. */
  slurm?: SlurmOptions;
  /** Multifactor priority options. Defaults to Table 2's weights, Fair Tree (SchedMD code), favour large. */
  priority?: SlurmPriorityOptions;
  /** Planned-time accuracy: limit = max(rtime, 1 min) × this factor (rounded up) instead of the record's minutes; undefined keeps the record. Defaults to undefined. */
  plannedFactor?: number;
  /** A scheduler and priority of your own (contender.ts) in place of Slurm's; a part it leaves out is Slurm's as set here. Defaults to none. */
  contender?: Contender;
  /** Record the event trace. Defaults to false. */
  trace?: boolean;
  /** Time of an sprio-like snapshot (see simulate). Defaults to none. */
  snapshotAt?: number;
  /** Stop once the started jobs hold more than W nodes (enough for the first iteration). Defaults to false. */
  firstIterationOnly?: boolean;
}

/**
 * The jobs with planned minutes = ceil(max(rtime, 1) × factor): factor 1 = perfectly accurate
 * planned times, larger = padded (the thesis's "experienced" users plan rtime + 10%).
 */
export function withPlannedFactor(jobs: readonly JobRecord[], factor: number): JobRecord[] {
  finiteNumber(factor, "plannedFactor", 1);
  return jobs.map((j) => ({ ...j, minutes: Math.max(1, Math.ceil(Math.max(j.rtime, 1) * factor)) }));
}

/** Simulates one thesis sample (all jobs submitted at t = 0). */
export function simulateSample(jobs: readonly JobRecord[], options: SampleSimOptions = {}): SimResult {
  const W = integer(options.nodes ?? 3456, "nodes", 1);
  const cpn = integer(options.coresPerNode ?? 48, "coresPerNode", 1);
  const records = options.plannedFactor === undefined ? jobs : withPlannedFactor(jobs, options.plannedFactor);
  return simulate(jobsFromRecords(records, { submit: "zero", maxNodes: W }), {
    nodes: W,
    coresPerNode: cpn,
    scheduler: options.contender?.scheduler?.() ?? slurmScheduler({ ...THESIS_MN4_SLURM, ...options.slurm }),
    priority: options.contender?.priority?.() ?? slurmPriority(options.priority),
    trace: options.trace,
    snapshotAt: options.snapshotAt,
    stopAfterStartedNodes: options.firstIterationOnly ? W : undefined,
  });
}
