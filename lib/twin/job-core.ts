/**
 * The twin's "valid" jobs: the 102,868 jobs that pass the thesis's first job filters (Figure 9),
 * of which 88,047 survive the qtime/rtime filters (Figure 11). Model, by construction:
 *
 * 1. F (the 88,047 final jobs): for each of nnodes, minutes, qtime, rtime a sorted sample whose
 *    R summary equals Figure 11 exactly (pins at the type-7 positions, {@link sortedFromPins}; the
 *    pinned samples are lib/twin/pinned-sample.ts) and whose sum gives the published mean (nnodes:
 *    the published sum 1,482,526), on plausible supports (wallclocks of 5, 10, 15, 20, 30, 40, …
 *    minutes; whole minutes; whole nodes).
 * 2. R (the 14,821 removed jobs: 5 with qtime < 0, 2,411 with qtime > 720, 12,405 with rtime ≤ 0):
 *    samples pinned ({@link unionQuartilePins}) so that F ∪ R has Figure 9's quantiles and means.
 * 3. nprocs = 48·nnodes − spare, spare ∈ [0, 47] cores on jobs whose node count is not a pinned
 *    quantile, chosen so the nprocs means match too (nnodes = ceil(nprocs / 48) holds;
 *    lib/twin/spare-cores.ts).
 * 4. Joint structure by a Gaussian copula on ranks, per twin version ({@link TWIN_JOINT}: v2
 *    minutes–rtime ρ = 0.95 so a 40-minute job runs about 20 minutes, minutes–nnodes ρ = 0,
 *    nnodes–qtime ρ = 0.2; v1: minutes–nnodes ρ = 0.35). Then rtime values are swapped between
 *    jobs until exactly 294 final jobs have rtime > minutes (swaps keep every marginal;
 *    lib/twin/rtime-overruns.ts); v3 then swaps node counts so most 40-minute jobs ask 16 nodes
 *    (lib/twin/band-nodes.ts).
 * 5. Types: Figure 9's counts; the non-SIM types go preferentially to small jobs
 *    (lib/twin/job-types.ts).
 */
import { type Rng, shuffleInPlace } from "../util/rng";
import { invariantViolated } from "../util/errors";
import type { PublishedSummary } from "../io/thesis-section4";
import { type Pin, adjustSum, quantilePins, sortedFromPins, sumRange } from "./fit";
import { correlated, normals, place, ranks } from "./copula";
import { TWIN_JOINT, type JointShape } from "./joint";
import { concentrateBandNodes, correlateTailNodes } from "./band-nodes";
import { pinnedSample, unionQuartilePins, unionSorted } from "./pinned-sample";
import { spareCores } from "./spare-cores";
import { fixOverruns } from "./rtime-overruns";
import { assignJobTypes } from "./job-types";

/** Published targets the core is built from (read from data/reference by the caller). */
export interface CoreTargets {
  /** Figure 11 summaries by field (nprocs, nnodes, minutes, qtime, rtime). */
  final: Record<string, PublishedSummary>;
  /** Figure 9 summaries by field. */
  valid: Record<string, PublishedSummary>;
  /** Figure 9 type counts, "(Other)" included. */
  types: { value: string; count: number }[];
  /** Jobs removed with qtime < 0, qtime > 720, rtime ≤ 0 and identified with rtime > minutes. */
  removedQtimeNeg: number;
  removedQtimeLong: number;
  removedRtime: number;
  rtimeOverMinutes: number;
  /** Sum of nnodes over the final jobs (published), or undefined to use the mean. */
  finalNodeSum?: number;
}

/** Columns of the core jobs; the first `nFinal` rows are F, then R in the order neg, long, rtime. */
export interface CoreJobs {
  n: number;
  nFinal: number;
  type: string[];
  nprocs: Float64Array;
  minutes: Float64Array;
  qtime: Float64Array;
  rtime: Float64Array;
}

/** Wallclocks users write, minutes. */
const MINUTES_SUPPORT = [
  5, 10, 15, 20, 30, 40, 45, 60, 90, 120, 150, 180, 240, 300, 360, 480, 600, 720, 960, 1200, 1440, 2160, 2880,
  3600,
];

function sumTarget(mean: number, n: number): number {
  return Math.round(mean * n);
}

/**
 * Builds the core jobs. Deterministic given the rng.
 * @throws invariant violation when the published targets cannot be met (a bug or changed targets)
 */
export function buildCoreJobs(t: CoreTargets, rng: Rng, joint: JointShape = TWIN_JOINT[2]): CoreJobs {
  const fin = t.final,
    val = t.valid;
  const nValid = t.types.reduce((s, x) => s + x.count, 0);
  const nNeg = t.removedQtimeNeg,
    nLong = t.removedQtimeLong,
    nRt = t.removedRtime;
  const nR = nNeg + nLong + nRt;
  const nF = nValid - nR;
  const at = (n: number, f: number) => Math.round((n - 1) * f);

  // ---- nnodes: F from Figure 11 and the published node sum; R so that F ∪ R gives Figure 9.
  const fN = fin.nnodes,
    vN = val.nnodes;
  const nodeSumF = t.finalNodeSum ?? sumTarget(fN.mean, nF);
  const F_nodes = pinnedSample(
    nF,
    [
      ...quantilePins(nF, fN),
      { pos: at(nF, 0.03), value: fN.min },
      { pos: at(nF, 0.15), value: 11 },
      { pos: at(nF, 0.17), value: 12 },
      { pos: at(nF, 0.36), value: 15 },
      { pos: at(nF, 0.4), value: fN.median },
      { pos: at(nF, 0.9), value: fN.q3 },
    ],
    nodeSumF,
    undefined,
    "final nnodes",
  );
  const R_nodes = pinnedSample(
    nR,
    [
      { pos: 0, value: vN.min },
      { pos: at(nR, 0.2), value: 4 },
      ...unionQuartilePins(F_nodes, nR, vN),
      { pos: at(nR, 0.9), value: vN.q3 },
      { pos: nR - 1, value: vN.max },
    ],
    sumTarget(vN.mean, nValid) - nodeSumF,
    undefined,
    "removed nnodes",
  );

  // ---- minutes (wallclocks).
  const fM = fin.minutes,
    vM = val.minutes;
  const F_min = pinnedSample(
    nF,
    [...quantilePins(nF, fM), ...joint.minutesPins.map(([f, v]) => ({ pos: at(nF, f), value: v }))],
    sumTarget(fM.mean, nF),
    MINUTES_SUPPORT,
    "final minutes",
  );
  const R_min = pinnedSample(
    nR,
    [
      { pos: 0, value: vM.min },
      ...unionQuartilePins(F_min, nR, vM),
      { pos: at(nR, 0.95), value: 240 },
      { pos: nR - 1, value: vM.max },
    ],
    sumTarget(vM.mean, nValid) - sumRange(F_min),
    MINUTES_SUPPORT,
    "removed minutes",
  );

  // ---- qtime: F in [0, 720]; R = 5 negative, 2,411 above 720, 12,405 (rtime ≤ 0) in [0, 720].
  const fQ = fin.qtime,
    vQ = val.qtime;
  const F_q = pinnedSample(
    nF,
    [
      ...quantilePins(nF, fQ),
      { pos: at(nF, 0.1), value: 0 },
      { pos: at(nF, 0.2), value: 1 },
      { pos: at(nF, 0.45), value: 2 },
      { pos: at(nF, 0.6), value: 6 },
      { pos: at(nF, 0.97), value: 240 },
    ],
    sumTarget(fQ.mean, nF),
    undefined,
    "final qtime",
  );
  const neg = sortedFromPins(nNeg, [
    { pos: 0, value: vQ.min },
    { pos: nNeg - 1, value: -1 },
  ]);
  const longLo = fQ.max + 1;
  const longPins: Pin[] = [
    { pos: 0, value: longLo },
    { pos: nLong - 1, value: vQ.max },
  ];
  const longQ = sortedFromPins(nLong, longPins);
  // R_rt qtime: pinned against F ∪ neg ∪ long so the union's quartiles are Figure 9's.
  const others = unionSorted(unionSorted(F_q, neg), longQ);
  const rtQ = pinnedSample(
    nRt,
    [
      { pos: 0, value: 0 },
      ...unionQuartilePins(others, nRt, vQ),
      { pos: at(nRt, 0.99), value: 60 },
      { pos: nRt - 1, value: fQ.max },
    ],
    undefined,
    undefined,
    "removed (rtime) qtime",
  );
  const qSum = sumTarget(vQ.mean, nValid) - sumRange(F_q) - sumRange(neg) - sumRange(rtQ);
  if (!adjustSum(longQ, qSum, 0, nLong - 1))
    throw invariantViolated(`twin: cannot reach qtime sum ${qSum} over ${nLong} long waits`);

  // ---- rtime: F from Figure 11; R = 2,416 (removed for qtime, any rtime ≥ 1) + 12,405 with rtime ≤ 0.
  const fR = fin.rtime,
    vR = val.rtime;
  const F_r = pinnedSample(
    nF,
    [...quantilePins(nF, fR), ...joint.rtimePins.map(([f, v]) => ({ pos: at(nF, f), value: v }))],
    sumTarget(fR.mean, nF),
    undefined,
    "final rtime",
  );
  const zeroR = sortedFromPins(nRt, [
    { pos: 0, value: vR.min },
    { pos: at(nRt, 0.01), value: -1 },
    { pos: at(nRt, 0.02), value: 0 },
    { pos: nRt - 1, value: 0 },
  ]);
  const nQ = nNeg + nLong;
  const others2 = unionSorted(F_r, zeroR);
  const qR = pinnedSample(
    nQ,
    [{ pos: 0, value: 1 }, ...unionQuartilePins(others2, nQ, vR), { pos: nQ - 1, value: vR.max }],
    sumTarget(vR.mean, nValid) - sumRange(F_r) - sumRange(zeroR),
    undefined,
    "removed (qtime) rtime",
  );

  // ---- joint structure of F by a Gaussian copula on ranks.
  const zMin = normals(nF, rng);
  const zR = correlated(zMin, joint.rhoMinutesRtime, rng);
  const zN = correlated(zMin, joint.rhoMinutesNodes, rng);
  const zQ = correlated(zN, joint.rhoNodesQtime, rng);
  const minutes = new Float64Array(nValid),
    rtime = new Float64Array(nValid),
    qtime = new Float64Array(nValid),
    nodes = new Float64Array(nValid);
  minutes.set(place(F_min, ranks(zMin)));
  rtime.set(place(F_r, ranks(zR)));
  nodes.set(place(F_nodes, ranks(zN)));
  qtime.set(place(F_q, ranks(zQ)));
  fixOverruns(minutes.subarray(0, nF), rtime.subarray(0, nF), t.rtimeOverMinutes, rng);
  if (joint.tailNodes)
    correlateTailNodes(minutes.subarray(0, nF), nodes.subarray(0, nF), joint.tailNodes, rng);
  if (joint.bandNodes)
    concentrateBandNodes(minutes.subarray(0, nF), nodes.subarray(0, nF), joint.bandNodes, rng);
  // ---- R rows: neg, long, rtime ≤ 0; minutes and nodes shuffled across R.
  minutes.set(shuffleInPlace(R_min.slice(), rng), nF);
  nodes.set(shuffleInPlace(R_nodes.slice(), rng), nF);
  qtime.set(shuffleInPlace(neg.slice(), rng), nF);
  qtime.set(shuffleInPlace(longQ.slice(), rng), nF + nNeg);
  qtime.set(shuffleInPlace(rtQ.slice(), rng), nF + nQ);
  rtime.set(shuffleInPlace(qR.slice(), rng), nF);
  rtime.set(shuffleInPlace(zeroR.slice(), rng), nF + nQ);

  // ---- nprocs = 48·nnodes − spare (pinned node counts keep whole nodes).
  const fixedF = new Set([fin.nnodes.min, fin.nnodes.q1, fin.nnodes.median, fin.nnodes.q3, fin.nnodes.max]);
  const fixedR = new Set([
    ...fixedF,
    val.nnodes.q1,
    val.nnodes.median,
    val.nnodes.q3,
    val.nnodes.max,
    val.nnodes.min,
  ]);
  const procsF = sumTarget(fin.nprocs.mean, nF);
  const spareF = spareCores(nodes.subarray(0, nF), procsF, fixedF, rng);
  const spareR = spareCores(nodes.subarray(nF), sumTarget(val.nprocs.mean, nValid) - procsF, fixedR, rng);
  const nprocs = new Float64Array(nValid);
  for (let i = 0; i < nValid; i++) nprocs[i] = 48 * nodes[i] - (i < nF ? spareF[i] : spareR[i - nF]);

  // ---- types: non-SIM types to the smallest jobs (with noise), published counts exactly.
  const type = assignJobTypes(nodes, t.types, rng);
  return { n: nValid, nFinal: nF, type, nprocs, minutes, qtime, rtime };
}
