/**
 * Barrel of the slurm area: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, QoS, multifactor priority.
 *
 * For a simulator: build the tree once (`buildAssociationTree`); keep a `UsageState` (own usage per
 * association, CPU·s) and call `advanceUsage(state, t, tree, runningJobs)` every PriorityCalcPeriod;
 * get factors with `fairTree(tree, { usage: state.usage })` (or `classicFairShare` / `levelBased`);
 * then `jobPriorities(pendingJobs, { fairShare: result.factors, qos: normalizedQosPriorities(qos), … })`.
 */
export {
  buildAssociationTree,
  rollUpUsage,
  usageWithOverrides,
  associationPath,
  type AssociationKind,
  type AssociationRow,
  type AssociationNode,
  type AssociationTree,
  type BuildTreeOptions,
  type UsageMap,
} from "./associations";
export { normaliseAssociations, type NormalisedAssociation } from "./normalisation";
export { parseAssociationCsv, readAssociationCsv } from "./reference-csv";
export {
  compileFairTree,
  levelFairShare,
  type CompiledFairTree,
  type FairTreeVariant,
} from "./compiled-fair-tree";
export { fairTree, type FairTreeOptions, type FairShareRow, type FairShareResult } from "./fair-tree";
export { classicFairShare, classicFactor, type ClassicOptions } from "./classic";
export {
  levelBased,
  normalizeValue,
  interpolatedShares,
  bucketLayout,
  bucketValue,
  combineBuckets,
  formatHex64,
  type LevelBasedOptions,
  type LevelBasedResult,
} from "./level-based";
export { exactLevelFsTable, type ExactLevelFsRow } from "./exact-level-fs";
export {
  levelBasedPostTree,
  usageWindowForBucket,
  type LevelBasedChainLevel,
  type LevelBasedPostTreeOptions,
} from "./level-based-example";
export {
  RESET_PERIODS,
  decayFactorPerSecond,
  decayOver,
  decayFunction,
  nextResetTime,
  emptyUsage,
  resetUsage,
  decayUsage,
  chargeUsage,
  advanceUsage,
  type ResetPeriod,
  type UsageConfig,
  type UsageState,
  type RunningJobUsage,
} from "./usage";
export {
  normalizedQosPriorities,
  qosJobViolations,
  qosUserLimits,
  qosFromRecords,
  type QosDefinition,
  type QosNormalization,
} from "./qos";
export {
  jobPriorities,
  ageFactor,
  jobSizeFactor,
  priorityFormula,
  PRIORITY_FORMULA_SYMBOLS,
  THESIS_WEIGHTS,
  MAX_PRIORITY,
  type PriorityWeights,
  type PriorityJob,
  type PriorityContext,
  type PriorityFactors,
  type PriorityBreakdown,
} from "./multifactor";
export { usageTimeline, type UsageTimelineOptions, type UsageTimelineRow } from "./usage-timeline";
export { randomAssociationRows, type RandomTreeOptions } from "./random-tree";
export { FIGURE1_ROWS, weightsFromRecords } from "./thesis-setup";
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
} from "./tables";
export {
  parseSshare,
  compareFairShare as compareSshareFairTree,
  type SshareRecord,
  type FairShareComparisonRow,
} from "./sshare-check";
export {
  associationTreeFigure,
  fairShareGrid,
  sharesInterpolationFigure,
  sharesAsymptoteFigure,
  fairShareComparisonFigure,
  rankAgreementFigure,
  priorityBreakdownFigure,
  usageTimelineFigure,
} from "./figures";
