/**
 * What the report's front page and notebook 16 lead with: an abstract of at most five sentences,
 * the few quantities that carry the thesis's argument (ours beside the thesis's, by the scorecard's
 * rule), and the open question — our Total Value is below the thesis's, and with it the Price of
 * Anarchy; TV_1A = 40·W + F8 is an identity, so F8 restates that gap rather than causing it — with
 * the out-of-sample results on a twin calibrated to F8, when that twin's results are given. Every
 * cause is quoted with the label the scorecard gives it (explained by an experiment fixed in
 * advance, a post-hoc cause, an identity), and every term is defined where it is first used.
 */
import type { AuditReport } from "../../lib/mechanism/audit";
import type { ClearingPriceRow } from "../../lib/mechanism/clearing-price";
import type { SectionStatements } from "../../lib/scorecard/conclusions";
import type { ThesisTp1aConstant } from "../../lib/scorecard/thesis-constant";
import { group } from "../display/format";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { comparisonText, ratioText } from "./row-text";

/** The quantities of the headline table: item prefix and quantity prefix, in the order shown. */
export const HEADLINE_QUANTITIES: readonly { id: string; quantity: string; why: string }[] = [
  { id: "Table 10", quantity: "TV_1A", why: "welfare of the ideal model (the optimal knapsack)" },
  { id: "Table 10", quantity: "TV_1B", why: "welfare of the greedy the thesis proposes" },
  { id: "Table 11", quantity: "TP_1A", why: "payments of the ideal model (a constant, λ·W)" },
  { id: "Table 28", quantity: "TV (simulator", why: "welfare of the Slurm simulator's first iteration" },
  { id: "Table 29", quantity: "PoA", why: "Price of Anarchy: the greedy's welfare over the simulator's" },
  {
    id: "1A/1B accounting",
    quantity: "node-minutes beyond",
    why: "F8 = TV_1A − TP_1A, read off Tables 10–11: it restates TV_1A (TV_1A = 40·W + F8)",
  },
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
            ours: Number.isFinite(r.ours) ? group(r.ours) : "not computed",
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
  /** The thesis's TP_1A constant and its special sample's value (thesisTp1aConstant). Defaults to none. */
  constant?: ThesisTp1aConstant;
  /** The thesis's statements of each section, checked (sectionStatements). Defaults to none. */
  statements?: readonly SectionStatements[];
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

/** The scorecard's rows proper: the 1A/1B accounting analyses them and is not counted among them. */
const scored = (rows: readonly ScorecardRow[]) => rows.filter((r) => !r.id.startsWith("1A/1B"));

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

/** A row's cause as the scorecard labels it, as a clause ("" when none). */
function causeClause(r: ScorecardRow): string {
  if (r.cause === "explained") return `explained by ${r.causeBy?.experiment}, an experiment fixed in advance`;
  if (r.cause === "post-hoc cause")
    return `its one candidate cause, ${r.causeBy?.experiment}, is post-hoc (set after the results were seen)`;
  if (r.verdict === "differs") return "no stored experiment explains it";
  return "";
}

/** "TV (Table 28)": a row's quantity and item. */
const named = (r: ScorecardRow) => `${r.quantity.split(" (")[0].split(" = ")[0]} (${r.id.split(" / ")[0]})`;

/** The out-of-sample rows on the calibrated twin beside ours on the default twin, outcome changes named. */
function outOfSampleText(base: readonly ScorecardRow[], calibrated: readonly ScorecardRow[]): string {
  return outOfSampleRows(calibrated)
    .map((r) => {
      const b = outOfSampleRows(base).find((x) => x.id === r.id && x.quantity === r.quantity);
      const moved =
        b && b.verdict !== r.verdict ? ` (on the default twin ${b.verdict}, ${ratioText(b)})` : "";
      return `${named(r)} ${r.verdict}, ${comparisonText(r)}${moved}`;
    })
    .join("; ");
}

/** The reproduced rows that still differ on the calibrated twin, largest first. */
function stillDiffer(calibrated: readonly ScorecardRow[], shown = 4): { n: number; text: string } {
  const size = (r: ScorecardRow) => (r.ratio > 0 ? Math.abs(Math.log(r.ratio)) : Infinity);
  const out = new Set(outOfSampleRows(calibrated));
  const diff = scored(calibrated).filter(
    (r) => r.tier === "reproduced result" && r.verdict === "differs" && !out.has(r),
  );
  const top = [...diff].sort((a, b) => size(b) - size(a)).slice(0, shown);
  return { n: diff.length, text: top.map((r) => `${named(r)} ${comparisonText(r)}`).join(", ") };
}

/** "3 agree, 5 inconclusive and 2 differ" over reproduced rows. */
function outcomeCounts(rows: readonly ScorecardRow[]): string {
  const n = (o: string) => rows.filter((r) => r.verdict === o).length;
  return `${n("agrees")} agree, ${n("inconclusive")} are inconclusive and ${n("differs")} differ`;
}

/** What the twin calibrated to F8 is, and why its out-of-sample claim is narrower than its name. */
function calibratedTwin(source: string): string {
  return (
    `\`${source}\` — the twin calibrated as well to F7 (the share of jobs planned above 40 minutes) and F8, in a ` +
    "declaration committed before anything ran on it, whose F8 knob (the rank correlation of minutes and nodes among " +
    "the long jobs) is twin v4's, chosen after v4's TV_2B, TV_4B and PoA had been seen"
  );
}

/** The open question in a paragraph: the TV gap, F8's identity, and the calibrated twin's results. */
export function openQuestionMarkdown(x: HeadlineInput): string {
  const tv = totalValues(x.rows).filter((r) => r.tier === "reproduced result");
  const f8 = find(x.rows, "1A/1B accounting", "node-minutes beyond");
  const poa = find(x.rows, "Table 29", "PoA");
  const tv1a = find(x.rows, "Table 10", "TV_1A");
  if (!tv.length) return "";
  const parts = [
    `**The open question.** Our Total Value is below the thesis's in every experiment of Table 10 (ours / thesis ${range(tv)})` +
      (poa
        ? `, and so is the Price of Anarchy (${group(poa.ours)} against ${group(poa.thesis)}, ${poa.verdict}).`
        : "."),
  ];
  if (f8)
    parts.push(
      `In every ordinary sample TP_1A = 40·W, so TV_1A = 40·W + F8 exactly. F8, the node-minutes the jobs planned above ` +
        `40 minutes hold beyond 40 (lib/twin/derived-facts.ts), is ${group(f8.ours)} in ours against the thesis's ${group(f8.thesis)} ` +
        `(${comparisonText(f8)}). That is an identity: F8 is read off Tables 10–11, so its gap restates TV_1A's and does not ` +
        `explain it${tv1a && causeClause(tv1a) ? `; for TV_1A itself ${causeClause(tv1a)}` : ""}.`,
    );
  if (x.calibrated && /^twin/.test(x.source)) {
    const fixed = totalValues(x.calibrated.rows).filter((r) => r.tier === "by construction");
    const still = stillDiffer(x.calibrated.rows);
    parts.push(
      `On ${calibratedTwin(x.calibrated.source)}, ${fixed.map((r) => r.quantity).join(" and ")} ` +
        `${fixed.length === 1 ? "is" : "are"} by construction; the quantities it was not built to: ` +
        `${outOfSampleText(x.rows, x.calibrated.rows)}.` +
        (still.n
          ? ` ${still.n} other reproduced quantities still differ on it (largest: ${still.text}), so the gap is not F8's alone.`
          : ""),
    );
  } else
    parts.push(
      "The twin calibrated to F7 and F8 has not been run here (notebook 16's `CALIBRATED` parameter).",
    );
  return parts.join(" ");
}

/** The abstract: at most five sentences, every number computed, every term defined where first used. */
export function abstractMarkdown(x: HeadlineInput): string {
  const rep = scored(x.rows).filter((r) => r.tier === "reproduced result");
  const fixed = scored(x.rows).filter((r) => r.tier === "by construction" || r.tier === "identity").length;
  const twin = /^twin/.test(x.source);
  const tv = totalValues(x.rows).filter((r) => r.tier === "reproduced result");
  const poa = find(x.rows, "Table 29", "PoA");
  const f8 = find(x.rows, "1A/1B accounting", "node-minutes beyond");
  const tv1a = find(x.rows, "Table 10", "TV_1A");
  const claims = (x.statements ?? []).flatMap((s) => s.claims);
  const c = (o: string) => claims.filter((k) => k.outcome === o).length;
  const sections = (x.statements ?? []).map(
    (s) => `§${s.section}: ${s.claims.filter((k) => k.outcome === "agrees").length} of ${s.claims.length}`,
  );
  const sentences = [
    `On ${twin ? "a synthetic twin of the thesis's private MareNostrum4 jobs" : `\`${x.source}\``}, of the ` +
      `thesis's ${rep.length} reproduced quantities ${outcomeCounts(rep)} (agreeing means within ±5%); ${fixed} further ` +
      "rows, fixed by an input or by a definition, are not counted" +
      (claims.length
        ? `; of its ${claims.length} statements relating experiments (tested on the share of samples where each holds) ` +
          `${c("agrees")} hold as in the thesis (${sections.join(", ")}), ${c("differs")} ${c("differs") === 1 ? "does" : "do"} not ` +
          `and ${c("inconclusive")} ${c("inconclusive") === 1 ? "is" : "are"} inconclusive.`
        : "."),
  ];
  if (x.audit)
    sentences.push(
      `The auditor finds ${x.audit.report.profitable.length} profitable misreports for ${x.audit.label} — the greedy by bid ` +
        `per node with the thesis's Clarke re-run, the model the thesis calls ideal — on ${x.audit.sample}: it is not DSIC.`,
    );
  if (x.constant) {
    const k = x.constant;
    const holds = x.clearing?.filter((r) => r.tpEqualsLambdaTW).length ?? 0;
    sentences.push(
      `The thesis derives its ordinary samples' TP_1A = ${group(k.ordinary.TP_1A)} = ${group(k.ordinary.lambda)} · ${group(k.W)} ` +
        `itself (§6.3.1) but could not explain ${k.special.sample.replace(/\.txt$/, "")}'s ${group(k.special.TP_1A)}; with λ ` +
        `the clearing planned time (where the jobs, longest planned first, first fill the W nodes) TP_1A = λ·W, and ` +
        `${group(k.special.TP_1A)} = ${group(k.special.lambda)} · ${group(k.W)}: λ = ${group(k.special.lambda)} minutes` +
        (x.clearing?.length && twin
          ? `; on the twin, calibrated to λ = ${group(k.ordinary.lambda)} and ${group(k.special.lambda)} (input fact F4), ` +
            `it holds in ${holds} of ${x.clearing.length} samples by construction, not as evidence.`
          : x.clearing?.length
            ? `; it holds in ${holds} of ${x.clearing.length} samples here.`
            : "."),
    );
  }
  if (tv.length && f8)
    sentences.push(
      `Our Total Value is ${range(tv)} of the thesis's` +
        (poa
          ? ` and our Price of Anarchy ${group(poa.ours)} against ${group(poa.thesis)} (${poa.verdict})`
          : "") +
        `; TV_1A = 40·W + F8, F8 the node-minutes that jobs planned above 40 minutes hold beyond 40, is an identity, so ` +
        `F8 — ${group(f8.ours)} in ours against ${group(f8.thesis)} — restates that gap rather than causing it` +
        (tv1a && causeClause(tv1a) ? `, and for TV_1A ${causeClause(tv1a)}.` : "."),
    );
  if (x.calibrated && twin) {
    const still = stillDiffer(x.calibrated.rows);
    sentences.push(
      `On ${calibratedTwin(x.calibrated.source)}: ${outOfSampleText(x.rows, x.calibrated.rows)}` +
        (still.n
          ? `; ${still.n} other reproduced quantities still differ on it, which F8 does not account for (largest: ${still.text}).`
          : "."),
    );
  }
  return sentences.slice(0, 5).join(" ");
}
