/** The scorecard shown: its eight-column table, the evidence behind each row, the verdicts counted, and a paragraph. */
import { type ScorecardRow, TIERS, verdictCounts } from "../../lib/scorecard/row";
import { OUTCOMES } from "../../lib/agreement/rule";
import {
  causeText,
  comparisonText,
  explanationText,
  outliersText,
  provenanceText,
  ratioText,
  tierBasisText,
  tierVerdictCounts,
} from "./row-text";
import { fmt, group } from "../display/format";

/**
 * The scorecard a reader scans: eight columns — item, quantity, tier, thesis, ours, ours / thesis
 * with its 95% interval, outcome, cause. The evidence behind each row is {@link evidenceRows}.
 */
export function scorecardTable(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  return rows.map((r) => ({
    item: r.id,
    quantity: r.quantity,
    tier: r.tier,
    thesis: Number.isFinite(r.thesis) ? group(r.thesis) : "—",
    ours: Number.isFinite(r.ours) ? group(r.ours) : "—",
    "ours / thesis [95%]": ratioText(r),
    outcome: r.verdict,
    cause: r.cause,
  }));
}

/** The evidence behind each scorecard row: sample counts, each side's interval, the scale and band, the tier's reason, the experiments tried. */
export function evidenceRows(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  return rows.map((r) => {
    const a = r.agreement;
    const band =
      a.scale === "ratio"
        ? `ours / thesis within [${a.bandLow}, ${a.bandHigh}]`
        : a.scale === "difference"
          ? `ours − thesis within [${fmt(a.bandLow)}, ${fmt(a.bandHigh)}]: [${fmt(a.low)}, ${fmt(a.high)}]`
          : "exact: both constant";
    const tried = r.tried.map(explanationText);
    return {
      item: r.id,
      quantity: r.quantity,
      thesis: `${group(r.thesis)} [${fmt(r.thesisLow)}, ${fmt(r.thesisHigh)}] (n = ${r.thesisN})`,
      ours: r.oursN
        ? `${group(r.ours)} [${fmt(r.oursLow)}, ${fmt(r.oursHigh)}] (n = ${r.oursN})`
        : "not computed",
      rule:
        r.verdict === "not judged"
          ? "not judged"
          : `${band}${a.fewSamples ? "; too few samples to agree" : ""}`,
      "without the thesis's outliers":
        r.withoutOutliers === "—" ? "—" : `${r.withoutOutliers} (${outliersText(r)})`,
      why: [tierBasisText(r.tierBasis), causeText(r) || tried.join("; "), provenanceText(r.provenance)]
        .filter(Boolean)
        .join("; "),
    };
  });
}

/**
 * A markdown summary: counts per tier, then for the reproduced results each outcome with its rows
 * except the agreeing ones (what differs, what cannot be decided), and the fixed rows that do not agree.
 */
export function scorecardMarkdown(rows: readonly ScorecardRow[]): string {
  const parts: string[] = [];
  const byTier = TIERS.map((t) => [t, rows.filter((r) => r.tier === t)] as const).filter(
    ([, rs]) => rs.length,
  );
  parts.push(`**${rows.length} rows:** ${byTier.map(([t, rs]) => `${rs.length} ${t}`).join(", ")}.`);
  const line = (r: ScorecardRow) =>
    `- ${r.id}, ${r.quantity}: thesis ${group(r.thesis)}, ours ${group(r.ours)}, ${comparisonText(r)}${r.cause === "—" ? "" : ` — ${r.cause}`}`;
  const rep = rows.filter((r) => r.tier === "reproduced result");
  if (rep.length) {
    const c = verdictCounts(rep);
    parts.push(
      `**Reproduced results (${rep.length}):** ${OUTCOMES.filter((v) => c[v])
        .map((v) => `${c[v]} ${v}`)
        .join(", ")}.`,
    );
    for (const v of ["differs", "inconclusive", "not computed"] as const) {
      const rs = rep.filter((r) => r.verdict === v);
      if (rs.length) parts.push(`*${v}* (${rs.length}):\n\n${rs.map(line).join("\n")}`);
    }
  }
  const fixed = rows.filter((r) => r.tier === "by construction" || r.tier === "identity");
  const off = fixed.filter((r) => r.verdict !== "agrees");
  if (fixed.length)
    parts.push(
      `**Fixed by an input or a definition (by construction, identity):** ${fixed.length - off.length} of ${fixed.length} agree, as they must.${off.length ? `\n\nNot agreeing:\n\n${off.map(line).join("\n")}` : ""}`,
    );
  return parts.join("\n\n");
}

/** Counts by tier and outcome as display rows (one row per tier). */
export function verdictCountRows(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  return tierVerdictCounts(rows);
}

/** Counts by outcome per published item (`Table 10 / Figure 18`, `Figure 2`, …), in scorecard order. */
export function verdictsByItem(rows: readonly ScorecardRow[]): Record<string, string | number>[] {
  const by = new Map<string, ScorecardRow[]>();
  for (const r of rows) by.set(r.id, [...(by.get(r.id) ?? []), r]);
  return [...by.entries()].map(([id, rs]) => {
    const c = verdictCounts(rs);
    const used = Object.entries(c).filter(([, n]) => n > 0);
    return {
      item: id,
      tiers: [...new Set(rs.map((r) => r.tier))].join(", "),
      rows: rs.length,
      outcomes: used.map(([v, n]) => `${n} ${v}`).join(", "),
    };
  });
}
