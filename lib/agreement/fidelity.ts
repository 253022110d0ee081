/**
 * The fidelity gate of a site's replay (notebook 18): whether a replay under the site's own
 * settings is faithful enough for its what-ifs to be read without a warning (lib/agreement/rule.ts
 * states the three-way rule it applies to each check).
 */
import { meanInterval } from "../util/interval";
import { integer } from "../util/options";
import { MIN_SAMPLES_TO_AGREE, threeWay } from "./rule";

/** The fidelity gate's least rank correlation (Spearman) of the replay's start order with the real one. */
export const FIDELITY_MIN_RANK_CORRELATION = 0.9;

/** The fidelity gate's least share of jobs the replay starts within one bf_interval of their real start. */
export const FIDELITY_MIN_WITHIN_INTERVAL = 0.5;

/**
 * The fidelity gate's largest wait error: the job-weighted mean over accounts of |replayed − real
 * median wait| / max(real median wait, bf_interval).
 */
export const FIDELITY_MAX_WAIT_ERROR = 0.5;

/** The fidelity gate's largest |replayed − real| backfilled share (when the export says which jobs backfill started). */
export const FIDELITY_MAX_BACKFILLED_DIFFERENCE = 0.1;

/** The outcome of a fidelity check or of the whole gate. */
export type GateOutcome = "passes" | "fails" | "inconclusive" | "not computed";

/** One check of the fidelity gate: its values' mean and 95% interval (lib/util/interval.ts) against its threshold. */
export interface FidelityCheck {
  name: string;
  /** "at least" or "at most" the threshold. */
  direction: "at least" | "at most";
  threshold: number;
  mean: number;
  low: number;
  high: number;
  /** Runs the values come from. */
  n: number;
  outcome: GateOutcome;
}

/** The values of each fidelity check, one per replay run (an empty or absent list = not computed). */
export interface FidelityValues {
  rankCorrelation: readonly number[];
  withinInterval: readonly number[];
  waitError: readonly number[];
  backfilledDifference?: readonly number[];
}

/**
 * Whether a replay of a site under its own settings is faithful enough for its what-ifs to be read
 * without a warning. Each check takes its values over the replay's runs (NaN values, e.g. a rank
 * correlation of fewer than 3 jobs, leave it not computed), their mean and 95% interval
 * (meanInterval), and *passes* when the interval lies wholly on the good side of its threshold (an
 * end on it counts as good), *fails* when wholly on the bad side, else is *inconclusive*. The gate
 * *fails* when a check fails, *passes* when every computed check passes and the replay has at least
 * {@link MIN_SAMPLES_TO_AGREE} jobs, and is *inconclusive* otherwise (a check not computed, or too
 * few jobs: a site of a few jobs never passes).
 * @param jobs the number of jobs replayed
 */
export function fidelityGate(
  values: FidelityValues,
  jobs: number,
): { outcome: GateOutcome; checks: FidelityCheck[] } {
  integer(jobs, "jobs", 0);
  const check = (
    name: string,
    direction: FidelityCheck["direction"],
    threshold: number,
    v: readonly number[] | undefined,
  ): FidelityCheck => {
    const finite = (v ?? []).filter((x) => Number.isFinite(x));
    if (!v || v.length === 0 || finite.length < v.length)
      return {
        name,
        direction,
        threshold,
        mean: NaN,
        low: NaN,
        high: NaN,
        n: v?.length ?? 0,
        outcome: "not computed",
      };
    const ci = meanInterval(finite);
    const judged =
      direction === "at least"
        ? threeWay(-ci.high, -ci.low, -Infinity, -threshold)
        : threeWay(ci.low, ci.high, -Infinity, threshold);
    const outcome: GateOutcome =
      judged === "agrees" ? "passes" : judged === "differs" ? "fails" : "inconclusive";
    return {
      name,
      direction,
      threshold,
      mean: ci.mean,
      low: ci.low,
      high: ci.high,
      n: finite.length,
      outcome,
    };
  };
  const checks = [
    check(
      "start-order rank correlation (Spearman)",
      "at least",
      FIDELITY_MIN_RANK_CORRELATION,
      values.rankCorrelation,
    ),
    check(
      "jobs started within one bf_interval of their real start",
      "at least",
      FIDELITY_MIN_WITHIN_INTERVAL,
      values.withinInterval,
    ),
    check("wait error (job-weighted, per account)", "at most", FIDELITY_MAX_WAIT_ERROR, values.waitError),
    check(
      "|backfilled share − real|",
      "at most",
      FIDELITY_MAX_BACKFILLED_DIFFERENCE,
      values.backfilledDifference?.map((d) => Math.abs(d)),
    ),
  ];
  // the backfilled share is checked only when the export says which jobs backfill started
  const required = values.backfilledDifference === undefined ? checks.slice(0, 3) : checks;
  const outcome: GateOutcome = required.some((c) => c.outcome === "fails")
    ? "fails"
    : required.every((c) => c.outcome === "passes") && jobs >= MIN_SAMPLES_TO_AGREE
      ? "passes"
      : required.every((c) => c.outcome === "not computed")
        ? "not computed"
        : "inconclusive";
  return { outcome, checks };
}

/** A replay against a simpler predictor on one check: better, not better, or inconclusive. */
export type VersusOutcome = "beats" | "does not beat" | "inconclusive";

/**
 * Whether a replay beats a predictor on one check: the replay's values over its runs (their mean and
 * 95% interval, lib/util/interval.ts) against the predictor's one value (a predictor has no jitter).
 * It *beats* when the interval lies wholly on the better side of that value, *does not beat* when it
 * lies wholly on the other side or on it, else *inconclusive*.
 * @param direction "at least": higher is better; "at most": lower is better
 */
export function versusBaseline(
  values: readonly number[],
  baseline: number,
  direction: FidelityCheck["direction"],
): { outcome: VersusOutcome; mean: number; low: number; high: number } {
  const finite = values.filter((x) => Number.isFinite(x));
  if (finite.length === 0 || finite.length < values.length || !Number.isFinite(baseline))
    return { outcome: "inconclusive", mean: NaN, low: NaN, high: NaN };
  const ci = meanInterval(finite);
  const [lo, hi] = direction === "at least" ? [-ci.high, -ci.low] : [ci.low, ci.high];
  const b = direction === "at least" ? -baseline : baseline;
  const outcome: VersusOutcome = hi < b ? "beats" : lo >= b ? "does not beat" : "inconclusive";
  return { outcome, mean: ci.mean, low: ci.low, high: ci.high };
}

/**
 * What a site's what-ifs are worth, from its replay's fidelity: *usable* when the gate passes and
 * the replay beats every predictor on every check it is set against, *with a warning* when it beats
 * them all but the gate does not pass, *unusable* otherwise (a replay no better than a simpler
 * predictor says nothing of what a setting would change).
 */
export function whatIfStanding(
  gate: GateOutcome,
  versus: readonly VersusOutcome[],
): "usable" | "with a warning" | "unusable" {
  if (versus.length === 0 || versus.some((v) => v !== "beats")) return "unusable";
  return gate === "passes" ? "usable" : "with a warning";
}
