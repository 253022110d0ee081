/**
 * The scorecard's rule in words, for notebook 16, built from the constants of the modules that
 * apply it (lib/agreement, row.ts, explanation.ts, outliers.ts), so the text cannot
 * drift from the code.
 */
import { percent } from "../display/format";
import {
  CONFIDENCE,
  COUNT_BAND,
  MIN_SAMPLES_TO_AGREE,
  OUTCOMES,
  RELATIVE_BAND,
  SHARE_BAND,
} from "../../lib/agreement/rule";
import { EXPERIMENT_BASES } from "../../lib/scorecard/explanation";
import { OUTLIER_DISTANCE, OUTLIER_FENCE } from "../../lib/scorecard/outliers";
import { TIERS } from "../../lib/scorecard/row";

/** The rule as markdown. */
export function ruleMarkdown(): string {
  const fixed = EXPERIMENT_BASES.filter((b) => b.basis === "fixed in advance").map((b) => `*${b.label}*`);
  return [
    `**Tiers.** Each row first says what kind of comparison it is (${TIERS.map((t) => `*${t}*`).join(", ")}):`,
    "- *reproduced result* — a mechanism, scheduler or simulator output (Tables 10–29, Figures 18–21, the PoA): the only rows that count as reproductions;",
    "- *by construction* — a value an input of the run fixes: a fact the twin is calibrated to, the capacity W, a count of the thesis's own pipeline (the dependency table is in notebook 17);",
    "- *identity* — a value that follows from the model's definitions (e.g. VCG never charges more than the bid, so PM_1A = 0);",
    "- *not comparable* — another solver on another machine (Table 18's wall-clock times), or another machine's totals: shown, not judged.",
    "",
    `**Outcomes** (${OUTCOMES.map((o) => `*${o}*`).join(", ")}), the same rule for every tier but the last. ` +
      `The ${percent(CONFIDENCE, { decimals: 0 })} interval of ours / thesis takes both sides' uncertainty (the delta method on the log scale, ` +
      "Student's t at the smaller side's degrees of freedom). Ours *agrees* when that interval lies inside " +
      `[${1 - RELATIVE_BAND}, ${1 + RELATIVE_BAND}] (±${percent(RELATIVE_BAND, { decimals: 0 })}), *differs* when it lies wholly outside, and is *inconclusive* otherwise: ` +
      "less evidence widens the interval, so it can make a row inconclusive, never agreeing. " +
      `A count whose thesis mean is below ${COUNT_BAND / RELATIVE_BAND} (where ${percent(RELATIVE_BAND, { decimals: 0 })} is less than one) and a quantity with a mean ≤ 0 are judged on ours − thesis, ` +
      `the band at least ±${COUNT_BAND}; both sides constant over several samples are compared exactly. ` +
      `Ours on fewer than ${MIN_SAMPLES_TO_AGREE} samples never agrees (a notebook run alone, on a few samples, can show a difference but not an agreement).`,
    "",
    `**Statements** (a relation the thesis states, tested per sample): the share of samples where it holds, ours against the thesis's, with Newcombe's interval of the difference against ±${SHARE_BAND}.`,
    "",
    "**Causes.** A reproduced result that differs is *explained* only by a stored experiment that (1) switches one setting read from the thesis's text before its results were seen, taken whole and not rejected elsewhere in the workbook " +
      `(${fixed.join(", ")}), (2) moves ours on the same samples, toward the thesis, until it no longer differs, and (3) worsens no other row of the notebook (a row it worsens is named). ` +
      "An experiment that meets (2) and (3) on any other setting is a *post-hoc cause*. An agreeing AD row whose TV or TP differs agrees by *cancelling errors*. A text alone never explains a row.",
    "",
    `**Outliers.** A thesis sample is flagged when it lies outside Tukey's far fences of its column (Q1 − ${OUTLIER_FENCE}·IQR, Q3 + ${OUTLIER_FENCE}·IQR) and more than ${percent(OUTLIER_DISTANCE, { decimals: 0 })} of the median away from the median; the outcome with all samples is the headline, the one without the flagged samples is in the evidence.`,
  ].join("\n");
}
