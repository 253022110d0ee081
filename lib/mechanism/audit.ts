/**
 * The auditor: for a mechanism and an instance, treats each truthful bid as the player's value
 * (quasi-linear utility u_i = v_i·x_i − p_i) and searches misreports for a profitable deviation;
 * checks individual rationality (winners pay ≤ b_i), no positive transfers (p_i ≥ 0) and
 * monotonicity of the allocation along the misreport grid. Every violation comes with a witness.
 * Candidate misreports for player i: multiples of v_i, and the bids that put i just above or just
 * below each other player in the greedy key order (where the allocation can change).
 */
import type { Instance } from "./instance";
import { withBid } from "./instance";
import { runMechanism, type Mechanism } from "./mechanism";
import { finiteNumber, integer } from "../util/options";

/** A profitable misreport. */
export interface DeviationWitness {
  player: number;
  /** True value (the truthful bid). */
  value: number;
  /** The misreport. */
  bid: number;
  /** Utility when truthful. */
  truthfulUtility: number;
  /** Utility with the misreport. */
  deviationUtility: number;
}

/** A monotonicity violation: wins at `lowBid`, loses at `highBid` > `lowBid`. */
export interface MonotonicityWitness {
  player: number;
  lowBid: number;
  highBid: number;
}

/** A payment violation at truthful bids. */
export interface PaymentWitness {
  player: number;
  bid: number;
  payment: number;
}

/** What the auditor found. */
export interface AuditReport {
  /** Players examined. */
  playersChecked: number;
  /** Misreports tried in total. */
  misreportsTried: number;
  /** Profitable deviations (at most one, the best, per player). */
  profitable: DeviationWitness[];
  /** Winners paying more than their bid (IR violated). */
  irViolations: PaymentWitness[];
  /** Winners receiving money (p < 0). */
  positiveTransfers: PaymentWitness[];
  /** Monotonicity violations along the grid. */
  monotonicity: MonotonicityWitness[];
}

/** Options of {@link auditMechanism}. */
export interface AuditOptions {
  /** Players to examine. Defaults to all. */
  players?: number[];
  /** Multiples of the true value tried. Defaults to [0, 0.25, 0.5, 0.75, 0.9, 0.99, 1.01, 1.1, 1.5, 2, 5, 10]. */
  factors?: number[];
  /** At most this many key-order thresholds per player (evenly spread). Defaults to 40. */
  maxThresholds?: number;
  /** Relative tolerance on utilities and payments. Defaults to 1e-9. */
  tolerance?: number;
}

const DEFAULT_FACTORS = [0, 0.25, 0.5, 0.75, 0.9, 0.99, 1.01, 1.1, 1.5, 2, 5, 10];

function thresholds(inst: Instance, i: number, max: number): number[] {
  const n = inst.w.length;
  const out: number[] = [];
  const step = Math.max(1, Math.ceil((n - 1) / Math.max(1, max)));
  for (let j = 0; j < n; j += step) {
    if (j === i) continue;
    // Bid that ties i with j under b/w and under b/(w·rtime), nudged either side; and j's bid (fallback).
    for (const z of [
      (inst.b[j] / inst.w[j]) * inst.w[i],
      (inst.b[j] / (inst.w[j] * inst.r[j])) * inst.w[i] * inst.r[i],
      inst.b[j],
    ]) {
      out.push(z * (1 - 1e-7), z * (1 + 1e-7));
    }
  }
  return out;
}

/**
 * Audits a mechanism on an instance.
 * @example auditMechanism({ rule: greedyRule({ skip: true }), payment: "clarke" }, inst).profitable
 */
export function auditMechanism(mech: Mechanism, inst: Instance, options: AuditOptions = {}): AuditReport {
  const n = inst.w.length;
  const players = options.players ?? Array.from({ length: n }, (_, i) => i);
  players.forEach((i, k) => integer(i, `players[${k}]`, 0, n - 1));
  const factors = (options.factors ?? DEFAULT_FACTORS).map((f, k) => finiteNumber(f, `factors[${k}]`, 0));
  const maxT = integer(options.maxThresholds ?? 40, "maxThresholds", 0);
  const tol = finiteNumber(options.tolerance ?? 1e-9, "tolerance", 0);
  const truth = runMechanism(mech, inst);
  const report: AuditReport = {
    playersChecked: players.length,
    misreportsTried: 0,
    profitable: [],
    irViolations: [],
    positiveTransfers: [],
    monotonicity: [],
  };
  for (let i = 0; i < n; i++) {
    if (!truth.x[i]) continue;
    const eps = tol * Math.max(1, Math.abs(inst.b[i]));
    if (truth.p[i] > inst.b[i] + eps)
      report.irViolations.push({ player: i, bid: inst.b[i], payment: truth.p[i] });
    if (truth.p[i] < -eps) report.positiveTransfers.push({ player: i, bid: inst.b[i], payment: truth.p[i] });
  }
  for (const i of players) {
    const v = inst.b[i];
    const eps = tol * Math.max(1, Math.abs(v));
    const u0 = truth.x[i] ? v - truth.p[i] : 0;
    const cands = [...factors.map((f) => f * v), ...(maxT > 0 ? thresholds(inst, i, maxT) : [])].filter(
      (z) => z >= 0 && z !== v,
    );
    const tried = [...new Set(cands)].sort((a, c) => a - c);
    let best: DeviationWitness | undefined;
    const winsAt: [number, boolean][] = [[v, truth.x[i] === 1]];
    for (const z of tried) {
      const o = runMechanism(mech, withBid(inst, i, z), { only: i });
      report.misreportsTried++;
      winsAt.push([z, o.x[i] === 1]);
      const u = o.x[i] ? v - o.p[i] : 0;
      if (u > u0 + eps && (!best || u > best.deviationUtility))
        best = { player: i, value: v, bid: z, truthfulUtility: u0, deviationUtility: u };
    }
    if (best) report.profitable.push(best);
    winsAt.sort((a, c) => a[0] - c[0]);
    let lastWin = -1;
    for (const [z, w] of winsAt) {
      if (w) lastWin = z;
      else if (lastWin >= 0) {
        report.monotonicity.push({ player: i, lowBid: lastWin, highBid: z });
        break;
      }
    }
  }
  return report;
}

/**
 * A spread of players to audit on a large instance: `count` evenly spaced indices plus, when a
 * winner vector is given, `count` evenly spaced winners (so both sides of the cut are probed).
 */
export function spreadPlayers(n: number, count: number, x?: Uint8Array): number[] {
  integer(n, "n", 0);
  integer(count, "count", 0);
  const pick = (list: number[]) =>
    Array.from(
      { length: Math.min(count, list.length) },
      (_, k) => list[Math.floor((k * list.length) / Math.min(count, list.length))],
    );
  const all = pick(Array.from({ length: n }, (_, i) => i));
  const winners = x ? pick(Array.from(x).flatMap((v, i) => (v ? [i] : []))) : [];
  return [...new Set([...all, ...winners])].sort((a, b) => a - b);
}
