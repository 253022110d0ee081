/**
 * schedgame's public API: what the notebooks and a user's own code call, grouped by area. Notebooks
 * import from here: `import { … } from "./lib/index"` (the kernel's working directory is the project
 * root; tslab cannot import directories, so name the file). Everything else is internal to its area:
 * tests, benches and the machinery import it from the area's own files.
 */

// ---- util: seeded randomness, summaries
export { createRng, type Rng } from "./util/rng";
export { numericSummary, histogram, type FiveNumberSummary, type HistogramBin } from "./util/stats";
export { meanInterval, INTERVAL_METHOD, type MeanInterval } from "./util/interval";

// ---- expr: formula parameters (mathjs expressions on a restricted instance), exact ratios
export { compileExpression, type NumericExpression } from "./expr/index";

// ---- display: notebook display helpers (the runner and report live in workbook/, beside lib)
export {
  setupNotebook,
  notebookEnvironment,
  environmentRows,
  type NotebookEnvironment,
} from "./display/index";
export { registerRichResults } from "./display/index";
export { checkParameters, type ParameterRule } from "./display/index";
export { showPlot, type PlotFigure } from "./display/index";
export { showTable, type TableDisplayOptions } from "./display/index";
export { showMarkdown } from "./display/index";
export { availableTraces } from "./display/index";
export { histogramFigure, type HistogramFigureOptions } from "./display/index";
export { NOTEBOOK_MAP, type NotebookMapEntry } from "./display/index";

// ---- io: the job record, machines, trace locations
export { findTrace } from "./io/trace-paths";

// ---- slurm: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, multifactor priority
export {
  buildAssociationTree,
  usageWithOverrides,
  normaliseAssociations,
  type AssociationKind,
  type AssociationRow,
  type AssociationNode,
  type AssociationTree,
  type BuildTreeOptions,
  type UsageMap,
  type NormalisedAssociation,
} from "./slurm/index";
export { readAssociationCsv } from "./slurm/index";
export { readReferenceCsv, type ReferenceRecord } from "./io/index";
export {
  fairTree,
  type FairTreeVariant,
  type FairTreeOptions,
  type FairShareRow,
  type FairShareResult,
} from "./slurm/index";
export { classicFairShare, type ClassicOptions } from "./slurm/index";
export { levelBased, formatHex64, type LevelBasedOptions, type LevelBasedResult } from "./slurm/index";
export { exactLevelFsTable, type ExactLevelFsRow } from "./slurm/index";
export {
  normalizedQosPriorities,
  qosFromRecords,
  type QosDefinition,
  type QosNormalization,
} from "./slurm/index";
export {
  jobPriorities,
  PRIORITY_FORMULA_SYMBOLS,
  type PriorityWeights,
  type PriorityJob,
  type PriorityContext,
  type PriorityFactors,
  type PriorityBreakdown,
} from "./slurm/index";
export { usageTimeline, type UsageTimelineOptions, type UsageTimelineRow } from "./slurm/index";
export {
  randomAssociationRows,
  FIGURE1_ROWS,
  weightsFromRecords,
  type RandomTreeOptions,
} from "./slurm/index";
export {
  sshareTable,
  sprioTable,
  fairShareExplanation,
  compareFairShare,
  workedExampleComparison,
  orderAgreement,
  levelBasedExampleTable,
  levelBasedTreeTable,
  asymptoteTable,
  type SshareRow,
} from "./slurm/index";
export {
  associationTreeFigure,
  sharesInterpolationFigure,
  sharesAsymptoteFigure,
  fairShareComparisonFigure,
  rankAgreementFigure,
  priorityBreakdownFigure,
  usageTimelineFigure,
} from "./slurm/index";
export {
  parseSshare,
  compareSshareFairTree,
  type SshareRecord,
  type FairShareComparisonRow,
} from "./slurm/index";

// ---- io + twin + clean: Autosubmit/SWF readers, the calibrated twin, the cleaning pipeline
// Start here: loadCleanJobs(source) → { table, records: JobRecord[], log, machine } for "twin" (the calibrated
// synthetic twin, default), a folder of real Autosubmit files, or an SWF trace name ("SDSC-SP2-1998-4.2-cln").
export { readSwf, type SwfField, type SwfHeader, type SwfTrace } from "./io/swf";
export { SWF_MAPPING, type SwfMappingOptions, type SwfMachine } from "./io/swf-jobs";
export {
  parseSacct,
  readSacct,
  parseSprio,
  type SacctCounts,
  type SacctDump,
  type SacctMachine,
  type SprioRecord,
} from "./io/index";
export { readJsonLines } from "./io/index";
export { danfo, toDataFrame, fromDataFrame, type DanfoModule } from "./io/dataframe";
export { generateTwin, TWIN_JOB_DEFECTS, TWIN_EXPERIMENT_DEFECTS, type Twin } from "./twin/index";
export {
  jointFactsTable,
  type TwinVersion,
  type BandNodes,
  type TailNodes,
  type JointShape,
  type JointJob,
  type JointFact,
} from "./twin/index";
export {
  thesisDerivedFacts,
  type DerivedEstimate,
  type DerivedInputFacts,
  type DerivedFactJob,
} from "./twin/index";
export { logRows, type LogRow, type CleanStep, type CleanResult } from "./clean/pipeline";
export { categoryCounts, compareSummaries, compareCounts } from "./clean/summary";
export { toJobRecords } from "./clean/records";
export { readThesisSection4, type PublishedSummary, type ThesisSection4 } from "./clean/reference";
export {
  loadSource,
  cleanSource,
  loadCleanJobs,
  writeSourceFiles,
  type SourceKind,
  type LoadedSource,
  type LoadSourceOptions,
  type SourceCleaning,
  type CleanJobs,
} from "./clean/sources";
export {
  monthlyFigure,
  columnHistogramFigure,
  qtimePerJobFigure,
  plannedMinutesFigures,
  type MonthlyFigureOptions,
  type ColumnHistogramOptions,
} from "./clean/figures";
export { pipelineComparison, table8Comparison, table9WithCounts } from "./clean/tables";

// ---- sample + mechanism: sampling, knapsack-auction mechanisms, payments, metrics, rounds, auditor
export {
  drawSample,
  drawThesisSamples,
  thesisSampleSet,
  type SampleSet,
  type SampleSetOptions,
  type Sample,
  type DrawOptions,
  type ThesisSamplesOptions,
} from "./sample/index";
export {
  loadSampleSource,
  formatSampleFile,
  writeSampleFiles,
  readSampleFiles,
  summariseJobs,
  sampleDistributionFigure,
  appendixCFigure,
  plannedMinutesFigure,
  samplesBoxFigure,
  type SampleSource,
  type SampleSummaryRow,
} from "./sample/index";
export { makeInstance, type Instance, type AllocationRule, type AllocateOptions } from "./mechanism/index";
export { greedyRule, exactRule, type GreedyRule, type GreedyRatio } from "./mechanism/index";
export {
  vcgPayments,
  clarkePayments,
  criticalPayments,
  runMechanism,
  type Mechanism,
  type Outcome,
  type PaymentRule,
} from "./mechanism/index";
export {
  auditMechanism,
  spreadPlayers,
  type MechanismMetrics,
  type AuditReport,
  type AuditOptions,
} from "./mechanism/index";
export {
  BID_SYMBOLS,
  jobsInstance,
  ruleFromSpec,
  type BidModel,
  type ExperimentSpec,
  type RuleSpec,
  type ExperiencedRounding,
} from "./mechanism/index";
export { bidComparison, type BidComparisonRow } from "./mechanism/index";
export {
  mainRound,
  greedyModifiedRound,
  priorityRound,
  priorityVariants,
  type RoundRow,
  type RoundOptions,
} from "./mechanism/index";
export {
  readThesisTable,
  thesisComparison,
  approximationTable,
  roundStatistics,
  paymentRuleSummary,
  type MetricName,
  type MetricStatistics,
  type ThesisTable,
} from "./mechanism/index";
export {
  clearingPriceCheck,
  gameTable,
  gameAnalysisRow,
  braessTable,
  analyseGame,
  ispRoutingGame,
  matchingPennies,
  braessParadox,
  cheapestFirstRule,
  type ClearingPriceRow,
} from "./mechanism/index";
export {
  metricBarFigure,
  statisticsFigure,
  clearingPriceFigure,
  outcomeTable,
  auditTable,
  auditSummary,
  greedyGuaranteeTable,
  greedyGuaranteeSummary,
  randomInstances,
} from "./mechanism/index";

// ---- sim: discrete-event Slurm-like simulator, schedulers, metrics, first iteration
export {
  jobsFromRecords,
  jobsFromSwf,
  loadTraceWorkload,
  workloadAccounting,
  type SimJob,
  type SimJobInput,
  type FromRecordsOptions,
  type SwfWorkload,
  type SwfWorkloadOptions,
} from "./sim/index";
export {
  poaSensitivity,
  sensitivityRows,
  bscTemplateFactors,
  poaDecomposition,
  poaDecompositionTable,
  BSC_TEMPLATE_WEIGHTS,
  BSC_TEMPLATE_SLURM,
  TABLE5_SLURM,
  type SensitivitySweeps,
  type SweepPoint,
  type PoaSensitivity,
  type PoaFactor,
  type PoaDecompositionRow,
} from "./sim/index";
export {
  simulate,
  type SimulateOptions,
  type SimResult,
  type TraceEvent,
  type SprioRow,
  type Scheduler,
  type SchedulerContext,
} from "./sim/index";
export {
  createScheduler,
  SLURM_DEFAULTS,
  THESIS_MN4_SLURM,
  type SchedulerSpec,
  type EasyOptions,
  type ConservativeOptions,
  type SlurmOptions,
  type HeadMode,
  type PlacementMode,
} from "./sim/index";
export {
  slurmPriority,
  type PriorityModel,
  type PriorityFunction,
  type PriorityState,
  type SlurmPriorityOptions,
} from "./sim/index";
export { scheduleMetrics, type ScheduleMetrics } from "./sim/index";
export {
  formatSwf2TraceInput,
  simulateSample,
  poaRows,
  poaSummary,
  type FirstIteration,
  type SampleSimOptions,
  type PoaRow,
  type PoaOptions,
  type PoaModelCache,
} from "./sim/index";
export { formulaComparison, type FormulaComparisonRow } from "./sim/index";
export {
  ganttFigure,
  utilisationFigure,
  totalValueFigure,
  poaHistogramFigure,
  sweepFigure,
  schedulerComparisonFigure,
} from "./sim/index";
export {
  sprioRows,
  table28Comparison,
  table29Comparison,
  thesisPoaValues,
  thesisTotalValueRows,
  compareSchedulersOnTraces,
  type ComparedScheduler,
} from "./sim/index";
export {
  blockingScenario,
  scenarioPriority,
  runSchedulers,
  metricsRows,
  jobStartRows,
  paddingSweep,
  breakdownRows,
  type BlockingScenarioOptions,
} from "./sim/index";

// ---- operators: priority operators, resolution analysis, job sizes
export {
  absoluteOperator,
  relativeOperator,
  slurmOriginalOperator,
  paperOperators,
  expressionOperator,
  OPERATOR_SYMBOLS,
  type PriorityOperator,
  type PaperOperatorOptions,
} from "./operators/index";
export { randomUsers, type SubgroupUser, type RedistributionResult } from "./operators/index";
export { inputDensity, operatorProfiles, type InputDensity, type OperatorProfile } from "./operators/index";
export {
  usagePoolHours,
  type JobSizeFormula,
  type JobStateChoice,
  type GridScenario,
} from "./operators/index";
export {
  jobSizeAnalysis,
  jobSizeReadings,
  allReadings,
  readingIndex,
  rowsOfReading,
  type PriorityRegion,
  type JobAggregate,
  type JobSizeReading,
  type JobSizeRow,
} from "./operators/index";
export {
  minimumResolutionBits,
  operatorOrderings,
  unresolvedCells,
  type ResolutionBitsRow,
  type OperatorOrdering,
} from "./operators/index";
export {
  readPaperResolutionBits,
  readPaperOrderings,
  readPaperBoundaryVerdict,
  readPaperNote,
} from "./operators/index";
export {
  definitionTable,
  boundaryTable,
  equivalenceTable,
  serializationTable,
  resolutionOrderingTable,
  resolutionBitsTable,
  orderingTable,
  jobSizeTable,
  inputDensityTable,
  readingsTable,
  bestReading,
  redistributionTrialsTable,
  redistributionSimulationTable,
} from "./operators/index";
export {
  operatorCurvesFigure,
  inputDensityHeatmap,
  localDensityHeatmap,
  localDensityByTargetHeatmap,
  operatorProfileFigure,
  jobSizeHeatmap,
  effectivePrioritySurface,
  inputDensityBars,
} from "./operators/index";
export {
  fig17Deciders,
  fig17DeciderTable,
  fig17AgreementExcluding,
  orderingSupportTable,
  type Fig17Decider,
  type NamedReading,
} from "./operators/index";

// ---- auction: sequential compute-resource auctions (PS, GV, fair share), strategies, genetic algorithm
export {
  STANDARD_ENVIRONMENT,
  frameWorkMean,
  scaleFrameWork,
  type AuctionEnvironment,
  type FrameWorkDistribution,
  type RenderJob,
} from "./auction/index";
export {
  DEFAULT_PS_COEFFICIENTS,
  DEFAULT_GV_COEFFICIENTS,
  type BidParameters,
  type BidVectorFamilyName,
} from "./auction/index";
export {
  runAuctionExperiment,
  type AuctionMechanism,
  type AuctionSimulationOptions,
  type AuctionRun,
  type AuctionJobOutcome,
} from "./auction/index";
export {
  auctionStatistics,
  mechanismRanking,
  calibrateFrameWork,
  type AuctionStatistics,
  type PerMechanism,
  type CalibrationResult,
} from "./auction/index";
export {
  evolveStrategy,
  formatGeneticProgress,
  type GeneticOptions,
  type GeneticProgress,
  type GeneticResult,
} from "./auction/index";
export {
  readByeResults,
  auctionStatisticsTable,
  frameWorkCalibrationTable,
  coefficientTable,
  type ReferenceStatistic,
  type RunsByMechanism,
} from "./auction/index";
export {
  incompleteFramesFigure,
  allocationAtFigure,
  bidFunctionFigure,
  geneticProgressFigure,
  auctionSweepFigure,
  type BidFunction,
} from "./auction/index";
export {
  GA_BUDGETS,
  auctionSweepTasks,
  auctionClaimsTable,
  auctionSweepSummary,
  parseAuctionSweepRows,
  runAuctionSweep,
  type GaBudget,
  type AuctionSweepTask,
  type AuctionSweepOptions,
  type AuctionSweepRow,
  type AuctionClaim,
} from "./auction/index";
export {
  allocationDynamicsTable,
  frameWorkShapeTable,
  dynamicsSummary,
  type DynamicsVariant,
  type DynamicsOptions,
  type FrameWorkShapeOptions,
} from "./auction/index";

// ---- coop: thesis Sections 6.5, 7, 8 — planned-time accuracy, budget scheduler, coalitions, deviations
export {
  plannedAccuracySweep,
  plannedAccuracyOnTrace,
  type PlannedAccuracyOptions,
  type PlannedAccuracyRow,
  type TraceAccuracyOptions,
  type TraceAccuracyRow,
} from "./coop/index";
export {
  budgetComparison,
  budgetFirstIteration,
  truthfulnessCounterexample,
  type BudgetComparisonRow,
  type CounterexampleRow,
} from "./coop/index";
export {
  coalitionPayoffs,
  coreCheck,
  coalitionRound,
  paymentSlackRows,
  worstUnilateralDeviation,
  cooperationConclusions,
  plannedAccuracyFigure,
  plannedAccuracySummary,
  type RoundJob,
  type CoalitionGameOptions,
  type CoreViolation,
  type CoreCheck,
  type WorstDeviation,
  type ConclusionRow,
  type CooperationEvidence,
} from "./coop/index";
export {
  accuracyAcrossMachines,
  accuracyMachinesSummary,
  accuracyMachinesFigure,
  type AccuracyStudyRow,
  type AccuracyMachineRow,
} from "./coop/index";

// ---- machines: the thesis's pipeline on every shared trace (notebook 15; the study kinds it runs)
export {
  findingsTable,
  findingsGrid,
  poaFeatureFigure,
  realMachinesAnswer,
  type RealMachineRow,
  type SourceEligibility,
  type FindingRow,
} from "./machines/index";

// ---- scorecard: the reproduction verdict rule, scorecard rows, results files of notebooks 07–10, summary rows
export {
  mechanismTableWithSummary,
  simTableWithSummary,
  type ScorecardRow,
  type ScoreRowOptions,
  type SummaryRowsOptions,
} from "./scorecard/index";
export { writeResults, type ResultRow, type ResultsFile } from "./scorecard/index";
export { mechanismTableRows, simTableRows } from "./scorecard/index";
export {
  roundCounterfactuals,
  roundResultsFile,
  poaCounterfactuals,
  simResultsFile,
  scorecardResults,
  type ResultNotebook,
  type RoundResultsParameters,
  type SimResultsParameters,
  type ScorecardResultsOptions,
} from "./scorecard/index";
export {
  buildScorecard,
  verdictCountRows,
  verdictsByItem,
  scorecardMarkdown,
  forestFigure,
  ruleMarkdown,
  type ScorecardInput,
} from "./scorecard/index";
export {
  thesisSimSamples,
  checkClaims,
  conclusionMarkdown,
  MAIN_CLAIMS,
  MODIFIED_CLAIMS,
  PRIORITY_CLAIMS,
  SIM_CLAIMS,
  type WideSample,
  type Claim,
  type CheckedClaim,
} from "./scorecard/index";
export { counterfactualMatrix, type MatrixRow } from "./scorecard/index";
export { oneAAccounting } from "./scorecard/index";
