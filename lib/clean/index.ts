export {
  type StepKind,
  type LogRow,
  type CleanStep,
  type CleanResult,
  runSteps,
  filterStep,
  identifyStep,
  skippedStep,
  logRows,
} from "./pipeline";
export {
  type ExperimentFilterOptions,
  EXPERIMENT_STEP_IDS,
  experimentSteps,
  cleanExperiments,
} from "./experiments";
export { type JobCleanOptions, THESIS_PLATFORMS, FIGURE9_AFTER_STEP, jobSteps, cleanJobs } from "./jobs";
export { R_STATISTICS, rSummary, categoryCounts, rRound, compareSummaries, compareCounts } from "./summary";
export { monthOf, type ByMonthOptions, byMonth, byMonthTable } from "./monthly";
export { toJobRecords } from "./records";
export { MIN_KEPT_SHARE, checkKept } from "./kept";
export {
  type PublishedSummary,
  type PublishedPipelineRow,
  type ThesisSection4,
  readThesisSection4,
} from "./reference";
export {
  type SourceKind,
  type LoadedSource,
  type LoadSourceOptions,
  type SourceCleaning,
  type CleanJobs,
  loadSource,
  cleanSource,
  loadCleanJobs,
  writeSourceFiles,
} from "./sources";
export {
  type MonthlyFigureOptions,
  type ColumnHistogramOptions,
  monthlyFigure,
  columnHistogramFigure,
  qtimePerJobFigure,
  plannedMinutesFigures,
} from "./figures";
export { pipelineComparison, table8Comparison, table9WithCounts } from "./tables";
