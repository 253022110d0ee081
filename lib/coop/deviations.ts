/**
 * Thesis Section 8, fourth and last items. (1) Players who pay less than their bid: how the
 * distribution of the others' bids sets the slack b − p of the winners, measured by scaling every
 * other bid by κ. (2) Worst equilibria for the PoA: the auditor's misreport grid searched for
 * unilateral deviations that do not hurt the deviator (utility ≥ truthful) but lower the social
 * welfare Σ v·x at the true values — allocations worse than the usual (truthful) one.
 */
import { finiteNumber } from "../util/options";
import { withBid, type Instance } from "../mechanism/instance";
import { paymentName, runMechanism, type Mechanism } from "../mechanism/mechanism";

/** Winners' mean relative slack (b − p)/b, and the share paying strictly less than their bid, at each scale κ of the others' bids. */
export function paymentSlackRows(
  inst: Instance,
  mech: Mechanism,
  kappas: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5],
): { kappa: number; winners: number; meanSlack: number; payLessShare: number }[] {
  kappas.forEach((k) => finiteNumber(k, "kappas", 0));
  return kappas.map((kappa) => {
    // Player i's slack is measured with every other bid scaled by κ and i's own bid kept.
    let winners = 0,
      slack = 0,
      less = 0;
    for (let i = 0; i < inst.w.length; i++) {
      const b = Float64Array.from(inst.b, (x, j) => (j === i ? x : x * kappa));
      const scaled: Instance = { ...inst, b };
      const out = runMechanism(mech, scaled, { only: i });
      if (!out.x[i] || !(inst.b[i] > 0)) continue;
      winners++;
      slack += (inst.b[i] - out.p[i]) / inst.b[i];
      if (out.p[i] < inst.b[i] * (1 - 1e-9)) less++;
    }
    return {
      kappa,
      winners,
      meanSlack: winners ? slack / winners : NaN,
      payLessShare: winners ? less / winners : NaN,
    };
  });
}

/** The worst welfare reached by a deviation that does not hurt the deviator, with its witness. */
export interface WorstDeviation {
  /** Welfare Σ v·x at truthful bids. */
  truthfulWelfare: number;
  /** The lowest welfare found, and truthful / that (a lower bound on a worst equilibrium's welfare loss). */
  worstWelfare: number;
  ratio: number;
  /** The deviating player, its value and misreport (−1 / NaN when none lowers welfare). */
  player: number;
  value: number;
  bid: number;
  /** Deviations tried. */
  tried: number;
}

/**
 * Searches unilateral misreports b = f·v (f from `factors`) for the lowest welfare among those that
 * leave the deviator at least as well off (utility ≥ truthful − 1e-9·v).
 */
export function worstUnilateralDeviation(
  inst: Instance,
  mech: Mechanism,
  factors: readonly number[] = [0, 0.25, 0.5, 0.75, 0.9, 1.1, 1.5, 2, 5, 10],
  players?: readonly number[],
): WorstDeviation {
  const welfare = (x: Uint8Array) => x.reduce((s, xi, i) => s + (xi ? inst.b[i] : 0), 0);
  const truth = runMechanism(mech, inst);
  const W0 = welfare(truth.x);
  const best: WorstDeviation = {
    truthfulWelfare: W0,
    worstWelfare: W0,
    ratio: 1,
    player: -1,
    value: NaN,
    bid: NaN,
    tried: 0,
  };
  const onlyI = !(mech.payment === "clarke" && mech.rule.kind === "exact");
  for (const i of players ?? Array.from({ length: inst.w.length }, (_, k) => k)) {
    const v = inst.b[i];
    const u0 = truth.x[i] ? v - truth.p[i] : 0;
    for (const f of factors) {
      if (f === 1) continue;
      best.tried++;
      // Only i's payment is read: compute just that one (the exact rule's Clarke payments come
      // from one pair of DP tables for all players, a different computation, so all are kept there).
      const out = runMechanism(mech, withBid(inst, i, v * f), onlyI ? { only: i } : {});
      const u = out.x[i] ? v - out.p[i] : 0;
      if (u < u0 - 1e-9 * Math.max(1, v)) continue;
      const w = welfare(out.x);
      if (w < best.worstWelfare)
        Object.assign(best, { worstWelfare: w, ratio: W0 / w, player: i, value: v, bid: v * f });
    }
  }
  return best;
}

/** One payment rule's worst unilateral deviation (see {@link worstUnilateralDeviation}). */
export type PaymentDeviation = WorstDeviation & {
  /** The payment rule's name. */
  payment: string;
};

/**
 * The worst unilateral deviation under each payment rule of one allocation rule, searching the first
 * `players` players (defaults to 30) over `factors` (defaults to 0, 0.5, 0.9, 1.1, 2, 10).
 */
export function worstDeviations(
  inst: Instance,
  rule: Mechanism["rule"],
  payments: readonly Mechanism["payment"][] = ["critical", "clarke"],
  options: { players?: number; factors?: readonly number[] } = {},
): PaymentDeviation[] {
  const { players = 30, factors = [0, 0.5, 0.9, 1.1, 2, 10] } = options;
  const who = Array.from({ length: Math.min(players, inst.w.length) }, (_, k) => k);
  return payments.map((payment) => ({
    payment: paymentName(payment),
    ...worstUnilateralDeviation(inst, { rule, payment }, factors, who),
  }));
}
