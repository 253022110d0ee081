/**
 * Ours against a reference (lib/agreement/rule.ts states the rule): a quantity's values against the
 * thesis's, a statement's share of samples against the thesis's, whether a change worsens a row,
 * and whether a built input meets its calibration target.
 */
import { invalidArgument } from "../util/errors";
import { shareDifference } from "../util/interval";
import { integer } from "../util/options";
import { tQuantile975 } from "../util/stats";
import {
  COUNT_BAND,
  MIN_SAMPLES_TO_AGREE,
  type Outcome,
  RELATIVE_BAND,
  SHARE_BAND,
  type Judged,
  type Scale,
  type Side,
  degreesOfFreedom,
  rounded,
  side,
  threeWay,
} from "./rule";

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
