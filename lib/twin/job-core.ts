/**
 * The twin's "valid" jobs: the 102,868 jobs that pass the thesis's first job filters (Figure 9),
 * of which 88,047 survive the qtime/rtime filters (Figure 11). Model, by construction:
 *
 * 1. F (the 88,047 final jobs): for each of nnodes, minutes, qtime, rtime a sorted sample whose
 *    R summary equals Figure 11 exactly (pins at the type-7 positions, {@link sortedFromPins}) and
 *    whose sum gives the published mean (nnodes: the published sum 1,482,526), on plausible supports
 *    (wallclocks of 5, 10, 15, 20, 30, 40, … minutes; whole minutes; whole nodes).
 * 2. R (the 14,821 removed jobs: 5 with qtime < 0, 2,411 with qtime > 720, 12,405 with rtime ≤ 0):
 *    samples pinned ({@link unionPins}) so that F ∪ R has Figure 9's quantiles and means.
 * 3. nprocs = 48·nnodes − spare, spare ∈ [0, 47] cores on jobs whose node count is not a pinned
 *    quantile, chosen so the nprocs means match too (nnodes = ceil(nprocs / 48) holds).
 * 4. Joint structure by a Gaussian copula on ranks, per twin version ({@link TWIN_JOINT}: v2
 *    minutes–rtime ρ = 0.95 so a 40-minute job runs about 20 minutes, minutes–nnodes ρ = 0,
 *    nnodes–qtime ρ = 0.2; v1: minutes–nnodes ρ = 0.35). Then rtime values are swapped between
 *    jobs until exactly 294 final jobs have rtime > minutes (swaps keep every marginal); v3 then
 *    swaps node counts so most 40-minute jobs ask 16 nodes (lib/twin/band-nodes.ts).
 * 5. Types: Figure 9's counts; the non-SIM types go preferentially to small jobs.
 */
import { type Rng, shuffleInPlace } from "../util/rng";
import { invariantViolated } from "../util/errors";
import type { PublishedSummary } from "../clean/reference";
import { type Pin, adjustSum, quantilePins, sortedFromPins, sumRange, unionPins } from "./fit";
import { correlated, normals, place, ranks } from "./copula";
import { TWIN_JOINT, type JointShape } from "./joint";
import { concentrateBandNodes, correlateTailNodes } from "./band-nodes";

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
/** Extra "Other" job types (the thesis names POST and CLEAN). */
const OTHER_TYPES = ["POST", "CLEAN", "INI", "LOCAL_SETUP", "REMOTE_SETUP", "TRANSFER", "SAVEIC"];

function sumTarget(mean: number, n: number): number {
  return Math.round(mean * n);
}

/** A sorted sample through the pins whose tail (after the last inner pin) is reshaped to hit the sum. */
function build(
  n: number,
  pinsIn: Pin[],
  sum: number | undefined,
  support?: readonly number[],
  what = "sample",
): Float64Array {
  const hard = pinsIn.filter((p) => !p.soft);
  const soft = pinsIn.filter((p) => p.soft);
  for (let round = 0; round <= soft.length; round++) {
    const pins = checkPins(hard, what);
    const a = sortedFromPins(n, pins, support);
    const tailFrom = pins.length > 1 ? pins[pins.length - 2].pos : 0;
    if (sum !== undefined && !adjustSum(a, sum, tailFrom, n - 1, support))
      throw invariantViolated(`twin: cannot reach the sum ${sum} of ${what} (n=${n}, now ${sumRange(a)})`);
    const broken = soft.find((p) => (p.soft === "le" ? a[p.pos] > p.value : a[p.pos] < p.value));
    if (!broken) return a;
    hard.push({ pos: broken.pos, value: broken.value });
  }
  throw invariantViolated(`twin: ${what}: bounds cannot all hold`);
}

function union(F: Float64Array, R: Float64Array): Float64Array {
  const u = new Float64Array(F.length + R.length);
  u.set(F);
  u.set(R, F.length);
  return u.sort();
}

function pinsFor(F: Float64Array, nR: number, s: PublishedSummary): Pin[] {
  const pins: Pin[] = [];
  for (const [p, v] of [
    [0.25, s.q1],
    [0.5, s.median],
    [0.75, s.q3],
  ] as const)
    pins.push(...unionPins(F, nR, p, v));
  return pins;
}

function checkPins(pins: Pin[], what: string): Pin[] {
  const byPos = new Map<number, number>();
  for (const p of pins) {
    const had = byPos.get(p.pos);
    if (had !== undefined && had !== p.value)
      throw invariantViolated(`twin: ${what}: conflicting pins at ${p.pos}: ${had} vs ${p.value}`);
    byPos.set(p.pos, p.value);
  }
  const out = [...byPos].map(([pos, value]) => ({ pos, value })).sort((a, b) => a.pos - b.pos);
  for (let i = 1; i < out.length; i++)
    if (out[i].value < out[i - 1].value)
      throw invariantViolated(`twin: ${what}: pins not monotone at ${out[i].pos} (${JSON.stringify(out)})`);
  return out;
}

/** Spare cores per job so that Σ(48·nodes − spare) hits the procs sum; jobs on `fixed` node counts keep 0. */
function spares(nodes: Float64Array, procsSum: number, fixed: Set<number>, rng: Rng): Float64Array {
  const spare = new Float64Array(nodes.length);
  let want = 48 * sumRange(nodes) - procsSum;
  const eligible: number[] = [];
  for (let i = 0; i < nodes.length; i++) if (!fixed.has(nodes[i])) eligible.push(i);
  if (want < 0 || want > 47 * eligible.length)
    throw invariantViolated(`twin: spare cores ${want} not within [0, ${47 * eligible.length}]`);
  const avg = want / Math.max(1, eligible.length);
  const lo = Math.max(0, Math.floor(2 * avg - 47));
  const hi = Math.min(47, Math.ceil(2 * avg - lo));
  for (const i of eligible) {
    const s = lo + Math.floor(rng.next() * (hi - lo + 1));
    spare[i] = s;
    want -= s;
  }
  for (let pass = 0; want !== 0 && pass < 100; pass++) {
    for (const i of eligible) {
      if (want > 0 && spare[i] < 47) {
        spare[i]++;
        want--;
      } else if (want < 0 && spare[i] > 0) {
        spare[i]--;
        want++;
      }
      if (want === 0) break;
    }
  }
  if (want !== 0) throw invariantViolated("twin: spare cores residual");
  return spare;
}

/** Swaps rtime between final jobs until exactly `target` have rtime > minutes (marginals unchanged). */
function fixOverruns(minutes: Float64Array, rtime: Float64Array, target: number, rng: Rng): void {
  const n = minutes.length;
  const over = (i: number) => rtime[i] > minutes[i];
  let count = 0;
  const violators: number[] = [];
  for (let i = 0; i < n; i++)
    if (over(i)) {
      count++;
      violators.push(i);
    }
  const byMinutes = Array.from({ length: n }, (_, i) => i).sort((a, b) => minutes[a] - minutes[b] || a - b);
  const firstWithMinutes = (v: number) => {
    let lo = 0,
      hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (minutes[byMinutes[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const i of violators) {
    if (count <= target) break;
    const from = firstWithMinutes(rtime[i]);
    for (let tries = 0; tries < 400 && from < n; tries++) {
      const j = byMinutes[from + Math.floor(rng.next() * (n - from))];
      if (j !== i && !over(j) && rtime[j] <= minutes[i]) {
        const t = rtime[i];
        rtime[i] = rtime[j];
        rtime[j] = t;
        count--;
        break;
      }
    }
  }
  for (let tries = 0; count < target && tries < 10_000_000; tries++) {
    const i = Math.floor(rng.next() * n),
      j = Math.floor(rng.next() * n);
    if (i !== j && !over(i) && !over(j) && rtime[j] > minutes[i] && rtime[i] <= minutes[j]) {
      const t = rtime[i];
      rtime[i] = rtime[j];
      rtime[j] = t;
      count++;
    }
  }
  if (count !== target) throw invariantViolated(`twin: ${count} jobs with rtime > minutes, wanted ${target}`);
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
  const F_nodes = build(
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
  const R_nodes = build(
    nR,
    [
      { pos: 0, value: vN.min },
      { pos: at(nR, 0.2), value: 4 },
      ...pinsFor(F_nodes, nR, vN),
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
  const F_min = build(
    nF,
    [...quantilePins(nF, fM), ...joint.minutesPins.map(([f, v]) => ({ pos: at(nF, f), value: v }))],
    sumTarget(fM.mean, nF),
    MINUTES_SUPPORT,
    "final minutes",
  );
  const R_min = build(
    nR,
    [
      { pos: 0, value: vM.min },
      ...pinsFor(F_min, nR, vM),
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
  const F_q = build(
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
  const others = union(union(F_q, neg), longQ);
  const rtQ = build(
    nRt,
    [
      { pos: 0, value: 0 },
      ...pinsFor(others, nRt, vQ),
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
  const F_r = build(
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
  const others2 = union(F_r, zeroR);
  const qR = build(
    nQ,
    [{ pos: 0, value: 1 }, ...pinsFor(others2, nQ, vR), { pos: nQ - 1, value: vR.max }],
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
  const spareF = spares(nodes.subarray(0, nF), procsF, fixedF, rng);
  const spareR = spares(nodes.subarray(nF), sumTarget(val.nprocs.mean, nValid) - procsF, fixedR, rng);
  const nprocs = new Float64Array(nValid);
  for (let i = 0; i < nValid; i++) nprocs[i] = 48 * nodes[i] - (i < nF ? spareF[i] : spareR[i - nF]);

  // ---- types: non-SIM types to the smallest jobs (with noise), published counts exactly.
  const type = new Array<string>(nValid).fill("SIM");
  const score = new Float64Array(nValid);
  for (let i = 0; i < nValid; i++) score[i] = Math.log(nodes[i]) + 0.8 * rng.normal();
  const order = Array.from(ranks(score));
  const byRank = new Uint32Array(nValid);
  order.forEach((r, i) => (byRank[r] = i));
  const bag: string[] = [];
  for (const { value, count } of t.types) {
    if (value === "SIM") continue;
    if (value === "(Other)") {
      const k = OTHER_TYPES.length;
      for (let j = 0; j < k; j++)
        for (let c = 0; c < Math.floor(count / k) + (j < count % k ? 1 : 0); c++) bag.push(OTHER_TYPES[j]);
    } else for (let c = 0; c < count; c++) bag.push(value);
  }
  shuffleInPlace(bag, rng).forEach((ty, k) => (type[byRank[k]] = ty));
  return { n: nValid, nFinal: nF, type, nprocs, minutes, qtime, rtime };
}
