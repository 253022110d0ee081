/**
 * The closing table of notebook 11: each claim of thesis Sections 6.5 and 7 that the cooperation
 * experiments test, the evidence (numbers from the experiments) and a verdict by a stated rule. Every
 * comparison inside is lib/agreement's: a setting's effect (`relativeEffect`, band
 * {@link RELATIVE_EFFECT_BAND}) or a guarantee checked on every case (`guarantee`); a claim then
 * *holds* when every workload (machine, variant) supports it, *fails* when every one contradicts it,
 * is *mixed* when some support and some contradict it, and *inconclusive* otherwise.
 */
import { percentChange } from "../display/format";
import type { TraceAccuracyRow } from "./planned-accuracy-trace";
import type { BudgetComparisonRow } from "./budget-experiments";
import type { CounterexampleRow } from "./budget-experiments";
import type { CoreCheck } from "./coalitions";
import { FINDINGS, type FindingRow } from "../machines/findings";
import { type AccuracyMachineRow, accuracyRuleText, accuracyVerdict } from "./accuracy-machines";
import { type EffectOutcome, guarantee, relativeEffect } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";

/** A claim's verdict over its workloads (module comment). */
export type ClaimVerdict = "holds" | "fails" | "mixed" | "inconclusive";

/** One claim with its evidence and verdict. */
export interface ConclusionRow {
  section: string;
  claim: string;
  evidence: string;
  verdict: ClaimVerdict;
  rule: string;
}

/** What the notebook measured, per workload. */
export interface CooperationEvidence {
  /** Planned-time accuracy rows ("all" mode) per workload name. */
  accuracy: Record<string, readonly TraceAccuracyRow[]>;
  /** "users" mode rows per workload name. */
  accuracyUsers: Record<string, readonly TraceAccuracyRow[]>;
  /** Budget scheduler comparison on a workload. */
  budget: readonly BudgetComparisonRow[];
  counterexample: readonly CounterexampleRow[];
  core: CoreCheck;
  /** The planned-accuracy study per machine ({@link accuracyAcrossMachines}), when present. Defaults to none. */
  accuracyMachines?: readonly AccuracyMachineRow[];
  /** Notebook 15's machine × finding rows, when its study results are present. Defaults to none. */
  realMachines?: readonly FindingRow[];
}

type Reading = "for" | "against" | "undecided";

/** A claim's verdict from what each workload says (module comment). */
export function claimVerdict(readings: readonly Reading[]): ClaimVerdict {
  const n = (r: Reading) => readings.filter((x) => x === r).length;
  if (readings.length && n("for") === readings.length) return "holds";
  if (readings.length && n("against") === readings.length) return "fails";
  return n("for") && n("against") ? "mixed" : "inconclusive";
}

const BAND = `±${100 * RELATIVE_EFFECT_BAND}%`;
const VERDICT_RULE =
  "holds when every case supports the claim, fails when every case contradicts it, mixed when some do each, inconclusive otherwise";
const change = (setting: number, baseline: number): EffectOutcome =>
  relativeEffect([setting], [baseline], RELATIVE_EFFECT_BAND).outcome;
const accuracyReading = (v: string): Reading =>
  v === "helps" ? "for" : v === "hurts" || v === "no effect" ? "against" : "undecided";

/** Builds the closing table from the experiments' results. */
export function cooperationConclusions(e: CooperationEvidence): ConclusionRow[] {
  const rows: ConclusionRow[] = [];
  // 6.5: accurate planned times raise welfare (wait and slowdown fall) on every workload.
  const moves = Object.entries(e.accuracy).map(([name, rs]) => {
    const lo = rs.find((r) => r.alpha === Math.min(...rs.map((x) => x.alpha)))!;
    const hi = rs.find((r) => r.alpha === Math.max(...rs.map((x) => x.alpha)))!;
    const v = accuracyVerdict(lo, hi).verdict;
    return {
      reading: accuracyReading(v),
      text: `${name}: wait ${percentChange(hi.meanWait, lo.meanWait)}, bounded slowdown ${percentChange(hi.meanBsld, lo.meanBsld)}, killed ${lo.killed} → ${hi.killed} (${v})`,
    };
  });
  rows.push({
    section: "6.5",
    claim: "Planned times closer to the real run times raise social welfare (backfill fills tighter gaps)",
    evidence: moves.map((m) => m.text).join("; "),
    verdict: claimVerdict(moves.map((m) => m.reading)),
    rule: `per replayed workload, from the requests (smallest α) to exact times (largest α), ${accuracyRuleText()}; ${VERDICT_RULE}`,
  });
  if (e.accuracyMachines?.length) {
    const m = e.accuracyMachines;
    rows.push({
      section: "6.5 (every machine)",
      claim: "Planned times closer to the real run times raise social welfare — on other machines too",
      evidence: m
        .map(
          (r) =>
            `${r.source}: wait ${(100 * r.waitChange).toFixed(1)} %, bounded slowdown ${(100 * r.bsldChange).toFixed(1)} % (${r.verdict})`,
        )
        .join("; "),
      verdict: claimVerdict(m.map((r) => accuracyReading(r.verdict))),
      rule: `per machine (notebook 11, the study section), ${accuracyRuleText()}; ${VERDICT_RULE}`,
    });
  }
  // 6.5/7: the gain is shared — users who stay inaccurate gain too.
  const shared = Object.entries(e.accuracyUsers).flatMap(([name, rs]) => {
    const mid = rs.filter((r) => r.alpha > 0 && r.alpha < 1 && r.group !== "all");
    return mid.map((r) => {
      const o = change(r.meanWait, r.baselineMeanWait);
      return {
        reading: (o === "lower" ? "for" : o === "inconclusive" ? "undecided" : "against") as Reading,
        text: `${name} α=${r.alpha} ${r.group} wait ${percentChange(r.meanWait, r.baselineMeanWait)} (${o})`,
      };
    });
  });
  rows.push({
    section: "6.5, 7",
    claim: "Careful planned times are cooperation: every user gains, not only the accurate ones",
    evidence: shared.map((s) => s.text).join("; "),
    verdict: claimVerdict(shared.map((s) => s.reading)),
    rule:
      `per workload, fraction α of users accurate and group (accurate, other): the group's mean wait against its own ` +
      `with everyone's requests (relativeEffect of one run, band ${BAND}); a case supports the claim when it is lower; ${VERDICT_RULE}`,
  });
  // 7: a currency (budget) scheduler could allocate better than Slurm's fair-share priority.
  const slurm = e.budget.find((r) => r.scheduler.startsWith("Slurm"))!;
  const budgets = e.budget.filter((r) => r.scheduler.startsWith("budget") && Number.isFinite(r.minBudget));
  const budgetReadings = budgets.map((r): Reading => {
    const bsld = change(r.meanBsld, slurm.meanBsld),
      util = change(r.utilisation, slurm.utilisation);
    if (bsld === "lower" && util !== "lower") return "for";
    return bsld === "higher" || bsld === "equivalent" || util === "lower" ? "against" : "undecided";
  });
  rows.push({
    section: "7",
    claim: "A limited currency spent on resources could raise performance over Slurm's fair-share priority",
    evidence: [slurm, ...budgets]
      .map(
        (r) =>
          `${r.scheduler}: utilisation ${r.utilisation.toFixed(3)}, mean wait ${r.meanWait.toFixed(0)} s, mean bounded slowdown ${r.meanBsld.toFixed(1)}, Jain ${r.jain.toFixed(3)}`,
      )
      .join("; "),
    verdict: claimVerdict(budgetReadings),
    rule:
      `per budget variant against Slurm (one run each, relativeEffect, band ${BAND}): it supports the claim when its mean ` +
      `bounded slowdown is lower and its utilisation not lower (a change within the band is no loss), against it when either is not; ${VERDICT_RULE}`,
  });
  // 6.5: truth-telling is the players' best strategy (the mechanism forces cooperation): a guarantee.
  const [truthful, deviation] = e.counterexample;
  const dominant = guarantee(deviation.aUtility > truthful.aUtility ? 0 : 1, 1);
  rows.push({
    section: "6.5",
    claim:
      "Telling the truth stays the dominant strategy, so the mechanism forces cooperation — with budgets",
    evidence: `${truthful.strategy}: utility ${truthful.aUtility.toFixed(2)}; ${deviation.strategy}: utility ${deviation.aUtility.toFixed(2)}`,
    verdict: dominant === "holds" ? "holds" : "fails",
    rule: "a guarantee: it fails on one computed misreport that gives the deviator a higher utility than truthful bidding",
  });
  const stable = guarantee(e.core.checked - e.core.violations.length, e.core.checked);
  rows.push({
    section: "8 (coalitions)",
    claim: "Pooling budgets in the grand coalition is stable (in the core)",
    evidence: `${e.core.checked} coalitions checked by ${e.core.method}; ${e.core.violations.length} would do better alone; grand coalition's utility ${e.core.grandValue.toFixed(0)} vs ${e.core.aloneValue.toFixed(0)} without cooperation`,
    verdict: stable === "holds" ? "holds" : stable === "fails" ? "fails" : "inconclusive",
    rule: "a guarantee: it holds when no checked coalition S has v(S) above its members' payoff in the grand coalition",
  });
  // Section 7's claims tested machine by machine in notebook 15.
  const claims7: [string, string][] = [
    [FINDINGS.greedy, "The greedy allocation meets its approximation guarantee 1 − β (1A vs 1B)"],
    [FINDINGS.ir, "The b/(w·rtime) variants 2B and 3B make some players pay more than their value"],
    [FINDINGS.tp, "The exact VCG's total payment is λ·W, a whole number of planned minutes per node"],
    [
      FINDINGS.poa,
      "The Slurm scheduler might allocate resources about 1.8 times better (the PoA of Table 29)",
    ],
    [FINDINGS.special, "The special sample differs: the distribution of the input matters"],
  ];
  for (const [finding, claim] of claims7) {
    const fs = (e.realMachines ?? []).filter((f) => f.finding === finding);
    if (fs.length === 0) continue;
    const n = (r: FindingRow["reading"]) => fs.filter((f) => f.reading === r);
    const as = n("as in the thesis");
    rows.push({
      section: "7 (notebook 15)",
      claim,
      evidence:
        `as in the thesis on ${as.length} of ${fs.length} machines${as.length && as.length < fs.length ? ` (${as.map((f) => f.source).join(", ")})` : ""}; ` +
        `unlike it on ${n("unlike the thesis").length}; undecided on ${n("undecided").length}` +
        (finding === FINDINGS.poa ? " (the thesis's PoA is MareNostrum4's; a ratio, so comparable)" : ""),
      verdict: claimVerdict(
        fs.map((f) =>
          f.reading === "as in the thesis"
            ? "for"
            : f.reading === "unlike the thesis"
              ? "against"
              : "undecided",
        ),
      ),
      rule: `notebook 15's reading per machine (its rule column); ${VERDICT_RULE}`,
    });
  }
  return rows;
}
