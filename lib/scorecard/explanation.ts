/**
 * Explanations of a difference by a stored experiment (a counterfactual: ours recomputed with one
 * setting or input switched, on the same samples). An experiment *explains* a row only when
 * (1) ours on the experiment's samples differs from the thesis, (2) under the experiment it no
 * longer differs, (3) the experiment really moves ours on those samples, toward the thesis (the
 * paired effect's interval excludes 0, lib/agreement), (4) it breaks no other row of
 * the same notebook (checked by the caller: the row then says which) and (5) its setting is a
 * reading of the thesis's text fixed before its results were seen, taken whole, and not a reading
 * the workbook rejects elsewhere ({@link EXPERIMENT_BASES}). An experiment meeting (1)–(4) but not
 * (5) is a *post-hoc* candidate cause; any other is no explanation.
 */
import { type Effect, effect } from "../agreement/effect";
import { agreement } from "../agreement/reference";
import { invalidArgument } from "../util/errors";

/** How an experiment's setting was obtained. */
export type ExplanationBasis = "fixed in advance" | "post-hoc";

/** An experiment's basis and the reading it rests on. */
export interface ExperimentBasis {
  basis: ExplanationBasis;
  /** Why: the thesis's text it reads, or why it is post-hoc. */
  reading: string;
}

/**
 * The stored experiments' bases, by the start of their label (lib/scorecard/counterfactuals.ts's CF_LABELS,
 * NARROWEST_FIRST_CF and INPUT_COUNTERFACTUALS). An experiment not listed is post-hoc.
 */
export const EXPERIMENT_BASES: readonly (ExperimentBasis & { label: string })[] = [
  {
    label: 'rerunCapacity = "W"',
    basis: "post-hoc",
    reading:
      "the thesis's remark in Section 6.3.1 caps the Clarke re-run at the nodes the solution covers; a re-run on all W nodes is the reading the workbook rejects",
  },
  {
    label: 'rerunCapacity = "covered"',
    basis: "fixed in advance",
    reading: "the thesis's remark in Section 6.3.1: the re-run is capped at the nodes the solution covers",
  },
  {
    label: "experienced bids rounded",
    basis: "post-hoc",
    reading:
      "the thesis does not say how its experienced bids became whole numbers; every rounding, ours included, was chosen after seeing Tables 10 and 13",
  },
  {
    label: "priority list",
    basis: "post-hoc",
    reading:
      "the thesis does not say whether its priority list skips or halts at a job that does not fit; the default skips because Table 27 has negative payments",
  },
  {
    label: "ties broken narrowest first",
    basis: "post-hoc",
    reading: "the thesis does not state its tie order (its sample files' order decided it)",
  },
  {
    label: "input: twin v",
    basis: "post-hoc",
    reading: "the twin versions v3 and v4 were sized after seeing result tables (notebook 04)",
  },
  {
    label: "PriorityFavorSmall = NO",
    basis: "fixed in advance",
    reading: "MareNostrum4's setting, stated in the thesis's Section 2.2.2",
  },
  {
    label: "Table 5 setting",
    basis: "fixed in advance",
    reading: "MareNostrum4's scheduler knobs and priority weights, the thesis's Tables 2 and 5",
  },
  {
    label: "first iteration skips overflowing jobs",
    basis: "fixed in advance",
    reading: "the other reading of the thesis's first scheduling iteration (Section 6.3.4's text)",
  },
];

/** The basis of the stored experiment `label` ({@link EXPERIMENT_BASES}; post-hoc when not listed). */
export function experimentBasis(label: string): ExperimentBasis {
  const hit = EXPERIMENT_BASES.find((b) => label.startsWith(b.label));
  return hit ?? { basis: "post-hoc", reading: "not a setting read from the thesis's text" };
}

/** One experiment's evidence about one row. */
export interface Explanation {
  /** The experiment's label. */
  experiment: string;
  /** Where it is computed, e.g. `notebook 07-main-experiments`. */
  shownIn: string;
  basis: ExplanationBasis;
  /** True when (1)–(3) hold; the caller sets it false when (4) fails and lists the rows in `breaks`. */
  holds: boolean;
  /** Rows the experiment breaks (their outcome worsens, or they cross to the thesis's other side). */
  breaks: readonly string[];
  /** Ours on the experiment's samples: with our setting and with the experiment's. */
  base: { mean: number; n: number };
  under: { mean: number; n: number };
  /** The paired shift under the experiment, with its interval. */
  shift: Effect;
}

/**
 * The evidence of experiment `experiment` about a row (conditions (1)–(3) of the module comment):
 * `values` are ours under the experiment, `baseValues` ours with our setting on the same samples in
 * the same order.
 * @throws `invalid baseValues: …` when the lengths differ or either is empty
 */
export function counterfactualExplanation(
  experiment: string,
  shownIn: string,
  thesisValues: readonly number[],
  values: readonly number[],
  baseValues: readonly number[],
): Explanation {
  if (!values.length || baseValues.length !== values.length)
    throw invalidArgument(
      "baseValues",
      `${baseValues.length} values`,
      `${values.length} values (the same samples)`,
    );
  const shift = effect(values.map((v, k) => v - baseValues[k]));
  const base = agreement(thesisValues, baseValues),
    under = agreement(thesisValues, values);
  const thesisMean = thesisValues.reduce((s, v) => s + v, 0) / thesisValues.length;
  const baseMean = baseValues.reduce((s, v) => s + v, 0) / baseValues.length;
  const toward = thesisMean > baseMean ? shift.outcome === "higher" : shift.outcome === "lower";
  return {
    experiment,
    shownIn,
    basis: experimentBasis(experiment).basis,
    holds: base.outcome === "differs" && under.outcome !== "differs" && toward,
    breaks: [],
    base: { mean: baseMean, n: baseValues.length },
    under: { mean: shift.mean + baseMean, n: values.length },
    shift,
  };
}
