/**
 * The stored counterfactual experiments of notebooks 07–10, each switching one thing: their labels
 * by the setting each switches, the tie order (narrowest first), and the input counterfactuals (twin
 * versions drawn with the same seed). The rounds and runs that store them are in
 * lib/scorecard/round-results.ts and lib/scorecard/sim-results.ts; lib/scorecard/explanation.ts
 * states each one's basis.
 */
import type { ExperiencedRounding } from "../mechanism/experiments";
import type { Sample } from "../sample/draw";
import type { SourceSpec } from "../source/source";
import { twinSpec, twinText } from "../source/twin-reader";

/** The labels of the stored counterfactuals, by the setting each switches (one place for both the runs and their descriptions). */
export const CF_LABELS = {
  rerunCapacity: (other: "covered" | "W") => `rerunCapacity = "${other}"`,
  rounding: (r: ExperiencedRounding) => `experienced bids rounded "${r}"`,
  priorityList: (skips: boolean) => `priority list ${skips ? "skips" : "halts"}`,
  favorLarge: "PriorityFavorSmall = NO (MareNostrum4, Section 2.2.2)",
  table5: "Table 5 setting (MareNostrum4 knobs, Table 2 weights)",
  overflowSkip: "first iteration skips overflowing jobs",
} as const;

/** The label of the tie-order counterfactual ({@link narrowestFirst}). */
export const NARROWEST_FIRST_CF = "ties broken narrowest first (each sample's players ordered by nodes)";

/**
 * A sample with its players in increasing node order (stable: equal widths keep the drawing order).
 * Every tie rule of the mechanisms falls back on the lower index (greedy keys, the DP's "leave the
 * later player out"), so this switches the tie order among equal keys — e.g. the many 40-minute
 * jobs of 1A/1B, whose density is the same — to narrowest first. The thesis does not state its
 * order (its samples' file order decided it).
 */
export function narrowestFirst(sample: Sample): Sample {
  return { ...sample, jobs: [...sample.jobs].sort((a, b) => a.nnodes - b.nnodes) };
}

/** The input counterfactuals: the twin versions whose draws notebooks 07–09 rerun, and their labels (lib/twin/joint.ts says what each changes). */
export const INPUT_COUNTERFACTUALS: readonly { version: 3 | 4; label: string }[] = [
  { version: 3, label: "input: twin v3 (Figure 22's 'most' and 'usually' read as strong majorities)" },
  { version: 4, label: "input: twin v4 (heavy jobs wide, §4.1: ρ = 0.4 among jobs of ≥ 120 min)" },
];

/**
 * The twin source of `version` with the same seed as a default twin source (`"twin"`,
 * `"twin:<seed>"`, `"twin-v2…"`), or undefined for any other source (v1, v3, v4, logs: no input
 * counterfactual).
 */
export function inputCounterfactualSource(source: string | SourceSpec, version: 3 | 4): string | undefined {
  const spec = typeof source === "string" ? twinSpec(source) : source;
  return spec?.twin?.version === 2 ? twinText(spec, version) : undefined;
}
