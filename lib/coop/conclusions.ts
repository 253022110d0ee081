/**
 * The closing table of notebook 11: each claim of thesis Sections 6.5 and 7 that the cooperation
 * experiments test, the evidence (the experiments' rows it rests on) and a verdict by a stated rule. Every
 * comparison inside is lib/agreement's: a setting's effect (`relativeEffect`, band
 * {@link RELATIVE_EFFECT_BAND}) or a guarantee checked on every case (`guarantee`); a claim then
 * *holds* when every workload (machine, variant) supports it, *fails* when every one contradicts it,
 * is *mixed* when some support and some contradict it, and *inconclusive* otherwise.
 */
import type { TraceAccuracyRow } from "./planned-accuracy-trace";
import type { BudgetComparisonRow } from "./budget-experiments";
import type { CounterexampleRow } from "./budget-experiments";
import type { CoreCheck } from "./coalitions";
import { FINDINGS, type FindingRow } from "../machines/findings";
import type { AccuracyMachineRow } from "./accuracy-machines";
import { type ClaimVerdict, type Reading, accuracyVerdict, claimVerdict } from "../agreement/verdicts";
import { type EffectOutcome, guarantee, relativeEffect } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";

/** What a claim's verdict rests on, by claim (views/coop phrase it and its rule). */
export type ConclusionEvidence =
  | {
      kind: "accuracy";
      /** Per replayed workload: its rows at the smallest and largest α and the verdict between them. */
      workloads: readonly { name: string; low: TraceAccuracyRow; high: TraceAccuracyRow; verdict: string }[];
    }
  | { kind: "accuracy machines"; machines: readonly AccuracyMachineRow[] }
  | {
      kind: "shared gain";
      /** Per workload, α strictly between 0 and 1 and group: the group's mean wait against its own with everyone's requests. */
      cases: readonly {
        workload: string;
        alpha: number;
        group: string;
        meanWait: number;
        baselineMeanWait: number;
        outcome: EffectOutcome;
      }[];
    }
  | {
      kind: "budget";
      /** Slurm's row, then each budget variant's. */
      slurm: BudgetComparisonRow;
      budgets: readonly BudgetComparisonRow[];
    }
  | { kind: "truthful"; truthful: CounterexampleRow; deviation: CounterexampleRow }
  | { kind: "core"; core: CoreCheck }
  | {
      kind: "machines";
      finding: string;
      /** Notebook 15's rows of this finding, one per machine. */
      findings: readonly FindingRow[];
    };

/** One claim with its evidence and verdict. */
export interface ConclusionRow {
  section: string;
  claim: string;
  verdict: ClaimVerdict;
  evidence: ConclusionEvidence;
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

const change = (setting: number, baseline: number): EffectOutcome =>
  relativeEffect([setting], [baseline], RELATIVE_EFFECT_BAND).outcome;
const accuracyReading = (v: string): Reading =>
  v === "helps" ? "for" : v === "hurts" || v === "no effect" ? "against" : "undecided";

/**
 * Builds the closing table from the experiments' results. Each claim's cases are read for it,
 * against it or undecided, and {@link claimVerdict} decides:
 * - 6.5, per replayed workload: accuracyVerdict from the smallest α to the largest (helps: for;
 *   hurts or no effect: against);
 * - 6.5 on every machine: the same verdict per machine of the accuracy study;
 * - 6.5, 7: per workload, α in (0, 1) and group, the group's mean wait against its own with
 *   everyone's requests (relativeEffect of one run): lower is for;
 * - 7: per budget variant against Slurm (one run each): for when its mean bounded slowdown is lower
 *   and its utilisation not lower; against when either is not;
 * - 6.5 truthfulness and 8's core: guarantees (one counterexample fails them);
 * - Section 7's claims tested in notebook 15: each machine's reading.
 */
export function cooperationConclusions(e: CooperationEvidence): ConclusionRow[] {
  const rows: ConclusionRow[] = [];
  const workloads = Object.entries(e.accuracy).map(([name, rs]) => {
    const low = rs.find((r) => r.alpha === Math.min(...rs.map((x) => x.alpha)))!;
    const high = rs.find((r) => r.alpha === Math.max(...rs.map((x) => x.alpha)))!;
    return { name, low, high, verdict: accuracyVerdict(low, high).verdict };
  });
  rows.push({
    section: "6.5",
    claim: "Planned times closer to the real run times raise social welfare (backfill fills tighter gaps)",
    verdict: claimVerdict(workloads.map((m) => accuracyReading(m.verdict))),
    evidence: { kind: "accuracy", workloads },
  });
  if (e.accuracyMachines?.length) {
    const m = e.accuracyMachines;
    rows.push({
      section: "6.5 (every machine)",
      claim: "Planned times closer to the real run times raise social welfare — on other machines too",
      verdict: claimVerdict(m.map((r) => accuracyReading(r.verdict))),
      evidence: { kind: "accuracy machines", machines: m },
    });
  }
  const cases = Object.entries(e.accuracyUsers).flatMap(([workload, rs]) =>
    rs
      .filter((r) => r.alpha > 0 && r.alpha < 1 && r.group !== "all")
      .map((r) => ({
        workload,
        alpha: r.alpha,
        group: r.group,
        meanWait: r.meanWait,
        baselineMeanWait: r.baselineMeanWait,
        outcome: change(r.meanWait, r.baselineMeanWait),
      })),
  );
  rows.push({
    section: "6.5, 7",
    claim: "Careful planned times are cooperation: every user gains, not only the accurate ones",
    verdict: claimVerdict(
      cases.map((c) =>
        c.outcome === "lower" ? "for" : c.outcome === "inconclusive" ? "undecided" : "against",
      ),
    ),
    evidence: { kind: "shared gain", cases },
  });
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
    verdict: claimVerdict(budgetReadings),
    evidence: { kind: "budget", slurm, budgets },
  });
  const [truthful, deviation] = e.counterexample;
  const dominant = guarantee(deviation.aUtility > truthful.aUtility ? 0 : 1, 1);
  rows.push({
    section: "6.5",
    claim:
      "Telling the truth stays the dominant strategy, so the mechanism forces cooperation — with budgets",
    verdict: dominant === "holds" ? "holds" : "fails",
    evidence: { kind: "truthful", truthful, deviation },
  });
  const stable = guarantee(e.core.checked - e.core.violations.length, e.core.checked);
  rows.push({
    section: "8 (coalitions)",
    claim: "Pooling budgets in the grand coalition is stable (in the core)",
    verdict: stable === "holds" ? "holds" : stable === "fails" ? "fails" : "inconclusive",
    evidence: { kind: "core", core: e.core },
  });
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
    rows.push({
      section: "7 (notebook 15)",
      claim,
      verdict: claimVerdict(
        fs.map((f) =>
          f.reading === "as in the thesis"
            ? "for"
            : f.reading === "unlike the thesis"
              ? "against"
              : "undecided",
        ),
      ),
      evidence: { kind: "machines", finding, findings: fs },
    });
  }
  return rows;
}
