/** Notebook 11's closing table (lib/coop/conclusions.ts): each claim with its evidence in words, its verdict and its rule. */
import { percentChange } from "../display/format";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { ConclusionEvidence, ConclusionRow } from "../../lib/coop/conclusions";
import { FINDINGS } from "../../lib/machines/findings";
import { accuracyRuleText } from "./accuracy-machines";

const BAND = `±${100 * RELATIVE_EFFECT_BAND}%`;
const VERDICT_RULE =
  "holds when every case supports the claim, fails when every case contradicts it, mixed when some do each, inconclusive otherwise";

/** A claim's evidence in words. */
function evidenceText(e: ConclusionEvidence): string {
  switch (e.kind) {
    case "accuracy":
      return e.workloads
        .map(
          (w) =>
            `${w.name}: wait ${percentChange(w.high.meanWait, w.low.meanWait)}, bounded slowdown ${percentChange(w.high.meanBsld, w.low.meanBsld)}, killed ${w.low.killed} → ${w.high.killed} (${w.verdict})`,
        )
        .join("; ");
    case "accuracy machines":
      return e.machines
        .map(
          (r) =>
            `${r.source}: wait ${(100 * r.waitChange).toFixed(1)} %, bounded slowdown ${(100 * r.bsldChange).toFixed(1)} % (${r.verdict})`,
        )
        .join("; ");
    case "shared gain":
      return e.cases
        .map(
          (c) =>
            `${c.workload} α=${c.alpha} ${c.group} wait ${percentChange(c.meanWait, c.baselineMeanWait)} (${c.outcome})`,
        )
        .join("; ");
    case "budget":
      return [e.slurm, ...e.budgets]
        .map(
          (r) =>
            `${r.scheduler}: utilisation ${r.utilisation.toFixed(3)}, mean wait ${r.meanWait.toFixed(0)} s, mean bounded slowdown ${r.meanBsld.toFixed(1)}, Jain ${r.jain.toFixed(3)}`,
        )
        .join("; ");
    case "truthful":
      return `${e.truthful.strategy}: utility ${e.truthful.aUtility.toFixed(2)}; ${e.deviation.strategy}: utility ${e.deviation.aUtility.toFixed(2)}`;
    case "core":
      return `${e.core.checked} coalitions checked by ${e.core.method}; ${e.core.violations.length} would do better alone; grand coalition's utility ${e.core.grandValue.toFixed(0)} vs ${e.core.aloneValue.toFixed(0)} without cooperation`;
    case "machines": {
      const by = (r: string) => e.findings.filter((f) => f.reading === r);
      const as = by("as in the thesis");
      return (
        `as in the thesis on ${as.length} of ${e.findings.length} machines${as.length && as.length < e.findings.length ? ` (${as.map((f) => f.source).join(", ")})` : ""}; ` +
        `unlike it on ${by("unlike the thesis").length}; undecided on ${by("undecided").length}` +
        (e.finding === FINDINGS.poa ? " (the thesis's PoA is MareNostrum4's; a ratio, so comparable)" : "")
      );
    }
  }
}

/** A claim's rule in words: how its cases are read, then how they make the verdict. */
function ruleText(e: ConclusionEvidence): string {
  switch (e.kind) {
    case "accuracy":
      return `per replayed workload, from the requests (smallest α) to exact times (largest α), ${accuracyRuleText()}; ${VERDICT_RULE}`;
    case "accuracy machines":
      return `per machine (notebook 11, the study section), ${accuracyRuleText()}; ${VERDICT_RULE}`;
    case "shared gain":
      return (
        `per workload, fraction α of users accurate and group (accurate, other): the group's mean wait against its own ` +
        `with everyone's requests (relativeEffect of one run, band ${BAND}); a case supports the claim when it is lower; ${VERDICT_RULE}`
      );
    case "budget":
      return (
        `per budget variant against Slurm (one run each, relativeEffect, band ${BAND}): it supports the claim when its mean ` +
        `bounded slowdown is lower and its utilisation not lower (a change within the band is no loss), against it when either is not; ${VERDICT_RULE}`
      );
    case "truthful":
      return "a guarantee: it fails on one computed misreport that gives the deviator a higher utility than truthful bidding";
    case "core":
      return "a guarantee: it holds when no checked coalition S has v(S) above its members' payoff in the grand coalition";
    case "machines":
      return `notebook 15's reading per machine (its rule column); ${VERDICT_RULE}`;
  }
}

/** The closing table: section, claim, evidence, verdict and rule per claim. */
export function cooperationConclusionsTable(rows: readonly ConclusionRow[]): Record<string, string>[] {
  return rows.map((r) => ({
    section: r.section,
    claim: r.claim,
    evidence: evidenceText(r.evidence),
    verdict: r.verdict,
    rule: ruleText(r.evidence),
  }));
}
