/** Barrel of the auction area (seed 004): render model, PS / GV / fair-share mechanisms, bid strategies, simulator, statistics, genetic algorithm, figures and tables. */
export {
  type AuctionEnvironment,
  type FrameWorkDistribution,
  type RenderJob,
  STANDARD_ENVIRONMENT,
  checkEnvironment,
  drawJobs,
  drawFrameWork,
  frameWorkMean,
  scaleFrameWork,
} from "./environment";
export {
  type RenderState,
  type RoundRender,
  createRenderState,
  renderRound,
  interruptAll,
  framesRemaining,
} from "./render-model";
export {
  type ProportionalShareResult,
  type ProportionalShareState,
  type ProportionalShareOptions,
  proportionalShare,
} from "./proportional-share";
export { type VickreyOptions, type VickreyResult, generalizedVickrey } from "./vickrey";
export {
  type BidParameters,
  type BidVectorFamilyName,
  type BidVectorFn,
  BID_VECTOR_FAMILIES,
  bidVector,
  bidVectorFamily,
} from "./bid-vector";
export { fairShareAllocation } from "./fair-share";
export {
  type BidContext,
  type PsCoefficients,
  type GvCoefficients,
  DEFAULT_PS_COEFFICIENTS,
  DEFAULT_GV_COEFFICIENTS,
  rationalPolynomial,
  psBid,
  gvParameters,
  predictRemainingWork,
} from "./strategies";
export {
  type AuctionMechanism,
  type AuctionSimulationOptions,
  type AuctionJobOutcome,
  type AuctionRun,
  AUCTION_MECHANISMS,
  simulateRun,
} from "./simulator";
export { type AuctionExperimentOptions, runAuctionExperiment, runJobs } from "./experiment";
export {
  type AuctionStatistics,
  auctionStatistics,
  incompleteFrames,
  allocationsAt,
  allocationChanges,
  mechanismRanking,
  type PerMechanism,
} from "./statistics";
export {
  type CalibrationOptions,
  type CalibrationResult,
  type CalibrationStep,
  calibrateFrameWork,
} from "./calibrate";
export { type FitnessTask, type FitnessWeights, evaluateStrategies } from "./fitness";
export {
  type GeneticOptions,
  type GeneticProgress,
  type GeneticResult,
  type GenerationRecord,
  evolveStrategy,
  formatGeneticProgress,
  coefficientScales,
} from "./genetic";
export { type WorkerPool, createWorkerPool, workerScriptPath } from "./worker-pool";
export { type ReferenceStatistic, BYE_RESULTS_PATH, parseByeResults, readByeResults } from "./reference";
export {
  type RunsByMechanism,
  auctionStatisticsTable,
  frameWorkCalibrationTable,
  coefficientTable,
} from "./tables";
export {
  type BidFunction,
  incompleteFramesFigure,
  allocationAtFigure,
  bidFunctionFigure,
  geneticProgressFigure,
  auctionSweepFigure,
} from "./figures";
export {
  type GaBudget,
  type AuctionSweepTask,
  type AuctionSweepOptions,
  type AuctionSweepRow,
  type AuctionClaim,
  GA_BUDGETS,
  AUCTION_CLAIMS,
  auctionSweepTask,
  auctionSweepTasks,
  auctionClaimsTable,
  auctionSweepSummary,
  parseAuctionSweepRows,
  runAuctionSweep,
} from "./robustness";
export {
  type DynamicsVariant,
  type DynamicsOptions,
  type FrameWorkShapeOptions,
  dynamicsVariants,
  allocationDynamicsTable,
  frameWorkShapeTable,
  dynamicsSummary,
} from "./dynamics";
