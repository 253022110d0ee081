/**
 * What the report's front page and notebook 16 lead with: an abstract of at most five sentences,
 * the few quantities that carry the thesis's argument (ours beside the thesis's, by the scorecard's
 * rule), and the open question — our Total Value is below the thesis's, and with it the Price of
 * Anarchy, because of an input quantity (F8) of the private data — with the out-of-sample results
 * on a twin calibrated to it, when that twin's results are given.
 */
import type { AuditReport } from "../../lib/mechanism/audit";
import type { ClearingPriceRow } from "../../lib/mechanism/clearing-price";
import { group } from "../display/format";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { ratioText } from "./row-text";

/** The quantities of the headline table: item prefix and quantity prefix, in the order shown. */
export const HEADLINE_QUANTITIES: readonly { id: string; quantity: string; why: string }[] = [
  { id: "Table 10", quantity: "TV_1A", why: "welfare of the ideal model (the optimal knapsack)" },
  { id: "Table 10", quantity: "TV_1B", why: "welfare of the greedy the thesis proposes" },
  { id: "Table 11", quantity: "TP_1A", why: "payments of the ideal model (a constant, λ·W)" },
  { id: "Table 28", quantity: "TV (simulator", why: "welfare of the Slurm simulator's first iteration" },
  { id: "Table 29", quantity: "PoA", why: "Price of Anarchy: the greedy's welfare over the simulator's" },
  { id: "1A/1B accounting", quantity: "node-minutes beyond", why: "F8, the input behind TV_1A = 40·W + F8" },
];

/** The headline table: one row per {@link HEADLINE_QUANTITIES} entry found in `rows`. */
export function headlineTable(rows: readonly ScorecardRow[]): Record<string, string>[] {
  return HEADLINE_QUANTITIES.flatMap((h) => {
    const r = rows.find((x) => x.id.startsWith(h.id) && x.quantity.startsWith(h.quantity));
    return r
      ? [
          {
            quantity: `${r.quantity.split(" (")[0]} (${r.id.split(" / ")[0]})`,
            "what it is": h.why,
            thesis: group(r.thesis),
            ours: Number.isFinite(r.ours) ? group(r.ours) : "—",
            "ours / thesis [95%]": ratioText(r),
            tier: r.tier,
            outcome: r.verdict,
          },
        ]
      : [];
  });
}

/** What {@link abstractMarkdown} and {@link openQuestionMarkdown} read. */
export interface HeadlineInput {
  /** The job source of the scorecard. */
  source: string;
  /** Every scorecard row (buildScorecard) plus the 1A/1B accounting rows (oneAAccounting), when computed. */
  rows: readonly ScorecardRow[];
  /** The auditor on the thesis's ideal model, 1B with Clarke payments, on one sample. Defaults to none. */
  audit?: { label: string; sample: string; report: AuditReport };
  /** The clearing-price check of TP_1A on the samples (clearingPriceCheck). Defaults to none. */
  clearing?: readonly ClearingPriceRow[];
  /** The scorecard rows on a twin calibrated to F7 and F8, with its source name. Defaults to none. */
  calibrated?: { source: string; rows: readonly ScorecardRow[] };
}

const find = (rows: readonly ScorecardRow[], id: string, quantity: string) =>
  rows.find((r) => r.id.startsWith(id) && r.quantity.startsWith(quantity));

const range = (rs: readonly ScorecardRow[]) => {
  const xs = rs.map((r) => r.ratio).filter(Number.isFinite);
  const lo = Math.min(...xs),
    hi = Math.max(...xs);
  return lo === hi ? lo.toFixed(2) : `${lo.toFixed(2)}–${hi.toFixed(2)}`;
};

/** The rows of Table 10 (Total Value), by construction or not. */
const totalValues = (rows: readonly ScorecardRow[]) =>
  rows.filter((r) => r.id.startsWith("Table 10") && r.quantity.startsWith("TV_"));

/** The out-of-sample quantities on a calibrated twin: 2B, 3B, 4B's Total Values, the simulator's TV and the PoA. */
export function outOfSampleRows(rows: readonly ScorecardRow[]): ScorecardRow[] {
  return [
    ...["TV_3B", "TV_2B", "TV_4B"].flatMap((q) =>
      rows.filter((r) => r.id.startsWith("Table 10") && r.quantity === q),
    ),
    ...rows.filter((r) => r.id.startsWith("Table 28") && r.quantity.startsWith("TV (simulator")),
    ...rows.filter((r) => r.id.startsWith("Table 29")),
  ];
}

/** The open question in a paragraph: the TV gap, its input cause, and the calibrated twin's out-of-sample results. */
export function openQuestionMarkdown(x: HeadlineInput): string {
  const tv = totalValues(x.rows).filter((r) => r.tier === "reproduced result");
  const f8 = find(x.rows, "1A/1B accounting", "node-minutes beyond");
  const poa = find(x.rows, "Table 29", "PoA");
  if (!tv.length) return "";
  const parts = [
    `**The open question.** Our Total Value is below the thesis's in every experiment of Table 10 (ours / thesis ${range(tv)})` +
      (poa ? `, and so is the Price of Anarchy (${group(poa.ours)} against ${group(poa.thesis)}).` : "."),
  ];
  if (f8)
    parts.push(
      `In every ordinary sample TP_1A = 40·W, so TV_1A = 40·W + F8 exactly, F8 being the node-minutes the jobs planned above ` +
        `40 minutes hold beyond 40 (lib/twin/derived-facts.ts): ours ${group(f8.ours)} against the thesis's ${group(f8.thesis)} ` +
        `(ours / thesis ${ratioText(f8)}, ${f8.verdict}). The gap is an input property of the private data, not of the mechanisms.`,
    );
  if (x.calibrated && /^twin/.test(x.source)) {
    const out = outOfSampleRows(x.calibrated.rows);
    const fixed = totalValues(x.calibrated.rows).filter((r) => r.tier === "by construction");
    parts.push(
      `On \`${x.calibrated.source}\`, a twin declared to meet F7 and F8 before it was run, ${fixed.map((r) => r.quantity).join(" and ")} ` +
        `${fixed.length === 1 ? "is" : "are"} by construction; the quantities it was not built to are out of sample: ` +
        out.map((r) => `${r.quantity.split(" (")[0]} ${ratioText(r)} ${r.verdict}`).join("; ") +
        ".",
    );
  } else
    parts.push(
      "The twin calibrated to F7 and F8 has not been run here (notebook 16's `CALIBRATED` parameter).",
    );
  return parts.join(" ");
}

/** The abstract: at most five sentences, every number computed. */
export function abstractMarkdown(x: HeadlineInput): string {
  const rep = x.rows.filter((r) => r.tier === "reproduced result" && !r.id.startsWith("1A/1B"));
  const n = (o: string) => rep.filter((r) => r.verdict === o).length;
  const fixed = x.rows.filter((r) => r.tier === "by construction" || r.tier === "identity").length;
  const twin = /^twin/.test(x.source);
  const tv = totalValues(x.rows).filter((r) => r.tier === "reproduced result");
  const poa = find(x.rows, "Table 29", "PoA");
  const f8 = find(x.rows, "1A/1B accounting", "node-minutes beyond");
  const sentences = [
    `On ${twin ? "a synthetic twin of the thesis's private MareNostrum4 jobs" : `\`${x.source}\``}, ${n("agrees")} of the ` +
      `thesis's ${rep.length} reproduced quantities agree with it within ±5%, ${n("inconclusive")} are inconclusive and ` +
      `${n("differs")} differ; ${fixed} further rows are fixed by an input or a definition and are not counted.`,
  ];
  if (x.audit)
    sentences.push(
      `The auditor finds ${x.audit.report.profitable.length} profitable misreports for ${x.audit.label}, the model the thesis ` +
        `calls ideal, on ${x.audit.sample}: it is not DSIC.`,
    );
  if (x.clearing?.length)
    sentences.push(
      `TP_1A = λ·W, λ the clearing planned time, holds exactly in ${x.clearing.filter((r) => r.tpEqualsLambdaTW).length} ` +
        `of ${x.clearing.length} samples: it explains the constant the thesis found and could not explain.`,
    );
  if (tv.length && f8)
    sentences.push(
      `Our Total Value is ${range(tv)} of the thesis's${poa ? ` and our Price of Anarchy ${group(poa.ours)} against ${group(poa.thesis)}` : ""}, ` +
        `because F8 — node-minutes of jobs planned above 40 minutes — is ${group(f8.ours)} in ours against ${group(f8.thesis)}, an input of the private data.`,
    );
  if (x.calibrated && twin) {
    const out = outOfSampleRows(x.calibrated.rows);
    sentences.push(
      `On a twin calibrated to that input (\`${x.calibrated.source}\`), of ${out.length} quantities out of sample ` +
        `${["agrees", "inconclusive", "differs"].map((o) => `${out.filter((r) => r.verdict === o).length} ${o === "agrees" ? "agree" : o === "differs" ? "differ" : o}`).join(", ")}.`,
    );
  }
  return sentences.slice(0, 5).join(" ");
}
