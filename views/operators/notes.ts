/**
 * The sentences of notebook 12 (seed 001), built from its computed results: the headline findings,
 * the verdict that opens the Fig. 17 section, and the readings of the job-size method explained.
 */
import { fixed, localeNumber } from "../display/format";
import type { EvaluationCost, TreeCost } from "../../lib/operators/cost";
import type { InputDensity } from "../../lib/operators/density";
import type { IsolationTrials } from "../../lib/operators/isolation";
import { fig17AgreementExcluding, fig17Deciders } from "../../lib/operators/fig17-readings";
import type { Fig17Result, JobSizeStudy } from "../../lib/operators/job-size-study";
import { studyRows } from "../../lib/operators/job-size-study";
import type { PriorityOperator } from "../../lib/operators/operator";
import { type SubgroupUser, discordantPairs } from "../../lib/operators/ordering";
import { readPaperNote } from "../../lib/operators/reference";

const CONTEXT_KEYS = [
  ["balance", "balance"],
  ["over target", "overTarget"],
  ["under target", "underTarget"],
] as const;

/** The gap between our Fig. 17 and the paper's over the operator × context cells (overall left out). */
function fig17Gap(study: JobSizeStudy, f: Fig17Result) {
  let unresolved = 0,
    cells = 0,
    minGap = Infinity,
    maxGap = -Infinity;
  for (const o of f.bits) {
    const p = study.paperBits.find((x) => x.operator === o.operator);
    if (!p) continue;
    for (const [ctx, key] of CONTEXT_KEYS) {
      cells++;
      const ours = o.bits[ctx] ?? null;
      if (ours === null) unresolved++;
      else {
        minGap = Math.min(minGap, ours - p[key]);
        maxGap = Math.max(maxGap, ours - p[key]);
      }
    }
  }
  const paperMax = Math.max(...study.paperBits.map((p) => p.overall));
  const maxBits = Math.max(...study.rows.map((r) => r.bits));
  return { unresolved, cells, minGap, maxGap, paperMax, maxBits };
}

const signed = (x: number) => (x > 0 ? `+${x}` : `${x}`);
const gapRange = (g: { minGap: number; maxGap: number }) =>
  g.minGap === g.maxGap ? `${signed(g.minGap)} bits` : `${signed(g.minGap)} to ${signed(g.maxGap)} bits`;

/** The verdict that opens the Fig. 17 section: not reproduced, with the measured gap. */
function fig17Verdict(study: JobSizeStudy): string {
  const f = study.fig17.primary,
    g = fig17Gap(study, f),
    e = study.fig17.paperFormula,
    b = study.fig17.best;
  const resolved = g.cells - g.unresolved;
  const r = study.primary.reading;
  const captions =
    r.formula === "corrected" && r.aggregate === "max" ? ", the figure captions' worst case" : "";
  return (
    `**Fig. 17 is not reproduced.** Under the reading (${study.primary.name})${captions}, ${f.agree} of ${f.cells} ` +
    `cells equal the paper's: ${g.unresolved} of ${g.cells} operator × context cells need more than ` +
    `${g.maxBits} bits, where the paper needs at most ${g.paperMax}` +
    (resolved > 0 ? `, and the other ${resolved} differ from the paper's by ${gapRange(g)}. ` : ". ") +
    `With the paper's own Eq. 23 ${e.agree} of ${e.cells} cells agree; the closest of all ${study.readings.length} ` +
    `readings of the method (${study.best.name}) matches ${b.agree} of ${b.cells}.`
  );
}

/** What {@link operatorFindings} reads. */
export interface OperatorFindingsInput {
  ops: readonly PriorityOperator[];
  /** The Relative operator and the random users of the equivalence check. */
  relative: PriorityOperator;
  users: readonly SubgroupUser[];
  densities: readonly InputDensity[];
  isolation: { trials: readonly IsolationTrials[]; count: number };
  cost: { perEvaluation: readonly EvaluationCost[]; perTree: readonly TreeCost[] };
  study: JobSizeStudy;
}

const asymmetry = (d: InputDensity) =>
  Math.max(...d.density.map((x, i) => Math.abs(x - d.density[d.density.length - 1 - i])));
const names = (xs: string[]) => (xs.length ? xs.join(", ") : "none");

/** The notebook's headline findings, one bullet each, with their sizes. */
function operatorFindings(x: OperatorFindingsInput): string {
  const n = x.users.length,
    pairs = (n * (n - 1)) / 2;
  const disc = x.ops.map((op) => ({ op: op.name, d: discordantPairs(op, x.relative, x.users) }));
  const flat = x.isolation.trials.map((r) => ({ op: r.operator, n: r.flatReversed }));
  const treeChanged = x.isolation.trials.reduce((a, r) => a + r.treeComponentsChanged + r.treeReversed, 0);
  const heavy = x.cost.perEvaluation.map((r) => ({ op: r.operator, n: r.heavyCalls }));
  const big = x.cost.perTree[x.cost.perTree.length - 1];
  const combined = x.densities.find((d) => d.operator === "Combined");
  const slurm = x.densities.find((d) => d.operator === "SLURM");
  return [
    `**Findings** (seed 001, every number computed below):`,
    `- Subgroup isolation (§4.3): in ${localeNumber(x.isolation.count)} random usage changes inside subgroup VO2, the ` +
      `tree algorithm changed VO1's own priority components or order ${treeChanged} times under all ` +
      `${x.ops.length} operators. A flat computation (global target and usage share) ` +
      `keeps the order only for the operators equivalent to Relative: it reverses a pair of VO1's users in ` +
      `${names(flat.filter((f) => f.n > 0).map((f) => `${localeNumber(f.n)} trials under ${f.op}`))}, ` +
      `and in none under ${names(flat.filter((f) => f.n === 0).map((f) => f.op))}.`,
    `- Equivalence (§4.6): ${names(disc.filter((d) => d.d === 0).map((d) => d.op))} order all ${localeNumber(pairs)} ` +
      `pairs of ${n} random users as Relative does; ` +
      `${
        disc
          .filter((d) => d.d > 0)
          .map((d) => `${d.op} reverses ${d.d}`)
          .join(", ") || "none differs"
      }.`,
    `- Cost (§4.5, operation counts): ${names(heavy.filter((h) => h.n === 0).map((h) => h.op))} need no power, ` +
      `root or transcendental call; ${heavy
        .filter((h) => h.n > 0)
        .map((h) => `${h.op} ${h.n}`)
        .join(", ")} ` +
      `per evaluation. The tree algorithm evaluates the operator once per node: ${localeNumber(big.evaluations)} ` +
      `evaluations for ${localeNumber(big.users)} users in a tree of ${big.shape.branching} children × depth ${big.shape.depth}.`,
    ...(combined && slurm
      ? [
          `- Input density (Fig. 8): Combined is symmetric around balance (largest asymmetry ${fixed(asymmetry(combined), 4)}), ` +
            `where the paper calls it asymmetric; SLURM is asymmetric (${fixed(asymmetry(slurm), 4)}), as in the paper.`,
        ]
      : []),
    `- ${fig17Verdict(x.study)}`,
  ].join("\n");
}

/** Why the worst case fails under the corrected algebra, and what the paper's Eq. 23 changes. */
function captionsReading(study: JobSizeStudy): string {
  const e = study.fig17.paperFormula;
  return (
    `**Why the worst case fails.** With the worst case, one cell decides each context, and with the ` +
    `corrected algebra the worst cell is a level whose upper state approaches 1 − D: k = D/(1 − s − D) ` +
    `grows without bound (a user holding almost all the usage needs a huge job to raise its share further). ` +
    `The paper's Eq. 23 hides that growth, and still only ${e.agree} of ${e.cells} cells equal the paper's ` +
    `under it (${study.paperFormula.name}).`
  );
}

/** Why the smallest-job reading's partial match rests on fragile cells. */
function smallestReading(study: JobSizeStudy): string {
  const s = study.fig17.smallest;
  const deciders = fig17Deciders(studyRows(study, study.smallest), study.jobHours);
  const robust = fig17AgreementExcluding(s.bits, study.paperBits, deciders);
  const list = (xs: typeof deciders) => names(xs.map((d) => `${d.operator} ${d.context}`));
  return (
    `**Why the smallest-job match is fragile.** The smallest-job reading agrees in ${s.agree} of ${s.cells} cells, ` +
    `but one cell decides each context, and ${deciders.filter((d) => d.singular || d.cut).length} contexts are ` +
    `decided by a fragile cell: ${list(deciders.filter((d) => d.singular))} at the singular level p = 0, and ` +
    `${list(deciders.filter((d) => d.cut))} by a level cut at s = 0, whose partial size (not the operator) sets ` +
    `the job. Leaving those contexts and their operators' overall cells out (${robust.excluded.length} cells), ` +
    `${robust.exact} of ${robust.cells} remaining cells are equal and ${robust.withinOne} of ${robust.cells} ` +
    `within one bit. The best exact match over all readings is (${study.best.name}) with ${study.fig17.best.agree} ` +
    `of ${study.fig17.best.cells} cells. No reading reproduces Fig. 17; what stays unexplained is which details ` +
    `the paper used (how the levels of a context were chosen, how the heat maps were read to build Fig. 17, the ` +
    `state in Eq. 25).`
  );
}

/** One labelled note of the paper's text (orderings.md), as "**Paper:** …". */
function paper(label: string): string {
  return `**Paper:** ${readPaperNote(label)}`;
}

/** The usage pool U (usagePoolHours) in words. */
function pool(hours: number): string {
  return `Usage pool U = ${localeNumber(hours)} node·h.`;
}

/** Notebook 12's sentences, each built from computed results. */
export const operatorNotes = Object.freeze({
  findings: operatorFindings,
  paper,
  pool,
  fig17Verdict,
  captionsReading,
  smallestReading,
});
