/** Barrel of the slurm area: association tree, fair share (Fair Tree, classic, LEVEL_BASED), usage, QoS, multifactor priority. */
export { buildAssociationTree, rollUpUsage, normaliseAssociations, associationPath, type AssociationKind, type AssociationRow, type AssociationNode, type AssociationTree, type BuildTreeOptions, type UsageMap, type NormalisedAssociation } from "./associations";
export { parseReferenceCsv, readReferenceCsv, parseAssociationCsv, readAssociationCsv, type ReferenceRecord } from "./reference-csv";
export { fairTree, levelFairShare, type FairTreeVariant, type FairTreeOptions, type FairShareRow, type FairShareResult } from "./fair-tree";
export { classicFairShare, classicFactor, type ClassicOptions } from "./classic";
export { levelBased, normalizeValue, interpolatedShares, bucketLayout, bucketValue, combineBuckets, formatHex64, type LevelBasedOptions, type LevelBasedResult } from "./level-based";
export { RESET_PERIODS, decayFactorPerSecond, nextResetTime, emptyUsage, resetUsage, decayUsage, chargeUsage, advanceUsage, type ResetPeriod, type UsageConfig, type UsageState, type RunningJobUsage } from "./usage";
export { normalizedQosPriorities, qosJobViolations, qosUserLimits, qosFromRecords, type QosDefinition, type QosNormalization } from "./qos";
export { jobPriorities, ageFactor, jobSizeFactor, THESIS_WEIGHTS, MAX_PRIORITY, type PriorityWeights, type PriorityJob, type PriorityContext, type PriorityFactors, type PriorityBreakdown } from "./multifactor";
export { randomAssociationRows, type RandomTreeOptions } from "./random-tree";
export { FIGURE1_ROWS, weightsFromRecords } from "./thesis-setup";
export { sshareTable, sprioTable, fairShareExplanation, compareFairShare, workedExampleComparison, type SshareRow } from "./tables";
export { associationTreeFigure, fairShareGrid, sharesInterpolationFigure, sharesAsymptoteFigure, fairShareComparisonFigure, rankAgreementFigure, priorityBreakdownFigure } from "./figures";
