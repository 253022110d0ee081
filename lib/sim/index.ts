/** Barrel of the sim area: the discrete-event engine, schedulers (FCFS, EASY, conservative, Slurm), priority models, metrics, first iteration and PoA, figures and tables. */
export {
  type SimJob,
  type SimJobInput,
  type FromRecordsOptions,
  normalizeJobs,
  jobsFromRecords,
} from "./job";
export { EVENT_PRIORITY, EventQueue, type QueuedEvent } from "./event-queue";
export { Profile } from "./profile";
export {
  type PriorityFunction,
  type PriorityModel,
  type PriorityState,
  priorityModel,
  FIFO_PRIORITY,
} from "./priority";
export { slurmPriority } from "./slurm-priority";
export { type SlurmPriorityOptions } from "./slurm-priority-options";
export { associationsFromJobs, needsQualifiedUsers } from "./slurm-associations";
export { TRIGGER, type Scheduler, type SchedulerContext, type TimerSpec } from "./scheduler";
export { simulate, type SimulateOptions, type SimResult, type TraceEvent, type SprioRow } from "./engine";
export { fcfsScheduler } from "./fcfs";
export { easyScheduler, type EasyOptions } from "./easy";
export { conservativeScheduler, type ConservativeOptions } from "./conservative";
export { slurmScheduler, type SlurmOptions, SLURM_DEFAULTS, THESIS_MN4_SLURM } from "./slurm-scheduler";
export { type PlacementMode } from "./slurm-placement";
export { NodeSet } from "./node-set";
export { selectLinear } from "./select-linear";
export { type HeadMode, HeadPin } from "./head-pin";
export { qosByName, qosRejectReason, qosUserBlocked } from "./qos-limits";
export { createScheduler, SCHEDULER_NAMES, type SchedulerSpec } from "./create-scheduler";
export {
  scheduleMetrics,
  metricsBy,
  jobOutcomes,
  outOfOrderShare,
  summariseOutcomes,
  type ScheduleMetrics,
  type MetricsOptions,
} from "./metrics";
export {
  firstIteration,
  jobValue,
  type FirstIteration,
  type FirstIterationOptions,
  type JobSetValue,
} from "./first-iteration";
export { formatSwf2TraceInput, type Swf2TraceOptions } from "./swf2trace";
export {
  jobsFromSwf,
  loadTraceWorkload,
  workloadAccounting,
  type SwfWorkload,
  type SwfWorkloadOptions,
  type TraceWorkloadOptions,
} from "./swf-workload";
export { simulateSample, withPlannedFactor, type SampleSimOptions } from "./sample-sim";
export {
  poaRows,
  poaSummary,
  type PoaRow,
  type PoaOptions,
  createPoaModelCache,
  type PoaModelCache,
} from "./poa";
export { formulaComparison, type FormulaComparisonRow } from "./priority-formula";
export {
  ganttFigure,
  utilisationFigure,
  totalValueFigure,
  poaHistogramFigure,
  sweepFigure,
  schedulerComparisonFigure,
  type GanttOptions,
} from "./figures";
export {
  scheduleRows,
  sprioRows,
  table28Comparison,
  table29Comparison,
  thesisPoaValues,
  thesisTotalValueRows,
  poaSweep,
  compareSchedulers,
  compareSchedulersOnTraces,
  type ComparedScheduler,
} from "./tables";
export {
  blockingScenario,
  scenarioPriority,
  runSchedulers,
  metricsRows,
  jobStartRows,
  withPaddedLimits,
  paddingSweep,
  breakdownRows,
  type BlockingScenarioOptions,
} from "./scenarios";
export {
  poaSensitivity,
  sensitivityRows,
  type SensitivitySweeps,
  type SweepPoint,
  type PoaSensitivity,
} from "./sensitivity";
export {
  bscTemplateFactors,
  poaDecomposition,
  poaDecompositionTable,
  BSC_TEMPLATE_WEIGHTS,
  BSC_TEMPLATE_SLURM,
  TABLE5_SLURM,
  type PoaFactor,
  type PoaDecompositionRow,
} from "./poa-decomposition";
