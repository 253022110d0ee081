/**
 * One scorecard row: a published quantity, what kind of comparison it is (its tier), the thesis's
 * value and ours (each a mean over its samples), ours / thesis with the interval and the outcome of
 * lib/agreement, and for a reproduced result that differs (or a row restating such rows) the experiment that explains
 * it or a post-hoc candidate cause (lib/scorecard/explanation.ts).
 *
 * Tiers. *Reproduced result*: a mechanism, scheduler or simulator output. *By construction*: a value
 * an input of the run fixes — a fact the twin is calibrated to, the capacity W, a count the thesis's
 * own pipeline fixes (lib/scorecard/dependencies.ts). *Identity*: a value that follows from the
 * model's definitions. *Not comparable*: another solver on another machine, or another machine's
 * totals. Every tier but the last gets the same outcome rule; only reproduced results count as
 * reproductions.
 */
import { invalidArgument } from "../util/errors";
import { OUTCOMES, type Outcome } from "../agreement/rule";
import { type Agreement, agreement } from "../agreement/reference";
import type { Explanation } from "./explanation";
import type { Provenance, TierBasis } from "./tier-basis";
import { outlierIndices } from "./outliers";
import { meanInterval } from "../util/interval";

/** The kinds of comparison, in the order the scorecard counts them. */
export const TIERS = ["reproduced result", "by construction", "identity", "not comparable"] as const;

/** A kind of comparison. */
export type Tier = (typeof TIERS)[number];

/** What stands behind a reproduced result's outcome, beyond the interval. */
export const CAUSES = ["—", "explained", "post-hoc cause", "cancelling errors"] as const;

/** A cause. */
export type Cause = (typeof CAUSES)[number];

/** A scorecard row. */
export interface ScorecardRow {
  /** Published item, e.g. `Table 10 / Figure 18`. */
  id: string;
  /** The quantity compared, e.g. `TV_1A`. */
  quantity: string;
  tier: Tier;
  /** Why the row has its tier. */
  tierBasis: TierBasis;
  /** Thesis mean (or single value) to the thesis's printed precision, its interval's ends and sample count. */
  thesis: number;
  thesisLow: number;
  thesisHigh: number;
  thesisN: number;
  /** Our mean (NaN when not computed), its interval's ends and sample count. */
  ours: number;
  oursLow: number;
  oursHigh: number;
  oursN: number;
  /** ours / thesis and its 95% interval (both sides' uncertainty; NaN when undefined). */
  ratio: number;
  ratioLow: number;
  ratioHigh: number;
  /** The outcome (lib/agreement); "not judged" for a not-comparable row. */
  verdict: Outcome;
  /** The full comparison behind the outcome. */
  agreement: Agreement;
  /** For a differing reproduced result: explained or a post-hoc cause; for an agreeing one: cancelling errors. */
  cause: Cause;
  /** The experiment behind an explained or post-hoc cause (null when none). */
  causeBy: Explanation | null;
  /** Behind cancelling errors: the components of the same experiment that differ, with ours / thesis. */
  cancelling: readonly { quantity: string; ratio: number }[];
  /** The outcome without the thesis's flagged outlier samples (`—` when none is flagged). */
  withoutOutliers: Outcome | "—";
  /** The flagged thesis samples, by label (none when none is flagged). */
  outliers: readonly { label: string; value: number }[];
  /** Every experiment tried on the row. */
  tried: readonly Explanation[];
  /** Where the values come from. */
  provenance: Provenance;
}

/** Options of {@link scoreRow}. */
export interface ScoreRowOptions {
  /** The kind of comparison. Defaults to "reproduced result". */
  tier?: Tier;
  /** Why the row has its tier. Defaults to a reproduced result's. */
  tierBasis?: TierBasis;
  /** Where the values come from. Defaults to none. */
  provenance?: Provenance;
  /** Decimals the thesis printed (ours is rounded to them when both sides are constant). Defaults to the most precise published value's. */
  decimals?: number;
  /** Names of the thesis's values (sample names), for the outlier flags. Defaults to their positions. */
  thesisLabels?: readonly string[];
  /** Experiments that may explain a difference (checked for (4) by the caller). Defaults to none. */
  explanations?: () => readonly Explanation[];
}

/** Decimals of the most precise published value (the thesis's printed precision), at most 12. */
export function decimalsOf(values: readonly number[]): number {
  return Math.min(12, Math.max(0, ...values.map((x) => (String(x).split(".")[1] ?? "").length)));
}

const meanOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The row comparing `thesisValues` with `oursValues` (undefined or empty = not computed): each
 * side's mean with its own interval (lib/util/interval.ts), ours / thesis with the agreement's.
 * @throws `invalid thesisValues: …` when empty
 */
export function scoreRow(
  id: string,
  quantity: string,
  thesisValues: readonly number[],
  oursValues: readonly number[] | undefined,
  options: ScoreRowOptions = {},
): ScorecardRow {
  if (!thesisValues.length)
    throw invalidArgument("thesisValues", "[]", `at least one published value for ${id} ${quantity}`);
  const tier = options.tier ?? "reproduced result";
  const decimals = options.decimals ?? decimalsOf(thesisValues);
  const round = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(decimals)) : x);
  const ours = oursValues && oursValues.length ? oursValues : undefined;
  const a = agreement(thesisValues, ours, { decimals });
  const judged = tier === "not comparable";
  const flagged = tier === "reproduced result" ? outlierIndices(thesisValues) : [];
  const kept = thesisValues.filter((_, k) => !flagged.includes(k));
  const without = flagged.length && kept.length && ours ? agreement(kept, ours, { decimals }).outcome : "—";
  const label = (k: number) => options.thesisLabels?.[k] ?? `value ${k + 1}`;
  // a row restating reproduced rows in another form (the 1A/1B accounting) carries their candidate causes
  const restates =
    options.tierBasis?.kind === "identity" && options.tierBasis.identity === "restates-published";
  const tried =
    !judged && (tier === "reproduced result" || restates) && a.outcome === "differs"
      ? (options.explanations?.() ?? [])
      : [];
  const fixed = tried.find((e) => e.holds && !e.breaks.length && e.basis === "fixed in advance");
  const postHoc = tried.find((e) => e.holds && !e.breaks.length);
  const cause: Cause = fixed ? "explained" : postHoc ? "post-hoc cause" : "—";
  const range = (xs: readonly number[]) => [Math.min(...xs), Math.max(...xs)];
  const [tLow, tHigh] =
    thesisValues.length > 1 ? sideInterval(thesisValues) : [thesisValues[0], thesisValues[0]];
  const [oLow, oHigh] = ours ? (ours.length > 1 ? sideInterval(ours) : range(ours)) : [NaN, NaN];
  return {
    id,
    quantity,
    tier,
    tierBasis: options.tierBasis ?? { kind: "reproduced" },
    thesis: round(meanOf(thesisValues)),
    thesisLow: tLow,
    thesisHigh: tHigh,
    thesisN: thesisValues.length,
    ours: ours ? round(meanOf(ours)) : NaN,
    oursLow: oLow,
    oursHigh: oHigh,
    oursN: ours?.length ?? 0,
    ratio: a.ratio,
    ratioLow: a.ratioLow,
    ratioHigh: a.ratioHigh,
    verdict: judged ? "not judged" : a.outcome,
    agreement: a,
    cause,
    causeBy: fixed ?? postHoc ?? null,
    cancelling: [],
    withoutOutliers: judged ? "—" : without,
    outliers: flagged.map((k) => ({ label: label(k), value: thesisValues[k] })),
    tried,
    provenance: options.provenance ?? { kind: "none" },
  };
}

/** A side's own 95% interval of its mean, as the scorecard shows it (lib/util/interval.ts). */
function sideInterval(values: readonly number[]): [number, number] {
  const e = meanInterval(values);
  return [e.low, e.high];
}

/** Counts of rows by outcome, every outcome present (0 when none). */
export function verdictCounts(rows: readonly { verdict: Outcome }[]): Record<Outcome, number> {
  const out = Object.fromEntries(OUTCOMES.map((v) => [v, 0])) as Record<Outcome, number>;
  for (const r of rows) out[r.verdict]++;
  return out;
}
