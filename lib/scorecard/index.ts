/** Barrel of the scorecard area: the verdict rule, scorecard rows, results files of notebooks 07–10, summary rows and conclusions. */
export { forestFigure, FOREST_GROUPS, VERDICT_COLOURS } from "./forest";
export { mechanismTier, experimentBasis } from "./tiers";
export {
  TIERS,
  type Tier,
  REPRODUCTION_VERDICTS,
  INFORMATIVE_SHARE,
  OUTLIER_FENCE,
  informative,
  outlierIndices,
  checkOf,
  ruleMarkdown,
  type ExplanationBasis,
  VERDICTS,
  type Verdict,
  type Estimate,
  type Explanation,
  type VerdictOptions,
  estimate,
  withinNoise,
  verdictOf,
  counterfactualExplanation,
  fmt,
} from "./verdict";
export { type ScorecardRow, type ScoreRowOptions, scoreRow, verdictCounts, tierVerdictCounts } from "./row";
export {
  type ResultRow,
  type ResultsFile,
  resultsFolder,
  resultsPath,
  resultsMismatch,
  formatResults,
  parseResults,
  writeResults,
  readResults,
  resultRows,
} from "./results-file";
export {
  withSummaryRows,
  mechanismTableWithSummary,
  simTableWithSummary,
  type SummaryRowsOptions,
} from "./summary-rows";
export {
  ROUND_RESULT_KEYS,
  roundResultRows,
  MECHANISM_TABLES,
  thesisColumn,
  metricValues,
  counterfactuals,
  mechanismTableRows,
} from "./mechanism-rows";
export { POA_RESULT_KEYS, poaResultRows, simTableRows } from "./sim-rows";
export { dataRows, gameRows } from "./data-rows";
export {
  RESULT_NOTEBOOKS,
  type ResultNotebook,
  type RoundResultsParameters,
  type SimResultsParameters,
  roundCounterfactuals,
  INPUT_COUNTERFACTUALS,
  inputCounterfactualSource,
  NARROWEST_FIRST_CF,
  narrowestFirst,
  roundResultsFile,
  roundSamples,
  recomputeRoundResults,
  poaCounterfactuals,
  simResultsFile,
  bscPoaOptions,
  simSamples,
  recomputeSimResults,
  scorecardResults,
  type ScorecardResultsOptions,
} from "./compute";
export {
  type ScorecardInput,
  buildScorecard,
  verdictCountRows,
  verdictsByItem,
  scorecardMarkdown,
} from "./scorecard";
export {
  type WideSample,
  type Claim,
  type CheckedClaim,
  wideSamples,
  thesisWideSamples,
  thesisSimSamples,
  checkClaims,
  conclusionMarkdown,
  MAIN_CLAIMS,
  MODIFIED_CLAIMS,
  PRIORITY_CLAIMS,
  SIM_CLAIMS,
} from "./conclusions";
export { type MatrixRow, counterfactualMatrix } from "./counterfactual-matrix";
export { oneAAccounting } from "./decomposition";
