/**
 * The headline findings of notebook 11 (thesis Sections 6.5, 7 and 8), as markdown built from its
 * computed results: planned-time accuracy on replayed traces and across machines, the budget
 * scheduler beside Slurm, truthfulness under budgets, coalitions, discounts under critical payments,
 * worst unilateral deviations, and the verdicts of the thesis's claims.
 */
import { localeNumber, percentChange, wholeNumber } from "../display/format";
import { studyRefreshText } from "../display/study-files";
import type { AccuracyMachineRow, AccuracyStudyRow } from "../../lib/coop/accuracy-machines";
import { accuracyVerdictCounts } from "./accuracy-machines";
import type { BudgetComparisonRow, CounterexampleRow } from "../../lib/coop/budget-experiments";
import type { CoalitionGame } from "../../lib/coop/coalition-game";
import type { PaymentDeviation } from "../../lib/coop/deviations";
import type { ConclusionRow } from "../../lib/coop/conclusions";
import type { TraceAccuracyRow } from "../../lib/coop/planned-accuracy-trace";

/** What {@link cooperationFindings} reads. */
export interface CooperationFindingsInput {
  /** Thesis-sample rows at t = 0 (plannedAccuracySweep). */
  sampleRows: readonly { alpha: number; realisedTV: number }[];
  /** "all"-mode rows per replayed workload. */
  accuracy: Record<string, readonly TraceAccuracyRow[]>;
  accuracyMachines: readonly AccuracyMachineRow[];
  budget: readonly BudgetComparisonRow[];
  counterexample: readonly CounterexampleRow[];
  coalition?: CoalitionGame;
  /** paymentSlackRows. */
  slack: readonly { kappa: number; payLessShare: number }[];
  /** worstDeviations. */
  worst: readonly PaymentDeviation[];
  conclusions: readonly ConclusionRow[];
  /** The planned-accuracy study's rows behind `accuracyMachines` (every α, for the paths between the ends). Defaults to none. */
  accuracyStudy?: readonly AccuracyStudyRow[];
  /**
   * The committed study results the notebook read instead of computing (e.g. the planned-accuracy
   * study's `data/studies/planned-accuracy.jsonl`): what each gave, its file, its study spec and its
   * rows (0 = the file was not found). Defaults to none.
   */
  read?: readonly StudyFileRead[];
}

/** One committed study results file a notebook read. */
export interface StudyFileRead {
  /** What its numbers are, e.g. "accuracy across machines". */
  what: string;
  /** The committed results file, e.g. `data/studies/planned-accuracy.jsonl`. */
  file: string;
  /** The study spec that makes it, e.g. `studies/planned-accuracy.json`. */
  study: string;
  /** Rows read (0: the file was not found, so that part was skipped). */
  rows: number;
}

/** Where a notebook's numbers come from: computed here, or read from committed study results (how to recompute them: {@link studyFilesRefresh}). */
export function studyFilesNote(read: readonly StudyFileRead[]): string {
  if (!read.length) return "every number computed below, in this notebook";
  const parts = read.map((r) =>
    r.rows
      ? `${r.what} from \`${r.file}\` (${localeNumber(r.rows)} rows of the study \`${r.study}\`)`
      : `${r.what}: \`${r.file}\` not found, so skipped`,
  );
  return `computed below in this notebook, except what is read from committed study results: ${parts.join("; ")}`;
}

/** How to recompute the committed study results a notebook read. */
export function studyFilesRefresh(read: readonly StudyFileRead[]): string {
  if (!read.length) return "";
  return `To recompute the committed study results read above: ${read.map((r) => studyRefreshText(r.study, r.file)).join("; ")} (data/studies/README.md).`;
}

/** Machines whose bounded slowdown relative to α = 0 does not move one way from α = 0 to 1, each with its path. */
function unevenPaths(
  rows: readonly AccuracyStudyRow[],
  target: number,
): { source: string; path: number[] }[] {
  const all = rows.filter((r) => r.mode === "all" && r.group === "all" && r.target === target);
  return [...new Set(all.map((r) => r.source))].flatMap((source) => {
    const rs = all.filter((r) => r.source === source).sort((a, b) => a.alpha - b.alpha);
    const path = rs.map((r) => r.meanBsld / rs[0].meanBsld);
    const steps = path
      .slice(1)
      .map((v, i) => Math.sign(v - path[i]))
      .filter((d) => d !== 0);
    return steps.some((d) => d !== steps[0]) ? [{ source, path }] : [];
  });
}

/** The accuracy across machines, with what it rests on: one run each, its ends only, wait and slowdown. */
function accuracyLine(machines: readonly AccuracyMachineRow[], rows: readonly AccuracyStudyRow[]): string {
  const uneven = unevenPaths(rows, machines[0].target);
  const example = uneven.reduce<{ source: string; path: number[] } | undefined>(
    (a, u) => (a && Math.max(...a.path) >= Math.max(...u.path) ? a : u),
    undefined,
  );
  return (
    `- Across ${machines.length} machines (one run each, read from the study) moving the planned times all the way to ` +
    `the run times (α = 0 → 1) ${accuracyVerdictCounts(machines)}. That rests on one run per machine compared at its ` +
    `two ends` +
    (example
      ? `: on ${uneven.length} of them the bounded slowdown does not move one way in between (${example.source}: ` +
        `${example.path.map((v) => v.toFixed(2)).join(" → ")} of α = 0's)`
      : "") +
    `; and it measures wait and bounded slowdown, not the social welfare §7 claims accurate planned times raise.`
  );
}

/** The notebook's findings, one bullet each, with their sizes. */
export function cooperationFindings(x: CooperationFindingsInput): string {
  const out = [`**Findings** (thesis Sections 6.5, 7 and 8; ${studyFilesNote(x.read ?? [])}):`];
  const alphas = [...new Set(x.sampleRows.map((r) => r.alpha))].sort((a, b) => a - b);
  const tv = (a: number) => x.sampleRows.filter((r) => r.alpha === a).reduce((s, r) => s + r.realisedTV, 0);
  const traces = Object.entries(x.accuracy).map(([name, rows]) => {
    const all = rows.filter((r) => r.group === "all");
    const lo = all.reduce((a, r) => (r.alpha < a.alpha ? r : a));
    const hi = all.reduce((a, r) => (r.alpha > a.alpha ? r : a));
    return `${name} mean wait ${percentChange(hi.meanWait, lo.meanWait, { sign: true })}, bounded slowdown ${percentChange(hi.meanBsld, lo.meanBsld, { sign: true })}`;
  });
  if (traces.length)
    out.push(`- Planned times moved from the requests to the run times (§6.5): ${traces.join("; ")}.`);
  if (alphas.length > 1)
    out.push(
      `- On the thesis's samples (all jobs at t = 0) the first iteration's realised work changes by ` +
        `${percentChange(tv(alphas[alphas.length - 1]), tv(alphas[0]), { sign: true })}: the thesis's own setting cannot show the effect.`,
    );
  if (x.accuracyMachines.length) out.push(accuracyLine(x.accuracyMachines, x.accuracyStudy ?? []));
  const slurm = x.budget.find((r) => r.scheduler.startsWith("Slurm"));
  const budget = x.budget.find((r) => r.scheduler === "budget, greedy");
  if (slurm && budget)
    out.push(
      `- The budget scheduler (§8) against Slurm's Fair Tree: mean wait ${wholeNumber(budget.meanWait)} s against ` +
        `${wholeNumber(slurm.meanWait)} s, Jain's index ${budget.jain.toFixed(3)} against ${slurm.jain.toFixed(3)}.`,
    );
  if (x.counterexample.length >= 2) {
    const [t, w] = x.counterexample;
    out.push(
      `- Truthful bidding is not dominant once budgets bind: in a two-round market A's utility is ` +
        `${localeNumber(t.aUtility, { max: 2 })} truthful and ${localeNumber(w.aUtility, { max: 2 })} withholding its first job.`,
    );
  }
  if (x.coalition) {
    const { small, large } = x.coalition;
    out.push(
      `- The grand coalition is ${small.violations.length || large.violations.length ? "not " : ""}in the core: ` +
        `${small.violations.length} of ${small.checked} coalitions block it in the small game, ` +
        `${large.violations.length} of ${large.checked} sampled in the large one; pooling budgets moves the ` +
        `small game's total utility ${wholeNumber(small.aloneValue)} → ${wholeNumber(small.grandValue)}.`,
    );
  }
  if (x.slack.length) {
    const shares = x.slack.map((r) => 100 * r.payLessShare);
    out.push(
      `- Under critical payments ${Math.min(...shares).toFixed(1)} %–${Math.max(...shares).toFixed(1)} % of ` +
        `the winners pay less than their bid as the others' bids scale.`,
    );
  }
  for (const w of x.worst) {
    const ratio = w.ratio;
    out.push(
      `- Worst unilateral deviation (${w.payment} payments, ${w.tried} misreports tried): ` +
        (ratio > 1
          ? `welfare falls by ${(100 * (1 - 1 / ratio)).toFixed(2)} %.`
          : "none lowers the welfare."),
    );
  }
  if (x.conclusions.length) {
    const n = (v: string) => x.conclusions.filter((c) => c.verdict === v).length;
    out.push(
      `- Of the ${x.conclusions.length} claims checked in §5: ${n("holds")} hold, ${n("fails")} fail, ` +
        `${n("mixed")} mixed, ${n("inconclusive")} inconclusive.`,
    );
  }
  return out.join("\n");
}
