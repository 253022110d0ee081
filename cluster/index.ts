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
export {
  checkLayout,
  gresConf,
  layoutLines,
  topologyConf,
  uniformLayout,
  type NodeGroup,
  type NodeLayout,
  type PartitionSpec,
  type SwitchSpec,
} from "./node-layout";
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
export { runOnSlurm, type RealJob, type RealRun } from "./real-run";
export { parseCtldLog, logTime, CTLD_LOG_KEPT, type CtldEvents, type LoggedCycle } from "./slurmctld-log";
export { loopTicks, fitCycleCost, type LoopTicks, type CycleCostFit } from "./ctld-clock";
export { scheduleAgreement, type ScheduleAgreement, type ScheduledJob } from "./schedule-agreement";
export {
  CHECK_ACCOUNTS,
  CHECK_PRIORITY,
  checkAssociations,
  checkKnobs,
  checkSlurmConf,
  recordRealCheck,
  compareCheck,
  compareCheckFairShare,
  recordedEvents,
  type RecordedCheck,
  type CheckComparison,
  type CheckModel,
} from "./slurm-check";
export { checkReport, agreementLine, replayVerdict, EXACT_GOAL, EXACT_PASS } from "./check-report";
