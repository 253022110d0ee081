/**
 * schedgame's public API: what the notebooks and a user's own code call, grouped by area. Notebooks
 * import from here: `import { … } from "./lib/index"` (the kernel's working directory is the project
 * root; tslab cannot import directories, so name the file). Everything else is internal to its area:
 * tests, benches and the machinery import it from the area's own files.
 */

// ---- util: seeded randomness, summaries
export { createRng, type Rng } from "./util/rng";
export { numericSummary, histogram, type FiveNumberSummary, type HistogramBin } from "./util/stats";

// ---- expr: formula parameters (mathjs expressions on a restricted instance), exact ratios
export { compileExpression, type NumericExpression } from "./expr/expression";

// ---- display: notebook display helpers (the runner and report live in workbook/, beside lib)
export {
  setupNotebook,
  notebookEnvironment,
  environmentRows,
  type NotebookEnvironment,
} from "./display/setup";
export { registerRichResults } from "./display/rich-result";
export { checkParameters, type ParameterRule } from "./display/check-parameters";
export { showPlot, type PlotFigure } from "./display/plot";
export { showTable, type TableDisplayOptions } from "./display/table";
export { showMarkdown } from "./display/markdown";
export { availableTraces } from "./display/trace-notice";
export { histogramFigure, type HistogramFigureOptions } from "./display/figures";
export { NOTEBOOK_MAP, type NotebookMapEntry } from "./display/notebook-map";

// ---- io: the job record, machines, trace locations
export { findTrace } from "./io/trace-paths";

// ---- slurm: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, multifactor priority
export {
  buildAssociationTree,
  usageWithOverrides,
  type AssociationKind,
  type AssociationRow,
  type AssociationNode,
  type AssociationTree,
  type BuildTreeOptions,
  type UsageMap,
} from "./slurm/associations";
export { normaliseAssociations, type NormalisedAssociation } from "./slurm/normalisation";
export { readAssociationCsv } from "./slurm/reference-csv";
export { readReferenceCsv, type ReferenceRecord } from "./io/reference-csv";
export { fairTree, type FairTreeOptions, type FairShareRow, type FairShareResult } from "./slurm/fair-tree";
export { type FairTreeVariant } from "./slurm/compiled-fair-tree";
export { classicFairShare, type ClassicOptions } from "./slurm/classic";
export { levelBased, formatHex64, type LevelBasedOptions, type LevelBasedResult } from "./slurm/level-based";
export { exactLevelFsTable, type ExactLevelFsRow } from "./slurm/exact-level-fs";
export {
  normalizedQosPriorities,
  qosFromRecords,
  type QosDefinition,
  type QosNormalization,
} from "./slurm/qos";
export {
  jobPriorities,
  PRIORITY_FORMULA_SYMBOLS,
  type PriorityWeights,
  type PriorityJob,
  type PriorityContext,
  type PriorityFactors,
  type PriorityBreakdown,
} from "./slurm/multifactor";
export { usageTimeline, type UsageTimelineOptions, type UsageTimelineRow } from "./slurm/usage-timeline";
export { randomAssociationRows, type RandomTreeOptions } from "./slurm/random-tree";
export { FIGURE1_ROWS, weightsFromRecords } from "./slurm/thesis-setup";
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
} from "./slurm/tables";
export {
  associationTreeFigure,
  sharesInterpolationFigure,
  sharesAsymptoteFigure,
  fairShareComparisonFigure,
  rankAgreementFigure,
  priorityBreakdownFigure,
  usageTimelineFigure,
} from "./slurm/figures";
export {
  parseSshare,
  compareFairShare as compareSshareFairTree,
  type SshareRecord,
  type FairShareComparisonRow,
} from "./slurm/sshare-check";

// ---- io + twin + clean: Autosubmit/SWF readers, the calibrated twin, the cleaning pipeline
// Start here: loadCleanJobs(source) → { table, records: JobRecord[], log, machine } for "twin" (the calibrated
// synthetic twin, default), a folder of real Autosubmit files, or an SWF trace name ("SDSC-SP2-1998-4.2-cln").
export { readSwf, type SwfField, type SwfHeader, type SwfTrace } from "./io/swf";
export { SWF_MAPPING, type SwfMappingOptions, type SwfMachine } from "./io/swf-jobs";
export { parseSacct, readSacct, type SacctCounts, type SacctDump, type SacctMachine } from "./io/sacct";
export { parseSprio, type SprioRecord } from "./io/sprio";
export { readJsonLines } from "./io/json-lines";
export { danfo, toDataFrame, fromDataFrame, type DanfoModule } from "./io/dataframe";
export { generateTwin, TWIN_JOB_DEFECTS, type Twin } from "./twin/twin";
export { TWIN_EXPERIMENT_DEFECTS } from "./twin/experiments";
export {
  jointFactsTable,
  type TwinVersion,
  type BandNodes,
  type TailNodes,
  type JointShape,
  type JointJob,
  type JointFact,
} from "./twin/joint";
export {
  thesisDerivedFacts,
  type DerivedEstimate,
  type DerivedInputFacts,
  type DerivedFactJob,
} from "./twin/derived-facts";
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
} from "./sample/draw";
export { loadSampleSource, type SampleSource } from "./sample/source";
export { formatSampleFile, writeSampleFiles, readSampleFiles } from "./sample/sample-file";
export { summariseJobs, type SampleSummaryRow } from "./sample/summary";
export {
  sampleDistributionFigure,
  appendixCFigure,
  plannedMinutesFigure,
  samplesBoxFigure,
} from "./sample/figures";
export { makeInstance, type Instance } from "./mechanism/instance";
export { type AllocationRule, type AllocateOptions } from "./mechanism/rule";
export { greedyRule, type GreedyRule, type GreedyRatio } from "./mechanism/greedy";
export { exactRule } from "./mechanism/exact";
export { vcgPayments } from "./mechanism/vcg-payments";
export { clarkePayments } from "./mechanism/clarke-payments";
export { criticalPayments } from "./mechanism/critical-payments";
export { runMechanism, type Mechanism, type Outcome, type PaymentRule } from "./mechanism/mechanism";
export { auditMechanism, spreadPlayers, type AuditReport, type AuditOptions } from "./mechanism/audit";
export { type MechanismMetrics } from "./mechanism/metrics";
export {
  BID_SYMBOLS,
  jobsInstance,
  ruleFromSpec,
  type BidModel,
  type ExperimentSpec,
  type RuleSpec,
  type ExperiencedRounding,
} from "./mechanism/experiments";
export { bidComparison, type BidComparisonRow } from "./mechanism/bid-comparison";
export {
  mainRound,
  greedyModifiedRound,
  priorityRound,
  type RoundRow,
  type RoundOptions,
} from "./mechanism/rounds";
export { priorityVariants } from "./mechanism/tables";
export { readThesisTable, type ThesisTable } from "./mechanism/thesis-tables";
export {
  thesisComparison,
  approximationTable,
  roundStatistics,
  paymentRuleSummary,
  type MetricName,
  type MetricStatistics,
} from "./mechanism/tables";
export { clearingPriceCheck, type ClearingPriceRow } from "./mechanism/clearing-price";
export {
  gameTable,
  gameAnalysisRow,
  braessTable,
  analyseGame,
  ispRoutingGame,
  matchingPennies,
  braessParadox,
  cheapestFirstRule,
} from "./mechanism/games";
export { metricBarFigure, statisticsFigure, clearingPriceFigure } from "./mechanism/figures";
export {
  outcomeTable,
  auditTable,
  auditSummary,
  greedyGuaranteeTable,
  greedyGuaranteeSummary,
  randomInstances,
} from "./mechanism/theory-tables";

// ---- sim: discrete-event Slurm-like simulator, schedulers, metrics, first iteration
export { jobsFromRecords, type SimJob, type SimJobInput, type FromRecordsOptions } from "./sim/job";
export {
  jobsFromSwf,
  loadTraceWorkload,
  workloadAccounting,
  type SwfWorkload,
  type SwfWorkloadOptions,
} from "./sim/swf-workload";
export {
  poaSensitivity,
  sensitivityRows,
  type SensitivitySweeps,
  type SweepPoint,
  type PoaSensitivity,
} from "./sim/sensitivity";
export {
  bscTemplateFactors,
  poaDecomposition,
  poaDecompositionTable,
  BSC_TEMPLATE_WEIGHTS,
  BSC_TEMPLATE_SLURM,
  TABLE5_SLURM,
  type PoaFactor,
  type PoaDecompositionRow,
} from "./sim/poa-decomposition";
export { simulate } from "./sim/engine";
export { type SimulateOptions, type SimResult, type TraceEvent, type SprioRow } from "./sim/sim-result";
export { type Scheduler, type SchedulerContext } from "./sim/scheduler";
export { createScheduler, type SchedulerSpec } from "./sim/create-scheduler";
export { SLURM_DEFAULTS, THESIS_MN4_SLURM, type SlurmOptions } from "./sim/slurm-scheduler";
export { type EasyOptions } from "./sim/easy";
export { type ConservativeOptions } from "./sim/conservative";
export { type HeadMode } from "./sim/head-pin";
export { type PlacementMode } from "./sim/slurm-placement";
export { slurmPriority } from "./sim/slurm-priority";
export { type PriorityModel, type PriorityFunction, type PriorityState } from "./sim/priority";
export { type SlurmPriorityOptions } from "./sim/slurm-priority-options";
export { scheduleMetrics, type ScheduleMetrics } from "./sim/metrics";
export { formatSwf2TraceInput } from "./sim/swf2trace";
export { simulateSample, type SampleSimOptions } from "./sim/sample-sim";
export { poaRows, poaSummary, type PoaRow, type PoaOptions, type PoaModelCache } from "./sim/poa";
export { type FirstIteration } from "./sim/first-iteration";
export { formulaComparison, type FormulaComparisonRow } from "./sim/priority-formula";
export {
  ganttFigure,
  utilisationFigure,
  totalValueFigure,
  poaHistogramFigure,
  sweepFigure,
  schedulerComparisonFigure,
} from "./sim/figures";
export {
  sprioRows,
  table28Comparison,
  table29Comparison,
  thesisPoaValues,
  thesisTotalValueRows,
  compareSchedulersOnTraces,
  type ComparedScheduler,
} from "./sim/tables";
export {
  blockingScenario,
  scenarioPriority,
  runSchedulers,
  metricsRows,
  jobStartRows,
  paddingSweep,
  breakdownRows,
  type BlockingScenarioOptions,
} from "./sim/scenarios";

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
} from "./operators/operator";
export { randomUsers, type SubgroupUser, type RedistributionResult } from "./operators/ordering";
export { inputDensity, operatorProfiles, type InputDensity, type OperatorProfile } from "./operators/density";
export {
  usagePoolHours,
  type JobSizeFormula,
  type JobStateChoice,
  type GridScenario,
} from "./operators/job-size";
export {
  jobSizeAnalysis,
  jobSizeReadings,
  rowsOfReading,
  type JobSizeRow,
} from "./operators/job-size-analysis";
export {
  allReadings,
  readingIndex,
  type PriorityRegion,
  type JobAggregate,
  type JobSizeReading,
} from "./operators/job-size-readings";
export {
  minimumResolutionBits,
  operatorOrderings,
  unresolvedCells,
  type ResolutionBitsRow,
  type OperatorOrdering,
} from "./operators/resolution-bits";
export {
  readPaperResolutionBits,
  readPaperOrderings,
  readPaperBoundaryVerdict,
  readPaperNote,
} from "./operators/reference";
export {
  definitionTable,
  boundaryTable,
  equivalenceTable,
  serializationTable,
  resolutionOrderingTable,
  inputDensityTable,
  redistributionTrialsTable,
  redistributionSimulationTable,
} from "./operators/tables";
export {
  resolutionBitsTable,
  orderingTable,
  jobSizeTable,
  readingsTable,
  bestReading,
} from "./operators/job-size-tables";
export {
  operatorCurvesFigure,
  inputDensityHeatmap,
  localDensityHeatmap,
  localDensityByTargetHeatmap,
  operatorProfileFigure,
  jobSizeHeatmap,
  effectivePrioritySurface,
  inputDensityBars,
} from "./operators/figures";
export {
  fig17Deciders,
  fig17DeciderTable,
  fig17AgreementExcluding,
  orderingSupportTable,
  type Fig17Decider,
  type NamedReading,
} from "./operators/fig17-readings";

// ---- auction: sequential compute-resource auctions (PS, GV, fair share), strategies, genetic algorithm
export {
  STANDARD_ENVIRONMENT,
  frameWorkMean,
  scaleFrameWork,
  type AuctionEnvironment,
  type FrameWorkDistribution,
  type RenderJob,
} from "./auction/environment";
export { DEFAULT_PS_COEFFICIENTS, DEFAULT_GV_COEFFICIENTS } from "./auction/strategies";
export { type BidParameters, type BidVectorFamilyName } from "./auction/bid-vector";
export { runAuctionExperiment } from "./auction/experiment";
export {
  type AuctionMechanism,
  type AuctionSimulationOptions,
  type AuctionRun,
  type AuctionJobOutcome,
} from "./auction/simulator";
export {
  auctionStatistics,
  mechanismRanking,
  type AuctionStatistics,
  type PerMechanism,
} from "./auction/statistics";
export { calibrateFrameWork, type CalibrationResult } from "./auction/calibrate";
export {
  evolveStrategy,
  formatGeneticProgress,
  type GeneticOptions,
  type GeneticProgress,
  type GeneticResult,
} from "./auction/genetic";
export { readByeResults, type ReferenceStatistic } from "./auction/reference";
export {
  auctionStatisticsTable,
  frameWorkCalibrationTable,
  coefficientTable,
  type RunsByMechanism,
} from "./auction/tables";
export {
  incompleteFramesFigure,
  allocationAtFigure,
  bidFunctionFigure,
  geneticProgressFigure,
  auctionSweepFigure,
  type BidFunction,
} from "./auction/figures";
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
} from "./auction/robustness";
export {
  allocationDynamicsTable,
  frameWorkShapeTable,
  dynamicsSummary,
  type DynamicsVariant,
  type DynamicsOptions,
  type FrameWorkShapeOptions,
} from "./auction/dynamics";

// ---- coop: thesis Sections 6.5, 7, 8 — planned-time accuracy, budget scheduler, coalitions, deviations
export {
  plannedAccuracySweep,
  type PlannedAccuracyOptions,
  type PlannedAccuracyRow,
} from "./coop/planned-accuracy";
export {
  plannedAccuracyOnTrace,
  type TraceAccuracyOptions,
  type TraceAccuracyRow,
} from "./coop/planned-accuracy-trace";
export {
  budgetComparison,
  budgetFirstIteration,
  truthfulnessCounterexample,
  type BudgetComparisonRow,
  type CounterexampleRow,
} from "./coop/budget-experiments";
export {
  coalitionPayoffs,
  coreCheck,
  coalitionRound,
  type RoundJob,
  type CoalitionGameOptions,
  type CoreViolation,
  type CoreCheck,
} from "./coop/coalitions";
export { paymentSlackRows, worstUnilateralDeviation, type WorstDeviation } from "./coop/deviations";
export {
  cooperationConclusions,
  plannedAccuracySummary,
  type ConclusionRow,
  type CooperationEvidence,
} from "./coop/conclusions";
export { plannedAccuracyFigure } from "./coop/figures";
export {
  accuracyAcrossMachines,
  accuracyMachinesSummary,
  accuracyMachinesFigure,
  type AccuracyStudyRow,
  type AccuracyMachineRow,
} from "./coop/accuracy-machines";

// ---- machines: the thesis's pipeline on every shared trace (notebook 15; the study kinds it runs)
export {
  findingsTable,
  findingsGrid,
  poaFeatureFigure,
  realMachinesAnswer,
  type FindingRow,
} from "./machines/findings";
export { type RealMachineRow, type SourceEligibility } from "./machines/real-machines";

// ---- scorecard: the reproduction verdict rule, scorecard rows, results files of notebooks 07–10, summary rows
export {
  mechanismTableWithSummary,
  simTableWithSummary,
  type SummaryRowsOptions,
} from "./scorecard/summary-rows";
export { type ScorecardRow, type ScoreRowOptions } from "./scorecard/row";
export { writeResults, type ResultRow, type ResultsFile } from "./scorecard/results-file";
export { mechanismTableRows } from "./scorecard/mechanism-rows";
export { simTableRows } from "./scorecard/sim-rows";
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
} from "./scorecard/compute";
export {
  buildScorecard,
  verdictCountRows,
  verdictsByItem,
  unexplainedTables,
  scorecardMarkdown,
  type ScorecardInput,
} from "./scorecard/scorecard";
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
} from "./scorecard/conclusions";
export { counterfactualMatrix, type MatrixRow } from "./scorecard/counterfactual-matrix";
export { oneAAccounting } from "./scorecard/decomposition";
