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
export { setupNotebook, notebookEnvironment, type NotebookEnvironment } from "./workbook/setup";
export { showPlot, plotBundle, PLOTLY_MIME, type PlotFigure } from "./workbook/plot";
export { showTable, tableBundle, formatCell, type TableDisplayOptions } from "./workbook/table";
export { showMarkdown, markdownBundle } from "./workbook/markdown";

// ---- io: the job record, machines, trace locations
export { type JobRecord, type Machine, MARENOSTRUM4 } from "./io/job-record";
export { traceDirectories, findTrace, requireTrace } from "./io/trace-paths";

// ---- slurm: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, multifactor priority
// (slurm exports go here)

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
