/**
 * The job record shared by cleaning, sampling, mechanisms and the simulator. Units are fixed
 * once here and kept everywhere (see DESIGN: the thesis's names in brackets).
 */

/** One job. */
export interface JobRecord {
  /** Unique id [job_name]. */
  id: string;
  /** Job type (SIM, POST, CLEAN, …; for SWF traces the queue or "") [type]. */
  type: string;
  /** Submit time, seconds (epoch or trace-relative). */
  submit: number;
  /** Processors requested [procs / nprocs]. */
  nprocs: number;
  /** Nodes: the log's own count where it gives one (sacct's NNodes), else ceil(nprocs / coresPerNode) [nnodes, w_i]. */
  nnodes: number;
  /** Planned (requested) wall time, whole minutes [minutes, min_i, t_i]. */
  minutes: number;
  /** Minutes spent queued [qtime]. */
  qtime: number;
  /** Real running minutes [rtime]. */
  rtime: number;
  /** User name (may be empty). */
  user: string;
  /** Account / group (may be empty). */
  account: string;
  /** QoS or queue name (may be empty). */
  qos: string;
  /** Partition (may be empty). */
  partition: string;
}

/** A machine: node count W and cores per node. MareNostrum4: 3456 nodes × 48 cores. */
export interface Machine {
  /** Nodes (W). */
  nodes: number;
  /** Cores per node. */
  coresPerNode: number;
}

/** MareNostrum4 as the thesis uses it: W = 3456 nodes of 48 cores. */
export const MARENOSTRUM4: Machine = Object.freeze({ nodes: 3456, coresPerNode: 48 });
