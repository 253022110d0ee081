/** cluster: a real Slurm on localhost (munged, slurmctld, one slurmd per node, optional slurmdbd + MariaDB). */
export { startLocalSlurm, localSlurmMissing, type LocalSlurm, type LocalSlurmOptions, type RunOptions } from "./local-slurm";
export { slurmConf, slurmdbdConf, nodeRange, LOCAL_SLURM_DEFAULTS, type SlurmConfInput, type SlurmdbdConfInput } from "./slurm-conf";
export { type CommandResult } from "./daemons";
