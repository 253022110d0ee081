/** A scorecard row's parts as tables and sentences show them: ours / thesis, the cause, the outliers, the counts by tier. */
import { fmt } from "../display/format";
import { OUTCOMES } from "../../lib/agreement/rule";
import type { Explanation } from "../../lib/scorecard/explanation";
import { type ScorecardRow, TIERS, verdictCounts } from "../../lib/scorecard/row";
import type { IdentityId, Provenance, TierBasis } from "../../lib/scorecard/tier-basis";
import { DEPENDENCIES } from "../../lib/scorecard/dependencies";
import { MARENOSTRUM4 } from "../../lib/io/job-record";

const IDENTITY_TEXT: Record<IdentityId, string> = {
  "vcg-within-bid": "VCG (the exact optimum with Clarke payments) charges no winner more than her bid",
  "clarke-never-negative":
    "Clarke payments are never negative for the exact optimum and the halting greedy: without a winner the others keep every node they had",
  "optimum-fills-w":
    "an optimum never leaves free nodes that an unselected job fits, and samples drawn to ask for 2W nodes hold such jobs",
  "halting-greedy-within-bid":
    "the halting greedy by b/w with the Clarke re-run capped at the nodes its solution covers: without a winner the re-run admits only later jobs, of bid per node at most hers, into at most her nodes, so no winner pays more than her bid (with the re-run at W it is a reproduced result)",
  "restates-published":
    "read off the thesis's published columns by an exact identity of experiment 1A (lib/twin/derived-facts.ts): it restates those rows in another form, not a value the thesis publishes",
};

/** Why a row has its tier, in words ("" for a reproduced result). */
export function tierBasisText(b: TierBasis): string {
  switch (b.kind) {
    case "reproduced":
      return "";
    case "identity":
      return IDENTITY_TEXT[b.identity];
    case "model":
      return b.follows === "game payoffs"
        ? "follows from the game's payoffs"
        : "follows from the network's delay functions";
    case "input":
      return `${b.input}: ${DEPENDENCIES.find((d) => d.input === b.input)?.how ?? "an input of the run"}`;
    case "calibrated":
      return b.to === "Section 4"
        ? "the twin is calibrated to Section 4's published counts and summaries (data/README.md)"
        : `${b.source} is calibrated to ${b.to}`;
    case "another solver":
      return "wall-clock time of another solver (OR-Tools) on another machine";
    case "another machine":
      return b.W === null
        ? `${b.source} is another machine than the thesis's MareNostrum4: its Total Values are not judged (the PoA, a ratio, is)`
        : `${b.source} on W = ${b.W} nodes is another machine than the thesis's MareNostrum4 (W = ${MARENOSTRUM4.nodes}): ` +
            `shown ${b.scale === "per node" ? "per node of W" : "per job of the sample"}, not judged`;
    case "another log":
      return `${b.source} is another kind of log than the thesis's Autosubmit logs`;
  }
}

/** Where a row's values come from, in words ("" when none is recorded). */
export function provenanceText(p: Provenance): string {
  const caption = (c: string | null) => (c ? `; the thesis's caption: "${c}"` : "");
  switch (p.kind) {
    case "none":
      return "";
    case "results":
      return `thesis: its ${p.thesisSamples} ordinary samples; ours: ${p.notebook}, ${p.oursSamples} ${p.samples} samples${caption(p.caption)}`;
    case "no results":
      return `no results file of ${p.notebook}${caption(p.caption)}`;
    case "wall clock":
      return "ours is measured in notebook 16 (wall clock on this machine, so not stored in the results file)";
    case "published statistics":
      return `${p.count} published statistics`;
    case "count":
      return p.printed
        ? `a count; the thesis prints ${p.printed.table8} in Table 8 and ${p.printed.figure2} in Figure 2 for the same set (notebook 03)`
        : "a count";
    case "stated":
      return p.statement === "around 16"
        ? 'the thesis states "around 16"'
        : "the thesis states a shape, not a number: half of 40 minutes";
    case "solved":
      return p.by === "game"
        ? "notebook 05 solves the game"
        : `notebook 05: Wardrop equilibrium on a ${p.steps}-step grid`;
    case "identity samples":
      return `ours: the ${p.kept} of ${p.all} statistics samples of ${p.notebook} where TP_1A = ${p.band}·W and TW_1A = W (the identities hold); thesis: its ordinary samples`;
  }
}

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

/**
 * A row's comparison in a sentence, named by its scale so that a quantity is worded one way
 * wherever it is quoted: "ours / thesis 0.873 [0.822, 0.928]", or, for a row judged on the
 * difference, "ours − thesis 43.1 [15.1, 71.1]"; "not computed" when ours is missing.
 */
export function comparisonText(r: ScorecardRow): string {
  if (!r.oursN) return "not computed";
  const a = r.agreement;
  if (a.scale === "difference")
    return `ours − thesis ${fmt((a.low + a.high) / 2)} [${fmt(a.low)}, ${fmt(a.high)}]`;
  return `ours / thesis ${ratioText(r)}`;
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
