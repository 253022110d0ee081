/**
 * A site's own cluster as lib/site reads it (lib/site/site-model.ts from an export folder,
 * lib/site/swf-site.ts from a trace): its jobs, machine, association tree and settings.
 */
import type { Topology } from "../io/topology-conf";
import type { TresNode } from "../sim/tres";
import type { SshareRecord } from "../io/sshare";
import type { SiteJob, SiteJobCount } from "./site-jobs";
import type { SiteSettings } from "./site-settings";
import type { SiteTree } from "./site-tree";

/** The machine of a site as the replay models it. */
export interface SiteMachine {
  /** Nodes W. */
  nodes: number;
  /** Cores per node (the most common among the nodes). */
  coresPerNode: number;
  /** Where the size came from. */
  origin: string;
  /**
   * How jobs are placed: "whole nodes" (a job holds its nodes alone) or "shared nodes"
   * (select/cons_tres or cons_res with sinfo's nodes: jobs share nodes by CPUs, memory and GPUs).
   */
  model: "whole nodes" | "shared nodes";
  /** The nodes as cons_tres sees them (model "shared nodes"). */
  tres?: readonly TresNode[];
  /** The switches of topology/tree (slurm.conf's topology.conf), when the site has one. */
  topology?: Topology;
  /**
   * Seconds a job's nodes stay held after it ends (COMPLETING, the epilog, the next pass): the
   * export's median node turnaround (lib/site/turnaround.ts). Defaults to 0.
   */
  turnaround?: number;
}

/** A site: its jobs, machine, tree and settings, each with where it came from. */
export interface SiteModel {
  /** The export folder or trace it was read from. */
  source: string;
  /** The jobs the replay takes, by eligible time and Slurm's tie rule (lib/site/site-jobs.ts). */
  jobs: SiteJob[];
  /** Jobs dropped and changed, by reason. */
  dropped: SiteJobCount[];
  changed: SiteJobCount[];
  /** Requests inferred rather than read, by kind (lib/site/site-jobs.ts `SiteJobs.inferred`); absent when not given. */
  inferred?: SiteJobCount[];
  machine: SiteMachine;
  tree: SiteTree;
  /** The settings of its `scontrol show config` (Slurm 22.05's defaults without one). */
  settings: SiteSettings;
  /** sshare's table at the export, when exported. */
  sshare?: SshareRecord[];
  /** Whether sacct's Flags say which scheduler started each job. */
  hasFlags: boolean;
  /** `scontrol show config`'s values by key ({} without config.txt). */
  configValues: Record<string, string>;
  /** Nodes per partition (sinfo; {} without nodes.txt). */
  partitionNodes: Record<string, number>;
  /** Associations with a limit (GrpTRES, MaxTRES or MaxWall in assoc.txt): accounts by name, users as `user@account`. */
  limitedAssociations: string[];
  /** The export's files that were absent, and what stood in for them. */
  notes: string[];
}
