/** Knapsack-auction mechanisms: rules, payments, metrics, rounds, auditor, tables and figures. */
export {
  makeInstance,
  withBid,
  allocationValue,
  allocationWeight,
  type Instance,
  type InstanceInput,
} from "./instance";
export { type AllocationRule, type AllocateOptions } from "./rule";
export {
  greedyRule,
  greedyOrder,
  greedyKey,
  type GreedyRule,
  type GreedyOptions,
  type GreedyRatio,
} from "./greedy";
export { exactRule, exactValue, exactTables, exactWinners, type ExactTables } from "./exact";
export { priorityRule, thesisPriorities, type PriorityRule, type PriorityRuleOptions } from "./priority";
export { vcgPayments, type VcgResult, type VcgOptions } from "./vcg-payments";
export { clarkePayments, type ClarkeOptions } from "./clarke-payments";
export { criticalPayments, type CriticalOptions } from "./critical-payments";
export {
  runMechanism,
  paymentApplies,
  PAYMENT_RULES,
  type Mechanism,
  type Outcome,
  type PaymentRule,
} from "./mechanism";
export { mechanismMetrics, type MechanismMetrics, type MetricsOptions } from "./metrics";
export {
  auditMechanism,
  spreadPlayers,
  type AuditReport,
  type AuditOptions,
  type DeviationWitness,
  type MonotonicityWitness,
  type PaymentWitness,
} from "./audit";
export {
  jobBids,
  bidExpression,
  BID_SYMBOLS,
  jobsInstance,
  ruleFromSpec,
  MAIN_EXPERIMENTS,
  MODIFIED_EXPERIMENTS,
  PRIORITY_EXPERIMENTS,
  type BidModel,
  type ExperimentSpec,
  type RuleSpec,
  type BidOptions,
  type ExperiencedRounding,
  EXPERIENCED_ROUNDINGS,
  DEFAULT_EXPERIENCED_ROUNDING,
  experiencedBid,
} from "./experiments";
export {
  runRound,
  mainRound,
  greedyModifiedRound,
  priorityRound,
  type RoundRow,
  type RoundOptions,
} from "./rounds";
export { readThesisTable, parseThesisTable, normaliseSampleName, type ThesisTable } from "./thesis-tables";
export {
  thesisComparison,
  approximationTable,
  wideMetricTable,
  besideThesis,
  roundStatistics,
  paymentRuleSummary,
  priorityVariants,
  type PriorityVariantRow,
  METRIC_NAMES,
  type MetricName,
  type MetricStatistics,
  type PaymentRuleSummary,
  type WideOptions,
} from "./tables";
export { clearingMinutes, clearingPriceCheck, type ClearingPriceRow } from "./clearing-price";
export {
  gameTable,
  gameAnalysisRow,
  braessTable,
  analyseGame,
  ispRoutingGame,
  matchingPennies,
  braessParadox,
  cheapestFirstRule,
  type BimatrixGame,
  type GameAnalysis,
  type BraessResult,
} from "./games";
export { metricBarFigure, statisticsFigure, clearingPriceFigure } from "./figures";
export { bidComparison, type BidComparisonRow } from "./bid-comparison";
export {
  outcomeTable,
  auditTable,
  auditSummary,
  greedyGuaranteeTable,
  greedyGuaranteeSummary,
  randomInstances,
  type RandomInstanceOptions,
} from "./theory-tables";
