/**
 * The what-if checked against a real counterfactual: the same workload run on a real Slurm under two
 * settings gives two exports. From the first alone, the replay predicts each account's change of
 * median wait under the second's settings (lib/site/what-if.ts: paired runs with jittered eligible
 * times); the second export shows the real change. A prediction is judged only where the real change
 * is larger than the replay's own error on the first export (how far its median wait under the
 * first's own settings lies from the real one): lib/agreement's `signOutcome`.
 */
import { type Effect, type SignOutcome, signOutcome } from "../agreement/effect";
import type { SiteModel } from "./site";
import { type WhatIfOptions, whatIf } from "./what-if";
import { realFigures } from "./replay";

/** One account: real medians under both settings, the predicted change and its judgement (seconds). */
export interface CounterfactualRow {
  account: string;
  jobs: number;
  /** Real median wait under the first and under the second settings. */
  realBase: number;
  realNext: number;
  /** realNext − realBase. */
  realChange: number;
  /** The replay's change of median wait (second − first settings) from the first export. */
  predicted: Effect;
  /** |replayed − real| median wait under the first settings (mean over the runs). */
  replayError: number;
  outcome: SignOutcome;
}

/**
 * Each account's predicted change against the real one, for `base` (the first export, its own
 * settings) and `next` (the second export: its settings are the ones predicted, its jobs the truth).
 * @throws `invalid next: …` when an account ran jobs in one export only
 */
export function counterfactual(
  base: SiteModel,
  next: SiteModel,
  options: WhatIfOptions = {},
): CounterfactualRow[] {
  const w = whatIf(base, base.settings, next.settings, options);
  const realBase = realFigures(base).accounts;
  const realNext = new Map(realFigures(next).accounts.map((a) => [a.account, a]));
  return w.accounts.map((a) => {
    const rb = realBase.find((r) => r.account === a.account)!,
      rn = realNext.get(a.account);
    if (!rn)
      throw new Error(
        `invalid next: account ${a.account} ran jobs in the first export only; expected the same workload in both`,
      );
    const replayError = Math.abs(a.baseMedianWait - rb.medianWait);
    const realChange = rn.medianWait - rb.medianWait;
    return {
      account: a.account,
      jobs: a.jobs,
      realBase: rb.medianWait,
      realNext: rn.medianWait,
      realChange,
      predicted: a.dMedian,
      replayError,
      outcome: signOutcome(a.dMedian.mean, realChange, replayError),
    };
  });
}
