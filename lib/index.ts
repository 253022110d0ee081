/**
 * schedgame public API. Notebooks import from here: `import { … } from "./lib/index"` (the kernel's
 * working directory is the project root; tslab cannot import directories, so name the file).
 */

// ---- util: errors, validation, seeded randomness, statistics
export { invalidArgument, invalidField, invariantViolated } from "./util/errors";
export { keyword, finiteNumber, integer } from "./util/options";
export { createRng, shuffled, type Rng } from "./util/rng";
export { sourceClosure, sourceKey } from "./util/source-key";
export { quantileSorted, mean, sampleSd, numericSummary, histogram, tQuantile975, meanCi95, type FiveNumberSummary, type HistogramBin } from "./util/stats";

// ---- expr: formula parameters (mathjs expressions on a restricted instance), exact ratios
export { type NumericExpression, compileExpression, optionalExpression, EXPRESSION_FUNCTIONS, EXPRESSION_CONSTANTS, EXPRESSION_OPERATORS, exactRatio, fractionText } from "./expr/index";

// ---- workbook: notebook display helpers (the runner and report live in scripts/ + lib/workbook)
export { setupNotebook, notebookEnvironment, environmentRows, type NotebookEnvironment } from "./workbook/setup";
export { RICH_RESULT_HOOK, richResult, registerRichResults } from "./workbook/rich-result";
export { checkParameters, type ParameterRule } from "./workbook/check-parameters";
export { showPlot, plotBundle, PLOTLY_MIME, type PlotFigure } from "./workbook/plot";
export { showTable, tableBundle, formatCell, type TableDisplayOptions } from "./workbook/table";
export { showMarkdown, markdownBundle } from "./workbook/markdown";
export { histogramFigure, type HistogramFigureOptions } from "./workbook/figures";
export { NOTEBOOK_MAP, type NotebookMapEntry } from "./workbook/notebook-map";

// ---- io: the job record, machines, trace locations
export { type JobRecord, type Machine, MARENOSTRUM4 } from "./io/job-record";
export { traceDirectories, findTrace, requireTrace } from "./io/trace-paths";

// ---- slurm: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, multifactor priority
export { buildAssociationTree, rollUpUsage, usageWithOverrides, normaliseAssociations, associationPath, type AssociationKind, type AssociationRow, type AssociationNode, type AssociationTree, type BuildTreeOptions, type UsageMap, type NormalisedAssociation } from "./slurm/index";
export { parseAssociationCsv, readAssociationCsv } from "./slurm/index";
export { fairTree, levelFairShare, type FairTreeVariant, type FairTreeOptions, type FairShareRow, type FairShareResult } from "./slurm/index";
export { classicFairShare, classicFactor, type ClassicOptions } from "./slurm/index";
export { levelBased, interpolatedShares, bucketLayout, bucketValue, combineBuckets, formatHex64, type LevelBasedOptions, type LevelBasedResult } from "./slurm/index";
export { levelBasedPostTree, usageWindowForBucket, type LevelBasedChainLevel, type LevelBasedPostTreeOptions } from "./slurm/index";
export { exactLevelFsTable, type ExactLevelFsRow } from "./slurm/index";
export { RESET_PERIODS, decayFactorPerSecond, decayOver, nextResetTime, emptyUsage, resetUsage, decayUsage, chargeUsage, advanceUsage, type ResetPeriod, type UsageConfig, type UsageState, type RunningJobUsage } from "./slurm/index";
export { normalizedQosPriorities, qosJobViolations, qosUserLimits, qosFromRecords, type QosDefinition, type QosNormalization } from "./slurm/index";
export { jobPriorities, ageFactor, jobSizeFactor, priorityFormula, PRIORITY_FORMULA_SYMBOLS, THESIS_WEIGHTS, MAX_PRIORITY, type PriorityWeights, type PriorityJob, type PriorityContext, type PriorityFactors, type PriorityBreakdown } from "./slurm/index";
export { usageTimeline, type UsageTimelineOptions, type UsageTimelineRow } from "./slurm/index";
export { randomAssociationRows, type RandomTreeOptions, FIGURE1_ROWS, weightsFromRecords } from "./slurm/index";
export { sshareTable, sprioTable, fairShareExplanation, compareFairShare, workedExampleComparison, orderAgreement, levelBasedExampleTable, levelBasedTreeTable, asymptoteTable, type SshareRow } from "./slurm/index";
export { associationTreeFigure, fairShareGrid, sharesInterpolationFigure, sharesAsymptoteFigure, fairShareComparisonFigure, rankAgreementFigure, priorityBreakdownFigure, usageTimelineFigure } from "./slurm/index";

// ---- io + twin + clean: Autosubmit/SWF readers, the calibrated twin, the cleaning pipeline
// Start here: loadCleanJobs(source) → { table, records: JobRecord[], log, machine } for "twin" (the calibrated
// synthetic twin, default), a folder of real Autosubmit files, or an SWF trace name ("SDSC-SP2-1998-4.2-cln").
export { parseExperimentFile, parseJobFile, readExperimentFile, readJobFile, writeExperimentFile, writeJobFile, formatExperimentFile, formatJobFile, wallclockMinutes, EXPERIMENT_COLUMNS, JOB_COLUMNS } from "./io/autosubmit";
export { SWF_FIELDS, type SwfField, type SwfHeader, type SwfTrace, headerJobCount, parseSwf, readSwf, readSwfSync, formatSwf } from "./io/swf";
export { type SwfCacheOptions, type CachedSwf, readSwfCached } from "./io/swf-cache";
export { type SwfMappingOptions, type SwfMachine, SWF_MAPPING, swfToJobTable, swfMachine } from "./io/swf-jobs";
export { type SacctCounts, type SacctDump, type SacctMachine, slurmDuration, slurmTime, expandNodeList, parseSacct, readSacct, sacctMachine, type SprioRecord, parseSprio } from "./io/index";
export { encodeTable, decodeTable } from "./io/index";
export { parseReferenceCsv, readReferenceCsv, referenceNumber, type ReferenceCsv, type ReferenceRecord } from "./io/index";
export { type Twin, generateTwin, writeTwinFiles, twinDirectory, twinTargets, TWIN_JOB_DEFECTS, TWIN_EXPERIMENT_DEFECTS } from "./twin/index";
export { type TwinCacheOptions, type CachedTwin, generateTwinCached } from "./twin/index";
export { type TwinVersion, TWIN_VERSIONS, RTIME_PINS, type BandNodes, type TailNodes, HEAVY_MINUTES, spearman, type JointShape, TWIN_JOINT, type JointJob, type JointFact, nodeWeightedCrossing, jointShapeFacts, jointFactsTable } from "./twin/index";
export { type DerivedEstimate, type DerivedInputFacts, type DerivedFactJob, thesisDerivedFacts, measureDerivedFacts } from "./twin/index";
export { type LogRow, type CleanStep, type CleanResult, runSteps, filterStep, identifyStep, skippedStep, logRows } from "./clean/pipeline";
export { type ExperimentFilterOptions, experimentSteps, cleanExperiments } from "./clean/experiments";
export { type JobCleanOptions, THESIS_PLATFORMS, jobSteps, cleanJobs } from "./clean/jobs";
export { rSummary, categoryCounts, rRound, compareSummaries, compareCounts } from "./clean/summary";
export { monthOf, byMonth, byMonthTable } from "./clean/monthly";
export { toJobRecords } from "./clean/records";
export { MIN_KEPT_SHARE, checkKept } from "./clean/kept";
export { type PublishedSummary, type ThesisSection4, readThesisSection4 } from "./clean/reference";
export { type SourceKind, type LoadedSource, type LoadSourceOptions, type SourceCleaning, type CleanJobs, loadSource, cleanSource, loadCleanJobs, writeSourceFiles } from "./clean/sources";
export { type MonthlyFigureOptions, type ColumnHistogramOptions, monthlyFigure, columnHistogramFigure, qtimePerJobFigure, plannedMinutesFigures } from "./clean/figures";
export { pipelineComparison, table8Comparison, table9WithCounts } from "./clean/tables";

// ---- sample + mechanism: sampling, knapsack-auction mechanisms, payments, metrics, rounds, auditor
export { drawSample, drawThesisSamples, thesisSampleSet, type SampleSet, type SampleSetOptions, type Sample, type DrawOptions, type ThesisSamplesOptions } from "./sample/index";
export { loadSampleSource, type SampleSource, formatSampleFile, parseSampleFile, writeSampleFiles, readSampleFiles, SAMPLE_COLUMNS, summariseJobs, type SampleSummaryRow, sampleDistributionFigure, appendixCFigure, plannedMinutesFigure, samplesBoxFigure } from "./sample/index";
export { makeInstance, withBid, allocationValue, allocationWeight, type Instance, type AllocationRule, type AllocateOptions } from "./mechanism/index";
export { greedyRule, greedyOrder, type GreedyRule, type GreedyRatio, exactRule, exactValue, priorityRule, thesisPriorities } from "./mechanism/index";
export { vcgPayments, clarkePayments, criticalPayments, runMechanism, paymentApplies, PAYMENT_RULES, type Mechanism, type Outcome, type PaymentRule } from "./mechanism/index";
export { mechanismMetrics, type MechanismMetrics, auditMechanism, spreadPlayers, type AuditReport, type AuditOptions } from "./mechanism/index";
export { jobBids, bidExpression, BID_SYMBOLS, jobsInstance, ruleFromSpec, MAIN_EXPERIMENTS, MODIFIED_EXPERIMENTS, PRIORITY_EXPERIMENTS, type BidModel, type ExperimentSpec, type RuleSpec, type ExperiencedRounding, EXPERIENCED_ROUNDINGS, DEFAULT_EXPERIENCED_ROUNDING } from "./mechanism/index";
export { bidComparison, type BidComparisonRow } from "./mechanism/index";
export { runRound, mainRound, greedyModifiedRound, priorityRound, priorityVariants, type RoundRow, type RoundOptions } from "./mechanism/index";
export { readThesisTable, thesisComparison, approximationTable, wideMetricTable, besideThesis, roundStatistics, paymentRuleSummary, METRIC_NAMES, type MetricName, type MetricStatistics, type ThesisTable } from "./mechanism/index";
export { clearingMinutes, clearingPriceCheck, type ClearingPriceRow, gameTable, gameAnalysisRow, braessTable, analyseGame, ispRoutingGame, matchingPennies, braessParadox, cheapestFirstRule } from "./mechanism/index";
export { metricBarFigure, statisticsFigure, clearingPriceFigure, outcomeTable, auditTable, auditSummary, greedyGuaranteeTable, greedyGuaranteeSummary, randomInstances } from "./mechanism/index";

// ---- sim: discrete-event Slurm-like simulator, schedulers, metrics, first iteration
export { type SimJob, type SimJobInput, type FromRecordsOptions, normalizeJobs, jobsFromRecords, jobsFromSwf, loadTraceWorkload, workloadAccounting, type SwfWorkload, type SwfWorkloadOptions } from "./sim/index";
export { poaSensitivity, sensitivityRows, type SensitivitySweeps, type SweepPoint, type PoaSensitivity, bscTemplateFactors, poaDecomposition, poaDecompositionTable, BSC_TEMPLATE_WEIGHTS, BSC_TEMPLATE_SLURM, TABLE5_SLURM, type PoaFactor, type PoaDecompositionRow } from "./sim/index";
export { simulate, type SimulateOptions, type SimResult, type TraceEvent, type SprioRow, EVENT_PRIORITY, TRIGGER, type Scheduler, type SchedulerContext } from "./sim/index";
export { createScheduler, SCHEDULER_NAMES, type SchedulerSpec, fcfsScheduler, easyScheduler, conservativeScheduler, slurmScheduler, SLURM_DEFAULTS, THESIS_MN4_SLURM, type EasyOptions, type ConservativeOptions, type SlurmOptions, type HeadMode, type PlacementMode, NodeSet, selectLinear } from "./sim/index";
export { type PriorityModel, type PriorityFunction, type PriorityState, priorityModel, FIFO_PRIORITY, slurmPriority, associationsFromJobs, needsQualifiedUsers, type SlurmPriorityOptions } from "./sim/index";
export { scheduleMetrics, metricsBy, jobOutcomes, outOfOrderShare, type ScheduleMetrics } from "./sim/index";
export { firstIteration, jobValue, type FirstIteration, formatSwf2TraceInput, simulateSample, withPlannedFactor, type SampleSimOptions, poaRows, poaSummary, type PoaRow, type PoaOptions, createPoaModelCache, type PoaModelCache } from "./sim/index";
export { formulaComparison, type FormulaComparisonRow } from "./sim/index";
export { ganttFigure, utilisationFigure, totalValueFigure, poaHistogramFigure, sweepFigure, schedulerComparisonFigure } from "./sim/index";
export { scheduleRows, sprioRows, table28Comparison, table29Comparison, thesisPoaValues, thesisTotalValueRows, poaSweep, compareSchedulers, compareSchedulersOnTraces, type ComparedScheduler } from "./sim/index";
export { blockingScenario, scenarioPriority, runSchedulers, metricsRows, jobStartRows, withPaddedLimits, paddingSweep, breakdownRows, type BlockingScenarioOptions } from "./sim/index";

// ---- operators: priority operators, resolution analysis, job sizes
export { type PriorityOperator, type PaperOperatorOptions, absoluteOperator, relativeOperator, relativeNOperator, sigmoidOperator, sigmoidNOperator, combinedOperator, slurmOriginalOperator, slurmOperator, paperOperators, operatorValue, expressionOperator, OPERATOR_SYMBOLS } from "./operators/index";
export { stateInverter, inverseState, equivalenceG } from "./operators/index";
export { type OperatorCheck, checkOperator, boundaryBehaviour } from "./operators/index";
export { type SubgroupUser, type RedistributionResult, priorityOrder, discordantPairs, virtualTargets, simulateRedistribution, redistributionOrderingTrials, randomUsers } from "./operators/index";
export { priorityScalar, effectivePriority, priorityLevels, resolutionOfBits, serializePriorityVector, orderBySerializedPriority, orderByExactPriority } from "./operators/index";
export { type InputDensity, type OperatorProfile, localDensities, inputDensity, operatorProfiles } from "./operators/index";
export { type JobSizeFormula, type JobStateChoice, type GridScenario, JOB_SIZE_FORMULAS, JOB_STATE_CHOICES, jobShare, stateAfterJob, usagePoolHours } from "./operators/index";
export { type PriorityRegion, type JobAggregate, type JobSizeReading, type JobSizeRow, PAPER_CONTEXTS, JOB_AGGREGATES, jobSizeAnalysis, jobSizeReadings, allReadings, readingIndex, rowsOfReading } from "./operators/index";
export { type ResolutionBitsRow, type OperatorOrdering, minimumResolutionBits, operatorOrderings, compareOrderings, unresolvedCells } from "./operators/index";
export { readPaperResolutionBits, readPaperOrderings, readPaperBoundaryVerdict, readPaperNote } from "./operators/index";
export { definitionTable, boundaryTable, equivalenceTable, serializationTable, resolutionOrderingTable, resolutionBitsTable, resolutionBitsAgreement, orderingTable, jobSizeTable, inputDensityTable, readingsTable, bestReading, redistributionTrialsTable, redistributionSimulationTable } from "./operators/index";
export { operatorCurvesFigure, inputDensityHeatmap, localDensityHeatmap, localDensityByTargetHeatmap, operatorProfileFigure, jobSizeHeatmap, effectivePrioritySurface, inputDensityBars } from "./operators/index";
export { type Fig17Decider, type NamedReading, fig17Deciders, fig17DeciderTable, fig17AgreementExcluding, orderingSupportTable } from "./operators/index";

// ---- auction: sequential compute-resource auctions (PS, GV, fair share), strategies, genetic algorithm
export { type AuctionEnvironment, type FrameWorkDistribution, type RenderJob, STANDARD_ENVIRONMENT, drawJobs, frameWorkMean, scaleFrameWork } from "./auction/index";
export { type RenderState, createRenderState, renderRound, proportionalShare, type ProportionalShareResult, generalizedVickrey, type VickreyResult, fairShareAllocation } from "./auction/index";
export { type BidParameters, type BidVectorFamilyName, BID_VECTOR_FAMILIES, bidVector, DEFAULT_PS_COEFFICIENTS, DEFAULT_GV_COEFFICIENTS, rationalPolynomial, psBid, gvParameters, predictRemainingWork } from "./auction/index";
export { type AuctionMechanism, type AuctionSimulationOptions, type AuctionRun, type AuctionJobOutcome, AUCTION_MECHANISMS, simulateRun, runAuctionExperiment, runJobs } from "./auction/index";
export { type AuctionStatistics, auctionStatistics, incompleteFrames, allocationsAt, allocationChanges, mechanismRanking, type PerMechanism, calibrateFrameWork, type CalibrationResult } from "./auction/index";
export { evaluateStrategies, evolveStrategy, formatGeneticProgress, type GeneticOptions, type GeneticProgress, type GeneticResult, createWorkerPool } from "./auction/index";
export { readByeResults, type ReferenceStatistic, auctionStatisticsTable, frameWorkCalibrationTable, coefficientTable, type RunsByMechanism } from "./auction/index";
export { incompleteFramesFigure, allocationAtFigure, bidFunctionFigure, geneticProgressFigure, auctionSweepFigure, type BidFunction } from "./auction/index";
export { type GaBudget, type AuctionSweepTask, type AuctionSweepOptions, type AuctionSweepRow, type AuctionClaim, GA_BUDGETS, AUCTION_CLAIMS, auctionSweepTask, auctionSweepTasks, auctionClaimsTable, auctionSweepSummary, parseAuctionSweepRows, runAuctionSweep } from "./auction/index";
export { type DynamicsVariant, type DynamicsOptions, type FrameWorkShapeOptions, dynamicsVariants, allocationDynamicsTable, frameWorkShapeTable, dynamicsSummary } from "./auction/index";

// ---- coop: thesis Sections 6.5, 7, 8 — planned-time accuracy, budget scheduler, coalitions, deviations
export { type PlannedAccuracyOptions, type PlannedAccuracyRow, plannedAtAlpha, accurateUsers, plannedAccuracySweep, type TraceAccuracyOptions, type TraceAccuracyRow, limitsAtAlpha, plannedAccuracyOnTrace } from "./coop/index";
export { type BudgetBidder, type BudgetRound, budgetAuctionRound, type BudgetSchedulerOptions, type BudgetCharge, type BudgetScheduler, budgetScheduler, type UserFairnessRow, jainIndex, userFairness } from "./coop/index";
export { type BudgetComparisonRow, type CounterexampleRow, budgetComparison, budgetFirstIteration, truthfulnessCounterexample } from "./coop/index";
export { type RoundJob, type CoalitionGameOptions, type CoreViolation, type CoreCheck, coalitionPayoffs, coalitionValue, coreCheck, coalitionRound, type WorstDeviation, paymentSlackRows, worstUnilateralDeviation, type ConclusionRow, type CooperationEvidence, cooperationConclusions, plannedAccuracyFigure, plannedAccuracySummary } from "./coop/index";
export { type AccuracyStudyRow, type AccuracyMachineRow, ACCURACY_TOLERANCE, accuracyAcrossMachines, accuracyMachinesSummary, accuracyMachinesFigure } from "./coop/index";

// ---- cluster: a real Slurm on localhost (munged, slurmctld, one slurmd per node, optional slurmdbd + MariaDB)
export { startLocalSlurm, localSlurmMissing, type LocalSlurm, type LocalSlurmOptions, type RunOptions, slurmConf, slurmdbdConf, nodeRange, LOCAL_SLURM_DEFAULTS, type SlurmConfInput, type SlurmdbdConfInput, type CommandResult } from "./cluster/index";

// ---- study: declarative studies, resumable runner on worker threads, Slurm job arrays
export { type StudySpec, type StudyTask, checkStudySpec, studyTasks, readStudySpec, type StudyKindFn, type StudyKindRef, STUDY_KINDS, resolveKind } from "./study/index";
export { type StoredTask, studyDir, readStore, mergedRows, readJsonLines, type StudyProgress, type RunStudyOptions, type StudyRun, runStudy, chunkTasks, formatStudyProgress, notebookStudyProgress } from "./study/index";
export { type ArrayOptions, sbatchArrayScript, submitStudyArray, mergeStudy } from "./study/index";
export { type RealMachineRow, type SourceEligibility, modalMinutes, sampleFeatures, realMachineTask, type FindingRow, THESIS_POA, findingsTable, findingsGrid, poaFeatureFigure, realMachinesAnswer } from "./study/index";
export { SLURM_VERSION_DEFAULTS, schedulerKnobs, schedulerParameters, simSlurmOptions, type SchedulerKnobs, type SlurmVersion, checkWorkload, type CheckJob, type CheckWorkloadOptions } from "./cluster/index";
export { runOnSlurm, expandHostlist, type RealJob, type RealRun, scheduleAgreement, type ScheduleAgreement, type ScheduledJob, parseSshare, compareSshareFairTree, type SshareRecord, type FairShareComparisonRow } from "./cluster/index";
export { CHECK_ACCOUNTS, checkKnobs, checkSlurmConf, recordRealCheck, compareCheck, compareCheckFairShare, type RecordedCheck, type CheckComparison, checkReport } from "./cluster/index";
// ---- scorecard: the reproduction verdict rule, scorecard rows, results files of notebooks 07–10, summary rows
export { VERDICTS, type Verdict, type Estimate, type Explanation, type VerdictOptions, estimate, withinNoise, verdictOf, counterfactualExplanation } from "./scorecard/index";
export { type ScorecardRow, type ScoreRowOptions, scoreRow, verdictCounts, withSummaryRows, mechanismTableWithSummary, simTableWithSummary, type SummaryRowsOptions } from "./scorecard/index";
export { type ResultRow, type ResultsFile, resultsFolder, resultsPath, resultsMismatch, formatResults, parseResults, writeResults, readResults, resultRows } from "./scorecard/index";
export { ROUND_RESULT_KEYS, roundResultRows, MECHANISM_TABLES, thesisColumn, metricValues, counterfactuals, mechanismTableRows, POA_RESULT_KEYS, poaResultRows, simTableRows, dataRows, gameRows } from "./scorecard/index";
export { RESULT_NOTEBOOKS, type ResultNotebook, type RoundResultsParameters, type SimResultsParameters, roundCounterfactuals, INPUT_COUNTERFACTUALS, inputCounterfactualSource, NARROWEST_FIRST_CF, narrowestFirst, roundResultsFile, roundSamples, recomputeRoundResults, poaCounterfactuals, simResultsFile, bscPoaOptions, simSamples, recomputeSimResults, scorecardResults, type ScorecardResultsOptions } from "./scorecard/index";
export { type ScorecardInput, buildScorecard, verdictCountRows, verdictsByItem, unexplainedTables, scorecardMarkdown } from "./scorecard/index";
export { type WideSample, type Claim, type CheckedClaim, wideSamples, thesisWideSamples, thesisSimSamples, checkClaims, conclusionMarkdown, MAIN_CLAIMS, MODIFIED_CLAIMS, PRIORITY_CLAIMS, SIM_CLAIMS } from "./scorecard/index";
export { type MatrixRow, counterfactualMatrix } from "./scorecard/index";
export { oneAAccounting } from "./scorecard/index";
