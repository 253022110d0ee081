/**
 * schedgame public API. Notebooks import from here: `import { … } from "./lib/index"` (the kernel's
 * working directory is the project root; tslab cannot import directories, so name the file).
 */

// ---- util: errors, validation, seeded randomness, statistics
export { invalidArgument, invalidField, invariantViolated } from "./util/errors";
export { keyword, finiteNumber, integer } from "./util/options";
export { createRng, shuffled, type Rng } from "./util/rng";
export { quantileSorted, mean, sampleSd, numericSummary, histogram, type FiveNumberSummary, type HistogramBin } from "./util/stats";

// ---- workbook: notebook display helpers (the runner and report live in scripts/ + lib/workbook)
export { setupNotebook, notebookEnvironment, environmentRows, type NotebookEnvironment } from "./workbook/setup";
export { showPlot, plotBundle, PLOTLY_MIME, type PlotFigure } from "./workbook/plot";
export { showTable, tableBundle, formatCell, type TableDisplayOptions } from "./workbook/table";
export { showMarkdown, markdownBundle } from "./workbook/markdown";
export { histogramFigure, type HistogramFigureOptions } from "./workbook/figures";
export { NOTEBOOK_MAP, type NotebookMapEntry } from "./workbook/notebook-map";

// ---- io: the job record, machines, trace locations
export { type JobRecord, type Machine, MARENOSTRUM4 } from "./io/job-record";
export { traceDirectories, findTrace, requireTrace } from "./io/trace-paths";

// ---- slurm: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, multifactor priority
export { buildAssociationTree, rollUpUsage, normaliseAssociations, associationPath, type AssociationKind, type AssociationRow, type AssociationNode, type AssociationTree, type BuildTreeOptions, type UsageMap, type NormalisedAssociation } from "./slurm/index";
export { parseReferenceCsv, readReferenceCsv, parseAssociationCsv, readAssociationCsv, type ReferenceRecord } from "./slurm/index";
export { fairTree, levelFairShare, type FairTreeVariant, type FairTreeOptions, type FairShareRow, type FairShareResult } from "./slurm/index";
export { classicFairShare, classicFactor, type ClassicOptions } from "./slurm/index";
export { levelBased, interpolatedShares, bucketLayout, bucketValue, combineBuckets, formatHex64, type LevelBasedOptions, type LevelBasedResult } from "./slurm/index";
export { RESET_PERIODS, decayFactorPerSecond, nextResetTime, emptyUsage, resetUsage, decayUsage, chargeUsage, advanceUsage, type ResetPeriod, type UsageConfig, type UsageState, type RunningJobUsage } from "./slurm/index";
export { normalizedQosPriorities, qosJobViolations, qosUserLimits, qosFromRecords, type QosDefinition, type QosNormalization } from "./slurm/index";
export { jobPriorities, ageFactor, jobSizeFactor, THESIS_WEIGHTS, MAX_PRIORITY, type PriorityWeights, type PriorityJob, type PriorityContext, type PriorityFactors, type PriorityBreakdown } from "./slurm/index";
export { randomAssociationRows, type RandomTreeOptions, FIGURE1_ROWS, weightsFromRecords } from "./slurm/index";
export { sshareTable, sprioTable, fairShareExplanation, compareFairShare, workedExampleComparison, type SshareRow } from "./slurm/index";
export { associationTreeFigure, fairShareGrid, sharesInterpolationFigure, sharesAsymptoteFigure, fairShareComparisonFigure, rankAgreementFigure, priorityBreakdownFigure } from "./slurm/index";

// ---- io + twin + clean: Autosubmit/SWF readers, the calibrated twin, the cleaning pipeline
// (data exports go here)

// ---- sample + mechanism: sampling, knapsack-auction mechanisms, payments, metrics, rounds, auditor
// (mechanism exports go here)

// ---- sim: discrete-event Slurm-like simulator, schedulers, metrics, first iteration
// (sim exports go here)

// ---- operators: priority operators, resolution analysis, job sizes
// (operators exports go here)

// ---- auction: sequential compute-resource auctions (PS, GV, fair share), strategies, genetic algorithm
// (auction exports go here)
