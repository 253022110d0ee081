/**
 * One scorecard row: a published quantity (thesis table or figure), the thesis's value (mean and
 * 95% CI over its samples where it has several), ours (mean and 95% CI over our samples), the
 * ratio ours / thesis, the verdict of lib/scorecard/verdict.ts and the evidence behind it.
 */
import { invalidArgument } from "../util/errors";
import {
  type Estimate,
  type Explanation,
  type Verdict,
  type VerdictOptions,
  estimate,
  fmt,
  verdictOf,
} from "./verdict";

/** A scorecard row. */
export interface ScorecardRow {
  /** Published item, e.g. `Table 10` or `Figure 21`. */
  id: string;
  /** The quantity compared, e.g. `TV_1A (mean over samples)`. */
  quantity: string;
  /** Thesis mean (or single value). */
  thesis: number;
  /** Thesis 95% CI, as text (`—` for a single value). */
  thesisCI: string;
  /** Thesis values behind the mean. */
  thesisN: number;
  /** Our mean (NaN when not computed). */
  ours: number;
  /** Our 95% CI, as text. */
  oursCI: string;
  /** Our values behind the mean. */
  oursN: number;
  /** ours / thesis (NaN when the thesis's value is 0 or ours is missing). */
  ratio: number;
  /** The verdict. */
  verdict: Verdict;
  /** Why: the rule that fired, the explaining experiment and where it is shown. */
  evidence: string;
}

/** Options of {@link scoreRow}. */
export interface ScoreRowOptions extends VerdictOptions {
  /** Extra evidence text placed before the rule's (e.g. how ours was computed). Defaults to "". */
  note?: string;
}

const ci = (e: Estimate) => (e.n > 1 && !e.constant ? `[${fmt(e.low)}, ${fmt(e.high)}]` : "—");

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
  const t = estimate(thesisValues);
  const o = oursValues && oursValues.length ? estimate(oursValues) : undefined;
  const v = verdictOf(t, o, options);
  return {
    id,
    quantity,
    thesis: t.mean,
    thesisCI: ci(t),
    thesisN: t.n,
    ours: o ? o.mean : NaN,
    oursCI: o ? ci(o) : "—",
    oursN: o ? o.n : 0,
    ratio: o && t.mean !== 0 ? o.mean / t.mean : NaN,
    verdict: v.verdict,
    evidence: evidenceText(v.verdict, t, o, options, v.explanation),
  };
}

function evidenceText(
  verdict: Verdict,
  t: Estimate,
  o: Estimate | undefined,
  options: ScoreRowOptions,
  ex?: Explanation,
): string {
  const tol = options.tolerance ?? 0.05;
  const parts = options.note ? [options.note] : [];
  if (!o) parts.push("ours not computed");
  else if (verdict === "exact") parts.push(t.n > 1 || o.n > 1 ? "every value equal on both sides" : "equal");
  else if (verdict === "within noise")
    parts.push(
      t.n >= 2 ? "95% CIs overlap" : `within our CI or ${Math.round(tol * 100)}% of the thesis's value`,
    );
  else
    parts.push(
      t.n >= 2 ? "95% CIs do not overlap" : `outside our CI and more than ${Math.round(tol * 100)}% off`,
    );
  if (ex) parts.push(`explained (${ex.shownIn}): ${ex.detail}`);
  else if (verdict === "differs — unexplained") {
    const tried = (options.explanations ?? []).map((e) => `${e.detail} (${e.shownIn})`);
    if (tried.length) parts.push(`tried ${tried.join("; ")}`);
  }
  return parts.join("; ");
}

/** Counts of rows by verdict, every verdict present (0 when none). */
export function verdictCounts(rows: readonly { verdict: Verdict }[]): Record<Verdict, number> {
  const out: Record<Verdict, number> = {
    exact: 0,
    "within noise": 0,
    "differs — explained": 0,
    "differs — unexplained": 0,
  };
  for (const r of rows) out[r.verdict]++;
  return out;
}
