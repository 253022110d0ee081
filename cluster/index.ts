/** cluster: a real Slurm on localhost (munged, slurmctld, one slurmd per node, optional slurmdbd + MariaDB). */
export {
  startLocalSlurm,
  localSlurmMissing,
  type LocalSlurm,
  type LocalSlurmOptions,
  type RunOptions,
} from "./local-slurm";
export {
  slurmConf,
  slurmdbdConf,
  nodeRange,
  LOCAL_SLURM_DEFAULTS,
  type SlurmConfInput,
  type SlurmdbdConfInput,
} from "./slurm-conf";
export { type CommandResult } from "./daemons";
export {
  SLURM_VERSION_DEFAULTS,
  schedulerKnobs,
  schedulerParameters,
  simSlurmOptions,
  type SchedulerKnobs,
  type SlurmVersion,
} from "./slurm-versions";
export { checkWorkload, type CheckJob, type CheckWorkloadOptions } from "./check-workload";
export { runOnSlurm, backfillCycles, type RealJob, type RealRun } from "./real-run";
export { scheduleAgreement, type ScheduleAgreement, type ScheduledJob } from "./schedule-agreement";
export {
  CHECK_ACCOUNTS,
  checkKnobs,
  checkSlurmConf,
  recordRealCheck,
  compareCheck,
  compareCheckFairShare,
  type RecordedCheck,
  type CheckComparison,
} from "./slurm-check";
export { checkReport } from "./check-report";
