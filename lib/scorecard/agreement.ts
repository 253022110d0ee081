/**
 * The one rule that decides whether two things agree, everywhere in schedgame: a scorecard row,
 * a section's statement, a real machine's PoA against the thesis's, the sign of an effect in the
 * cooperation, auction and simulator studies. No other file compares an estimate with a reference
 * or a band (test/scorecard/agreement-sole.test.ts looks).
 *
 * **Against a reference (equivalence, not overlap).** Ours and the thesis's are each a mean over
 * independent samples. The 95% interval of ours / thesis takes both sides' uncertainty: on the log
 * scale, ln(Ō / T̄) ± t·√(s_O²/(n_O·Ō²) + s_T²/(n_T·T̄²)) (the delta method), with Student's t at
 * the conservative df = min(n) − 1 over the sides with several values (Welch's lower bound, which
 * never grows when a side loses samples). Ours *agrees* when that interval lies inside the band
 * [1 − {@link RELATIVE_BAND}, 1 + {@link RELATIVE_BAND}], *differs* when it lies wholly outside,
 * and is *inconclusive* otherwise. An interval end on a band edge counts as inside.
 * - Counts near zero: a quantity whose values are all whole numbers, with the thesis's mean below
 *   {@link COUNT_BAND} / {@link RELATIVE_BAND} (where 5% is less than one), or any quantity with a
 *   mean ≤ 0, is judged on ours − thesis, against ±max({@link RELATIVE_BAND}·|thesis|, one unit for a
 *   count): the same interval on the difference scale.
 * - Constants: both sides constant over several values each (a structural value, such as TP_1A in
 *   every sample) are compared exactly, ours rounded to the thesis's printed decimals: equal
 *   *agrees* (given enough samples, below), unequal *differs*. A single value on each side is a
 *   point, judged against the band.
 * - Evidence: ours on fewer than {@link MIN_SAMPLES_TO_AGREE} samples never agrees (a t interval
 *   on fewer samples of a skewed quantity covers less than it says); it may differ. With the
 *   conservative df, fewer samples of the same mean and spread never narrow the interval, so they
 *   never turn *inconclusive* or *differs* into *agrees* (property-tested).
 *
 * **A statement's share of samples**, ours against the thesis's: Newcombe's interval of the
 * difference against ±{@link SHARE_BAND}, by the same three-way rule. **An effect** (ours under one
 * setting against another, paired by sample): the t interval of the mean paired difference against a
 * band ±δ (0 for a plain sign): *higher* or *lower* when wholly beyond it, *equivalent* when wholly
 * inside δ > 0, else *inconclusive*. A **guarantee** (a bound every sample must meet) is a count.
 */
import { invalidArgument } from "../util/errors";
import { meanInterval, shareDifference } from "../util/interval";
import { finiteNumber, integer } from "../util/options";
import { mean, sampleSd, tQuantile975 } from "../util/stats";

/** The only five outcome words of a comparison with a reference. */
export const OUTCOMES = ["agrees", "differs", "inconclusive", "not computed", "not judged"] as const;

/** An outcome of a comparison with a reference. */
export type Outcome = (typeof OUTCOMES)[number];

/** The band of agreement on ours / thesis: within ±5%. */
export const RELATIVE_BAND = 0.05;

/** The band of a count near zero: at least one unit either way. */
export const COUNT_BAND = 1;

/** Ours on fewer samples than this never agrees (it may differ). */
export const MIN_SAMPLES_TO_AGREE = 30;

/** The band of a statement's share of samples, ours − thesis: within ±0.25. */
export const SHARE_BAND = 0.25;

/** The intervals' confidence. */
export const CONFIDENCE = 0.95;

/**
 * The practical band of a setting's relative effect: a change of ours within ±1% of the baseline's
 * mean counts as none — every {@link relativeEffect} that asks "does this setting move the result?".
 */
export const RELATIVE_EFFECT_BAND = 0.01;

/** On what scale a comparison was judged. */
export type Scale = "exact" | "ratio" | "difference";

/** One comparison with a reference (see the module comment). */
export interface Agreement {
  outcome: Outcome;
  /** "exact" (both constant), "ratio" (ours / thesis) or "difference" (ours − thesis). */
  scale: Scale;
  /** ours / thesis (NaN when the thesis's mean is 0 or ours is missing). */
  ratio: number;
  /** The interval on the scale: of ours / thesis, or of ours − thesis. */
  low: number;
  high: number;
  /** The band on the same scale. */
  bandLow: number;
  bandHigh: number;
  /** The interval as ours / thesis (the difference scale divided by the thesis's mean; NaN when it is 0). */
  ratioLow: number;
  ratioHigh: number;
  /** Samples on each side. */
  oursN: number;
  thesisN: number;
  /** True when ours has too few samples to agree ({@link MIN_SAMPLES_TO_AGREE}). */
  fewSamples: boolean;
}

/** Summary statistics of one side. */
type Side = { n: number; mean: number; sd: number; constant: boolean; whole: boolean };

function side(values: readonly number[], name: string): Side {
  if (!values.length) throw invalidArgument(name, "[]", "at least one value");
  values.forEach((v, k) => finiteNumber(v, `${name}[${k}]`));
  const constant = values.every((v) => v === values[0]);
  return {
    n: values.length,
    mean: mean(values),
    sd: values.length > 1 && !constant ? sampleSd(values) : 0,
    constant,
    whole: values.every((v) => Number.isInteger(v)),
  };
}

/** The conservative degrees of freedom: min(n) − 1 over the sides with several values (0 = none). */
function degreesOfFreedom(...sides: Side[]): number {
  const ns = sides.filter((s) => s.n > 1).map((s) => s.n - 1);
  return ns.length ? Math.min(...ns) : 0;
}

function rounded(x: number, decimals: number | undefined): number {
  if (decimals === undefined) return x;
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

type Judged = "agrees" | "differs" | "inconclusive";

/** Three-way rule of an interval against a band (ends on an edge count as inside). */
function threeWay(low: number, high: number, bandLow: number, bandHigh: number): Judged {
  return low >= bandLow && high <= bandHigh
    ? "agrees"
    : high < bandLow || low > bandHigh
      ? "differs"
      : "inconclusive";
}

/** Options of {@link agreement}: `decimals` the thesis printed (ours is rounded to them when both sides are constant; defaults to none). */
export type AgreementOptions = { decimals?: number };

/**
 * Ours against the thesis's values (module comment); `ours` undefined or empty = not computed.
 * @throws `invalid thesis: …` when empty or not finite; `invalid ours[k]: …` when a value is not finite
 */
export function agreement(
  thesis: readonly number[],
  ours: readonly number[] | undefined,
  options: AgreementOptions = {},
): Agreement {
  const t = side(thesis, "thesis");
  if (options.decimals !== undefined) integer(options.decimals, "decimals", 0, 12);
  if (ours && ours.length) return _agreement(t, side(ours, "ours"), options.decimals);
  const [ratio, low, high, bandLow, bandHigh, ratioLow, ratioHigh] = Array<number>(7).fill(NaN);
  const none = { ratio, low, high, bandLow, bandHigh, ratioLow, ratioHigh };
  return { ...none, outcome: "not computed", scale: "exact", oursN: 0, thesisN: t.n, fewSamples: false };
}

function _agreement(t: Side, o: Side, decimals: number | undefined): Agreement {
  const ratio = t.mean !== 0 ? o.mean / t.mean : NaN;
  const fewSamples = o.n > 1 && o.n < MIN_SAMPLES_TO_AGREE;
  const base = { ratio, oursN: o.n, thesisN: t.n, fewSamples };
  const gate = (v: Judged): Outcome => (v === "agrees" && fewSamples ? "inconclusive" : v);
  if (t.constant && o.constant && t.n > 1 && o.n > 1) {
    const [d, equal] = [o.mean - t.mean, rounded(o.mean, decimals) === t.mean];
    const exact = { low: d, high: d, bandLow: 0, bandHigh: 0, ratioLow: ratio, ratioHigh: ratio };
    return { ...base, ...exact, outcome: gate(equal ? "agrees" : "differs"), scale: "exact" };
  }
  const df = degreesOfFreedom(t, o);
  const tq = df > 0 ? tQuantile975(df) : 0;
  const count = t.whole && o.whole && Math.abs(t.mean) * RELATIVE_BAND < COUNT_BAND;
  if (!count && t.mean > 0 && o.mean > 0) {
    const se = Math.sqrt((o.sd / o.mean) ** 2 / o.n + (t.sd / t.mean) ** 2 / t.n);
    const low = Math.exp(Math.log(ratio) - tq * se),
      high = Math.exp(Math.log(ratio) + tq * se);
    const [bandLow, bandHigh] = [1 - RELATIVE_BAND, 1 + RELATIVE_BAND];
    const outcome = gate(threeWay(low, high, bandLow, bandHigh));
    return { ...base, outcome, scale: "ratio", low, high, bandLow, bandHigh, ratioLow: low, ratioHigh: high };
  }
  const d = o.mean - t.mean;
  const half = tq * Math.sqrt(o.sd ** 2 / o.n + t.sd ** 2 / t.n);
  const band = Math.max(RELATIVE_BAND * Math.abs(t.mean), t.whole && o.whole ? COUNT_BAND : 0);
  const toRatio = (x: number) => (t.mean !== 0 ? (t.mean + x) / t.mean : NaN);
  return {
    ...base,
    outcome: gate(threeWay(d - half, d + half, -band, band)),
    scale: "difference",
    low: d - half,
    high: d + half,
    bandLow: -band,
    bandHigh: band,
    ratioLow: t.mean > 0 ? toRatio(d - half) : toRatio(d + half),
    ratioHigh: t.mean > 0 ? toRatio(d + half) : toRatio(d - half),
  };
}

/** A statement's share of samples, ours against the thesis's: ours − thesis with its interval (module comment). */
export type ShareAgreement = {
  outcome: Exclude<Outcome, "not judged">;
  difference: number;
  low: number;
  high: number;
};

/**
 * The share of our samples where a statement holds (`oursHits` of `oursN`) against the thesis's
 * (`thesisHits` of `thesisN`); no samples on a side = not computed.
 * @throws `invalid n: …` / `invalid m: …` when a count is not whole or exceeds its total
 */
export function shareAgreement(
  oursHits: number,
  oursN: number,
  thesisHits: number,
  thesisN: number,
): ShareAgreement {
  if (oursN === 0 || thesisN === 0) return { outcome: "not computed", difference: NaN, low: NaN, high: NaN };
  const d = shareDifference(oursHits, oursN, thesisHits, thesisN);
  let outcome: ShareAgreement["outcome"] = threeWay(d.low, d.high, -SHARE_BAND, SHARE_BAND);
  if (outcome === "agrees" && oursN < MIN_SAMPLES_TO_AGREE) outcome = "inconclusive";
  return { outcome, difference: d.difference, low: d.low, high: d.high };
}

/** The outcome of an effect: ours under one setting against ours under another. */
export type EffectOutcome = "higher" | "lower" | "equivalent" | "inconclusive";

/** An effect: the mean paired difference with its 95% t interval (zero width for one value or equal values). */
export type Effect = { outcome: EffectOutcome; mean: number; low: number; high: number; n: number };

/**
 * The effect of a setting from paired differences (setting − baseline, one per sample), against the
 * practical band ±`band` (0: the sign alone; no *equivalent* outcome then). One difference is a
 * point (a deterministic comparison); *equivalent*, an agreement, needs
 * {@link MIN_SAMPLES_TO_AGREE} differences unless every difference is 0.
 * @throws `invalid differences: …` when empty; `invalid band: …` when negative
 */
export function effect(differences: readonly number[], band = 0): Effect {
  finiteNumber(band, "band", 0);
  const s = side(differences, "differences");
  const half = s.n > 1 ? tQuantile975(s.n - 1) * (s.sd / Math.sqrt(s.n)) : 0;
  const [low, high] = [s.mean - half, s.mean + half];
  const inside = band > 0 && low >= -band && high <= band;
  const enough = s.n >= MIN_SAMPLES_TO_AGREE || (s.constant && s.mean === 0);
  const outcome: EffectOutcome =
    low > band ? "higher" : high < -band ? "lower" : inside && enough ? "equivalent" : "inconclusive";
  return { outcome, mean: s.mean, low, high, n: s.n };
}

/** The effect of ours under one setting against the other, as a relative change of the baseline's mean (paired by sample). */
export function relativeEffect(setting: readonly number[], baseline: readonly number[], band = 0): Effect {
  const paired = `${baseline.length} values (paired with baseline)`;
  if (setting.length !== baseline.length)
    throw invalidArgument("setting", `${setting.length} values`, paired);
  const b = side(baseline, "baseline");
  if (b.mean === 0) throw invalidArgument("baseline", "mean 0", "a baseline with a non-zero mean");
  return effect(
    setting.map((v, k) => (v - baseline[k]) / Math.abs(b.mean)),
    band,
  );
}

const RANK: Readonly<Record<Outcome, number>> = {
  agrees: 0,
  inconclusive: 1,
  differs: 2,
  "not computed": 3,
  "not judged": 3,
};

/**
 * Whether ours under a change (`after`, the same samples as `before`) fares worse against the
 * thesis: its outcome worsens (agrees → inconclusive or differs, inconclusive → differs), or a
 * difference crosses to the thesis's other side.
 */
export function worsens(
  thesis: readonly number[],
  before: readonly number[],
  after: readonly number[],
): boolean {
  const b = agreement(thesis, before),
    a = agreement(thesis, after);
  if (RANK[a.outcome] > RANK[b.outcome]) return true;
  const above = (x: Agreement) => (x.scale === "ratio" ? x.ratio > 1 : x.low + x.high > 0);
  return b.outcome === "differs" && a.outcome === "differs" && above(b) !== above(a);
}

/**
 * A calibration target — an input fact a twin is built to, read off the thesis as a mean with its
 * 95% interval — is met when the value measured on the built input lies in that interval (ends
 * included). A target is an input's check, not a reproduction.
 */
export function meetsTarget(value: number, target: { low: number; high: number }): boolean {
  return value >= target.low && value <= target.high;
}

/** The outcome of a guarantee checked on every sample. */
export type GuaranteeOutcome = "holds" | "fails" | "not computed";

/**
 * A guarantee — a bound every sample must satisfy (e.g. the greedy's TV_1B ≥ (1 − β)·TV_1A, or
 * individual rationality): a count, not an estimate, so no interval and no band. It *holds* when
 * all `n` samples satisfy it and *fails* on a single counterexample; no samples = not computed.
 * @throws `invalid n: …` / `invalid satisfied: …` when not a whole number (satisfied within [0, n])
 */
export function guarantee(satisfied: number, n: number): GuaranteeOutcome {
  integer(n, "n", 0);
  integer(satisfied, "satisfied", 0, n);
  if (n === 0) return "not computed";
  return satisfied === n ? "holds" : "fails";
}

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
