/**
 * The full job-size analysis of seed 001 §5.4 (Figs. 14–17): for every operator, resolution
 * (bits), target and priority context, the job (node·hours) needed to change a user's effective
 * priority, aggregated over the context's cells (target × level) into one number per operator
 * and resolution. Cells where the level is unreachable at a target (D = 0) or where the level
 * reaches state 1 (no job can move the user out of it) are skipped and counted.
 * Several readings of the paper's ambiguous method (formula, state, aggregation) can be computed
 * in one sweep, since the inverses dominate the cost.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer, keyword } from "../util/options";
import { stateInverter } from "./inverse";
import { type GridScenario, _checkJobChoices, usagePoolHours } from "./job-size";
import { type JobSizeReading, type PriorityRegion, PAPER_CONTEXTS } from "./job-size-readings";
import type { PriorityOperator } from "./operator";

/** Options of {@link jobSizeAnalysis}. */
export interface JobSizeAnalysisOptions {
  /** Resolutions in bits. Defaults to 3 … 20. */
  bits?: number[];
  /** Targets. Defaults to 0, 0.1, …, 0.9 (the paper's). */
  targets?: number[];
  /** Priority contexts. Defaults to {@link PAPER_CONTEXTS}. */
  contexts?: readonly PriorityRegion[];
  /** Window and machine. Defaults to 1 year × 600 nodes. */
  scenario?: GridScenario;
}

/** One operator × context × resolution result of one reading. */
export interface JobSizeRow {
  /** Index of the reading in the list passed to {@link jobSizeReadings}. */
  reading: number;
  operator: string;
  context: string;
  bits: number;
  /** Aggregated job size, node·hours (Infinity when some cell cannot be moved; NaN when no cell). */
  jobHours: number;
  /** Aggregated job share k of the usage pool. */
  share: number;
  /** Target and level of the extreme cell (max/min aggregates; NaN for mean). */
  target: number;
  level: number;
  /**
   * Whether the extreme cell's level is cut at s = 0 (its lower state bound is clamped to 0, so only
   * part of the level is reachable); false for the mean aggregate.
   */
  cut: boolean;
  /** Cells used, and cells skipped because the level is unreachable or reaches state 1. */
  cells: number;
  unreachable: number;
  stuck: number;
}

const DEFAULT_TARGETS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const DEFAULT_BITS = Array.from({ length: 18 }, (_, i) => i + 3);

/** The job-size analysis for one reading (defaults: corrected formula, lower state, worst case). */
export function jobSizeAnalysis(
  ops: readonly PriorityOperator[],
  reading: JobSizeReading = {},
  options: JobSizeAnalysisOptions = {},
): JobSizeRow[] {
  return jobSizeReadings(ops, [reading], options);
}

/**
 * The job-size analysis for several readings at once (one sweep of the inverses).
 * @throws `invalid bits: …` (integers 1 … 24), `invalid targets: …` (in [0, 1]), `invalid formula: …`,
 *   `invalid stateAt: …`, `invalid aggregate: …`, `invalid contexts: …`
 */
export function jobSizeReadings(
  ops: readonly PriorityOperator[],
  readings: readonly JobSizeReading[],
  options: JobSizeAnalysisOptions = {},
): JobSizeRow[] {
  return _jobSizeReadings(ops, readings, options, stateInverter);
}

/**
 * {@link jobSizeReadings} with `inverter(op, t)` giving the clamped inverse Ĩ of one target
 * (stateInverter's; the tests and the bench pass plain bisection).
 */
export function _jobSizeReadings(
  ops: readonly PriorityOperator[],
  readings: readonly JobSizeReading[],
  options: JobSizeAnalysisOptions,
  inverter: (op: PriorityOperator, t: number) => (p: number) => number,
): JobSizeRow[] {
  const bitsList = (options.bits ?? DEFAULT_BITS).map((b) => integer(b, "bits", 1, 24));
  const targets = (options.targets ?? DEFAULT_TARGETS).map((t) => finiteNumber(t, "targets", 0, 1));
  const contexts = options.contexts ?? PAPER_CONTEXTS;
  for (const c of contexts) {
    if (!(c.lo >= -1 && c.hi <= 1 && c.lo <= c.hi))
      throw invalidArgument("contexts", c, "ranges -1 <= lo <= hi <= 1");
  }
  const rs = readings.map((x) => ({
    formula: x.formula ?? "corrected",
    stateAt: x.stateAt ?? "lower",
    aggregate: x.aggregate ?? "max",
  }));
  for (const x of rs) {
    _checkJobChoices(x.formula, x.stateAt);
    keyword(x.aggregate, "aggregate", ["max", "min", "mean"] as const);
  }
  const pool = usagePoolHours(options.scenario);
  const nr = rs.length;
  // Numeric codes keep the inner loop free of string comparisons; readings sharing a formula and a
  // state share one k per cell (at most 6 distinct), whatever their aggregates.
  const comboKeys = [...new Set(rs.map((x) => `${x.formula}/${x.stateAt}`))];
  const comboOf = Int8Array.from(rs.map((x) => comboKeys.indexOf(`${x.formula}/${x.stateAt}`)));
  const nc = comboKeys.length;
  const paper = Uint8Array.from(comboKeys.map((c) => (c.startsWith("paper/") ? 1 : 0)));
  const stateCode = Int8Array.from(
    comboKeys.map((c) => (c.endsWith("/lower") ? 0 : c.endsWith("/upper") ? 1 : 2)),
  );
  const aggCode = Int8Array.from(rs.map((x) => (x.aggregate === "max" ? 0 : x.aggregate === "min" ? 1 : 2)));
  // Accumulators per resolution × context × formula/state combination: max, min (with their
  // cells) and sum of k, plus cell counts per resolution × context.
  const nb = bitsList.length,
    nx = contexts.length,
    size = nb * nx * nc;
  const mx = new Float64Array(size),
    mxT = new Float64Array(size),
    mxP = new Float64Array(size);
  const mn = new Float64Array(size),
    mnT = new Float64Array(size),
    mnP = new Float64Array(size);
  const mxCut = new Uint8Array(size),
    mnCut = new Uint8Array(size);
  const sum = new Float64Array(size);
  const cells = new Int32Array(nb * nx),
    unreachable = new Int32Array(nb * nx),
    stuck = new Int32Array(nb * nx);
  // The levels of a coarser resolution are a subset of the finest one's (p = −1 + 2i/2^b), so the
  // state bounds are computed once per target at the finest resolution and reused for all.
  const maxBits = Math.max(...bitsList);
  const R = 2 ** maxBits;
  const rows: JobSizeRow[] = [];
  for (const op of ops) {
    mx.fill(-Infinity);
    mn.fill(Infinity);
    sum.fill(0);
    mxT.fill(NaN);
    mxP.fill(NaN);
    mnT.fill(NaN);
    mnP.fill(NaN);
    mxCut.fill(0);
    mnCut.fill(0);
    cells.fill(0);
    unreachable.fill(0);
    stuck.fill(0);
    for (let xi = 0; xi < nx; xi++) {
      const ctx = contexts[xi];
      const I0 = Math.max(0, Math.ceil(((ctx.lo + 1) * R) / 2 - 1e-9));
      const I1 = Math.min(R, Math.floor(((ctx.hi + 1) * R) / 2 + 1e-9) + 1);
      const bounds = new Float64Array(Math.max(0, I1 - I0 + 1));
      for (const t of targets) {
        const inv = inverter(op, t);
        for (let I = I0; I <= I1; I++) bounds[I - I0] = I >= R ? 0 : inv(-1 + (2 * I) / R);
        // Ĩ at boundary index J of the finest grid (direct when outside the precomputed range).
        const bound = (J: number) =>
          J >= I0 && J <= I1 ? bounds[J - I0] : J >= R ? 0 : inv(-1 + (2 * J) / R);
        for (let bi = 0; bi < nb; bi++) {
          const r = 2 ** bitsList[bi];
          const m = R / r;
          const cell = bi * nx + xi;
          const base = cell * nc;
          const iLo = Math.max(0, Math.ceil(((ctx.lo + 1) * r) / 2 - 1e-9));
          const iHi = Math.min(r - 1, Math.floor(((ctx.hi + 1) * r) / 2 + 1e-9));
          let sHi = bound(iLo * m);
          for (let i = iLo; i <= iHi; i++) {
            // min() keeps the bounds monotone when rounding makes Ĩ wobble by an ulp.
            const sLo = Math.min(sHi, bound((i + 1) * m));
            const d = sHi - sLo;
            const top = sHi;
            sHi = sLo;
            if (!(d > 0)) {
              unreachable[cell]++;
              continue;
            }
            if (top >= 1) {
              stuck[cell]++;
              continue;
            }
            cells[cell]++;
            for (let c = 0; c < nc; c++) {
              const sc = stateCode[c];
              const s = sc === 0 ? sLo : sc === 1 ? top : t;
              let k: number;
              if (paper[c] === 1) {
                const b = 1 + s;
                k = (2 * d) / (b + Math.sqrt(b * b + 4 * d)); // the stable root of k² + (1 + s)·k − D = 0
              } else {
                const room = 1 - s - d;
                k = room > 0 ? d / room : Infinity; // k = D/(1 − s − D); no job reaches state 1
              }
              const a = base + c;
              sum[a] += k;
              if (k > mx[a]) {
                mx[a] = k;
                mxT[a] = t;
                mxP[a] = -1 + (2 * i) / r;
                mxCut[a] = sLo <= 0 ? 1 : 0;
              }
              if (k < mn[a]) {
                mn[a] = k;
                mnT[a] = t;
                mnP[a] = -1 + (2 * i) / r;
                mnCut[a] = sLo <= 0 ? 1 : 0;
              }
            }
          }
        }
      }
    }
    for (let bi = 0; bi < nb; bi++) {
      for (let xi = 0; xi < nx; xi++) {
        const cell = bi * nx + xi;
        for (let j = 0; j < nr; j++) {
          const a = cell * nc + comboOf[j],
            g = aggCode[j],
            n = cells[cell];
          const share = n === 0 ? NaN : g === 0 ? mx[a] : g === 1 ? mn[a] : sum[a] / n;
          rows.push({
            reading: j,
            operator: op.name,
            context: contexts[xi].name,
            bits: bitsList[bi],
            jobHours: share * pool,
            share,
            target: g === 0 ? mxT[a] : g === 1 ? mnT[a] : NaN,
            level: g === 0 ? mxP[a] : g === 1 ? mnP[a] : NaN,
            cut: g === 0 ? mxCut[a] === 1 : g === 1 ? mnCut[a] === 1 : false,
            cells: n,
            unreachable: unreachable[cell],
            stuck: stuck[cell],
          });
        }
      }
    }
  }
  return rows;
}

/** The rows of one reading. */
export function rowsOfReading(rows: readonly JobSizeRow[], index: number): JobSizeRow[] {
  return rows.filter((r) => r.reading === index);
}
