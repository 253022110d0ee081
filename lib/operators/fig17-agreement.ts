/**
 * How far our Fig. 17 (minimum resolution bits per operator and context) agrees with the paper's:
 * the cells equal to the paper's and those within one bit, of 4 per operator the paper lists (the
 * three contexts and overall; a context that needs more than the studied bits never agrees), and
 * the reading of the method whose Fig. 17 agrees in the most cells.
 */
import type { JobSizeRow } from "./job-size-analysis";
import type { JobSizeReading } from "./job-size-readings";
import type { PaperResolutionBits } from "./reference";
import { type ResolutionBitsRow, minimumResolutionBits } from "./resolution-bits";

/** Our contexts with the paper's field for each. */
export const FIG17_CONTEXTS: readonly (readonly [string, keyof PaperResolutionBits])[] = [
  ["balance", "balance"],
  ["over target", "overTarget"],
  ["under target", "underTarget"],
];

// each cell of an operator the paper lists: ours (null: more than the studied bits) and the paper's
function cells(
  ours: readonly ResolutionBitsRow[],
  paper: readonly PaperResolutionBits[],
): [number | null, number][] {
  const out: [number | null, number][] = [];
  for (const o of ours) {
    const p = paper.find((x) => x.operator === o.operator);
    if (!p) continue;
    for (const [ctx, key] of FIG17_CONTEXTS) out.push([o.bits[ctx] ?? null, p[key] as number]);
    out.push([o.overall, p.overall]);
  }
  return out;
}

/** Cells equal to the paper's, of `cells` (4 per operator the paper lists). */
export function fig17Agreement(
  ours: readonly ResolutionBitsRow[],
  paper: readonly PaperResolutionBits[],
): { agree: number; cells: number } {
  const c = cells(ours, paper);
  return { agree: c.filter(([a, b]) => a === b).length, cells: c.length };
}

/** Cells within one bit of the paper's. */
export function fig17WithinOneBit(
  ours: readonly ResolutionBitsRow[],
  paper: readonly PaperResolutionBits[],
): number {
  return cells(ours, paper).filter(([a, b]) => a !== null && Math.abs(a - b) <= 1).length;
}

/** The reading whose Fig. 17 agrees with the paper in the most cells (first of equals), and that count. */
export function bestReading(
  rows: readonly JobSizeRow[],
  readings: readonly JobSizeReading[],
  paper: readonly PaperResolutionBits[],
  jobHours = 2000,
): { index: number; agree: number; cells: number } {
  let index = -1,
    agree = -1,
    cells = 0;
  readings.forEach((_, j) => {
    const t = fig17Agreement(
      minimumResolutionBits(
        rows.filter((r) => r.reading === j),
        jobHours,
      ),
      paper,
    );
    if (t.agree > agree) {
      index = j;
      agree = t.agree;
      cells = t.cells;
    }
  });
  return { index, agree, cells };
}
