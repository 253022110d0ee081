/**
 * Section 6.5's claim across machines: the planned-accuracy study (`studies/planned-accuracy.json`,
 * rows of {@link plannedAccuracyStudyTask}) read per machine — does planning closer to the real run
 * time (α from 0 to 1, every job) lower the mean wait and the mean bounded slowdown? — each change
 * judged by lib/agreement's `relativeEffect` against {@link RELATIVE_EFFECT_BAND}
 * (views/coop/accuracy-machines.ts counts and draws them).
 */
import type { EffectOutcome } from "../agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { type AccuracyVerdict, accuracyVerdict } from "../agreement/verdicts";
import { invalidArgument } from "../util/errors";
import type { TraceAccuracyRow } from "./planned-accuracy-trace";

/** A study row: a trace's accuracy row with its source and target. */
export type AccuracyStudyRow = TraceAccuracyRow & { source: string; target: number };

/** One machine's change from α = 0 to α = 1. */
export interface AccuracyMachineRow {
  source: string;
  target: number;
  /** Jobs of the replayed run. */
  jobs: number;
  /** Relative change of the mean wait, α 0 → 1 (−0.1 = 10% shorter). */
  waitChange: number;
  /** Relative change of the mean bounded slowdown, α 0 → 1. */
  bsldChange: number;
  /** Jobs killed at their limit at α = 1 (under-estimates). */
  killedAtOne: number;
  /** The effect of α = 1 on the mean wait and on the mean bounded slowdown (one run: a point against the band). */
  wait: EffectOutcome;
  bsld: EffectOutcome;
  verdict: AccuracyVerdict;
}

/**
 * Per machine (mode "all", the given target): the effect of α = 1 against α = 0 on the mean wait and
 * the mean bounded slowdown (views/coop phrase the rule).
 * @throws `invalid rows: …` when no row has mode "all" with this target at both α = 0 and α = 1
 */
export function accuracyAcrossMachines(rows: readonly AccuracyStudyRow[], target = 1): AccuracyMachineRow[] {
  const all = rows.filter((r) => r.mode === "all" && r.group === "all" && r.target === target);
  const sources = [...new Set(all.map((r) => r.source))];
  const out = sources.flatMap((source) => {
    const at = (a: number) => all.find((r) => r.source === source && r.alpha === a);
    const a0 = at(0),
      a1 = at(1);
    if (!a0 || !a1) return [];
    const waitChange = a1.meanWait / a0.meanWait - 1,
      bsldChange = a1.meanBsld / a0.meanBsld - 1;
    const { wait, bsld, verdict } = accuracyVerdict(a0, a1);
    return [
      { source, target, jobs: a0.jobs, waitChange, bsldChange, killedAtOne: a1.killed, wait, bsld, verdict },
    ];
  });
  if (out.length === 0)
    throw invalidArgument(
      "rows",
      `${rows.length} rows`,
      `rows with mode "all", target ${target} and α = 0 and 1 (run studies/planned-accuracy.json)`,
    );
  return out;
}
