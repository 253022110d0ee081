/**
 * The headline findings of notebooks 07–09 (thesis Sections 6.3.1–6.3.3, Tables 10–27), as
 * markdown built from their results: the section's headline quantity (its first table) ours against
 * the thesis's, the scorecard's verdicts of the section's quantities (one per quantity, the
 * scorecard's rule) with the agreeing ones and the largest differences as ratios, the section's
 * statements tested on shares of samples, and what the notebook adds beyond the thesis (the
 * clearing-price explanation of TP_1A, critical payments, the priority list's halting or skipping).
 */
import type { ClearingPriceRow } from "../mechanism/clearing-price";
import type { PaymentRuleSummary, PriorityVariantRow } from "../mechanism/tables";
import { readThesisTable } from "../mechanism/thesis-tables";
import { keyword } from "../util/options";
import type { CheckedClaim } from "./conclusions";
import { MECHANISM_TABLES } from "./mechanism-rows";
import type { ScorecardRow } from "./row";
import { fmt } from "./verdict";

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
  /** Notebook 07: the clearing-price check of TP_1A per sample. Defaults to none. */
  clearing?: readonly ClearingPriceRow[];
  /** Clarke and critical payments summarised per experiment (paymentRuleSummary). Defaults to none. */
  payments?: readonly PaymentRuleSummary[];
  /** Notebook 09: the priority list skipping and halting (priorityVariants). Defaults to none. */
  variants?: readonly PriorityVariantRow[];
  /** Project root holding data/reference. Defaults to the working directory. */
  root?: string;
}

const group = (x: number) => {
  const [whole, frac] = fmt(x).split(".");
  const g = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? g : `${g}.${frac}`;
};
const ratioText = (r: ScorecardRow) => (Number.isFinite(r.ratio) ? `×${r.ratio.toFixed(2)}` : "");
const agrees = (r: ScorecardRow) => r.verdict === "exact" || r.verdict === "within noise";
const differs = (r: ScorecardRow) => r.verdict.startsWith("differs");
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

/** The headline quantity: the first table's columns, ours / thesis and their verdicts. */
function headlineLine(rows: readonly ScorecardRow[], table: number): string {
  const first = rows.filter((r) => tableOf(r) === table && r.tier === "reproduced result");
  const ratios = first.map((r) => r.ratio).filter((x) => Number.isFinite(x));
  if (!ratios.length) return "";
  const lo = Math.min(...ratios),
    hi = Math.max(...ratios);
  const range = lo === hi ? lo.toFixed(2) : `${lo.toFixed(2)}–${hi.toFixed(2)}`;
  const agreeing = first.filter(agrees).map((r) => r.quantity);
  const word = hi < 1 ? "lower than" : lo > 1 ? "higher than" : "around";
  return (
    `- **Table ${table}** (${list(first.map((r) => r.quantity))}): ours is ${word} the thesis's, ours / thesis ` +
    `${range}; ${agreeing.length ? `${list(agreeing)} agree${agreeing.length === 1 ? "s" : ""}` : "none agrees"} ` +
    `within noise.`
  );
}

/** "n name (a x, b y)" leaving out the zero parts; "none" parts when n = 0. */
function counted(n: number, name: string, parts: readonly [number, string][]): string {
  const kept = parts.filter(([k]) => k > 0).map(([k, what]) => `${k} ${what}`);
  return `${n} ${name}${kept.length && n ? ` (${kept.join(", ")})` : ""}`;
}

/** The verdict counts of the reproduced results and the other rows. */
function verdictLine(rows: readonly ScorecardRow[]): string {
  const rep = rows.filter((r) => r.tier === "reproduced result");
  const by = (v: string) => rep.filter((r) => r.verdict === v).length;
  const parts = [
    counted(rep.filter(agrees).length, "agree", [
      [by("exact"), "exact"],
      [by("within noise"), "within noise"],
    ]),
    counted(rep.filter(differs).length, "differ", [
      [by("differs — explained"), "explained by a counterfactual"],
      [by("differs — candidate cause (post-hoc)"), "with a post-hoc candidate cause"],
      [by("differs — unexplained"), "unexplained"],
    ]),
  ];
  const inconclusive = by("inconclusive (thesis spread)"),
    missing = by("not computed");
  if (inconclusive) parts.push(`${inconclusive} cannot be judged (the thesis's samples spread too widely)`);
  if (missing) parts.push(`${missing} not computed`);
  const other = rows.filter((r) => r.tier !== "reproduced result");
  const failed = other.filter((r) => r.verdict === "does not hold").length;
  const otherText = other.length
    ? `; ${count(other.length, "further row")} (identities, by construction, not comparable): ` +
      `${failed ? `${failed} do not hold` : "none fails"}`
    : "";
  const quantities = count(rep.length, "reproduced quantity", "reproduced quantities");
  return `- **Scorecard** (one verdict per quantity, rule in notebook 16): of ${quantities}, ${list(parts)}${otherText}.`;
}

/** The agreeing quantities, with both values. */
function agreeLine(rows: readonly ScorecardRow[]): string {
  const ok = rows.filter((r) => r.tier === "reproduced result" && agrees(r));
  if (!ok.length) return "- **Agree with the thesis:** none of the reproduced quantities.";
  const shown = ok.slice(0, 8).map((r) => `${r.quantity} (ours ${group(r.ours)}, thesis ${group(r.thesis)})`);
  const more = ok.length > shown.length ? ` and ${ok.length - shown.length} more` : "";
  return `- **Agree with the thesis:** ${shown.join(", ")}${more}.`;
}

/** The largest differences by |log ratio| (or ours ≠ 0 against a thesis 0). */
function differLine(rows: readonly ScorecardRow[]): string {
  const diff = rows.filter((r) => r.tier === "reproduced result" && differs(r));
  if (!diff.length) return "";
  const size = (r: ScorecardRow) =>
    Number.isFinite(r.ratio) && r.ratio > 0 ? Math.abs(Math.log(r.ratio)) : Infinity;
  const top = [...diff].sort((a, b) => size(b) - size(a)).slice(0, 3);
  const text = top.map(
    (r) =>
      `${r.quantity} ours ${group(r.ours)} against ${group(r.thesis)} (${[ratioText(r), r.verdict].filter(Boolean).join(", ")})`,
  );
  return `- **Largest differences:** ${text.join("; ")}.`;
}

/** The section's statements by reading. */
function claimsLine(claims: readonly CheckedClaim[]): string {
  if (!claims.length) return "";
  const holds = claims.filter((c) => c.reading === "holds as in the thesis").length;
  const differ = claims.filter((c) => c.reading === "differs from the thesis");
  const open = claims.filter((c) => c.reading === "cannot be decided").length;
  const strip = (s: string) => s.replace(/\s*\([^()]*\)$/, "");
  const differText = differ.length
    ? `; ${differ.length} do${differ.length === 1 ? "es" : ""} not: ${differ.map((c) => `"${strip(c.statement)}" (thesis's samples ${c.thesisAgree}/${c.thesisN}, ours ${c.oursAgree}/${c.oursN})`).join("; ")}`
    : "";
  const openText = open ? `; ${open} cannot be decided` : "";
  return (
    `- **The section's statements** (each tested on the share of samples where it holds, ours against the thesis's): ` +
    `${holds} of ${claims.length} hold as in the thesis${differText}${openText}.`
  );
}

/** Notebook 07: TP_1A = λ·TW_1A. */
function clearingLine(rows: readonly ClearingPriceRow[]): string {
  if (!rows.length) return "";
  const holds = rows.filter((r) => r.tpEqualsLambdaTW).length;
  const lambdas = new Map<number, number>();
  for (const r of rows) lambdas.set(r.lambda, (lambdas.get(r.lambda) ?? 0) + 1);
  const [lambda, n] = [...lambdas].sort((a, b) => b[1] - a[1])[0];
  const typical = rows.find((r) => r.lambda === lambda)!;
  return (
    `- **Beyond the thesis — TP_1A explained:** TP_1A = λ·TW_1A, λ the clearing planned time (where the jobs ` +
    `sorted by planned time first fill the machine), holds exactly in ${holds} of ${rows.length} samples; ` +
    `λ = ${lambda} minutes in ${n} of them, so TP_1A = ${lambda} × ${group(typical.TW_1A)} = ${group(typical.TP_1A)} — ` +
    `the constant the thesis found in every ordinary sample and could not explain.`
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
    `- **Beyond the thesis — payments:** ${clarkeText}; with critical (Myerson) payments, the DSIC payments of ` +
    `these monotone rules, ${critPM} winners pay more than their bid and ${critNC} are paid, over ` +
    `${cells} experiment-samples (${list(critical.map((r) => r.experiment))}).`
  );
}

/** Notebook 09: the priority list halting or skipping. */
function variantsLine(rows: readonly PriorityVariantRow[], root: string): string {
  const t27 = readThesisTable(27, root).rows;
  const thesis = ["NC_1B", "NC_4B"].map(
    (c) => `${t27.filter((r) => Number(r[c]) > 0).length} of ${t27.length} (${c.slice(3)})`,
  );
  const nc = (list: "skip" | "halt") =>
    rows
      .filter((r) => r.list === list && r.payment === "clarke")
      .map((r) => `${r.samplesWithNC} of ${r.samples} (${r.experiment})`);
  const critical = rows.filter((r) => r.payment === "critical");
  if (!rows.length) return "";
  const most = critical.length ? Math.max(...critical.map((r) => r.meanTP)) : NaN;
  const criticalText =
    most === 0
      ? "every critical payment is 0: DSIC by paying nothing"
      : `critical payments average at most ${group(most)} per sample`;
  return (
    `- **Beyond the thesis — the priority list:** Clarke payments are negative for some winner in ${list(nc("skip"))} ` +
    `samples when the list skips a job that does not fit, and in ${list(nc("halt"))} when it halts (a halting ` +
    `list's Clarke payments cannot be negative); the thesis's Table 27 has negative payments in ${list(thesis)} ` +
    `samples, so it fits a skipping list. The rule ignores bids, so ${criticalText}.`
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
  const twin = /^twin/.test(x.source) ? " (a synthetic twin of the thesis's data: not its samples)" : "";
  return [
    `**Findings** — thesis Section ${SECTIONS[x.notebook]} (${items.text}): ours over ${x.samples} statistics ` +
      `samples of source \`${x.source}\`${twin} against the thesis's ${thesisN} ordinary samples.`,
    "",
    headlineLine(mine, items.tables[0]),
    verdictLine(mine),
    agreeLine(mine),
    differLine(mine),
    claimsLine(x.claims),
    x.clearing ? clearingLine(x.clearing) : "",
    x.payments ? paymentsLine(x.payments) : "",
    x.variants ? variantsLine(x.variants, x.root ?? process.cwd()) : "",
  ]
    .filter((s, k) => k < 2 || s !== "")
    .join("\n");
}
