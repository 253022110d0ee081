export {
  type Pin,
  type Knots,
  quantilePins,
  sortedFromPins,
  adjustSum,
  sumRange,
  countBelow,
  unionPins,
} from "./fit";
export { type CoreTargets, type CoreJobs, buildCoreJobs } from "./job-core";
export {
  TWIN_EXPERIMENT_DEFECTS,
  OTHER_HPCS,
  EXCLUDED_WRAPPERS,
  TWIN_DATA_END,
  type ExperimentTargets,
  type TwinExperiments,
  generateExperiments,
} from "./experiments";
export {
  TWIN_JOB_DEFECTS,
  MARENOSTRUM_PLATFORMS,
  DEBUG_QUEUES,
  type Twin,
  generateTwin,
  twinDirectory,
  writeTwinFiles,
  twinSeed,
} from "./twin";
export { ranks, place, shuffleInPlace, correlated, normals } from "./copula";
export { twinTargets } from "./targets";
export {
  type TwinVersion,
  TWIN_VERSIONS,
  RTIME_PINS,
  type BandNodes,
  type TailNodes,
  HEAVY_MINUTES,
  spearman,
  type JointShape,
  TWIN_JOINT,
  type JointJob,
  type JointFact,
  nodeWeightedCrossing,
  jointShapeFacts,
  jointFactsTable,
} from "./joint";
export {
  type DerivedEstimate,
  type DerivedInputFacts,
  type DerivedFactJob,
  thesisDerivedFacts,
  measureDerivedFacts,
} from "./derived-facts";
export { type TwinCacheOptions, type CachedTwin, generateTwinCached } from "./twin-cache";
export { concentrateBandNodes, correlateTailNodes } from "./band-nodes";
