/**
 * schedgame's public API: what the notebooks and a user's own code call, grouped by area, a line
 * each. Notebooks import from here: `import { … } from "./lib/index"` (the kernel's working
 * directory is the project root; tslab cannot import directories, so name the file). Everything else
 * is internal: tests, benches and the machinery import a concept from its own file.
 *
 * Start here: `loadCleanJobs(source)` gives the cleaned jobs of "twin" (the calibrated synthetic twin
 * of the thesis's logs), a folder of Autosubmit files, an SWF trace name ("SDSC-SP2-1998-4.2-cln") or
 * a sacct dump; `drawThesisSamples` samples them; `mainRound` runs the knapsack-auction experiments
 * and `simulate` the Slurm-like simulator.
 */

// ---- Randomness and summaries
export {
  createRng, // a seeded random stream: every random step takes one
  type Rng,
} from "./util/rng";
export {
  numericSummary, // min, quartiles, mean and max as R's summary() prints them
  histogram, // fixed-width histogram bins of numbers
  type FiveNumberSummary,
  type HistogramBin,
} from "./util/stats";
export {
  meanInterval, // a mean with its 95% interval (the one interval every table and verdict uses)
  INTERVAL_METHOD, // that interval's method, as results state it
  type MeanInterval,
} from "./util/interval";

// ---- Formula parameters (mathjs expressions on a restricted instance)
export {
  compileExpression, // checks and compiles a formula parameter in the given symbols
  type NumericExpression,
} from "./expr/expression";

// ---- Notebook display (the runner and the report live in workbook/, beside lib)
export {
  setupNotebook, // the call after the parameters cell: checks them, Plotly in the page, rich cell results
  notebookEnvironment, // the project root, Node and package versions, without side effects
  environmentRows, // those versions as display rows
  type NotebookEnvironment,
} from "./display/setup";
export {
  checkParameters, // refuses a bad notebook parameter by its name and rule
  type ParameterRule,
} from "./display/check-parameters";
export {
  showPlot, // shows a Plotly figure
  type PlotFigure,
} from "./display/plot";
export {
  showTable, // shows a table (arquero table, rows, DataFrame)
  type TableDisplayOptions,
} from "./display/table";
export {
  showMarkdown, // shows markdown text
} from "./display/markdown";
export {
  availableTraces, // the traces found among some names; says which are missing and how to get them
} from "./display/trace-notice";
export {
  histogramFigure, // a bar chart of histogram bins
  type HistogramFigureOptions,
} from "./display/figures";
export {
  NOTEBOOK_MAP, // the notebooks in reading order, with what each reproduces
  type NotebookMapEntry,
} from "./display/notebook-map";

// ---- Slurm priority and fair share: association tree, Fair Tree, classic, LEVEL_BASED, multifactor
export {
  buildAssociationTree, // the association tree (accounts, users, shares, usage) from rows
  usageWithOverrides, // each association's own usage, some values replaced
  type AssociationKind,
  type AssociationRow,
  type AssociationNode,
  type AssociationTree,
  type BuildTreeOptions,
  type UsageMap,
} from "./slurm/associations";
export {
  normaliseAssociations, // shares and usage normalised among siblings and along the path to the root
  type NormalisedAssociation,
} from "./slurm/normalisation";
export {
  readAssociationCsv, // reads an association table (Table 1's form)
} from "./slurm/reference-csv";
export {
  fairTree, // Fair Tree fair-share factors of every user
  type FairTreeOptions,
  type FairShareRow,
  type FairShareResult,
} from "./slurm/fair-tree";
export { type FairTreeVariant } from "./slurm/compiled-fair-tree";
export {
  classicFairShare, // classic fair-share factors F = 2^(−U/S) of every user
  type ClassicOptions,
} from "./slurm/classic";
export {
  levelBased, // LEVEL_BASED fair-share factors of every user
  formatHex64, // a 64-bit value as 0x and 16 hex digits (LEVEL_BASED's raw priorities)
  type LevelBasedOptions,
  type LevelBasedResult,
} from "./slurm/level-based";
export {
  exactLevelFsTable, // the exact S, U and Level FS of every association, as fractions
  type ExactLevelFsRow,
} from "./slurm/exact-level-fs";
export {
  normalizedQosPriorities, // each QoS's priority normalised to [0, 1]
  qosFromRecords, // QoS definitions from Table 3's form
  type QosDefinition,
  type QosNormalization,
} from "./slurm/qos";
export {
  jobPriorities, // multifactor priorities of jobs, with their factor breakdowns
  PRIORITY_FORMULA_SYMBOLS, // the factors a custom priority formula may use
  type PriorityWeights,
  type PriorityJob,
  type PriorityContext,
  type PriorityFactors,
  type PriorityBreakdown,
} from "./slurm/multifactor";
export {
  usageTimeline, // usage decay over time with running jobs, every user at each interval
  type UsageTimelineOptions,
  type UsageTimelineRow,
} from "./slurm/usage-timeline";
export {
  randomAssociationRows, // a seeded random association tree
  type RandomTreeOptions,
} from "./slurm/random-tree";
export {
  FIGURE1_ROWS, // the thesis's Figure 1 hierarchy
  weightsFromRecords, // priority weights from Table 2's form
} from "./slurm/thesis-setup";
export {
  sshareTable, // an `sshare -l`-like table of a fair-share result
  sprioTable, // an `sprio`-like table of job priorities
  fairShareExplanation, // one algorithm's S, U, level value, rank and factor per association
  compareFairShare, // users' factors and ranks side by side across algorithms
  workedExampleComparison, // the thesis's worked example beside our Fair Tree values
  orderAgreement, // how far two algorithms agree on the user order
  levelBasedExampleTable, // the LEVEL_BASED post's example recomputed from its level values
  levelBasedTreeTable, // the LEVEL_BASED post's example computed end to end
  asymptoteTable, // F = 2^(−U/S) for tiny shares, classic and interpolated
  type SshareRow,
} from "./slurm/tables";
export {
  associationTreeFigure, // the association tree drawn as nodes and links
  sharesInterpolationFigure, // F over U and S, classic and with S interpolated
  sharesAsymptoteFigure, // F against U for tiny shares
  fairShareComparisonFigure, // each user's factor under each algorithm
  rankAgreementFigure, // users' order positions under two algorithms
  priorityBreakdownFigure, // weighted priority factors per job, stacked
  usageTimelineFigure, // usage or factor per user over days
} from "./slurm/figures";
export {
  parseSshare, // parses `sshare -a -l -P` output
  compareSshareFairTree, // Fair Tree on sshare's tree against sshare's own figures
  type SshareRecord,
  type FairShareComparisonRow,
} from "./slurm/sshare-check";

// ---- Job readers: SWF traces, sacct and sprio dumps, published tables, DataFrames
export {
  findTrace, // the path of a trace file by name (or a path), searched where traces are kept
} from "./io/trace-paths";
export {
  readSwf, // reads an SWF trace (plain or gzip)
  type SwfField,
  type SwfTrace,
} from "./io/swf";
export { type SwfHeader } from "./io/swf-header";
export {
  SWF_MAPPING, // how SWF fields map to the Job File's columns, as display rows
  type SwfMappingOptions,
  type SwfMachine,
} from "./io/swf-jobs";
export {
  parseSacct, // parses `sacct --parsable2` text into Job File columns
  readSacct, // reads a sacct dump (plain or gzip)
  type SacctCounts,
  type SacctDump,
  type SacctMachine,
} from "./io/sacct";
export {
  parseSprio, // parses `sprio -l` output
  type SprioRecord,
} from "./io/sprio";
export {
  readReferenceCsv, // reads a published table (caption, header, typed cells)
  type ReferenceRecord,
} from "./io/reference-csv";
export {
  readJsonLines, // reads one JSON object per line (a study's merged results)
} from "./io/json-lines";
export {
  danfo, // the danfo.js module, loaded on first use
  toDataFrame, // an arquero table or rows as a danfo.js DataFrame
  fromDataFrame, // a danfo.js DataFrame or Series as an arquero table
  type DanfoModule,
} from "./io/dataframe";

// ---- The twin: a calibrated synthetic copy of the thesis's private Autosubmit logs
export {
  generateTwin, // the twin's Experiment File and Job File from a seed
  TWIN_JOB_DEFECTS, // jobs removed by each of the first job filters (our split of the published total)
  type Twin,
} from "./twin/twin";
export {
  TWIN_EXPERIMENT_DEFECTS, // experiments rejected by each first filter (our split)
} from "./twin/experiments";
export {
  jointFactsTable, // the input-side facts of several job sets side by side
  type TwinVersion,
  type BandNodes,
  type TailNodes,
  type JointShape,
  type JointJob,
  type JointFact,
} from "./twin/joint";
export {
  thesisDerivedFacts, // F7 and F8 read off the thesis's 1A result tables
  type DerivedEstimate,
  type DerivedInputFacts,
  type DerivedFactJob,
} from "./twin/derived-facts";

// ---- Cleaning: sources, the thesis's pipeline, its log and published numbers
export {
  loadSource, // loads a source: the twin, Autosubmit files, an SWF trace or a sacct dump
  cleanSource, // runs the experiment and job pipelines on a loaded source
  loadCleanJobs, // the cleaned job records of a source, ready for sampling and simulation
  writeSourceFiles, // writes a loaded source as Autosubmit files
  type SourceKind,
  type LoadedSource,
  type LoadSourceOptions,
  type SourceCleaning,
  type CleanJobs,
} from "./clean/sources";
export {
  logRows, // a cleaning log as display rows
  type LogRow,
  type CleanStep,
  type CleanResult,
} from "./clean/pipeline";
export {
  categoryCounts, // the most frequent values of a column, as R's summary() of a factor
  compareSummaries, // our numeric summaries beside the published ones
  compareCounts, // our category counts beside the published ones
} from "./clean/summary";
export {
  toJobRecords, // a cleaned job table as job records
} from "./clean/records";
export {
  readThesisSection4, // the thesis's Section 4 numbers (counts, summaries, tables)
  type PublishedSummary,
  type ThesisSection4,
} from "./clean/reference";
export {
  monthlyFigure, // rows (or a column's sum) per month as bars (Figures 3–8)
  columnHistogramFigure, // a fixed-width histogram of a column
  qtimePerJobFigure, // queue time per job (Figure 10)
  plannedMinutesFigures, // run times and nodes of the jobs of one planned time (Figure 22)
  type MonthlyFigureOptions,
  type ColumnHistogramOptions,
} from "./clean/figures";
export {
  pipelineComparison, // the cleaning log with the thesis's counts beside ours
  table8Comparison, // Table 8 (experiments per model) beside ours
  table9WithCounts, // Table 9 (default wallclock per QoS) with our jobs per QoS
} from "./clean/tables";

// ---- Sampling
export {
  drawSample, // one sample of jobs
  drawThesisSamples, // the thesis's 21 samples, each on its own stream
  thesisSampleSet, // the one sample set notebooks 06–11 and the scorecard share
  type SampleSet,
  type SampleSetOptions,
  type Sample,
  type DrawOptions,
  type ThesisSamplesOptions,
} from "./sample/draw";
export {
  loadSampleSource, // the cleaned jobs of a source for sampling (the twin's from a disk cache)
  type SampleSource,
} from "./sample/source";
export {
  formatSampleFile, // a sample in the thesis's text format
  writeSampleFiles, // writes samples as files
  readSampleFiles, // reads sample files back
} from "./sample/sample-file";
export {
  summariseJobs, // counts and summaries of a job list
  type SampleSummaryRow,
} from "./sample/summary";
export {
  sampleDistributionFigure, // 2×2 histograms of one job list
  appendixCFigure, // Appendix C: those histograms for every sample, one at a time
  plannedMinutesFigure, // share of jobs per planned time, samples against the source
  samplesBoxFigure, // one box per sample for one job field
} from "./sample/figures";

// ---- Mechanisms and payments: knapsack auctions, VCG, Clarke, critical values, games
export {
  makeInstance, // a checked knapsack-auction instance (bids, sizes, capacity)
  type Instance,
} from "./mechanism/instance";
export { type AllocationRule, type AllocateOptions } from "./mechanism/rule";
export {
  greedyRule, // the greedy allocation rule (by b/w or b/(w·rtime))
  type GreedyRule,
  type GreedyRatio,
} from "./mechanism/greedy";
export {
  exactRule, // the exact optimum (experiment 1A)
} from "./mechanism/exact";
export {
  vcgPayments, // the exact optimum with every VCG payment
} from "./mechanism/vcg-payments";
export {
  clarkePayments, // Clarke-pivot payments (re-running the rule without each winner)
} from "./mechanism/clarke-payments";
export {
  criticalPayments, // critical-value payments of a monotone rule
} from "./mechanism/critical-payments";
export {
  runMechanism, // an allocation rule and a payment rule run on an instance
  type Mechanism,
  type Outcome,
  type PaymentRule,
} from "./mechanism/mechanism";
export {
  auditMechanism, // searches an instance for profitable misreports, IR, transfer and monotonicity failures
  spreadPlayers, // the players to audit on a large instance
  type AuditReport,
  type AuditOptions,
} from "./mechanism/audit";
export { type MechanismMetrics } from "./mechanism/metrics";
export {
  BID_SYMBOLS, // the symbols a custom bid may use
  jobsInstance, // a sample's auction instance under a bid model
  ruleFromSpec, // the allocation rule of an experiment's spec
  type BidModel,
  type ExperimentSpec,
  type RuleSpec,
  type ExperiencedRounding,
} from "./mechanism/experiments";
export {
  bidComparison, // metric means with the thesis's bids and with custom bids
  type BidComparisonRow,
} from "./mechanism/bid-comparison";
export {
  mainRound, // round 1 (Section 6.3.1): 1A, 1B, 3B, 2B, 4B
  greedyModifiedRound, // round 2 (6.3.2): modified greedy against the original
  priorityRound, // round 3 (6.3.3): the priority list against greedy
  type RoundRow,
  type RoundOptions,
} from "./mechanism/rounds";
export {
  readThesisTable, // one of the thesis's Tables 10–27
  type ThesisTable,
} from "./mechanism/thesis-tables";
export {
  priorityVariants, // the priority experiments with skipping and halting lists, summarised
  thesisComparison, // our per-sample metric laid out like a thesis table, beside its values
  approximationTable, // greedy 1B against the optimum 1A with the 1 − β guarantee
  roundStatistics, // mean, sd and 95% CI of each metric per experiment and payment rule
  paymentRuleSummary, // IR and no-positive-transfer failures per experiment and payment rule
  type MetricName,
  type MetricStatistics,
} from "./mechanism/tables";
export {
  clearingPriceCheck, // 1A's VCG total payment against λ·TW per sample
  type ClearingPriceRow,
} from "./mechanism/clearing-price";
export {
  gameTable, // a two-player cost game as display rows
  gameAnalysisRow, // a game's dominant strategies, equilibria and Price of Anarchy as a row
  braessTable, // the Braess paradox's equilibria and optima as rows
  analyseGame, // dominant strategies, pure equilibria, optimum and Price of Anarchy of a game
  ispRoutingGame, // the ISP routing game (thesis Figure 16)
  matchingPennies, // matching pennies as a cost game
  braessParadox, // both Braess networks solved on a grid of flow splits
  cheapestFirstRule, // a deliberately non-monotone rule (Myerson's lemma)
} from "./mechanism/games";
export {
  metricBarFigure, // one group of bars per sample, one bar per experiment (Figures 18–20)
  statisticsFigure, // means with 95% CI bars per experiment and payment rule
  clearingPriceFigure, // 1A's total payment against λ·TW per sample
} from "./mechanism/figures";
export {
  outcomeTable, // one row per player: size, bid, allocation, payment, utility
  auditTable, // an audit's witnesses as rows
  auditSummary, // an audit's violations counted by kind
  greedyGuaranteeTable, // greedy against the optimum on each instance, with β
  greedyGuaranteeSummary, // the worst ratio and slack over those instances
  randomInstances, // seeded random knapsack instances for worked examples
} from "./mechanism/theory-tables";

// ---- Simulator and schedulers: a discrete-event Slurm-like simulator, PoA, first iteration
export {
  simulate, // runs a workload through a scheduler
} from "./sim/engine";
export { type SimulateOptions, type SimResult, type TraceEvent, type SprioRow } from "./sim/sim-result";
export { type Scheduler, type SchedulerContext } from "./sim/scheduler";
export {
  createScheduler, // a fresh scheduler (FCFS, EASY, conservative, Slurm) for a spec
  type SchedulerSpec,
} from "./sim/create-scheduler";
export {
  SLURM_DEFAULTS, // Slurm's backfill defaults, resolved
  THESIS_MN4_SLURM, // MareNostrum4's settings (thesis Table 5)
  type SlurmOptions,
} from "./sim/slurm-scheduler";
export { type EasyOptions } from "./sim/easy";
export { type ConservativeOptions } from "./sim/conservative";
export { type HeadMode } from "./sim/head-pin";
export { type PlacementMode } from "./sim/slurm-placement";
export {
  slurmPriority, // a Slurm multifactor priority model for the simulator
} from "./sim/slurm-priority";
export { type PriorityModel, type PriorityFunction, type PriorityState } from "./sim/priority";
export { type SlurmPriorityOptions } from "./sim/slurm-priority-options";
export {
  jobsFromRecords, // simulator jobs from job records
  type SimJob,
  type SimJobInput,
  type FromRecordsOptions,
} from "./sim/job";
export {
  jobsFromSwf, // a simulator workload from an SWF trace
  loadTraceWorkload, // a trace by name as a workload with its machine
  workloadAccounting, // jobs kept, dropped and changed by reason, per workload
  type SwfWorkload,
  type SwfWorkloadOptions,
} from "./sim/swf-workload";
export {
  scheduleMetrics, // utilisation, waits and bounded slowdowns of a simulation
  type ScheduleMetrics,
} from "./sim/metrics";
export {
  simulateSample, // one thesis sample simulated (all jobs at t = 0)
  type SampleSimOptions,
} from "./sim/sample-sim";
export { type FirstIteration } from "./sim/first-iteration";
export {
  poaRows, // every sample's Total Values and PoA
  poaSummary, // mean PoA with its 95% CI and spread
  type PoaRow,
  type PoaOptions,
  type PoaModelCache,
} from "./sim/poa";
export {
  formulaComparison, // PoA with the weighted sum and with a custom priority formula
  type FormulaComparisonRow,
} from "./sim/priority-formula";
export {
  poaSensitivity, // mean PoA over swept simulator settings
  sensitivityRows, // those sweeps as display rows
  type SensitivitySweeps,
  type SweepPoint,
  type PoaSensitivity,
} from "./sim/sensitivity";
export {
  bscTemplateFactors, // the settings that separate ours from the BSC simulator's template
  poaDecomposition, // the PoA gap by factor, alone and cumulatively
  poaDecompositionTable, // that decomposition for display
  BSC_TEMPLATE_WEIGHTS, // the BSC template's priority weights
  BSC_TEMPLATE_SLURM, // the BSC template's simulator setting
  TABLE5_SLURM, // Table 5's setting, where the decomposition starts
  type PoaFactor,
  type PoaDecompositionRow,
} from "./sim/poa-decomposition";
export {
  formatSwf2TraceInput, // the input text of the BSC simulator's swf2trace tool
} from "./sim/swf2trace";
export {
  ganttFigure, // one bar per job from start to end
  utilisationFigure, // nodes in use over time
  totalValueFigure, // Total Value per sample (Figure 21)
  poaHistogramFigure, // per-sample PoA with its mean
  sweepFigure, // a value over a swept setting, with error bars
  schedulerComparisonFigure, // one metric per scheduler and trace
} from "./sim/figures";
export {
  sprioRows, // a simulation's sprio-like snapshot as rows
  table28Comparison, // Table 28 beside ours
  table29Comparison, // Table 29 beside ours
  thesisPoaValues, // the thesis's PoA values (Table 29)
  thesisTotalValueRows, // Table 28 as rows for the Total Value figure
  compareSchedulersOnTraces, // schedulers' metrics on the first jobs of each trace
  type ComparedScheduler,
} from "./sim/tables";
export {
  blockingScenario, // Section 3's example: a large job and small ones on a busy machine
  scenarioPriority, // the scenarios' priority: urgent QoS first, then submit order
  runSchedulers, // every scheduler on the same workload
  metricsRows, // one metrics row per simulation
  jobStartRows, // start and wait of chosen jobs in each simulation
  paddingSweep, // waits and utilisation as time limits are padded
  breakdownRows, // waits and slowdowns per user or account
  type BlockingScenarioOptions,
} from "./sim/scenarios";

// ---- Priority operators: fair-share operators, resolution, job sizes (seed 001)
export {
  absoluteOperator, // Absolute: t − s
  relativeOperator, // Relative: (t − s)/t below target, −(s − t)/s above
  slurmOriginalOperator, // SLURM original: 2^(−s/t)
  paperOperators, // the paper's seven operators in its figure order
  expressionOperator, // a user-defined operator from an expression in t and s
  OPERATOR_SYMBOLS, // the symbols an operator expression may use
  type PriorityOperator,
  type PaperOperatorOptions,
} from "./operators/operator";
export {
  randomUsers, // seeded random users (targets and states)
  type SubgroupUser,
  type RedistributionResult,
} from "./operators/ordering";
export {
  inputDensity, // each operator's share of inputs per priority level (Fig. 8)
  operatorProfiles, // operator curves and local densities at one target
  type InputDensity,
  type OperatorProfile,
} from "./operators/density";
export {
  usagePoolHours, // the paper's grid usage pool, node·hours
  type JobSizeFormula,
  type JobStateChoice,
  type GridScenario,
} from "./operators/job-size";
export {
  jobSizeAnalysis, // job sizes that change the effective priority, for one reading
  jobSizeReadings, // the same for several readings in one sweep
  rowsOfReading, // the rows of one reading
  type JobSizeRow,
} from "./operators/job-size-analysis";
export {
  allReadings, // every reading of the method: formulas × states × aggregates
  readingIndex, // the index of a reading in a list
  type PriorityRegion,
  type JobAggregate,
  type JobSizeReading,
} from "./operators/job-size-readings";
export {
  minimumResolutionBits, // the bits at which job sizes fall under a bound (Fig. 17)
  operatorOrderings, // the operators ordered per context and resolution
  unresolvedCells, // the cells no studied resolution resolves
  type ResolutionBitsRow,
  type OperatorOrdering,
} from "./operators/resolution-bits";
export {
  readPaperResolutionBits, // the paper's Fig. 17 values
  readPaperOrderings, // the paper's three orderings
  readPaperBoundaryVerdict, // the paper's boundary verdict (Table 1)
  readPaperNote, // one labelled note of the paper's text
} from "./operators/reference";
export {
  definitionTable, // each operator's definition and boundary checks
  boundaryTable, // Table 1: boundary values, our verdict and the paper's
  equivalenceTable, // operators equivalent to Relative (Eq. 16)
  serializationTable, // Fig. 4: users' vectors serialised at a resolution
  resolutionOrderingTable, // Fig. 5: who wins at each resolution
  inputDensityTable, // Fig. 8 as a table, with asymmetry around balance
  redistributionTrialsTable, // §4.4 (a): orderings under original and virtual targets
  redistributionSimulationTable, // §4.4 (b): usage shares after the dispatch simulation
} from "./operators/tables";
export {
  resolutionBitsTable, // Fig. 17 ours beside the paper's
  orderingTable, // orderings per context, ours beside the paper's
  jobSizeTable, // one reading's job sizes, operator × bits, for one context
  readingsTable, // how many Fig. 17 cells each reading reproduces
  bestReading, // the reading that agrees with the paper in most cells
} from "./operators/job-size-tables";
export {
  operatorCurvesFigure, // F(t, s) over s for each operator and target
  inputDensityHeatmap, // Fig. 8: input density, operators × levels
  localDensityHeatmap, // Figs. 12–13: local density at one target
  localDensityByTargetHeatmap, // Fig. 9: one operator's local densities per target
  operatorProfileFigure, // Figs. 10–11: operator curves with their local densities
  jobSizeHeatmap, // Figs. 14–16: job sizes, operators × bits
  effectivePrioritySurface, // Fig. 6: one operator's effective priority as a surface
  inputDensityBars, // Fig. 7: one operator's input density per level
} from "./operators/figures";
export {
  fig17Deciders, // the cell that decides each operator × context of Fig. 17
  fig17DeciderTable, // those cells as display rows
  fig17AgreementExcluding, // Fig. 17 agreement without the flagged cells
  orderingSupportTable, // which of the paper's orderings each reading supports
  type Fig17Decider,
  type NamedReading,
} from "./operators/fig17-readings";

// ---- Sequential auctions: fair share, proportional share, generalized Vickrey (seed 004)
export {
  STANDARD_ENVIRONMENT, // the seed's standard environment with our frame work content
  frameWorkMean, // mean work of a frame, server·rounds
  scaleFrameWork, // a frame work distribution scaled
  type AuctionEnvironment,
  type FrameWorkDistribution,
  type RenderJob,
} from "./auction/environment";
export {
  DEFAULT_PS_COEFFICIENTS, // the seed's default PS strategy
  DEFAULT_GV_COEFFICIENTS, // the seed's default GV strategy
} from "./auction/strategies";
export { type BidParameters, type BidVectorFamilyName } from "./auction/bid-vector";
export {
  runAuctionExperiment, // seeded runs under one mechanism
} from "./auction/experiment";
export {
  type AuctionMechanism,
  type AuctionSimulationOptions,
  type AuctionRun,
  type AuctionJobOutcome,
} from "./auction/simulator";
export {
  auctionStatistics, // Section 5.2's statistics of a set of runs
  mechanismRanking, // mechanisms ordered by a statistic ("PS < FS < GV")
  type AuctionStatistics,
  type PerMechanism,
} from "./auction/statistics";
export {
  calibrateFrameWork, // frame work scaled so FS completes the target share of jobs
  type CalibrationResult,
} from "./auction/calibrate";
export {
  evolveStrategy, // a bid strategy evolved by a genetic algorithm
  formatGeneticProgress, // a one-line progress bar for a generation
  type GeneticOptions,
  type GeneticProgress,
  type GeneticResult,
} from "./auction/genetic";
export {
  readByeResults, // the seed's published results
  type ReferenceStatistic,
} from "./auction/reference";
export {
  auctionStatisticsTable, // our statistics beside the seed's, per mechanism
  frameWorkCalibrationTable, // the calibration's bisection steps
  coefficientTable, // evolved strategy coefficients beside the defaults
  type RunsByMechanism,
} from "./auction/tables";
export {
  incompleteFramesFigure, // seed Figure 1: jobs by incomplete frames
  allocationAtFigure, // seed Figure 2: active jobs by servers held at one round
  bidFunctionFigure, // an evolved bid function against the rounds left
  geneticProgressFigure, // best and mean score per generation
  auctionSweepFigure, // incomplete frames per mechanism across a sweep, with 95% CIs
  type BidFunction,
} from "./auction/figures";
export {
  GA_BUDGETS, // the genetic algorithm budgets the sweep studies
  auctionSweepTasks, // every task of a sweep (seeds × budgets)
  auctionClaimsTable, // the seed's claims judged over the seeds of a sweep
  auctionSweepSummary, // a sweep's statistics per budget, family and mechanism
  parseAuctionSweepRows, // reads a sweep's results file
  runAuctionSweep, // runs a small sweep in this process
  type GaBudget,
  type AuctionSweepTask,
  type AuctionSweepOptions,
  type AuctionSweepRow,
  type AuctionClaim,
} from "./auction/robustness";
export {
  allocationDynamicsTable, // Section 5.2's allocation statistics for every variant
  frameWorkShapeTable, // FS's spread of incomplete frames as the work's tail grows
  dynamicsSummary, // the reading of those statistics beside the paper's
  type DynamicsVariant,
  type DynamicsOptions,
  type FrameWorkShapeOptions,
} from "./auction/dynamics";

// ---- Cooperation: planned-time accuracy, a budget scheduler, coalitions, deviations (thesis 6.5, 7, 8)
export {
  plannedAccuracySweep, // the thesis samples with planned times moved towards run times
  type PlannedAccuracyOptions,
  type PlannedAccuracyRow,
} from "./coop/planned-accuracy";
export {
  plannedAccuracyOnTrace, // the same on a replayed trace with arrivals
  type TraceAccuracyOptions,
  type TraceAccuracyRow,
} from "./coop/planned-accuracy-trace";
export {
  budgetComparison, // EASY, Slurm and the budget scheduler on one workload
  budgetFirstIteration, // the budget scheduler's first iteration on each thesis sample
  truthfulnessCounterexample, // a market where truthful bidding is not a best response
  type BudgetComparisonRow,
  type CounterexampleRow,
} from "./coop/budget-experiments";
export {
  coalitionPayoffs, // per-user and per-coalition utilities
  coreCheck, // whether the grand coalition is in the core
  coalitionRound, // one auction round from a replayed workload
  type RoundJob,
  type CoalitionGameOptions,
  type CoreViolation,
  type CoreCheck,
} from "./coop/coalitions";
export {
  paymentSlackRows, // winners' slack between bid and payment as others' bids scale
  worstUnilateralDeviation, // the worst welfare a profitable misreport reaches
  type WorstDeviation,
} from "./coop/deviations";
export {
  cooperationConclusions, // the closing table of the cooperation notebook
  plannedAccuracySummary, // the planned-time accuracy runs in a paragraph
  type ConclusionRow,
  type CooperationEvidence,
} from "./coop/conclusions";
export {
  plannedAccuracyFigure, // wait and slowdown against α, per workload
} from "./coop/figures";
export {
  accuracyAcrossMachines, // whether accuracy helps, hurts or is mixed, per machine
  accuracyMachinesSummary, // that answer in one line
  accuracyMachinesFigure, // slowdown against α, per machine
  type AccuracyStudyRow,
  type AccuracyMachineRow,
} from "./coop/accuracy-machines";

// ---- Real machines: the thesis's pipeline on every shared trace (notebook 15)
export {
  findingsTable, // the thesis's findings checked per source
  findingsGrid, // those findings as a machine × finding grid
  poaFeatureFigure, // mean PoA against a job-distribution feature, per source
  realMachinesAnswer, // the answer to Section 8's first item
  type FindingRow,
} from "./machines/findings";
export { type RealMachineRow, type SourceEligibility } from "./machines/real-machines";

// ---- Scorecard: the verdict rule, results files of notebooks 07–10, the reproduction's scorecard
export {
  mechanismTableWithSummary, // a thesis-table comparison with its summary rows and verdicts
  simTableWithSummary, // Table 28's comparison with its summary rows and verdicts
  type SummaryRowsOptions,
} from "./scorecard/summary-rows";
export { type ScorecardRow, type ScoreRowOptions } from "./scorecard/row";
export { type ResultRow, type ResultsFile } from "./scorecard/results-file";
export {
  mechanismTableRows, // scorecard rows of a thesis table from a results file
} from "./scorecard/mechanism-rows";
export {
  simTableRows, // scorecard rows of Tables 28 and 29 from notebook 10's results
} from "./scorecard/sim-rows";
export {
  scorecardResults, // the results files of notebooks 07–10, read or recomputed
  type ResultNotebook,
  type RoundResultsParameters,
  type SimResultsParameters,
  type ScorecardResultsOptions,
} from "./scorecard/compute";
export {
  roundStudyResults, // notebook 07's, 08's or 09's statistics and counterfactuals from the scorecard study, with where they come from
  simStudyResults, // notebook 10's statistics and counterfactuals from the scorecard study, with where they come from
  type StudyResults,
  type StudyResultsOptions,
} from "./scorecard/study-results";
export {
  buildScorecard, // every scorecard row
  verdictCountRows, // rows counted by verdict
  verdictsByItem, // verdicts counted per published item
  scorecardMarkdown, // the scorecard in a paragraph
  type ScorecardInput,
} from "./scorecard/scorecard";
export {
  forestFigure, // ours / thesis per reproduced result, one panel per group, coloured by verdict
} from "./scorecard/forest";
export {
  ruleMarkdown, // the verdict rule and its constants, as markdown
} from "./scorecard/verdict";
export {
  thesisSimSamples, // the thesis's Table 28 samples as rows
  checkClaims, // the thesis's statements checked on its samples and ours
  conclusionMarkdown, // a section's conclusion: what holds, what does not and why
  MAIN_CLAIMS, // the statements of Section 6.3.1
  MODIFIED_CLAIMS, // the statements of Section 6.3.2
  PRIORITY_CLAIMS, // the statements of Section 6.3.3
  SIM_CLAIMS, // the statements of Sections 6.3.4–6.4
  type WideSample,
  type Claim,
  type CheckedClaim,
} from "./scorecard/conclusions";
export {
  counterfactualMatrix, // a mechanism notebook's experiments under each counterfactual
  type MatrixRow,
} from "./scorecard/counterfactual-matrix";
export {
  oneAAccounting, // the 1A/1B accounting rows of notebook 07
} from "./scorecard/decomposition";
export {
  solverTimeRows, // Table 18's solver times beside ours, not judged
  type SolverTimeRow,
} from "./scorecard/solver-times";
