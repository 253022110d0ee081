/**
 * One scorecard row: a published quantity, its tier, the thesis's value (mean and interval over its
 * samples where it has several), ours, the ratio ours / thesis, the verdict by the rule of
 * lib/scorecard/verdict.ts (with all thesis samples and without its flagged outliers) and the
 * evidence behind it.
 */
import { invalidArgument } from "../util/errors";
import {
  type Estimate,
  type Explanation,
  type Tier,
  type Verdict,
  type VerdictOptions,
  TIERS,
  VERDICTS,
  checkOf,
  estimate,
  fmt,
  informative,
  outlierIndices,
  verdictOf,
} from "./verdict";

/** A scorecard row. */
export interface ScorecardRow {
  /** Published item, e.g. `Table 10` or `Figure 21`. */
  id: string;
  /** The quantity compared, e.g. `TV_1A`. */
  quantity: string;
  /** The kind of comparison. */
  tier: Tier;
  /** Thesis mean (or single value), to the thesis's printed precision. */
  thesis: number;
  /** Thesis interval, as text (`—` for a single value or equal values). */
  thesisCI: string;
  /** Thesis interval's ends (the mean itself for a single value). */
  thesisLow: number;
  thesisHigh: number;
  /** Thesis values behind the mean. */
  thesisN: number;
  /** Our mean (NaN when not computed), to the thesis's printed precision. */
  ours: number;
  /** Our interval, as text. */
  oursCI: string;
  /** Our interval's ends (NaN when not computed). */
  oursLow: number;
  oursHigh: number;
  /** Our values behind the mean. */
  oursN: number;
  /** ours / thesis (NaN when the thesis's value is 0 or ours is missing). */
  ratio: number;
  /** The verdict, with every thesis sample. */
  verdict: Verdict;
  /** The verdict without the thesis's flagged outlier samples (`—` when none is flagged). */
  withoutOutliers: Verdict | "—";
  /** The flagged thesis samples (`—` when none). */
  outliers: string;
  /** Why: the rule that fired, the explaining experiment and where it is shown. */
  evidence: string;
}

/** Options of {@link scoreRow}. */
export interface ScoreRowOptions extends VerdictOptions {
  /** The kind of comparison. Defaults to "reproduced result". */
  tier?: Tier;
  /** Why the row has its tier (identity: the definition; not comparable: why). Defaults to none. */
  tierReason?: string;
  /** Extra evidence text placed before the rule's (e.g. how ours was computed). Defaults to "". */
  note?: string;
  /** Names of the thesis's values (sample names), for the outlier flags. Defaults to their positions. */
  thesisLabels?: readonly string[];
}

const interval = (e: Estimate) => (e.n > 1 && !e.constant ? `[${fmt(e.low)}, ${fmt(e.high)}]` : "—");

/** Decimals of the most precise published value (the thesis's printed precision). */
function decimalsOf(values: readonly number[]): number {
  return Math.max(0, ...values.map((x) => (String(x).split(".")[1] ?? "").length));
}

/**
 * The row comparing `thesisValues` with `oursValues` (undefined or empty = not computed).
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
  const t = estimate(thesisValues);
  const o = oursValues && oursValues.length ? estimate(oursValues) : undefined;
  const decimals = decimalsOf(thesisValues);
  const round = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(decimals)) : x);
  const judged = judge(tier, t, o, options);
  const flagged = tier === "reproduced result" ? outlierIndices(thesisValues) : [];
  const kept = thesisValues.filter((_, k) => !flagged.includes(k));
  const without = flagged.length && kept.length ? judge(tier, estimate(kept), o, options).verdict : "—";
  const label = (k: number) => options.thesisLabels?.[k] ?? `value ${k + 1}`;
  const row: ScorecardRow = {
    id,
    quantity,
    tier,
    thesis: round(t.mean),
    thesisCI: interval(t),
    thesisLow: t.low,
    thesisHigh: t.high,
    thesisN: t.n,
    ours: o ? round(o.mean) : NaN,
    oursCI: o ? interval(o) : "—",
    oursLow: o ? o.low : NaN,
    oursHigh: o ? o.high : NaN,
    oursN: o ? o.n : 0,
    ratio: o && t.mean !== 0 ? o.mean / t.mean : NaN,
    verdict: judged.verdict,
    withoutOutliers: without,
    outliers: flagged.length ? flagged.map((k) => `${label(k)} = ${fmt(thesisValues[k])}`).join(", ") : "—",
    evidence: evidenceText(judged.verdict, tier, t, o, options, judged.explanation, judged.tried),
  };
  return row;
}

function judge(
  tier: Tier,
  t: Estimate,
  o: Estimate | undefined,
  options: ScoreRowOptions,
): { verdict: Verdict; explanation?: Explanation; tried: readonly Explanation[] } {
  if (tier === "not comparable") return { verdict: "not judged", tried: [] };
  if (tier !== "reproduced result") return { verdict: checkOf(t, o, options), tried: [] };
  return verdictOf(t, o, options);
}

function evidenceText(
  verdict: Verdict,
  tier: Tier,
  t: Estimate,
  o: Estimate | undefined,
  options: ScoreRowOptions,
  ex: Explanation | undefined,
  tried: readonly Explanation[],
): string {
  const tol = options.tolerance ?? 0.05;
  const parts = options.note ? [options.note] : [];
  if (options.tierReason) parts.push(`${tier}: ${options.tierReason}`);
  if (!o) parts.push("ours not computed");
  else if (verdict === "exact" || (verdict === "holds" && t.constant && o.constant))
    parts.push(t.n > 1 || o.n > 1 ? "every value equal on both sides" : "equal");
  else if (verdict === "inconclusive (thesis spread)")
    parts.push(`the thesis's interval ${interval(t)} is not informative (half-width over 25% of its mean)`);
  else if (verdict === "within noise" || verdict === "holds")
    parts.push(
      t.n >= 2
        ? "the intervals overlap"
        : `within our interval or ${Math.round(tol * 100)}% of the thesis's value`,
    );
  else if (verdict !== "not judged")
    parts.push(
      t.n >= 2
        ? `the intervals do not overlap${informative(t) ? "" : " (the thesis's is not informative)"}`
        : `outside our interval and more than ${Math.round(tol * 100)}% off`,
    );
  if (ex)
    parts.push(
      `${ex.basis === "post-hoc" ? "candidate cause (post-hoc, sized after seeing results)" : "explained"} (${ex.shownIn}): ${ex.detail}`,
    );
  else if (verdict === "differs — unexplained" && tried.length)
    parts.push(`tried ${tried.map((e) => `${e.detail} (${e.shownIn})`).join("; ")}`);
  return parts.join("; ");
}

/** Counts of rows by verdict, every verdict present (0 when none). */
export function verdictCounts(rows: readonly { verdict: Verdict }[]): Record<Verdict, number> {
  const out = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const r of rows) out[r.verdict]++;
  return out;
}

/** Counts of rows by tier and verdict: one row per tier, a column per verdict that occurs. */
export function tierVerdictCounts(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  const used = VERDICTS.filter((v) => rows.some((r) => r.verdict === v));
  return TIERS.filter((tier) => rows.some((r) => r.tier === tier)).map((tier) => {
    const c = verdictCounts(rows.filter((r) => r.tier === tier));
    return {
      tier,
      rows: rows.filter((r) => r.tier === tier).length,
      ...Object.fromEntries(used.map((v) => [v, c[v]])),
    };
  });
}
