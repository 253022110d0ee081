/**
 * The commands that export a Slurm cluster's own records for schedgame, in one place: the readers'
 * error messages quote them and docs/your-data.md shows {@link SLURM_EXPORT_SCRIPT}, which runs them
 * all. Each writes a table our readers read whole (lib/io/sacct.ts, sshare.ts, sacctmgr-assoc.ts,
 * scontrol-config.ts, sinfo-nodes.ts).
 */

/**
 * The sacct columns of the export, in order. JobName, free text, is last: a `|` inside a job name
 * then cannot shift any other column, even for a reader less forgiving than ours. Constraints (the
 * job's `--constraint`, whose `|` means "or") sits between checked columns, so the columns around it
 * place a `|` in it. Flags says which scheduler started each job (`SchedSubmit`, `SchedMain` or
 * `SchedBackfill`), so the backfilled share of a site's jobs can be read off its accounting.
 */
export const SACCT_EXPORT_COLUMNS: readonly string[] = Object.freeze([
  "JobID",
  "JobIDRaw",
  "User",
  "Account",
  "Partition",
  "Constraints",
  "QOS",
  "State",
  "ExitCode",
  "Submit",
  "Eligible",
  "Start",
  "End",
  "Elapsed",
  "Timelimit",
  "NNodes",
  "AllocCPUS",
  "ReqCPUS",
  "ReqMem",
  "ReqTRES",
  "AllocTRES",
  "NodeList",
  "Flags",
  "JobName",
]);

/** sacct: every user's jobs and steps of the last year (change `--starttime` for another period), one line each, `|`-separated with a header. */
export const SACCT_EXPORT_COMMAND = `sacct --allusers --parsable2 --starttime=now-365days --endtime=now --format=${SACCT_EXPORT_COLUMNS.join(",")}`;

/** sshare: every association's shares and usage, the tree by indentation (`-l` adds LevelFS). */
export const SSHARE_EXPORT_COMMAND = "sshare -a -l -P";

/** The sacctmgr association columns of the export, in order. */
export const SACCTMGR_ASSOC_EXPORT_COLUMNS: readonly string[] = Object.freeze([
  "Cluster",
  "Account",
  "User",
  "Partition",
  "ParentName",
  "Share",
  "Priority",
  "QOS",
  "DefaultQOS",
  "GrpTRES",
  "MaxTRES",
  "MaxWall",
]);

/** sacctmgr: the association tree (accounts indented one space per level, users under their account). */
export const SACCTMGR_ASSOC_EXPORT_COMMAND = `sacctmgr -P show associations tree format=${SACCTMGR_ASSOC_EXPORT_COLUMNS.join(",")}`;

/** scontrol: slurmctld's running configuration, one `Key = Value` a line. */
export const SCONTROL_CONFIG_EXPORT_COMMAND = "scontrol show config";

/** The sinfo `--format` fields of the export: node, partition, CPUs, sockets:cores:threads, memory (MiB), features, GRES, state, scheduling weight. */
export const SINFO_NODES_FORMAT = "%N|%P|%c|%z|%m|%f|%G|%T|%w";

/** sinfo: one line per node and partition, with the header `NODELIST|PARTITION|CPUS|S:C:T|MEMORY|AVAIL_FEATURES|GRES|STATE|WEIGHT`. */
export const SINFO_NODES_EXPORT_COMMAND = `sinfo -N -o '${SINFO_NODES_FORMAT}'`;

/** scontrol: topology/tree's switches, one line each (empty without a topology). */
export const SCONTROL_TOPOLOGY_EXPORT_COMMAND = "scontrol show topology";

/** The files the export script writes, by what they hold. */
export const SLURM_EXPORT_FILES = Object.freeze({
  sacct: "sacct.txt",
  sshare: "sshare.txt",
  associations: "assoc.txt",
  config: "config.txt",
  nodes: "nodes.txt",
  topology: "topology.txt",
});

/** The shell snippet that exports everything into the folder `slurm-export/` (run on a login node; as root or an operator, sacct --allusers sees every user's jobs). */
export const SLURM_EXPORT_SCRIPT = [
  "mkdir -p slurm-export && cd slurm-export",
  `${SACCT_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.sacct}`,
  `${SSHARE_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.sshare}`,
  `${SACCTMGR_ASSOC_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.associations}`,
  `${SCONTROL_CONFIG_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.config}`,
  `${SINFO_NODES_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.nodes}`,
  `${SCONTROL_TOPOLOGY_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.topology} 2>/dev/null || true`,
].join("\n");

/**
 * The columns of Open XDMoD's sacct export (`xdmod-slurm-helper`: `sacct --parsable2 --noheader
 * --allocations --duplicates --format …`), which has no header line: a header-less file of this
 * many columns whose values fit them is read with these names (the reader says so).
 */
export const XDMOD_SACCT_COLUMNS: readonly string[] = Object.freeze([
  "JobID",
  "JobIDRaw",
  "Cluster",
  "Partition",
  "QOS",
  "Account",
  "Group",
  "GID",
  "User",
  "UID",
  "Submit",
  "Eligible",
  "Start",
  "End",
  "Elapsed",
  "ExitCode",
  "State",
  "NNodes",
  "NCPUS",
  "ReqCPUS",
  "ReqMem",
  "ReqTRES",
  "AllocTRES",
  "Timelimit",
  "NodeList",
  "JobName",
]);
