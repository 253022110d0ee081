/**
 * The verdicts that answer a question from lib/agreement's outcomes, each vocabulary with its rule:
 * - a claim over workloads (notebook 11's conclusions): each workload reads *for*, *against* or
 *   *undecided*; the claim *holds* when every one is for it, *fails* when every one is against it,
 *   is *mixed* when some are for and some against, else *inconclusive*;
 * - what planned times at α = 1 do against α = 0 on a machine: *helps* when the mean wait and the
 *   mean bounded slowdown are both lower beyond the band, *hurts* when either is higher, *no effect*
 *   when both are equivalent, else *inconclusive*;
 * - how a machine's finding reads against the thesis's statement (notebook 15): *as in the thesis*,
 *   *unlike the thesis* or *undecided*;
 * - what a what-if cell does to an objective (notebook 18): *better*, *worse*, *no change* or
 *   *inconclusive*.
 */
import { type EffectOutcome, relativeEffect } from "./effect";
import { RELATIVE_EFFECT_BAND } from "./rule";

/** What one workload says of a claim. */
export type Reading = "for" | "against" | "undecided";

/** A claim's verdict over its workloads. */
export type ClaimVerdict = "holds" | "fails" | "mixed" | "inconclusive";

/** A claim's verdict from what each workload says (module comment). */
export function claimVerdict(readings: readonly Reading[]): ClaimVerdict {
  const n = (r: Reading) => readings.filter((x) => x === r).length;
  if (readings.length && n("for") === readings.length) return "holds";
  if (readings.length && n("against") === readings.length) return "fails";
  return n("for") && n("against") ? "mixed" : "inconclusive";
}

/** What accurate planned times do on a machine. */
export type AccuracyVerdict = "helps" | "hurts" | "no effect" | "inconclusive";

/**
 * What planned times at α = 1 do against α = 0 (module comment): the effect on the mean wait and on
 * the mean bounded slowdown of one run each (`relativeEffect`, band {@link RELATIVE_EFFECT_BAND}), and
 * the verdict.
 */
export function accuracyVerdict(
  a0: { meanWait: number; meanBsld: number },
  a1: { meanWait: number; meanBsld: number },
): { wait: EffectOutcome; bsld: EffectOutcome; verdict: AccuracyVerdict } {
  const wait = relativeEffect([a1.meanWait], [a0.meanWait], RELATIVE_EFFECT_BAND).outcome,
    bsld = relativeEffect([a1.meanBsld], [a0.meanBsld], RELATIVE_EFFECT_BAND).outcome;
  const both = (o: EffectOutcome) => wait === o && bsld === o;
  const verdict: AccuracyVerdict = both("lower")
    ? "helps"
    : wait === "higher" || bsld === "higher"
      ? "hurts"
      : both("equivalent")
        ? "no effect"
        : "inconclusive";
  return { wait, bsld, verdict };
}

/** How a machine's outcome reads against the thesis's statement. */
export type FindingReading = "as in the thesis" | "unlike the thesis" | "undecided";

/** A finding's reading from the outcome of its check: agrees (or holds) as in the thesis, differs (or fails) unlike it. */
export function findingReading(outcome: string): FindingReading {
  return outcome === "agrees" || outcome === "holds"
    ? "as in the thesis"
    : outcome === "differs" || outcome === "fails"
      ? "unlike the thesis"
      : "undecided";
}

/** What a cell does to the objective. */
export type ObjectiveOutcome = "better" | "worse" | "no change" | "inconclusive";

/** A cell's paired effect on the objective read in the objective's better direction. */
export function objectiveOutcome(effect: EffectOutcome | string, higherIsBetter: boolean): ObjectiveOutcome {
  return effect === "equivalent"
    ? "no change"
    : effect === "inconclusive"
      ? "inconclusive"
      : (effect === "higher") === higherIsBetter
        ? "better"
        : "worse";
}
