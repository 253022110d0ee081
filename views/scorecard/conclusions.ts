/** A section's conclusion cell (notebooks 07–10): its statements by outcome, then its scorecard rows by outcome. */
import { fmt, group as grouped, percent } from "../display/format";
import { comparisonText } from "./row-text";
import { SHARE_BAND } from "../../lib/agreement/rule";
import type { CheckedClaim } from "../../lib/scorecard/conclusions";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { SHARE_DIFFERENCE_METHOD } from "../../lib/util/interval";

/** The conclusion cell: statements by outcome (with sizes), then the section's scorecard rows by outcome. */
export function conclusionMarkdown(
  title: string,
  checked: readonly CheckedClaim[],
  scorecard: readonly ScorecardRow[],
): string {
  const line = (c: CheckedClaim) =>
    `- ${c.statement} — thesis's samples ${c.thesisAgree}/${c.thesisN} (${percent(c.thesisAgree / c.thesisN, { decimals: 0 })}), ours ${c.oursAgree}/${c.oursN} (${percent(c.oursAgree / c.oursN, { decimals: 0 })}); ours − thesis ${fmt(c.difference)} [${fmt(c.low)}, ${fmt(c.high)}]` +
    (c.outcome !== "agrees" && c.why ? `. *Candidate cause (post-hoc):* ${c.why}` : "");
  const heads = {
    agrees: "hold as in the thesis",
    differs: "do not hold as in the thesis",
    inconclusive: "are inconclusive",
    "not computed": "are not computed",
  } as const;
  const group = (o: CheckedClaim["outcome"]) => {
    const cs = checked.filter((c) => c.outcome === o);
    return cs.length || o !== "not computed"
      ? `**Statements that ${heads[o]}** (${cs.length}):\n\n${cs.length ? cs.map(line).join("\n") : "- none"}`
      : "";
  };
  const rep = scorecard.filter((r) => r.tier === "reproduced result");
  const n = (o: string) => rep.filter((r) => r.verdict === o).length;
  const fixed = scorecard.filter((r) => r.tier === "by construction" || r.tier === "identity");
  const rowLine = (r: ScorecardRow) =>
    `- ${r.id} ${r.quantity}: thesis ${grouped(r.thesis)}, ours ${grouped(r.ours)}, ${comparisonText(r)} — ${r.verdict}${r.cause === "—" ? "" : ` (${r.cause})`}`;
  const notAgreeing = rep.filter((r) => r.verdict !== "agrees");
  return [
    `## Conclusion: ${title}`,
    `Each statement is tested on the share of samples where it holds, ours against the thesis's (${SHARE_DIFFERENCE_METHOD}, band ±${SHARE_BAND}).`,
    group("agrees"),
    group("differs"),
    group("inconclusive"),
    group("not computed"),
    `**This section's scorecard rows** (rule: notebook 16): ${rep.length} reproduced results — ${n("agrees")} agree, ` +
      `${n("inconclusive")} inconclusive, ${n("differs")} differ${n("not computed") ? `, ${n("not computed")} not computed` : ""}` +
      `${fixed.length ? `; ${fixed.length} rows fixed by an input or a definition (by construction or identity), ${fixed.filter((r) => r.verdict !== "agrees").length} of which do not agree` : ""}.`,
    notAgreeing.length
      ? `Reproduced results that do not agree:\n\n${notAgreeing.map(rowLine).join("\n")}`
      : "",
  ]
    .filter((s) => s !== "")
    .join("\n\n");
}
