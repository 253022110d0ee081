/**
 * schedgame's public API: what the notebooks and a user's own code call, grouped by area, a line
 * each. Notebooks import from here: `import { … } from "./lib/index"` (the kernel's working
 * directory is the project root; tslab cannot import directories, so name the file), and what they
 * show (tables, figures, sentences, `showTable`) from `./views/index`. Everything else is internal:
 * tests, benches and the machinery import a concept from its own file.
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
  histogram, // fixed-width histogram bins of numbers
  type FiveNumberSummary,
  type HistogramBin,
} from "./util/stats";
export { type MeanInterval } from "./util/interval";

// ---- Formula parameters (mathjs expressions on a restricted instance)
export {
  compileExpression, // checks and compiles a formula parameter in the given symbols
  type NumericExpression,
} from "./expr/expression";

// ---- Slurm priority and fair share: association tree, Fair Tree, classic, LEVEL_BASED, multifactor
export {
  buildAssociationTree, // the association tree (accounts, users, shares, usage) from rows
  type AssociationKind,
  type AssociationRow,
  type AssociationNode,
  type AssociationTree,
  type BuildTreeOptions,
  type UsageMap,
} from "./slurm/associations";
export { type NormalisedAssociation } from "./slurm/normalisation";
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
  type LevelBasedOptions,
  type LevelBasedResult,
} from "./slurm/level-based";
export {
  exactLevelFs, // Section 2's S, U and Level FS in exact arithmetic, beside Fair Tree's floats, with the exact ties
  type ExactLevelFs,
} from "./slurm/exact-level-fs";
export { type QosDefinition, type QosNormalization } from "./slurm/qos";
export {
  jobPriorities, // multifactor priorities of jobs, with their factor breakdowns
  type PriorityWeights,
  type PriorityJob,
  type PriorityContext,
  type PriorityFactors,
  type PriorityBreakdown,
} from "./slurm/multifactor";
export { type UsageTimelineOptions, type UsageTimelineRow } from "./slurm/usage-timeline";
export { type RandomTreeOptions } from "./slurm/random-tree";
export {
  FIGURE1_ROWS, // the thesis's Figure 1 hierarchy
} from "./slurm/thesis-setup";
export {
  compareSshareFairTree, // Fair Tree on sshare's tree against sshare's own figures
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
  readSacct, // reads a sacct export (plain or gzip)
  type SacctCounts,
  type SacctDump,
  type SacctMachine,
  type SacctOptions,
} from "./io/sacct";
export { type SacctJob } from "./io/sacct-jobs";
export {
  parseSshare, // parses `sshare -a -l -P` output
  type SshareRecord,
} from "./io/sshare";
export {
  readSlurmExport, // reads a folder written by the export script of docs/your-data.md, each file typed
  type SlurmExport,
} from "./io/slurm-export-folder";
export {
  readSlurmConf, // reads a site's slurm.conf with its includes, gres.conf and topology.conf, as Slurm parses them
  type SlurmConf,
} from "./io/slurm-conf";
export { type SlurmConfSite } from "./io/slurm-conf-site";
export { type SchedulerParametersReading } from "./io/scheduler-parameters";
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
export { type Twin } from "./twin/twin";
export {
  inputFactsComparison, // the input-side facts F1–F8 measured on several sources side by side
  type InputFactsComparison,
} from "./sample/facts-comparison";
export { type TwinVersion, type BandNodes, type TailNodes, type JointShape } from "./twin/joint";
export { type JointJob, type JointFact } from "./twin/joint-facts";
export { type DerivedEstimate, type DerivedInputFacts, type DerivedFactJob } from "./twin/derived-facts";

// ---- Sources: one way in for every kind of data
export {
  readSource, // reads a source (the twin, Autosubmit files, an SWF trace, a sacct export, a Slurm export folder, a jobcomp log)
  SOURCE_READERS, // the readers, in the order they are asked (a new format: yours added to them)
  type ParseSourceOptions,
} from "./source/readers";
export {
  logSource, // a log's jobs made a source: what a new format's reader calls once it has read its lines
  type LogJob,
} from "./source/log-source";
export {
  type Source,
  type SourceSpec,
  type SourceReader,
  type ReadSourceOptions,
  type CleaningFacts,
  type ReadStep,
  type SiteRecords,
} from "./source/source";
export { type ProjectPaths } from "./util/project-paths";

// ---- Cleaning: the thesis's pipeline, its log and published numbers
export {
  cleanSource, // runs the experiment and job pipelines on a read source
  loadCleanJobs, // the cleaned job records of a source, ready for sampling and simulation
  type SourceCleaning,
  type CleanJobs,
} from "./clean/clean-source";
export {
  writeSourceFiles, // writes a loaded source as Autosubmit files
} from "./clean/source-files";
export { type LogRow, type CleanStep, type CleanResult } from "./clean/pipeline";
export {
  compareSummaries, // our numeric summaries beside the published ones
  type SummaryComparison,
  type CountComparison,
} from "./clean/summary";
export {
  toJobRecords, // a cleaned job table as job records
} from "./clean/records";
export {
  readThesisSection4, // the thesis's Section 4 numbers (counts, summaries, tables)
  type PublishedSummary,
  type ThesisSection4,
} from "./io/thesis-section4";
export {
  thesisSchema, // Table 6 or 7 (the Autosubmit files' fields) and which cleaning step reads each
} from "./clean/schema";

// ---- Sampling
export {
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
  machineNodes, // the machine's nodes W: the parameter, or the source's own when 0
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

// ---- Mechanisms and payments: knapsack auctions, VCG, Clarke, critical values, games
export {
  makeInstance, // a checked knapsack-auction instance (bids, sizes, capacity)
  type Instance,
} from "./mechanism/instance";
export { type AllocationRule, type AllocateOptions } from "./mechanism/rule";
export {
  greedyRule, // the greedy allocation rule by a key formula (b/w, b/(w·rtime), or your own)
  type GreedyRule,
  type GreedyOptions,
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
  type PaymentFunction,
} from "./mechanism/mechanism";
export {
  auditMechanism, // searches an instance for profitable misreports, IR, transfer and monotonicity failures
  type AuditReport,
  type AuditOptions,
} from "./mechanism/audit";
export {
  auditExperiments, // the auditor on one sample for experiments (specs or rule objects), with the Clarke re-run and critical payments
  idealModelAudit, // the same for the thesis's ideal model (1B + Clarke, 1B + critical)
  type ExperimentAudit,
} from "./mechanism/sample-audit";
export { type MechanismMetrics } from "./mechanism/metrics";
export {
  jobsInstance, // a sample's auction instance under a bid model
  ruleFromSpec, // the allocation rule of an experiment's spec
  type BidModel,
  type ExperimentSpec,
  type RuleSpec,
  type ExperiencedRounding,
} from "./mechanism/experiments";
export {
  extraExperiments, // your own greedy rules (EXTRA_RULES entries) as experiments labelled "<name> (yours)"
  type ExtraRule,
} from "./mechanism/extra-rules";
export {
  bidComparison, // metric means with the thesis's bids and with custom bids
  type BidComparisonRow,
} from "./mechanism/bid-comparison";
export {
  mainRound, // round 1 (Section 6.3.1): 1A, 1B, 3B, 2B, 4B
  greedyModifiedRound, // round 2 (6.3.2): modified greedy against the original
  priorityRound, // round 3 (6.3.3): the priority list against greedy
  runRound, // any experiment list (yours included) over any samples
  type RoundRow,
  type RoundOptions,
} from "./mechanism/rounds";
export { type ThesisTable } from "./io/thesis-tables";
export {
  priorityVariants, // the priority experiments with skipping and halting lists, summarised
  greedyGuarantee, // greedy 1B against the optimum 1A with the 1 − β guarantee, per sample
  type GuaranteeRow,
  roundStatistics, // mean, sd and 95% CI of each metric per experiment and payment rule
  paymentRuleSummary, // IR and no-positive-transfer failures per experiment and payment rule
  type MetricName,
  type MetricStatistics,
} from "./mechanism/round-statistics";
export {
  clearingPriceCheck, // 1A's VCG total payment against λ·TW per sample
  type ClearingPriceRow,
} from "./mechanism/clearing-price";
export {
  analyseGame, // dominant strategies, pure equilibria, optimum and Price of Anarchy of a game
  ispRoutingGame, // the ISP routing game (thesis Figure 16)
  matchingPennies, // matching pennies as a cost game
  braessParadox, // both Braess networks solved on a grid of flow splits
  cheapestFirstRule, // a deliberately non-monotone rule (Myerson's lemma)
} from "./mechanism/games";
export {
  mixedEquilibrium, // the fully mixed Nash equilibrium of a 2×2 cost game, by indifference
  type MixedEquilibrium,
} from "./mechanism/mixed-equilibrium";

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
} from "./sim/slurm-options";
export {
  type TresNode, // a node as select/cons_tres sees it (CPUs, memory, GPUs, features, partitions): SlurmOptions.machine
  type JobTres, // what a job asks of each of its nodes under cons_tres: SimJob.tres
} from "./sim/tres";
export {
  type TresPlacementOptions, // SelectType, SelectTypeParameters, the release, topology/tree: SlurmOptions under a machine
  type SelectPlugin,
  type SelectTypeParameters,
  type SelectRelease,
} from "./sim/select-type";
export { type TresTopology, type TopologySwitch } from "./sim/select-topology";
export {
  type SlurmTimingOptions, // when main passes and backfill cycles run: "events" or slurmctld's own threads
  type EndPass,
} from "./sim/slurm-timing";
export { type EasyOptions } from "./sim/easy";
export { type ConservativeOptions } from "./sim/conservative";
export { type HeadMode } from "./sim/head-pin";
export { type PlacementMode } from "./sim/slurm-placement";
export {
  slurmPriority, // a Slurm multifactor priority model for the simulator
} from "./sim/slurm-priority";
export {
  priorityModel, // a priority model from a function (job, now, state) → priority of your own
  FIFO_PRIORITY, // every job the same priority: the queue in submit order
  type PriorityModel,
  type PriorityFunction,
  type PriorityState,
} from "./sim/priority";
export { type SiteFactor, type SlurmPriorityOptions } from "./sim/slurm-priority-options";
export { type SimJob, type SimJobInput, type FromRecordsOptions } from "./sim/job";
export {
  jobsFromSwf, // a simulator workload from an SWF trace
  loadTraceWorkload, // a trace by name as a workload with its machine
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
export {
  extraSchedulers, // your own schedulers (EXTRA_SCHEDULERS entries): a base and a priority formula, "<name> (yours)"
  jobPriority, // a priority model from a formula in nodes, limit, wait
  type ExtraScheduler,
} from "./sim/extra-schedulers";
export {
  contender, // a scheduler of your own (a Scheduler object, a factory or a spec) with its label, for every table that compares schedulers
  type Contender,
} from "./sim/contender";
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
  type SensitivitySweeps,
  type SweepPoint,
  type PoaSensitivity,
} from "./sim/sensitivity";
export {
  bscTemplateFactors, // the settings that separate ours from the BSC simulator's template
  poaDecomposition, // the PoA gap by factor, alone and cumulatively
  BSC_TEMPLATE_WEIGHTS, // the BSC template's priority weights
  BSC_TEMPLATE_SLURM, // the BSC template's simulator setting
  TABLE5_SLURM, // Table 5's setting, where the decomposition starts
  type PoaFactor,
  type PoaDecompositionRow,
} from "./sim/poa-decomposition";
export {
  thesisOrdinaryPoa, // the thesis's Table 29 PoA of its ordinary samples (sample_20 left out), as printed
  thesisTotalValueRows, // Table 28 as rows for the Total Value figure
} from "./sim/thesis-poa";
export {
  compareSchedulersOnTraces, // contenders' metrics on the first jobs of each trace
} from "./sim/trace-comparison";
export {
  placementGap, // the Slurm scheduler with count placement against node placement on the same jobs
  placementGapEffects, // which way count placement moves the mean wait and bounded slowdown (lib/agreement)
  type PlacementGapRow,
  type PlacementGapOptions,
} from "./sim/placement-gap";
export {
  blockingScenario, // Section 3's example: a large job and small ones on a busy machine
  runSchedulers, // every scheduler on the same workload
  type BlockingScenarioOptions,
} from "./sim/scenarios";
export { type WorkflowOptions, type WorkflowScenarioOptions } from "./sim/workflows";
export {
  schedulingAnalysis, // Section 3's runs (blocking, backfill, BF_MOD/UNMOD, padding, DAG) and their findings
  type SchedulingAnalysisOptions,
  type SchedulingAnalysis,
} from "./sim/scheduling-analysis";
export { type LabelledRuns } from "./sim/scheduling-analysis";

// ---- Your cluster: a site's own export replayed under its settings and others (notebook 18)
export {
  loadSite, // a site from an export folder ("" = the embedded one) or an SWF trace: jobs, machine, tree, settings
} from "./site/site-model";
export { type SiteModel } from "./site/site";
export { type SiteSettings } from "./site/site-settings";
export {
  realFigures, // how each account fared in the real schedule, utilisation, makespan, Jain's index, backfilled share
  type Replay,
  type ScheduleFigures,
} from "./site/replay";
export {
  siteFidelity, // the site replayed under its own settings, and the fidelity gate over those runs
  type Fidelity,
} from "./site/fidelity";
export {
  siteAblation, // each part of the machine model turned off in turn: what it is worth on the site's data
  type Ablation,
} from "./site/ablation";
export {
  siteGridInput, // the what-if grid's rows: a study's results, or the default grid run here
  type GridInput,
} from "./site/grid-input";
export { type SiteGridRow } from "./site/grid-rows";
export {
  rankCells, // the what-if grid's settings ranked by an objective, each better, worse or inconclusive
  chooseCell, // the chosen setting: the given one, else the best one better on the objective
  type Objective,
  type CellRank,
} from "./site/objective";
export {
  counterfactual, // a what-if's predicted change per account against a real run under the other settings
  type CounterfactualRow,
} from "./site/counterfactual";
export {
  unsimulatedRows, // what the replay leaves out, with the jobs it touches
} from "./site/unsimulated";
export {
  sitePrioritySnapshot, // pending jobs' priorities: an sprio -l, or the replay's busiest instant
} from "./site/pending-snapshot";
export {
  rerankSnapshot, // a priority snapshot re-ranked under other weights, without simulating
  rerankSummaries, // that re-ranking under each setting that changes the weights, summarised
} from "./site/sprio-rerank";
export {
  decayRows, // each account's usage and days to recover under several half-lives
} from "./site/decay";
export {
  whyWait, // why a job waited (priority, resources, or something not simulated) and its start per setting
  longestWait, // the job that waited longest
} from "./site/why-wait";
export {
  configDiff, // a change of settings as slurm.conf lines and sacctmgr commands
} from "./site/config-diff";

// ---- Priority operators: fair-share operators, resolution, job sizes (seed 001)
export {
  absoluteOperator, // Absolute: t − s
  relativeOperator, // Relative: (t − s)/t below target, −(s − t)/s above
  slurmOriginalOperator, // SLURM original: 2^(−s/t)
  paperOperators, // the paper's seven operators in its figure order
  expressionOperator, // a user-defined operator from an expression in t and s
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
  type JobSizeRow,
} from "./operators/job-size-analysis";
export {
  jobSizeStudy, // the paper's operators under every reading, cached, with the named readings' Fig. 17
  studyRows, // the rows of one named reading of that study
  type JobSizeStudy,
  type JobSizeStudyOptions,
  type Fig17Result,
} from "./operators/job-size-study";
export {
  isolationStudy, // §4.3: a usage change in one subgroup, tree algorithm beside a flat computation
  type IsolationExample,
  type IsolationTrials,
  type PolicyNode,
  type IsolationOptions,
} from "./operators/isolation";
export {
  operatorCosts, // §4.5: operations per evaluation and per recomputation of a policy tree
  type TreeShape,
  type OperationCount,
  type EvaluationCost,
  type TreeCost,
} from "./operators/cost";
export { type PriorityRegion, type JobAggregate, type JobSizeReading } from "./operators/job-size-readings";
export {
  minimumResolutionBits, // the bits at which job sizes fall under a bound (Fig. 17)
  operatorOrderings, // the operators ordered per context and resolution
  type ResolutionBitsRow,
  type OperatorOrdering,
} from "./operators/resolution-bits";
export {
  readPaperOrderings, // the paper's three orderings
  readPaperBoundaryVerdict, // the paper's boundary verdict (Table 1)
} from "./operators/reference";
export {
  fig17Deciders, // the cell that decides each operator × context of Fig. 17
  type Fig17Decider,
  type NamedReading,
} from "./operators/fig17-readings";

// ---- Sequential auctions: fair share, proportional share, generalized Vickrey (seed 004)
export {
  STANDARD_ENVIRONMENT, // the seed's standard environment with our frame work content
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
  type AuctionExperimentOptions,
} from "./auction/experiment";
export {
  type AuctionMechanism,
  type AuctionSimulationOptions,
  type AuctionRun,
  type AuctionJobOutcome,
} from "./auction/simulator";
export { type AuctionStatistics, type PerMechanism } from "./auction/statistics";
export {
  calibrateFrameWork, // frame work scaled so FS completes the target share of jobs
  type CalibrationResult,
} from "./auction/calibrate";
export {
  evolveStrategy, // a bid strategy evolved by a genetic algorithm
  type GeneticOptions,
  type GeneticProgress,
  type GeneticResult,
} from "./auction/genetic";
export {
  heldOutScores, // each generation's best re-scored on fixed held-out scenarios
  type HeldOutOptions,
} from "./auction/held-out";
export {
  readByeResults, // the seed's published results
  type ReferenceStatistic,
} from "./auction/reference";
export {
  GA_BUDGETS, // the genetic algorithm budgets the sweep studies
  auctionSweepTasks, // every task of a sweep (seeds × budgets)
  auctionSweepSummary, // a sweep's statistics per budget, family and mechanism, mean and 95% CI over seeds
  type AuctionSweepSummaryRow,
  parseAuctionSweepRows, // reads a sweep's results file
  runAuctionSweep, // runs a small sweep in this process
  type GaBudget,
  type AuctionSweepTask,
  type AuctionSweepOptions,
  type AuctionSweepRow,
} from "./auction/robustness";
export {
  auctionClaims, // the seed's claims judged over the seeds of a sweep
  type AuctionClaimCheck,
  type AuctionClaim,
} from "./auction/sweep-claims";
export { type DynamicsVariant, type DynamicsOptions, type FrameWorkShapeOptions } from "./auction/dynamics";

// ---- Cooperation: planned-time accuracy, a budget scheduler, coalitions, deviations (thesis 6.5, 7, 8)
export {
  plannedAccuracySweep, // the thesis samples with planned times moved towards run times
  type PlannedAccuracyOptions,
  type PlannedAccuracyRow,
} from "./coop/planned-accuracy";
export { type TraceAccuracyOptions, type TraceAccuracyRow } from "./coop/planned-accuracy-trace";
export {
  plannedAccuracyRuns, // planned times towards the run times, an under-estimate, and some users exact, per trace
  type AccuracyWorkload,
  type PlannedAccuracyRuns,
  type PlannedAccuracyRunsOptions,
} from "./coop/planned-accuracy-runs";
export {
  budgetComparison, // EASY, Slurm and the budget scheduler on one workload
  budgetFirstIteration, // the budget scheduler's first iteration on each thesis sample
  type BudgetFirstIterationRow,
  truthfulnessCounterexample, // a market where truthful bidding is not a best response
  type BudgetComparisonRow,
  type CounterexampleRow,
} from "./coop/budget-experiments";
export {
  type RoundJob,
  type CoalitionGameOptions,
  type CoreViolation,
  type CoreCheck,
} from "./coop/coalitions";
export {
  coalitionGame, // one round's small and large coalition games: core, gains, a paragraph
  type CoalitionGame,
  type CoalitionGameSetup,
} from "./coop/coalition-game";
export {
  paymentSlackRows, // winners' slack between bid and payment as others' bids scale
  worstDeviations, // the worst unilateral deviation under each payment rule of an allocation rule
  type WorstDeviation,
} from "./coop/deviations";
export {
  cooperationConclusions, // the claims of the cooperation notebook, each with its evidence and verdict
  type ConclusionRow,
  type ConclusionEvidence,
  type CooperationEvidence,
} from "./coop/conclusions";
export {
  accuracyAcrossMachines, // whether accuracy helps, hurts, has no effect or is inconclusive, per machine
  type AccuracyStudyRow,
  type AccuracyMachineRow,
} from "./coop/accuracy-machines";

// ---- Real machines: the thesis's pipeline on every shared trace (notebook 15)
export {
  machineFindings, // the thesis's findings checked per source, with their evidence
  type FindingRow,
  type FindingEvidence,
} from "./machines/findings";
export { type RealMachineRow, type SourceEligibility } from "./machines/real-machines";
export {
  realMachineRows, // the real-machines study's rows, checked (from its results file or a run)
  realMachinesInput, // notebook 15's rows: the results file, or the small study to run here, and where they come from
  type RealMachinesInput,
} from "./machines/machine-rows";

// ---- Scorecard: the agreement rule, results files of notebooks 07–10, the reproduction's scorecard
export {
  agreement, // ours against the thesis's values: agrees, differs or inconclusive on the ratio's 95% interval
  type Agreement,
} from "./agreement/reference";
export {
  effect, // a setting's effect from paired differences: higher, lower, equivalent or inconclusive
} from "./agreement/effect";
export { type Dependency } from "./scorecard/dependencies";
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
  type ScorecardResultsOptions,
} from "./scorecard/compute";
export { type ResultNotebook } from "./scorecard/results-file";
export { type RoundResultsParameters } from "./scorecard/round-results";
export {
  PRIORITY_STREAMS, // the sample set's streams of model 1B3's priorities, as notebooks 09 and 10 draw them
  type SimResultsParameters,
} from "./scorecard/sim-results";
export {
  storedResults, // the stored counterfactual experiments and results files of notebooks 07–10 (the appendix)
  type StoredExperiment,
  type ResultsFileInfo,
} from "./scorecard/stored-results";
export {
  roundStudyResults, // notebook 07's, 08's or 09's statistics and counterfactuals from the scorecard study, with where they come from
  simStudyResults, // notebook 10's statistics and counterfactuals from the scorecard study, with where they come from
  type StudyResults,
  type StudyResultsOptions,
} from "./scorecard/study-results";
export {
  buildScorecard, // every scorecard row
  type ScorecardInput,
} from "./scorecard/scorecard";
export {
  checkClaims, // statements (yours or the thesis's) checked on the thesis's samples and ours
  sectionStatements, // the thesis's statements of Sections 6.3.1–6.4 checked on notebooks 07–10's results
  type SectionStatements,
  type WideSample,
  type Claim,
  type CheckedClaim,
} from "./scorecard/conclusions";
export {
  poaFindings, // notebook 10's findings judged (findings, causes, order, decomposition, sensitivity), for simNotes to word
  type SimFindings,
  type SimFindingsInput,
  type PlannedFinding,
  type PlannedOrder,
  type CounterfactualPoa,
  type PoaCause,
  type OrderEffect,
  type DecompositionFinding,
  type SweepFinding,
  type ThesisPoa,
} from "./scorecard/poa-findings";
export {
  thesisTp1aConstant, // the thesis's TP_1A constant and its special sample's value, with the λ each implies
  type ThesisTp1aConstant,
} from "./scorecard/thesis-constant";
export {
  type CounterfactualMatrix,
  type MatrixRow,
  type MatrixCell,
} from "./scorecard/counterfactual-matrix";
export {
  oneAAccountingOf, // the 1A/1B accounting of notebook 07's results, or what it needs
  type OneAAccounting,
} from "./scorecard/decomposition";
