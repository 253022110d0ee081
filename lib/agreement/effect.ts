/**
 * Ours against ours (lib/agreement/rule.ts states the rule): a setting's effect from paired
 * differences, against a practical band, and a guarantee every sample must meet.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";
import { tQuantile975 } from "../util/stats";
import { MIN_SAMPLES_TO_AGREE, side } from "./rule";

/** The outcome of an effect: ours under one setting against ours under another. */
export type EffectOutcome = "higher" | "lower" | "equivalent" | "inconclusive";

/** An effect: the mean paired difference with its 95% t interval (zero width for one value or equal values). */
export type Effect = { outcome: EffectOutcome; mean: number; low: number; high: number; n: number };

/**
 * The effect of a setting from paired differences (setting − baseline, one per sample), against the
 * practical band ±`band` (0: the sign alone; no *equivalent* outcome then). One difference is a
 * point (a deterministic comparison); *equivalent*, an agreement, needs
 * {@link MIN_SAMPLES_TO_AGREE} differences unless every difference is 0.
 * @throws `invalid differences: …` when empty; `invalid band: …` when negative
 */
export function effect(differences: readonly number[], band = 0): Effect {
  finiteNumber(band, "band", 0);
  const s = side(differences, "differences");
  const half = s.n > 1 ? tQuantile975(s.n - 1) * (s.sd / Math.sqrt(s.n)) : 0;
  const [low, high] = [s.mean - half, s.mean + half];
  const inside = band > 0 && low >= -band && high <= band;
  const enough = s.n >= MIN_SAMPLES_TO_AGREE || (s.constant && s.mean === 0);
  const outcome: EffectOutcome =
    low > band ? "higher" : high < -band ? "lower" : inside && enough ? "equivalent" : "inconclusive";
  return { outcome, mean: s.mean, low, high, n: s.n };
}

/** The effect of ours under one setting against the other, as a relative change of the baseline's mean (paired by sample). */
export function relativeEffect(setting: readonly number[], baseline: readonly number[], band = 0): Effect {
  const paired = `${baseline.length} values (paired with baseline)`;
  if (setting.length !== baseline.length)
    throw invalidArgument("setting", `${setting.length} values`, paired);
  const b = side(baseline, "baseline");
  if (b.mean === 0) throw invalidArgument("baseline", "mean 0", "a baseline with a non-zero mean");
  return effect(
    setting.map((v, k) => (v - baseline[k]) / Math.abs(b.mean)),
    band,
  );
}

/** The outcome of a guarantee checked on every sample. */
export type GuaranteeOutcome = "holds" | "fails" | "not computed";

/**
 * A guarantee — a bound every sample must satisfy (e.g. the greedy's TV_1B ≥ (1 − β)·TV_1A, or
 * individual rationality): a count, not an estimate, so no interval and no band. It *holds* when
 * all `n` samples satisfy it and *fails* on a single counterexample; no samples = not computed.
 * @throws `invalid n: …` / `invalid satisfied: …` when not a whole number (satisfied within [0, n])
 */
export function guarantee(satisfied: number, n: number): GuaranteeOutcome {
  integer(n, "n", 0);
  integer(satisfied, "satisfied", 0, n);
  if (n === 0) return "not computed";
  return satisfied === n ? "holds" : "fails";
}

/** The outcome of a predicted change against the real one. */
export type SignOutcome = "same sign" | "opposite sign" | "within error";

/**
 * A predicted change (a replay's what-if) against the change a real run showed: judged only when
 * the real change is larger than the prediction's own error (|real| > error, e.g. how far the replay
 * of the unchanged settings is from the real schedule); then *same sign* or *opposite sign* (a
 * prediction of exactly 0 has no sign: opposite). Otherwise *within error*.
 * @throws `invalid error: …` when negative or not finite
 */
export function signOutcome(predicted: number, real: number, error: number): SignOutcome {
  finiteNumber(error, "error", 0);
  if (!(Math.abs(real) > error)) return "within error";
  return Math.sign(predicted) === Math.sign(real) ? "same sign" : "opposite sign";
}
