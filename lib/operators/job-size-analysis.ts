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
import { type InversionMethod, stateInverter } from "./inverse";
import { type GridScenario, type JobSizeFormula, type JobStateChoice, _checkJobChoices, _jobShare, usagePoolHours } from "./job-size";
import type { PriorityOperator } from "./operator";

/** A range of priority levels studied together. */
export interface PriorityContext {
  /** Name ("balance", …). */
  name: string;
  /** Lowest level included. */
  lo: number;
  /** Highest level included. */
  hi: number;
}

/** The paper's three contexts: around balance [−0.25, 0.25], over target [−0.9, −0.6], under target [0.6, 0.9]. */
export const PAPER_CONTEXTS: readonly PriorityContext[] = [
  { name: "balance", lo: -0.25, hi: 0.25 },
  { name: "over target", lo: -0.9, hi: -0.6 },
  { name: "under target", lo: 0.6, hi: 0.9 },
];

/** How the cells of a context are reduced to one job size: the worst (largest) job, the best, or the mean. */
export type JobAggregate = "max" | "min" | "mean";

/** One reading of the paper's method. */
export interface JobSizeReading {
  /** New-state formula. Defaults to "corrected". */
  formula?: JobSizeFormula;
  /** State entering Eq. 25. Defaults to "lower" (the state at which the user enters the level). */
  stateAt?: JobStateChoice;
  /** Reduction over the context's cells. Defaults to "max" (the worst case, as the figure captions say). */
  aggregate?: JobAggregate;
}

/** Options of {@link jobSizeAnalysis}. */
export interface JobSizeAnalysisOptions {
  /** Resolutions in bits. Defaults to 3 … 20. */
  bits?: number[];
  /** Targets. Defaults to 0, 0.1, …, 0.9 (the paper's). */
  targets?: number[];
  /** Priority contexts. Defaults to {@link PAPER_CONTEXTS}. */
  contexts?: readonly PriorityContext[];
  /** Window and machine. Defaults to 1 year × 600 nodes. */
  scenario?: GridScenario;
  /** Inversion method. Defaults to "closed-form" ("bisection" is the benchmark baseline). */
  method?: InversionMethod;
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
  /** Cells used, and cells skipped because the level is unreachable or reaches state 1. */
  cells: number;
  unreachable: number;
  stuck: number;
}

const DEFAULT_TARGETS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const DEFAULT_BITS = Array.from({ length: 18 }, (_, i) => i + 3);

/** The job-size analysis for one reading (defaults: corrected formula, lower state, worst case). */
export function jobSizeAnalysis(ops: readonly PriorityOperator[], reading: JobSizeReading = {}, options: JobSizeAnalysisOptions = {}): JobSizeRow[] {
  return jobSizeReadings(ops, [reading], options);
}

/**
 * The job-size analysis for several readings at once (one sweep of the inverses).
 * @throws `invalid bits: …` (integers 1 … 24), `invalid targets: …` (in [0, 1]), `invalid formula: …`,
 *   `invalid stateAt: …`, `invalid aggregate: …`, `invalid contexts: …`
 */
export function jobSizeReadings(ops: readonly PriorityOperator[], readings: readonly JobSizeReading[], options: JobSizeAnalysisOptions = {}): JobSizeRow[] {
  const bitsList = (options.bits ?? DEFAULT_BITS).map((b) => integer(b, "bits", 1, 24));
  const targets = (options.targets ?? DEFAULT_TARGETS).map((t) => finiteNumber(t, "targets", 0, 1));
  const contexts = options.contexts ?? PAPER_CONTEXTS;
  for (const c of contexts) {
    if (!(c.lo >= -1 && c.hi <= 1 && c.lo <= c.hi)) throw invalidArgument("contexts", c, "ranges -1 <= lo <= hi <= 1");
  }
  const rs = readings.map((x) => ({ formula: x.formula ?? "corrected", stateAt: x.stateAt ?? "lower", aggregate: x.aggregate ?? "max" }));
  for (const x of rs) {
    _checkJobChoices(x.formula, x.stateAt);
    keyword(x.aggregate, "aggregate", ["max", "min", "mean"] as const);
  }
  const pool = usagePoolHours(options.scenario);
  const method = options.method ?? "closed-form";
  const rows: JobSizeRow[] = [];
  for (const op of ops) {
    for (const bits of bitsList) {
      const r = 2 ** bits;
      for (const ctx of contexts) {
        const acc = rs.map((x) => ({ best: x.aggregate === "min" ? Infinity : x.aggregate === "max" ? -Infinity : 0, target: NaN, level: NaN }));
        let cells = 0, unreachable = 0, stuck = 0;
        const iLo = Math.max(0, Math.ceil(((ctx.lo + 1) * r) / 2 - 1e-9));
        const iHi = Math.min(r - 1, Math.floor(((ctx.hi + 1) * r) / 2 + 1e-9));
        for (const t of targets) {
          const inv = stateInverter(op, t, method);
          let sHi = inv(-1 + (2 * iLo) / r);
          for (let i = iLo; i <= iHi; i++) {
            const sLo = i + 1 < r ? inv(-1 + (2 * (i + 1)) / r) : 0;
            const d = sHi - sLo;
            const top = sHi;
            sHi = sLo;
            if (!(d > 0)) { unreachable++; continue; }
            if (top >= 1) { stuck++; continue; }
            cells++;
            for (let j = 0; j < rs.length; j++) {
              const x = rs[j];
              const s = x.stateAt === "lower" ? sLo : x.stateAt === "upper" ? top : t;
              const k = _jobShare(x.formula, s, d);
              const a = acc[j];
              if (x.aggregate === "mean") a.best += k;
              else if (x.aggregate === "max" ? k > a.best : k < a.best) {
                a.best = k;
                a.target = t;
                a.level = -1 + (2 * i) / r;
              }
            }
          }
        }
        for (let j = 0; j < rs.length; j++) {
          const a = acc[j];
          const share = cells === 0 ? NaN : rs[j].aggregate === "mean" ? a.best / cells : a.best;
          rows.push({ reading: j, operator: op.name, context: ctx.name, bits, jobHours: share * pool, share, target: a.target, level: a.level, cells, unreachable, stuck });
        }
      }
    }
  }
  return rows;
}
