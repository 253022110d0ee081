/** A scorecard row's parts as tables and sentences show them: ours / thesis, the cause, the outliers, the counts by tier. */
import { fmt } from "../display/format";
import { OUTCOMES } from "../../lib/agreement/rule";
import type { Explanation } from "../../lib/scorecard/explanation";
import { type ScorecardRow, TIERS, verdictCounts } from "../../lib/scorecard/row";

/**
 * ours / thesis with its 95% interval as a table shows it ("0.873 [0.822, 0.928]"); a row judged on
 * the difference scale shows ours − thesis ("Δ −6.9 [−16.1, 3.2]"); "—" when undefined.
 */
export function ratioText(r: ScorecardRow): string {
  const a = r.agreement;
  if (a.scale === "difference") return `Δ ${fmt((a.low + a.high) / 2)} [${fmt(a.low)}, ${fmt(a.high)}]`;
  if (!Number.isFinite(r.ratio)) return "—";
  return Number.isFinite(r.ratioLow) && r.ratioLow !== r.ratioHigh
    ? `${r.ratio.toFixed(3)} [${r.ratioLow.toFixed(3)}, ${r.ratioHigh.toFixed(3)}]`
    : r.ratio.toFixed(3);
}

/** One line of evidence for an explanation. */
export function explanationText(e: Explanation): string {
  const s = e.shift;
  const moved =
    s.outcome === "higher" || s.outcome === "lower"
      ? `moves ours from ${fmt(e.base.mean)} to ${fmt(e.under.mean)} on the same ${e.under.n} samples (shift ${fmt(s.mean)} [${fmt(s.low)}, ${fmt(s.high)}])`
      : `changes nothing beyond noise on the same ${e.under.n} samples`;
  const breaks = e.breaks.length ? `; it breaks ${e.breaks.join(", ")}` : "";
  return `${e.experiment} (${e.shownIn}): ${moved}${breaks}`;
}

/** The experiment or the components behind a row's cause ("" when none). */
export function causeText(r: ScorecardRow): string {
  if (r.cancelling.length)
    return `AD = (TV − TP)/n: ${r.cancelling.map((c) => `${c.quantity} ×${c.ratio.toFixed(2)} differs`).join(", ")}`;
  return r.causeBy ? explanationText(r.causeBy) : "";
}

/** The flagged thesis samples ("value 3 = 1.2e+05, …"), `—` when none. */
export function outliersText(r: ScorecardRow): string {
  return r.outliers.length ? r.outliers.map((o) => `${o.label} = ${fmt(o.value)}`).join(", ") : "—";
}

/** Counts of rows by tier and outcome: one row per tier, a column per outcome that occurs. */
export function tierVerdictCounts(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  const used = OUTCOMES.filter((v) => rows.some((r) => r.verdict === v));
  return TIERS.filter((tier) => rows.some((r) => r.tier === tier)).map((tier) => {
    const c = verdictCounts(rows.filter((r) => r.tier === tier));
    return {
      tier,
      rows: rows.filter((r) => r.tier === tier).length,
      ...Object.fromEntries(used.map((v) => [v, c[v]])),
    };
  });
}
