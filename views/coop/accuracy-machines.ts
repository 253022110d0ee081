/** Section 6.5's claim across machines, shown: the machines counted by verdict, a one-line answer and a figure. */
import { group, percent } from "../display/format";
import type { PlotFigure } from "../display/plot";
import { invalidArgument } from "../../lib/util/errors";
import { median } from "../../lib/util/stats";
import type { AccuracyMachineRow, AccuracyStudyRow } from "../../lib/coop/accuracy-machines";
import type { AccuracyVerdict } from "../../lib/agreement/verdicts";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";

/** Machines by verdict, each with its names: "*helps* on 2 (A, B)", in the order helps, hurts, no effect, inconclusive. */
export function accuracyVerdictCounts(machines: readonly AccuracyMachineRow[]): string {
  const verdicts: AccuracyVerdict[] = ["helps", "hurts", "no effect", "inconclusive"];
  const parts = verdicts.map((v) => {
    const ms = machines.filter((m) => m.verdict === v).map((m) => m.source);
    return `*${v}* on ${ms.length}${ms.length ? ` (${ms.join(", ")})` : ""}`;
  });
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

const jobsText = (machines: readonly AccuracyMachineRow[]) => {
  const js = [...new Set(machines.map((m) => m.jobs))].sort((a, b) => a - b);
  return js.length === 1 ? group(js[0]) : `${group(js[0])}–${group(js[js.length - 1])}`;
};

/** A one-line answer: on how many machines accuracy helps / hurts / has no effect / is inconclusive, and the rule. */
export function accuracyMachinesSummary(machines: readonly AccuracyMachineRow[]): string {
  if (!machines.length) throw invalidArgument("machines", "[]", "accuracyAcrossMachines's rows");
  return (
    `**Across ${machines.length} machines** (one run each on its first ${jobsText(machines)} jobs; planned times moved to ` +
    `${machines[0].target}× the run time): accuracy ${accuracyVerdictCounts(machines)}. ` +
    `Median change α 0 → 1: wait ${percent(median(machines.map((m) => m.waitChange)))}, bounded slowdown ` +
    `${percent(median(machines.map((m) => m.bsldChange)))}. Rule per machine: ${accuracyRuleText()}.`
  );
}

/** Mean bounded slowdown relative to α = 0, one line per machine (mode "all", the target). */
export function accuracyMachinesFigure(rows: readonly AccuracyStudyRow[], target = 1): PlotFigure {
  const all = rows.filter((r) => r.mode === "all" && r.group === "all" && r.target === target);
  const sources = [...new Set(all.map((r) => r.source))];
  const js = [...new Set(all.map((r) => r.jobs))].sort((a, b) => a - b);
  const jobs = js.length > 1 ? `${group(js[0])}–${group(js[js.length - 1])}` : group(js[0] ?? NaN);
  return {
    data: sources.map((source) => {
      const rs = all.filter((r) => r.source === source).sort((a, b) => a.alpha - b.alpha);
      return {
        type: "scatter",
        mode: "lines+markers",
        name: source,
        x: rs.map((r) => r.alpha),
        y: rs.map((r) => r.meanBsld / rs[0].meanBsld),
      };
    }),
    layout: {
      title: {
        text: `Bounded slowdown relative to α = 0 (planned times towards ${target}× the run time, EASY, first ${jobs} jobs)`,
      },
      xaxis: { title: { text: "α (share of the way to the real run time)" } },
      yaxis: { title: { text: "mean bsld / mean bsld at α = 0" } },
    },
  };
}

/** The rule of {@link accuracyAcrossMachines} in words, with the band from lib/agreement. */
export function accuracyRuleText(): string {
  const band = `±${100 * RELATIVE_EFFECT_BAND}%`;
  return (
    `each change α 0 → 1 is an effect of one run (relativeEffect, band ${band} of the value at α = 0): ` +
    "accuracy *helps* when the mean wait and the mean bounded slowdown are both lower, *hurts* when either " +
    `is higher, has *no effect* when both are unchanged, and is *inconclusive* otherwise (a change within ${band})`
  );
}
