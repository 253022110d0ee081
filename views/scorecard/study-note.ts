/** Where a notebook's study results come from (lib/scorecard/study-results.ts) and how to refresh them; the scorecard's warning on few samples. */
import { FEW_STUDY_SAMPLES, type StudyResults } from "../../lib/scorecard/study-results";
import { SCORECARD_SAMPLES, canonicalJson } from "../../lib/scorecard/study-settings";

const ORIGIN_TEXT = {
  "other settings": "made with other settings than this notebook's",
  "other code":
    "made by other code (lib/, data/reference/ or package-lock.json has changed since, or the source's log has)",
  "not the study":
    "not made by the study with these settings (no stamp beside the file, or the file changed after the study wrote it)",
} as const;

/** How to refresh: the study with the notebook's differing settings, or a recomputation here. */
function refresh(r: StudyResults<unknown>): string {
  const wanted = r.wanted as unknown as Record<string, unknown>;
  const names = r.differences.map((d) => d.name);
  const params = names.map((k) => ` --param '${k}=${JSON.stringify(wanted[k])}'`).join("");
  const source =
    r.wanted.SOURCE === "twin" || names.includes("SOURCE")
      ? ""
      : ` --param 'SOURCE=${JSON.stringify(r.wanted.SOURCE)}'`;
  return `To refresh them: \`npm run study -- scorecard${source}${params}\` (the statistics of notebooks 07–10, on all cores), or set \`RECOMPUTE_SAMPLES\` to a few samples (e.g. ${FEW_STUDY_SAMPLES}) to recompute them in this notebook.`;
}

/** A sentence (markdown) saying where the study results come from and how to refresh them. */
export function studyResultsNote(r: StudyResults<unknown>): string {
  const n = r.samples;
  if (r.origin === "recomputed")
    return `The statistics and the counterfactual experiments below are **recomputed in this notebook on ${n} samples** (\`RECOMPUTE_SAMPLES = ${n}\`: fewer than the study's, so the intervals are wider). ${refresh(r)}`;
  if (r.origin === "no stored results")
    return `**No stored results for source \`${r.wanted.SOURCE}\`** (\`${r.path}\`): the statistics and the counterfactual experiments below are recomputed in this notebook on ${n} samples (wider intervals). ${refresh(r)}`;
  const what = `${n} statistics samples and ${r.cfSamples ?? "?"} per counterfactual experiment`;
  const where = `\`${r.path}\``;
  if (r.origin === "study")
    return `The statistics and the counterfactual experiments below (${what}) are read from ${where}, which the study \`scorecard\` made with this notebook's settings and this code (\`npm run study -- scorecard\` recomputes it when either changes).`;
  const differ = r.differences.map(
    (d) => `${d.name} = ${canonicalJson(d.made)} (here ${canonicalJson(d.wanted)})`,
  );
  return `**The stored results were ${ORIGIN_TEXT[r.origin]}${differ.length ? `: ${differ.join(", ")}` : ""}.** The summary rows, the statistics and the conclusion below are theirs (${what}, ${where}); the per-sample tables use this notebook's parameters. ${refresh(r)}`;
}

/** The warning when some notebooks' results have fewer statistics samples than the scorecard of record ("" when none). */
export function fewSamplesNote(few: readonly string[]): string {
  const n = SCORECARD_SAMPLES;
  return few.length
    ? `**Note:** ${few.join(", ")} ran with fewer than ${n} statistics samples here: wider intervals leave more ` +
        `rows *inconclusive*, never more agreeing. \`npm run study -- scorecard\` (${n} samples) makes the scorecard of record.`
    : "";
}
