/**
 * Why TP_1A is 138240 = 40·3456 in thesis samples 1–19 and 207360 = 60·3456 in sample 20 (6.3.1).
 * With inexperienced bids b_i = w_i·min_i every player's bid per node is her planned minutes. Sort
 * the jobs by planned minutes, longest first, and accumulate nodes: the planned time λ at which
 * the running total first reaches W is the marginal (clearing) price per node. When many small
 * jobs with planned time λ lose, removing any winner i frees w_i nodes that the optimum refills
 * with λ-jobs, so i's VCG/Clarke payment is exactly λ·w_i and TP = λ·TW = λ·W. 40-minute jobs hold
 * so many nodes that λ = 40 in every ordinary sample; without them (sample 20) the clearing
 * planned time moves to the next band, 60 minutes — not to the most common one (120).
 */
import type { Sample } from "../sample/draw";
import { jobsInstance } from "./experiments";
import { vcgPayments } from "./vcg-payments";
import { integer } from "../util/options";

/** The clearing-price check of one sample. */
export interface ClearingPriceRow {
  sample: string;
  /** Jobs in the sample. */
  n: number;
  /** Total payment of 1A (exact rule, Clarke re-run capped at the covered nodes = VCG here). */
  TP_1A: number;
  /** Total weight of 1A, nodes. */
  TW_1A: number;
  /** Clearing planned time λ, minutes. */
  lambda: number;
  /** λ·TW_1A. */
  lambdaTW: number;
  /** Whether TP_1A equals λ·TW_1A. */
  tpEqualsLambdaTW: boolean;
  /** Share of 1A winners paying exactly λ·w_i. */
  winnersPayingLambda: number;
  /** Losing jobs with planned time λ (the refill pool). */
  losersAtLambda: number;
  /** Nodes of those losers. */
  loserNodesAtLambda: number;
  /** The most common planned time in the sample (by job count), minutes. */
  modalMinutes: number;
}

/** The clearing planned time λ of a job list for W nodes (see the module comment). */
export function clearingMinutes(
  jobs: readonly { nnodes: number; minutes: number }[],
  capacity: number,
): number {
  integer(capacity, "capacity", 1);
  const sorted = jobs.slice().sort((a, b) => b.minutes - a.minutes);
  let cum = 0;
  for (const j of sorted) {
    cum += j.nnodes;
    if (cum >= capacity) return j.minutes;
  }
  return 0;
}

/** Runs experiment 1A with VCG payments on each sample and compares TP with λ·TW. */
export function clearingPriceCheck(samples: readonly Sample[], capacity = 3456): ClearingPriceRow[] {
  integer(capacity, "capacity", 1);
  return samples.map((s) => {
    const inst = jobsInstance(s.jobs, "inexperienced", capacity);
    const v = vcgPayments(inst, { rerunCapacity: "covered" });
    const lambda = clearingMinutes(s.jobs, capacity);
    let TP = 0,
      TW = 0,
      winners = 0,
      atLambda = 0,
      losers = 0,
      loserNodes = 0;
    const counts = new Map<number, number>();
    s.jobs.forEach((j, i) => {
      counts.set(j.minutes, (counts.get(j.minutes) ?? 0) + 1);
      if (v.x[i]) {
        TP += v.p[i];
        TW += j.nnodes;
        winners++;
        if (Math.abs(v.p[i] - lambda * j.nnodes) <= 1e-9 * Math.max(1, v.p[i])) atLambda++;
      } else if (j.minutes === lambda) {
        losers++;
        loserNodes += j.nnodes;
      }
    });
    let modal = 0,
      best = -1;
    for (const [m, c] of [...counts.entries()].sort((a, b) => a[0] - b[0]))
      if (c > best) {
        best = c;
        modal = m;
      }
    return {
      sample: s.name,
      n: s.jobs.length,
      TP_1A: TP,
      TW_1A: TW,
      lambda,
      lambdaTW: lambda * TW,
      tpEqualsLambdaTW: Math.abs(TP - lambda * TW) <= 1e-9 * Math.max(1, TP),
      winnersPayingLambda: winners ? atLambda / winners : 0,
      losersAtLambda: losers,
      loserNodesAtLambda: loserNodes,
      modalMinutes: modal,
    };
  });
}
