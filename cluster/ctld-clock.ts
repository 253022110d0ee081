/**
 * slurmctld's clocks as its log shows them: the background loop's iterations (controller.c
 * `_slurmctld_background`; the log shows only those that ran a main pass, the others are placed
 * evenly between them) and the measured work of backfill cycles as a linear function of what they
 * did (least squares over the logged cycles).
 */
import { invalidArgument } from "../lib/util/errors";
import type { LoggedCycle } from "./slurmctld-log";

/** The background loop's iterations between `from` and `to` (epoch s) and the mean period they show. */
export interface LoopTicks {
  ticks: number[];
  period: number;
}

/**
 * Iterations of the background loop from the passes it ran (`anchors`, increasing epoch s): between
 * two anchors, round(gap / period) iterations evenly spaced; before the first and after the last,
 * the mean period. The period is refined from 1 s by the rounded counts (twice).
 */
export function loopTicks(anchors: readonly number[], from: number, to: number): LoopTicks {
  if (anchors.length < 2) throw invalidArgument("anchors", anchors.length, "at least 2 logged loop passes");
  let period = 1;
  for (let r = 0; r < 3; r++) {
    let n = 0;
    for (let i = 1; i < anchors.length; i++)
      n += Math.max(1, Math.round((anchors[i] - anchors[i - 1]) / period));
    period = (anchors[anchors.length - 1] - anchors[0]) / n;
  }
  const ticks: number[] = [];
  for (let t = anchors[0] - period; t >= from; t -= period) ticks.push(t);
  ticks.reverse();
  for (let i = 0; i < anchors.length - 1; i++) {
    const a = anchors[i],
      gap = anchors[i + 1] - a,
      n = Math.max(1, Math.round(gap / period));
    for (let k = 0; k < n; k++) ticks.push(a + (k * gap) / n);
  }
  for (let t = anchors[anchors.length - 1]; t <= to; t += period) ticks.push(t);
  return { ticks, period };
}

/** The least-squares fit usec ≈ base + perJob · tested + perStart · started, in seconds, and its residuals. */
export interface CycleCostFit {
  base: number;
  perJob: number;
  perStart: number;
  cycles: number;
  /** Root-mean-square residual, seconds. */
  rms: number;
}

/** Fits the logged cycles' work (see {@link CycleCostFit}). */
export function fitCycleCost(cycles: readonly LoggedCycle[]): CycleCostFit {
  if (cycles.length < 3) throw invalidArgument("cycles", cycles.length, "at least 3 logged backfill cycles");
  // normal equations of [1, tested, started] · x = usec
  const A = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const b = [0, 0, 0];
  for (const c of cycles) {
    const row = [1, c.tested, c.started];
    for (let i = 0; i < 3; i++) {
      b[i] += row[i] * c.usec;
      for (let j = 0; j < 3; j++) A[i][j] += row[i] * row[j];
    }
  }
  const x = solve3(A, b);
  const rss = cycles.reduce((s, c) => s + (c.usec - x[0] - x[1] * c.tested - x[2] * c.started) ** 2, 0);
  return {
    base: x[0] / 1e6,
    perJob: x[1] / 1e6,
    perStart: x[2] / 1e6,
    cycles: cycles.length,
    rms: Math.sqrt(rss / cycles.length) / 1e6,
  };
}

// Gaussian elimination with partial pivoting
function solve3(A: number[][], b: number[]): number[] {
  const M = A.map((r, i) => [...r, b[i]]);
  for (let c = 0; c < 3; c++) {
    let p = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    if (M[c][c] === 0)
      throw invalidArgument("cycles", "collinear", "cycles that differ in jobs tested and started");
    for (let r = c + 1; r < 3; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k < 4; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = [0, 0, 0];
  for (let r = 2; r >= 0; r--) {
    let s = M[r][3];
    for (let k = r + 1; k < 3; k++) s -= M[r][k] * x[k];
    x[r] = s / M[r][r];
  }
  return x;
}
