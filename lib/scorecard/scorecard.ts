/**
 * The reproduction scorecard (notebook 16, README): one or more rows for every thesis table 8–29
 * and figure 2–22, in the thesis's order, with counts by verdict. Inputs are a cleaned source
 * (Section 4 rows) and the results files of notebooks 07–10; the output is deterministic.
 */
import type { SourceCleaning } from "../clean/sources";
import type { ThesisSection4 } from "../clean/reference";
import { dataRows, gameRows } from "./data-rows";
import { MECHANISM_TABLES, mechanismTableRows } from "./mechanism-rows";
import type { ResultsFile } from "./results-file";
import { type ScorecardRow, TIERS, ratioText, tierVerdictCounts, verdictCounts } from "./row";
import { simTableRows } from "./sim-rows";
import { OUTCOMES } from "../agreement/rule";
import { explanationText } from "./explanation";
import { fmt, group } from "../display/format";

/** Inputs of {@link buildScorecard}. */
export interface ScorecardInput {
  /** The cleaned source of notebooks 03–04 (undefined: Section 4 rows are left out). */
  cleaning?: SourceCleaning;
  /** The thesis's Section 4 reference (with `cleaning`). */
  ref?: ThesisSection4;
  /** Results files by notebook name (a missing one gives "ours not computed" rows). */
  results: Partial<Record<string, ResultsFile>>;
  /** Project root. Defaults to the working directory. */
  root?: string;
}

const order = (id: string) => {
  const m = /^(Table|Figure) (\d+)/.exec(id);
  return m ? (m[1] === "Table" ? 0 : 1) * 100 + Number(m[2]) : 999;
};

/** Every scorecard row: Tables 8–29 first, then the figures not already paired with a table. */
export function buildScorecard(input: ScorecardInput): ScorecardRow[] {
  const root = input.root ?? process.cwd();
  const rows: ScorecardRow[] = [];
  if (input.cleaning && input.ref) rows.push(...dataRows(input.cleaning, input.ref));
  rows.push(...gameRows());
  for (const t of Object.keys(MECHANISM_TABLES).map(Number))
    rows.push(...mechanismTableRows(t, input.results[MECHANISM_TABLES[t].notebook], root));
  rows.push(...simTableRows(input.results["10-slurm-simulator"], root));
  return rows
    .map((r, k) => ({ r, k }))
    .sort((a, b) => order(a.r.id) - order(b.r.id) || a.k - b.k)
    .map((x) => x.r);
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
        r.withoutOutliers === "—" ? "—" : `${r.withoutOutliers} (${r.outliers})`,
      why: [r.tierReason, r.causeDetail || tried.join("; "), r.note].filter(Boolean).join("; "),
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
    `- ${r.id}, ${r.quantity}: thesis ${group(r.thesis)}, ours ${group(r.ours)}, ours / thesis ${ratioText(r)}${r.cause === "—" ? "" : ` — ${r.cause}`}`;
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
