/**
 * The headline findings of notebooks 07–09 (thesis Sections 6.3.1–6.3.3, Tables 10–27), as
 * markdown built from their results, strongest first: what the notebook shows beyond the thesis
 * (the auditor's refutation of the thesis's DSIC claim, the clearing-price identity TP_1A = λ·W),
 * then the section's headline quantity, the scorecard's outcomes of the section's rows (one per
 * quantity, by tier: only reproduced results count as reproductions), the agreeing quantities with
 * what stands behind them, the largest differences, the section's statements, and the payments.
 * On a source that is not a twin of the thesis's data, its rows are another machine's and not
 * judged: the findings say what the data shows and which statements hold on it.
 */
import type { ClearingPriceRow } from "../../lib/mechanism/clearing-price";
import type { AuditReport } from "../../lib/mechanism/audit";
import type { PaymentRuleSummary, PriorityVariantRow } from "../../lib/mechanism/round-statistics";
import { readThesisTable } from "../../lib/io/thesis-tables";
import { group } from "../display/format";
import { keyword } from "../../lib/util/options";
import type { CheckedClaim } from "../../lib/scorecard/conclusions";
import { MECHANISM_TABLES } from "../../lib/scorecard/mechanism-rows";
import type { ScorecardRow } from "../../lib/scorecard/row";
import type { ThesisTp1aConstant } from "../../lib/scorecard/thesis-constant";
import { causeText, comparisonText } from "./row-text";

/** A differing row's cause with its label, as the scorecard gives it ("" when none). */
const causeLabel = (r: ScorecardRow) =>
  r.cause === "—" || r.cause === "cancelling errors"
    ? ""
    : ` (${r.cause}${r.causeBy ? `: ${r.causeBy.experiment}` : ""})`;

/** The notebooks of Section 6.3.1–6.3.3 and their sections. */
const SECTIONS = {
  "07-main-experiments": "6.3.1",
  "08-greedy-modified": "6.3.2",
  "09-priority-model": "6.3.3",
} as const;

/** A notebook of Sections 6.3.1–6.3.3. */
export type RoundNotebook = keyof typeof SECTIONS;

/** What {@link roundFindings} reads. */
export interface RoundFindingsInput {
  /** The notebook. */
  notebook: RoundNotebook;
  /** The job source (`SOURCE`), named in the opening sentence. */
  source: string;
  /** Our statistics samples behind the scorecard rows. */
  samples: number;
  /** The scorecard rows of the notebook's tables (mechanismTableRows). */
  scored: readonly ScorecardRow[];
  /** The section's statements checked on the thesis's samples and ours (checkClaims). */
  claims: readonly CheckedClaim[];
  /** Notebook 07: the auditor on the thesis's ideal model, 1B with Clarke payments. Defaults to none. */
  audit?: { label: string; sample: string; report: AuditReport; critical?: AuditReport };
  /** Notebook 07: the clearing-price check of TP_1A per sample. Defaults to none. */
  clearing?: readonly ClearingPriceRow[];
  /** Notebook 07: the thesis's TP_1A constant and its special sample's value (thesisTp1aConstant). Defaults to none. */
  constant?: ThesisTp1aConstant;
  /** Clarke and critical payments summarised per experiment (paymentRuleSummary). Defaults to none. */
  payments?: readonly PaymentRuleSummary[];
  /** Notebook 09: the priority list skipping and halting (priorityVariants). Defaults to none. */
  variants?: readonly PriorityVariantRow[];
  /** Project root holding data/reference. Defaults to the working directory. */
  root?: string;
}

const tableOf = (r: ScorecardRow) => Number(/^Table (\d+)/.exec(r.id)?.[1] ?? NaN);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a, b and c" */
function list(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The section's tables and figures, e.g. "Tables 10–18, Figures 18–19". */
function sectionItems(notebook: RoundNotebook): { tables: number[]; text: string } {
  const tables = Object.keys(MECHANISM_TABLES)
    .map(Number)
    .filter((t) => MECHANISM_TABLES[t].notebook === notebook);
  const figures = tables.map((t) => MECHANISM_TABLES[t].figure).filter((f): f is number => f !== undefined);
  const span = (xs: number[]) => (xs.length > 1 ? `${xs[0]}–${xs[xs.length - 1]}` : `${xs[0]}`);
  const figs = figures.length ? `, Figure${figures.length > 1 ? "s" : ""} ${span(figures)}` : "";
  return { tables, text: `Tables ${span(tables)}${figs}` };
}

/** Notebook 07: the auditor on the thesis's ideal model. */
function auditLine(a: NonNullable<RoundFindingsInput["audit"]>): string {
  const p = a.report.profitable.length;
  const critical = a.critical
    ? `; with critical (Myerson) payments it finds ${a.critical.profitable.length}`
    : "";
  return p
    ? `- **The thesis's ideal model is not DSIC.** The auditor finds ${count(p, "profitable misreport")} for ` +
        `${a.label}, the model the thesis calls ideal (Section 6.3.1: PM = 0, "no player regrets"), among ` +
        `${a.report.playersChecked} players of ${a.sample} (${group(a.report.misreportsTried)} misreports tried)${critical}: ` +
        `PM = 0 shows individual rationality, not truthfulness (section 6).`
    : `- **The auditor** finds no profitable misreport for ${a.label} among ${a.report.playersChecked} players of ${a.sample} ` +
        `(${group(a.report.misreportsTried)} misreports tried)${critical}.`;
}

/** Notebook 07: TP_1A = λ·TW_1A, what the thesis derived itself and what it could not explain. */
function clearingLine(rows: readonly ClearingPriceRow[], twin: boolean, k?: ThesisTp1aConstant): string {
  if (!rows.length) return "";
  const holds = rows.filter((r) => r.tpEqualsLambdaTW).length;
  const lambdas = new Map<number, string[]>();
  for (const r of rows) lambdas.set(r.lambda, [...(lambdas.get(r.lambda) ?? []), r.sample]);
  const byLambda = [...lambdas].sort((a, b) => b[1].length - a[1].length);
  const where = byLambda
    .map(
      ([l, ss]) =>
        `λ = ${group(l)} minutes in ${ss.length === 1 ? ss[0].replace(/\.txt$/, "") : `${ss.length} of them`}`,
    )
    .join(", ");
  const thesis = k
    ? `The thesis derives its ordinary samples' ${group(k.ordinary.TP_1A)} = ${group(k.ordinary.lambda)} · ${group(k.W)} itself ` +
      `(§6.3.1); what it could not explain is ${k.special.sample.replace(/\.txt$/, "")}'s ${group(k.special.TP_1A)}, which ` +
      `is ${group(k.special.lambda)} · ${group(k.W)}: λ = ${group(k.special.lambda)}. `
    : "";
  return (
    `- **TP_1A = λ·W, λ the clearing planned time** (where the jobs sorted by planned time, longest first, first fill the ` +
    `machine). ${thesis}Here TP_1A = λ·TW_1A holds exactly in ${holds} of ${rows.length} samples (${where}).` +
    (twin && k
      ? ` On the twin, calibrated to λ = ${group(k.ordinary.lambda)} and λ = ${group(k.special.lambda)} (input fact F4), ` +
        "that is by construction, not a reproduction."
      : "")
  );
}

/** The headline quantity: the first table's reproduced columns, ratios with intervals and outcomes. */
function headlineLine(rows: readonly ScorecardRow[], table: number, twin: boolean): string {
  const first = rows.filter((r) => tableOf(r) === table && r.tier !== "not comparable");
  if (!first.length) return "";
  // one cause shared by every row that has one is said once, after them
  const labels = [...new Set(first.map(causeLabel).filter((l) => l !== ""))];
  const shared = labels.length === 1 && first.filter((r) => causeLabel(r) !== "").length > 1;
  const items = first.map(
    (r) =>
      `${r.quantity} ${comparisonText(r)}: ${r.verdict}${r.tier === "reproduced result" ? "" : ` (${r.tier})`}${shared ? "" : causeLabel(r)}`,
  );
  const causes = shared
    ? ` Each of the ${first.filter((r) => causeLabel(r) !== "").length} that differ has the same candidate cause${labels[0].replace(/^ \(/, " (")}.`
    : "";
  const gap =
    twin && table === 10
      ? " TV_1A = 40·W + F8 is an identity (F8 is read off Tables 10–11), so F8 restates the gap rather than explaining it (notebook 16 leads with it)."
      : "";
  return `- **Table ${table} with 95% intervals:** ${items.join("; ")}.${causes}${gap}`;
}

/** The outcome counts: reproduced results apart from the rows an input or a definition fixes. */
function verdictLine(rows: readonly ScorecardRow[]): string {
  const rep = rows.filter((r) => r.tier === "reproduced result");
  const by = (v: string) => rep.filter((r) => r.verdict === v);
  const differ = by("differs");
  const causes = [
    [differ.filter((r) => r.cause === "explained").length, "explained by an experiment fixed in advance"],
    [differ.filter((r) => r.cause === "post-hoc cause").length, "with a post-hoc candidate cause"],
  ] as const;
  const causeText = causes.filter(([k]) => k > 0).map(([k, w]) => `${k} ${w}`);
  const cancelling = by("agrees").filter((r) => r.cause === "cancelling errors").length;
  const parts = [
    `${by("agrees").length} agree${cancelling ? ` (${cancelling} by cancelling errors)` : ""}`,
    `${by("inconclusive").length} inconclusive`,
    `${differ.length} differ${causeText.length ? ` (${causeText.join(", ")})` : ""}`,
  ];
  const missing = by("not computed").length;
  if (missing) parts.push(`${missing} not computed`);
  const fixed = rows.filter((r) => r.tier === "by construction" || r.tier === "identity");
  const fixedText = fixed.length
    ? `; ${count(fixed.length, "further row")} ${fixed.length === 1 ? "is" : "are"} fixed by an input or a definition ` +
      `(by construction or identity: not reproductions), ${fixed.filter((r) => r.verdict === "agrees").length} of them agreeing`
    : "";
  return `- **Scorecard** (rule: notebook 16): of ${count(rep.length, "reproduced quantity", "reproduced quantities")}, ${list(parts)}${fixedText}.`;
}

/** The agreeing reproduced quantities, with both values and what stands behind each. */
function agreeLine(rows: readonly ScorecardRow[]): string {
  const ok = rows.filter((r) => r.tier === "reproduced result" && r.verdict === "agrees");
  if (!ok.length) return "";
  const shown = ok.map(
    (r) =>
      `${r.quantity} (ours ${group(r.ours)}, thesis ${group(r.thesis)}${r.cause === "cancelling errors" ? `; ${causeText(r)}` : ""})`,
  );
  return `- **Agree with the thesis:** ${shown.join(", ")}.`;
}

/** The largest differences by |log ratio|. */
function differLine(rows: readonly ScorecardRow[]): string {
  const diff = rows.filter((r) => r.tier === "reproduced result" && r.verdict === "differs");
  if (!diff.length) return "";
  const size = (r: ScorecardRow) =>
    Number.isFinite(r.ratio) && r.ratio > 0 ? Math.abs(Math.log(r.ratio)) : Infinity;
  const top = [...diff].sort((a, b) => size(b) - size(a)).slice(0, 3);
  const text = top.map(
    (r) =>
      `${r.quantity} ours ${group(r.ours)} against ${group(r.thesis)}${r.cause === "—" ? "" : ` (${r.cause})`}`,
  );
  return `- **Largest differences:** ${text.join("; ")}.`;
}

/** The section's statements by outcome. */
function claimsLine(claims: readonly CheckedClaim[]): string {
  if (!claims.length) return "";
  const by = (o: string) => claims.filter((c) => c.outcome === o);
  const strip = (s: string) => s.replace(/\s*\([^()]*\)$/, "");
  const named = (cs: readonly CheckedClaim[]) =>
    cs.map(
      (c) =>
        `"${strip(c.statement)}" (thesis's samples ${c.thesisAgree}/${c.thesisN}, ours ${c.oursAgree}/${c.oursN})`,
    );
  const differ = by("differs"),
    open = by("inconclusive");
  return (
    `- **The section's statements** (each tested on the share of samples where it holds, ours against the thesis's): ` +
    `${by("agrees").length} of ${claims.length} hold as in the thesis` +
    (differ.length
      ? `; ${differ.length} do${differ.length === 1 ? "es" : ""} not: ${named(differ).join("; ")}`
      : "") +
    (open.length ? `; ${open.length} inconclusive: ${named(open).join("; ")}` : "") +
    "."
  );
}

/** Clarke re-run against critical payments. */
function paymentsLine(rows: readonly PaymentRuleSummary[]): string {
  const clarke = rows.filter((r) => r.payment === "clarke");
  const critical = rows.filter((r) => r.payment === "critical");
  if (!clarke.length || !critical.length) return "";
  const ir = clarke
    .filter((r) => r.samplesWithPM > 0)
    .map((r) => `${r.experiment} (${r.samplesWithPM} of ${r.samples} samples)`);
  const critPM = critical.reduce((s, r) => s + r.totalPM, 0),
    critNC = critical.reduce((s, r) => s + r.totalNC, 0);
  const cells = critical.reduce((s, r) => s + r.samples, 0);
  const clarkeText = ir.length
    ? `with the thesis's Clarke re-run some winners pay more than their bid in ${list(ir)}`
    : "with the thesis's Clarke re-run no winner pays more than her bid";
  return (
    `- **Payments:** ${clarkeText}; with critical (Myerson) payments, the DSIC payments of these monotone rules, ` +
    `${critPM} winners pay more than their bid and ${critNC} are paid, over ${cells} experiment-samples ` +
    `(${list(critical.map((r) => r.experiment))}).`
  );
}

/** Notebook 09: the priority list halting or skipping. */
function variantsLine(rows: readonly PriorityVariantRow[], root: string): string {
  if (!rows.length) return "";
  const t27 = readThesisTable(27, root).rows;
  const thesis = ["NC_1B", "NC_4B"].map(
    (c) => `${t27.filter((r) => Number(r[c]) > 0).length} of ${t27.length} (${c.slice(3)})`,
  );
  const nc = (l: "skip" | "halt") =>
    rows
      .filter((r) => r.list === l && r.payment === "clarke")
      .map((r) => `${r.samplesWithNC} of ${r.samples} (${r.experiment})`);
  const critical = rows.filter((r) => r.payment === "critical");
  const most = critical.length ? Math.max(...critical.map((r) => r.meanTP)) : NaN;
  const criticalText =
    most === 0
      ? "every critical payment is 0: DSIC by paying nothing"
      : `critical payments average at most ${group(most)} per sample`;
  return (
    `- **The priority list:** Clarke payments are negative for some winner in ${list(nc("skip"))} ` +
    `samples when the list skips a job that does not fit, and in ${list(nc("halt"))} when it halts (a halting ` +
    `list's Clarke payments cannot be negative); the thesis's Table 27 has negative payments in ${list(thesis)} ` +
    `samples, so it fits a skipping list (a post-hoc reading: the default skips for this reason). The rule ignores bids, so ${criticalText}.`
  );
}

/**
 * The headline findings of notebook 07, 08 or 09 as markdown (one bullet each, sizes computed).
 * @throws `invalid notebook: …` for a notebook other than 07–09
 */
export function roundFindings(x: RoundFindingsInput): string {
  keyword(x.notebook, "notebook", Object.keys(SECTIONS) as RoundNotebook[]);
  const items = sectionItems(x.notebook);
  const mine = x.scored.filter((r) => items.tables.includes(tableOf(r)));
  const thesisN = Math.max(0, ...mine.map((r) => r.thesisN));
  const twin = /^twin/.test(x.source);
  const what = twin
    ? " (a synthetic twin of the thesis's data: not its samples)"
    : ` (another machine's jobs: its totals are not judged against MareNostrum4's; the statements, shares of samples, are)`;
  return [
    `**Findings** — thesis Section ${SECTIONS[x.notebook]} (${items.text}): ours over ${x.samples} statistics ` +
      `samples of source \`${x.source}\`${what} against the thesis's ${thesisN} ordinary samples.`,
    "",
    x.audit ? auditLine(x.audit) : "",
    x.clearing ? clearingLine(x.clearing, twin, x.constant) : "",
    twin ? headlineLine(mine, items.tables[0], twin) : "",
    twin ? verdictLine(mine) : "",
    twin ? agreeLine(mine) : "",
    twin ? differLine(mine) : "",
    claimsLine(x.claims),
    x.payments ? paymentsLine(x.payments) : "",
    x.variants ? variantsLine(x.variants, x.root ?? process.cwd()) : "",
  ]
    .filter((s, k) => k < 2 || s !== "")
    .join("\n");
}
