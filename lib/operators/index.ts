/** Priority operators (seed 001): operators, inverses, checks, orderings, resolution analysis, job sizes. */
export {
  type PriorityOperator,
  type PaperOperatorOptions,
  absoluteOperator,
  relativeOperator,
  relativeNOperator,
  sigmoidOperator,
  sigmoidNOperator,
  combinedOperator,
  slurmOriginalOperator,
  slurmOperator,
  paperOperators,
  operatorValue,
  expressionOperator,
  OPERATOR_SYMBOLS,
} from "./operator";
export { STATE_TOLERANCE, stateInverter, inverseState, equivalenceG } from "./inverse";
export {
  type CheckFailure,
  type OperatorCheck,
  type BoundaryRow,
  checkOperator,
  boundaryBehaviour,
} from "./properties";
export {
  type SubgroupUser,
  type RedistributionResult,
  priorityOrder,
  discordantPairs,
  virtualTargets,
  simulateRedistribution,
  redistributionOrderingTrials,
  randomUsers,
} from "./ordering";
export {
  type SerializedVector,
  priorityScalar,
  effectivePriority,
  priorityLevels,
  resolutionOfBits,
  serializePriorityVector,
  orderBySerializedPriority,
  orderByExactPriority,
} from "./resolution";
export {
  type InputDensity,
  type InputDensityOptions,
  type OperatorProfile,
  localDensities,
  inputDensity,
  operatorProfiles,
} from "./density";
export {
  type JobSizeFormula,
  type JobStateChoice,
  type GridScenario,
  JOB_SIZE_FORMULAS,
  JOB_STATE_CHOICES,
  jobShare,
  stateAfterJob,
  usagePoolHours,
} from "./job-size";
export {
  type PriorityRegion,
  type JobAggregate,
  type JobSizeReading,
  PAPER_CONTEXTS,
  JOB_AGGREGATES,
  allReadings,
  readingIndex,
} from "./job-size-readings";
export {
  type JobSizeAnalysisOptions,
  type JobSizeRow,
  jobSizeAnalysis,
  jobSizeReadings,
  rowsOfReading,
} from "./job-size-analysis";
export {
  type ResolutionBitsRow,
  type OperatorOrdering,
  type OrderingAgreement,
  minimumResolutionBits,
  operatorOrderings,
  compareOrderings,
  unresolvedCells,
} from "./resolution-bits";
export {
  type PaperResolutionBits,
  type PaperOrderings,
  type PaperBoundaryVerdict,
  operatorsReferenceDir,
  readPaperResolutionBits,
  readPaperOrderings,
  readPaperBoundaryVerdict,
  readPaperNote,
} from "./reference";
export {
  definitionTable,
  boundaryTable,
  equivalenceTable,
  serializationTable,
  resolutionOrderingTable,
  inputDensityTable,
  redistributionTrialsTable,
  redistributionSimulationTable,
} from "./tables";
export {
  type Fig17Decider,
  type NamedReading,
  fig17Deciders,
  fig17DeciderTable,
  fig17AgreementExcluding,
  orderingSupportTable,
} from "./fig17-readings";
export {
  resolutionBitsTable,
  resolutionBitsAgreement,
  orderingTable,
  jobSizeTable,
  readingsTable,
  bestReading,
} from "./job-size-tables";
export {
  operatorCurvesFigure,
  inputDensityHeatmap,
  localDensityHeatmap,
  localDensityByTargetHeatmap,
  operatorProfileFigure,
  jobSizeHeatmap,
  effectivePrioritySurface,
  inputDensityBars,
} from "./figures";
