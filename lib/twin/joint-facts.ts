/**
 * The twin's input-side facts measured on a set of jobs: F1–F6 (what the thesis states about its
 * input; lib/twin/joint.ts cites each and says which twin version follows which) and, with the
 * derived facts, F7 and F8 (what its 1A results reveal, lib/twin/derived-facts.ts). Notebook 17
 * shows them side by side for the twin versions and any other source.
 */

import { meetsTarget } from "../agreement/reference";
import { invalidArgument } from "../util/errors";
import { lowerMedian } from "../util/stats";
import { type DerivedInputFacts, measureDerivedFacts } from "./derived-facts";
import { HEAVY_MINUTES } from "./joint";

/** The job fields the facts are measured on. */
export interface JointJob {
  nnodes: number;
  minutes: number;
  rtime: number;
}

/**
 * A measured value and how it reads: a count or planned time ("whole"), a ratio, a rank
 * correlation ("rho"; NaN with fewer than 3 jobs), a share, node-minutes ("kilo"), or where the
 * node-weighted distribution crosses half the nodes.
 */
export type FactValue =
  | { as: "whole" | "ratio" | "rho" | "share" | "kilo"; value: number }
  | { as: "crossing"; above: number; through: number; minutes: number };

/** The input-side facts, in the order they are measured. */
export const JOINT_FACT_IDS = ["F1", "F2", "F3", "F2+", "F3+", "F4a", "F4b", "F5", "F6", "F7", "F8"] as const;

/** An input-side fact's id. */
export type JointFactId = (typeof JOINT_FACT_IDS)[number];

/**
 * One input-side fact: its id (views/twin/input-facts.ts words what it says, the thesis's statement
 * and its stated rule), the values its wording names, the thesis's mean with its 95% CI where the
 * target is one (F7, F8; null for a stated rule), ours, and whether ours meets it.
 */
export interface JointFact {
  id: JointFactId;
  /** The heavy-job threshold (F6, minutes); the band (minutes), W and the thesis's samples (F7, F8). */
  about: { heavyMinutes?: number; bandMinutes?: number; capacity?: number; samples?: number };
  target: { as: "share" | "kilo"; mean: number; low: number; high: number } | null;
  measured: FactValue;
  met: boolean;
}

/**
 * The planned minutes at which the node-weighted distribution, accumulated from the longest jobs
 * down, first reaches `share` of all nodes (the band in which a knapsack of that share of the
 * nodes is cut when jobs are taken by planned minutes). Ties: a band is taken whole.
 */
export function nodeWeightedCrossing(
  jobs: readonly JointJob[],
  share = 0.5,
): { minutes: number; above: number; through: number } {
  const byMinutes = new Map<number, number>();
  let total = 0;
  for (const j of jobs) {
    byMinutes.set(j.minutes, (byMinutes.get(j.minutes) ?? 0) + j.nnodes);
    total += j.nnodes;
  }
  let cum = 0;
  for (const [m, nodes] of [...byMinutes].sort((a, b) => b[0] - a[0])) {
    if ((cum + nodes) / total >= share)
      return { minutes: m, above: cum / total, through: (cum + nodes) / total };
    cum += nodes;
  }
  return { minutes: NaN, above: cum / (total || 1), through: 1 };
}

function mode(values: readonly number[]): number {
  const c = new Map<number, number>();
  for (const v of values) c.set(v, (c.get(v) ?? 0) + 1);
  return [...c].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? NaN;
}

/** The most common value's share of `values` (0 when empty). */
function modeShare(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const m = mode(values);
  return values.filter((v) => v === m).length / values.length;
}

/** Spearman's rank correlation (average ranks for ties; NaN under 3 values or a constant side). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw invalidArgument("b", `${b.length} values`, `${a.length} values`);
  const ra = averageRanks(a),
    rb = averageRanks(b),
    n = a.length;
  if (n < 3) return NaN;
  const m = (n - 1) / 2;
  let c = 0,
    va = 0,
    vb = 0;
  for (let i = 0; i < n; i++) {
    c += (ra[i] - m) * (rb[i] - m);
    va += (ra[i] - m) ** 2;
    vb += (rb[i] - m) ** 2;
  }
  return va > 0 && vb > 0 ? c / Math.sqrt(va * vb) : NaN;
}

function averageRanks(v: readonly number[]): Float64Array {
  const idx = v.map((_, i) => i).sort((x, y) => v[x] - v[y]);
  const r = new Float64Array(v.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && v[idx[j + 1]] === v[idx[i]]) j++;
    for (let k = i; k <= j; k++) r[idx[k]] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}

/**
 * The thesis's input-side facts (module comment, F1–F6) measured on a set of final jobs (the whole
 * twin, where a sample drawn uniformly to 2W has the same shape up to sampling noise); with
 * `derived` ({@link thesisDerivedFacts}) also F7 and F8, the facts the thesis's 1A results reveal
 * (lib/twin/derived-facts.ts), met when inside the 95% CI of the thesis's samples.
 */
export function jointShapeFacts(jobs: readonly JointJob[], derived?: DerivedInputFacts): JointFact[] {
  const j40 = jobs.filter((j) => j.minutes === 40);
  const non40 = jobs.filter((j) => j.minutes !== 40);
  const modeMinutes = mode(jobs.map((j) => j.minutes));
  const modeNon40 = mode(non40.map((j) => j.minutes));
  const half = lowerMedian(j40.map((j) => j.rtime / j.minutes));
  const nodes40 = mode(j40.map((j) => j.nnodes));
  const cross = nodeWeightedCrossing(jobs);
  const crossSpecial = nodeWeightedCrossing(non40);
  const oneRtime = modeShare(j40.map((j) => j.rtime));
  const on16 = j40.length ? j40.filter((j) => j.nnodes === 16).length / j40.length : 0;
  const long = jobs.filter((j) => j.minutes >= HEAVY_MINUTES);
  const heavy = spearman(
    long.map((j) => j.minutes),
    long.map((j) => j.nnodes),
  );
  return [
    {
      id: "F1",
      about: {},
      target: null,
      measured: { as: "whole", value: modeMinutes },
      met: modeMinutes === 40,
    },
    {
      id: "F2",
      about: {},
      target: null,
      measured: { as: "ratio", value: half },
      met: half >= 0.4 && half <= 0.6,
    },
    {
      id: "F3",
      about: {},
      target: null,
      measured: { as: "whole", value: nodes40 },
      met: nodes40 === 16,
    },
    {
      id: "F2+",
      about: {},
      target: null,
      measured: { as: "share", value: oneRtime },
      met: oneRtime > 0.5,
    },
    {
      id: "F3+",
      about: {},
      target: null,
      measured: { as: "share", value: on16 },
      met: on16 > 0.5,
    },
    {
      id: "F4a",
      about: {},
      target: null,
      measured: { as: "crossing", ...cross },
      met: cross.minutes === 40,
    },
    {
      id: "F4b",
      about: {},
      target: null,
      measured: { as: "crossing", ...crossSpecial },
      met: crossSpecial.minutes === 60,
    },
    {
      id: "F5",
      about: {},
      target: null,
      measured: { as: "whole", value: modeNon40 },
      met: modeNon40 === 120,
    },
    {
      id: "F6",
      about: { heavyMinutes: HEAVY_MINUTES },
      target: null,
      measured: { as: "rho", value: heavy },
      met: heavy > 0,
    },
    ...(derived ? derivedFactRows(jobs, derived) : []),
  ];
}

function derivedFactRows(jobs: readonly JointJob[], d: DerivedInputFacts): JointFact[] {
  const m = measureDerivedFacts(jobs, d.capacity, d.bandMinutes);
  const a = d.aboveShare,
    x = d.excessNodeMinutes;
  return [
    {
      id: "F7",
      about: { bandMinutes: d.bandMinutes, capacity: d.capacity, samples: a.n },
      target: { as: "share", mean: a.mean, low: a.low, high: a.high },
      measured: { as: "share", value: m.aboveShare },
      met: meetsTarget(m.aboveShare, a),
    },
    {
      id: "F8",
      about: { bandMinutes: d.bandMinutes, capacity: d.capacity, samples: x.n },
      target: { as: "kilo", mean: x.mean, low: x.low, high: x.high },
      measured: { as: "kilo", value: m.excessNodeMinutes },
      met: meetsTarget(m.excessNodeMinutes, x),
    },
  ];
}
