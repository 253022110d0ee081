/**
 * What the notebooks show, beside lib: lib's data turned into tables, figures and sentences, grouped
 * by the area of lib they show, a line each. Notebooks import these from here
 * (`import { … } from "./views/index"`) and the research itself from `./lib/index`; lib never
 * imports views.
 */

// ---- Notebook display (the runner and the report live in workbook/, beside lib)
export {
  setupNotebook, // the call after the parameters cell: checks them, Plotly in the page, rich cell results
  notebookEnvironment, // the project root, Node and package versions, without side effects
  environmentRows, // those versions as display rows
  type NotebookEnvironment,
} from "./display/setup";
export {
  registerRichResults, // lets a cell's last expression (table, figure, DataFrame) display richly (setupNotebook calls it)
} from "./display/rich-result";
export { type ParameterRule } from "./display/check-parameters";
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
  showProgress, // a progress line updated in place while a long cell runs
} from "./display/progress";
export {
  availableTraces, // the traces found among some names; says which are missing and how to get them
  tracesNeed, // what a part skipped for want of traces needs, as the report's index says it
} from "./display/trace-notice";
export {
  showSkipped, // a notice for a part with nothing to show here, marked so the report's index says what it needs
} from "./display/skipped";
export {
  onOneValueAxis, // figures compared side by side (ours, the thesis's) on one value axis
} from "./display/shared-axis";
export {
  notebookMapRows, // the notebooks grouped by the part of the thesis they reproduce, as display rows
  type NotebookMapEntry,
} from "./display/notebook-map";

// ---- Slurm priority and fair share: association tree, Fair Tree, classic, LEVEL_BASED, multifactor
export {
  sshareTable, // an `sshare -l`-like table of a fair-share result
  sprioTable, // an `sprio`-like table of job priorities
  fairShareExplanation, // one algorithm's S, U, level value, rank and factor per association
  compareFairShare, // users' factors and ranks side by side across algorithms
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
  slurmPriorityWalkthrough, // Section 2 and the LEVEL_BASED post computed in one call (notebook 01)
  type PriorityWalkthrough,
} from "./slurm/priority-walkthrough";
export { type PriorityWalkthroughOptions } from "./slurm/priority-walkthrough-options";
export {
  walkthroughText, // that walkthrough's findings and sentences, from its numbers
  type WalkthroughText,
} from "./slurm/walkthrough-text";

// ---- Cleaning: sources, the thesis's pipeline, its log and published numbers
export {
  monthlyFigure, // rows (or a column's sum) per month as bars (Figures 3–8)
  qtimePerJobFigure, // queue time per job (Figure 10)
  jobDistributionFigures, // Figures 12–15 (thesis bins, linear axes) and Figure 22's two panels
  type MonthlyFigureOptions,
  type ColumnHistogramOptions,
  type JobDistributionOptions,
} from "./clean/figures";
export {
  pipelineComparison, // the cleaning log with the thesis's counts beside ours
  table8Comparison, // Table 8 (experiments per model) beside ours
  table9WithCounts, // Table 9 (default wallclock per QoS) with our jobs per QoS
  compareCategories, // a column's most frequent values beside the published counts (R's factor summary)
  summaryComparisonTable, // numeric summaries beside the published ones: ours exact and as R prints it
  schemaTable, // Table 6 or 7 with the cleaning step that reads each field
  twinSplitRows, // the twin's split of what the first filters remove (our choice)
} from "./clean/tables";
export {
  cleaningFindings, // notebook 03's or 04's findings: counts against the thesis's, the cleaned set's shape
} from "./clean/findings";

// ---- Sampling
export {
  sampleSetSummary, // the samples' findings, one row per sample, their sizes against the thesis's
  type SampleSetSummaryOptions,
} from "./sample/set-summary";
export {
  sampleDistributionFigure, // 2×2 histograms of one job list
  appendixCFigure, // Appendix C: one field's histogram for the source and every sample, as small multiples
  plannedMinutesFigure, // share of jobs per planned time, samples against the source
  samplesBoxFigure, // one box per sample for one job field
} from "./sample/figures";

// ---- Mechanisms and payments: knapsack auctions, VCG, Clarke, critical values, games
export {
  gamesFindings, // notebook 05's headline findings from its computed examples
} from "./mechanism/games-findings";
export {
  metricBarFigure, // one group of bars per sample, one bar per experiment (Figures 18–20)
  thesisBarFigure, // the thesis's Figure 18, 19 or 20 from its published table
  statisticsFigure, // means with 95% CI bars per experiment and payment rule
  clearingPriceFigure, // 1A's total payment against λ·TW per sample
} from "./mechanism/figures";
export {
  approximationTable, // the greedy's 1 − β guarantee per sample, Total Values named by their experiments
} from "./mechanism/tables";
export {
  outcomeTable, // one row per player: size, bid, allocation, payment, utility
  auditTable, // an audit's witnesses as rows
  auditSummary, // an audit's violations counted by kind
  greedyGuaranteeTable, // greedy against the optimum on each instance, with β
  greedyGuaranteeSummary, // the worst ratio and slack over those instances
  randomInstances, // seeded random knapsack instances for worked examples
} from "./mechanism/theory-tables";
export {
  gameTable, // a two-player cost game as display rows
  gameAnalysisRow, // a game's dominant strategies, equilibria and Price of Anarchy as a row
  braessTable, // the Braess paradox's equilibria and optima as rows
} from "./mechanism/games";

// ---- Simulator and schedulers: a discrete-event Slurm-like simulator, PoA, first iteration
export {
  simNotes, // notebook 10's sentences worded from lib's findings (findings, order, decomposition, sweeps)
} from "./sim/notes";
export {
  ganttFigure, // one bar per job from start to end
  utilisationFigure, // nodes in use over time
  totalValueFigure, // Total Value per sample (Figure 21)
  poaHistogramFigure, // per-sample PoA with its mean
  sweepFigure, // a value over a swept setting, with error bars
  schedulerComparisonFigure, // one metric per scheduler and trace
} from "./sim/figures";
export {
  placementGapRows, // count placement against node placement, one display row per trace
  placementGapText, // its findings: starts kept, and which way waits and slowdowns move
  type PlacementGapStudyRow,
} from "./sim/placement-gap";
export {
  studyRefreshText, // how to recompute a committed study table (run the study, copy its rows and stamp)
} from "./display/study-files";
export {
  schedulingText, // Section 3's findings and one sentence per experiment, from schedulingAnalysis's runs
  paddingRows, // both padding sweeps side by side: mean wait and bounded slowdown per factor and scheduler
  paddingPoints, // the small-jobs sweep as sweepFigure points
} from "./sim/scheduling-text";
export {
  queueTable, // queued jobs as rows: submit (s), nodes, limit and run time (min)
  metricsRows, // one metrics row per simulation (waits in minutes, makespan in hours)
  jobStartRows, // start and wait (minutes) of chosen jobs in each simulation
  breakdownRows, // waits (minutes) and slowdowns per user or account
  sprioRows, // a simulation's sprio-like snapshot as rows
  table28Comparison, // Table 28 beside ours
  table29Comparison, // Table 29 beside ours
  eligibilityRows, // a run's workflow jobs: submit, eligible, start, and the waits before and after eligibility
  workloadAccounting, // jobs kept, dropped and changed by reason, per workload
} from "./sim/tables";
export {
  sensitivityRows, // those sweeps as display rows
} from "./sim/sensitivity";
export {
  contenderSummary, // schedulers of your own in the layout of the Table 28 and 29 summaries, never judged
  withContenderColumns, // a per-sample table with each of your schedulers' values beside ours
  type ContenderRows,
} from "./sim/contenders";
export {
  poaDecompositionTable, // that decomposition for display
} from "./sim/poa-decomposition";

// ---- Your cluster: a site's own export replayed under its settings and others (notebook 18)
export {
  cellSettings, // a grid setting's settings
  gridCells, // a grid's settings, one per label
  rerankSetting, // the setting whose weights a priority snapshot is re-ranked under
  siteFindings, // notebook 18's findings from its computed results
} from "./site/findings";
export {
  siteSummaryRows, // what was read from the export and what was dropped or changed
  settingsRows, // the site's settings as slurm.conf names them
  accountRows, // how each account fared
  fidelityChecksRows, // the fidelity gate's checks
  fidelityAccountRows, // each account's waits, real and replayed
  winnersRows, // per setting, the accounts whose median wait falls or rises
  scheduleRows, // per setting, the whole schedule's figures against the site's own
  rankRows, // the grid's settings ranked by an objective
  ablationRows, // the ablation: each part of the model turned off, what it changes
  rerankRows, // a re-ranked priority snapshot
  rerankSummaryRows, // how a snapshot's queue moves under each setting that changes the weights
  decayTableRows, // each account's days to recover per half-life
  whyWaitRows, // a job's start under each setting
  counterfactualRows, // the predicted change per account against the real counterfactual's
  unsimulatedTable, // what the replay leaves out: the feature, the jobs it touches, what the replay does instead
} from "./site/tables";
export {
  waitFigure, // median and p90 wait per account, real (and replayed)
  usageOverTimeFigure, // each account's share of the usage over time against its share
  gridHeatmap, // each account's change of wait per setting, with intervals
  decayFigure, // each account's part of the usage decaying under a half-life
} from "./site/figures";
export {
  whyWaitMarkdown, // that answer in one sentence
} from "./site/why-wait";

// ---- Priority operators: fair-share operators, resolution, job sizes (seed 001)
export {
  resolutionBitsTable, // Fig. 17 ours beside the paper's, with the cells that agree
  orderingTable, // orderings per context, ours beside the paper's
  jobSizeTable, // one reading's job sizes, operator × bits, for one context
  readingsTable, // how many Fig. 17 cells each reading reproduces
  jobSizeSummaryTable, // one reading's job sizes at a few resolutions, with separators and % of U
} from "./operators/job-size-tables";
export {
  operatorNotes, // notebook 12's findings and verdicts, built from its results
  type OperatorFindingsInput,
} from "./operators/notes";
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
  operatorCostTables, // §4.5 as tables: operations per evaluation, heavy calls per tree recomputation
  isolationTables, // §4.3 as tables: the example tree before → after, the random trials
} from "./operators/cost";
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
  fig17DeciderTable, // those cells as display rows
  orderingSupportTable, // which of the paper's orderings each reading supports
} from "./operators/fig17-readings";

// ---- Sequential auctions: fair share, proportional share, generalized Vickrey (seed 004)
export {
  auctionNotes, // notebook 14's sentences built from its results (findings, comparison, GA, claims, …)
  type MechanismRuns,
} from "./auction/notes";
export {
  auctionStatisticsTable, // our statistics beside the seed's, per mechanism
  frameWorkCalibrationTable, // the calibration's bisection steps
  coefficientTable, // evolved strategy coefficients beside the defaults
  type RunsByMechanism,
  sweepSummaryTable, // a sweep's statistics per budget, family and mechanism: mean [95% CI]
  auctionClaimsTable, // the claims over seeds: paired difference, interval, effect, verdict
} from "./auction/tables";
export {
  incompleteFramesFigure, // seed Figure 1: jobs by incomplete frames
  allocationAtFigure, // seed Figure 2: active jobs by servers held at one round
  auctionSweepFigure, // incomplete frames per mechanism across a sweep, with 95% CIs
} from "./auction/figures";
export {
  bidFunctionFigure, // an evolved bid function against the rounds left
  geneticProgressFigure, // best and mean score per generation
  type BidFunction,
} from "./auction/genetic-figures";
export {
  allocationDynamicsTable, // Section 5.2's allocation statistics for every variant
  frameWorkShapeTable, // FS's spread of incomplete frames as the work's tail grows
  dynamicsSummary, // the reading of those statistics beside the paper's
} from "./auction/dynamics";

// ---- Cooperation: planned-time accuracy, a budget scheduler, coalitions, deviations (thesis 6.5, 7, 8)
export {
  cooperationFindings, // notebook 11's headline findings from its computed results
  studyFilesRefresh, // how to recompute the committed study results a notebook read
  type CooperationFindingsInput,
  type StudyFileRead,
} from "./coop/cooperation-findings";
export {
  plannedAccuracyFigure, // wait and slowdown against α, per workload
} from "./coop/figures";
export {
  accuracyMachinesSummary, // whether accuracy helps, hurts, has no effect or is inconclusive across machines, in one line
  accuracyMachinesFigure, // slowdown against α, per machine
} from "./coop/accuracy-machines";
export {
  coalitionGameTables, // the coalition game's rows (core, gains) and the paragraph reading the small game
} from "./coop/coalition-game";
export {
  paymentSlackNote, // one sentence reading those rows
  worstDeviationTable, // the worst unilateral deviation under each payment rule, as display rows
} from "./coop/deviations";
export {
  plannedAccuracySummary, // the planned-time accuracy runs in a paragraph
} from "./coop/conclusions";
export {
  budgetFirstIterationTable, // the budget scheduler's first iteration beside Slurm's and the greedy 1B's, per sample and level
} from "./coop/budget-tables";
export {
  cooperationConclusionsTable, // the claims of notebook 11: evidence in words, verdict and rule
} from "./coop/conclusions-table";

// ---- Real machines: the thesis's pipeline on every shared trace (notebook 15)
export {
  realMachinesFindings, // notebook 15's headline findings, counted from the findings and rows
  type TraceSchedulerRow,
} from "./machines/headline-findings";
export {
  poaFeatureFigure, // mean PoA against a job-distribution feature, per source
} from "./machines/figures";
export {
  machinesTable, // one line per machine: W, eligibility, samples, mean PoA with its 95% CI
  realMachinesOrigin, // where notebook 15's rows come from, a few words
  realMachinesNote, // where notebook 15's rows come from and how to change or refresh them
  type MachineLine,
} from "./machines/machine-rows";
export {
  findingsGrid, // those findings as a machine × finding grid
  findingsTable, // those findings in detail: estimate, outcome, reading and rule
} from "./machines/findings";

// ---- Scorecard: the agreement rule, results files of notebooks 07–10, the reproduction's scorecard
export {
  simTableWithSummary, // Table 28's comparison with its summary rows and verdicts
  simSummary, // the same comparison, one row per quantity
  yoursSummary, // your own experiments' rows in the same layout, ours only (no thesis value, no verdict)
  type SummaryRowsOptions,
} from "./scorecard/summary-rows";
export {
  roundNotes, // notebooks 07–09's findings, summary and per-sample tables and sentences, built from their results
  type CaptionedTable,
  type DataNoteInput,
} from "./scorecard/round-notes";
export { type RoundFindingsInput, type RoundNotebook } from "./scorecard/round-findings";
export {
  ruleMarkdown, // the scorecard's rule and its constants, as markdown
} from "./scorecard/rule-text";
export {
  forestFigure, // each reproduced result on the scale it is judged on (ours / thesis, or ours − thesis), coloured by outcome
} from "./scorecard/forest";
export {
  dependencyTable, // the dependencies as display rows (notebook 17)
} from "./scorecard/dependencies";
export {
  counterfactualTables, // each mechanism notebook's experiments under each counterfactual, captioned
} from "./scorecard/counterfactual-matrix";
export {
  abstractMarkdown, // the report's abstract: at most five computed sentences
  headlineTable, // the few quantities that carry the thesis's argument, ours beside the thesis's
  openQuestionMarkdown, // the Total Value gap, its input cause F8, and the calibrated twin's out-of-sample results
  type HeadlineInput,
} from "./scorecard/headline";
export {
  scorecardTable, // the scorecard in eight columns
  evidenceRows, // the evidence behind each scorecard row
  scorecardMarkdown, // the scorecard in a paragraph
} from "./scorecard/scorecard";
export {
  conclusionMarkdown, // a section's conclusion: what holds, what does not and why
} from "./scorecard/conclusions";
export {
  inputFactsTable, // the input-side facts per source: measured value and ✓/✗ beside the thesis's target
  inputFactsFindings, // how many input-side facts each source meets, and which it misses
} from "./twin/input-facts";
export {
  oneAAccountingTable, // the 1A/1B accounting's caption and rows, or why it cannot apply
} from "./scorecard/one-a-accounting";
export {
  storedResultsTables, // the stored experiments and results files of notebooks 07–10 as tables, with findings
} from "./scorecard/stored-results";
export {
  studyResultsNote, // where a notebook's study results come from and how to refresh them
  fewSamplesNote, // the scorecard's warning when results have fewer samples than its record
} from "./scorecard/study-note";
export {
  solverTimeRows, // Table 18's solver times beside ours, not judged
  type SolverTimeRow,
} from "./scorecard/solver-times";
export {
  verdictCountRows, // rows counted by tier and outcome
  verdictsByItem, // outcomes counted per published item
} from "./scorecard/scorecard";
