/** Barrel of the coop area: thesis Sections 6.5, 7 and 8 — planned-time accuracy, the budget scheduler, coalitions, deviations. */
export {
  type PlannedAccuracyOptions,
  type PlannedAccuracyRow,
  plannedAtAlpha,
  accurateUsers,
  plannedAccuracySweep,
} from "./planned-accuracy";
export {
  type TraceAccuracyOptions,
  type TraceAccuracyRow,
  limitsAtAlpha,
  plannedAccuracyOnTrace,
} from "./planned-accuracy-trace";
export { type BudgetBidder, type BudgetRound, budgetAuctionRound } from "./budget-auction";
export {
  type BudgetSchedulerOptions,
  type BudgetCharge,
  type BudgetScheduler,
  budgetScheduler,
} from "./budget-scheduler";
export { type UserFairnessRow, jainIndex, userFairness } from "./fairness";
export {
  type BudgetComparisonRow,
  type CounterexampleRow,
  budgetComparison,
  budgetFirstIteration,
  truthfulnessCounterexample,
} from "./budget-experiments";
export {
  type RoundJob,
  type CoalitionGameOptions,
  type CoreViolation,
  type CoreCheck,
  coalitionPayoffs,
  coalitionValue,
  coreCheck,
  coalitionRound,
} from "./coalitions";
export { type WorstDeviation, paymentSlackRows, worstUnilateralDeviation } from "./deviations";
export {
  type ConclusionRow,
  type CooperationEvidence,
  cooperationConclusions,
  plannedAccuracySummary,
} from "./conclusions";
export { plannedAccuracyFigure } from "./figures";
export { plannedAccuracyStudyTask } from "./study-kind";
export {
  type AccuracyStudyRow,
  type AccuracyMachineRow,
  ACCURACY_TOLERANCE,
  accuracyAcrossMachines,
  accuracyMachinesSummary,
  accuracyMachinesFigure,
} from "./accuracy-machines";
