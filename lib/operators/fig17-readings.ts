/**
 * What decides Fig. 17 under a reading of the paper's job-size method (seed 001 §5.4), and which of
 * the paper's conclusions each reading supports. Under the max or min aggregates one cell (target ×
 * level) decides each operator × context; two kinds of deciding cell make the number fragile:
 * - *singular*: the level is p = 0 exactly, the balance point, where a job of any size moves the
 *   user across a level boundary that every operator shares;
 * - *cut*: the level's lower state bound is clamped at s = 0, so only part of the level exists and
 *   its size, not the operator, sets the job.
 */
import type { JobSizeRow } from "./job-size-analysis";
import type { JobSizeReading } from "./job-size-readings";
import type { PaperResolutionBits } from "./reference";
import { minimumResolutionBits, type ResolutionBitsRow } from "./resolution-bits";

/** The cell that decides one operator × context of Fig. 17. */
export interface Fig17Decider {
  operator: string;
  context: string;
  /** Minimum bits (null: more than the largest studied; the deciding cell is then the largest studied). */
  bits: number | null;
  /** Target and level of the deciding cell (NaN for the mean aggregate). */
  target: number;
  level: number;
  /** The level is p = 0 exactly. */
  singular: boolean;
  /** The level is cut at s = 0. */
  cut: boolean;
}

const PAPER_KEY: Record<string, keyof PaperResolutionBits> = {
  balance: "balance",
  "over target": "overTarget",
  "under target": "underTarget",
};

/** The deciding cell of every operator × context, from the rows of one reading. */
export function fig17Deciders(rows: readonly JobSizeRow[], jobHours = 2000): Fig17Decider[] {
  const maxBits = Math.max(...rows.map((r) => r.bits));
  return minimumResolutionBits(rows, jobHours).flatMap((m) =>
    Object.entries(m.bits).map(([context, bits]) => {
      const r = rows.find(
        (x) => x.operator === m.operator && x.context === context && x.bits === (bits ?? maxBits),
      )!;
      return {
        operator: m.operator,
        context,
        bits,
        target: r.target,
        level: r.level,
        singular: r.level === 0,
        cut: r.cut,
      };
    }),
  );
}

/**
 * Fig. 17 agreement with the paper (exact, and within one bit) over the cells whose deciding cell is
 * not flagged. Rule: a context cell is left out when its deciding cell is singular or cut; an
 * operator's "overall" cell is left out when any of its contexts is.
 */
export function fig17AgreementExcluding(
  bits: readonly ResolutionBitsRow[],
  paper: readonly PaperResolutionBits[],
  deciders: readonly Fig17Decider[],
): { exact: number; withinOne: number; cells: number; excluded: string[] } {
  const flagged = new Set(
    deciders.filter((d) => d.singular || d.cut).map((d) => `${d.operator}|${d.context}`),
  );
  let exact = 0,
    withinOne = 0,
    cells = 0;
  const excluded: string[] = [];
  for (const o of bits) {
    const p = paper.find((x) => x.operator === o.operator);
    if (!p) continue;
    const compare = (ours: number | null, theirs: number) => {
      cells++;
      if (ours === theirs) exact++;
      if (ours !== null && Math.abs(ours - theirs) <= 1) withinOne++;
    };
    let anyFlagged = false;
    for (const [context, key] of Object.entries(PAPER_KEY)) {
      if (flagged.has(`${o.operator}|${context}`)) {
        anyFlagged = true;
        excluded.push(`${o.operator} ${context}`);
      } else compare(o.bits[context] ?? null, p[key] as number);
    }
    if (anyFlagged) excluded.push(`${o.operator} overall`);
    else compare(o.overall, p.overall);
  }
  return { exact, withinOne, cells, excluded };
}

/** A reading with a display name, and its index in the list given to `jobSizeReadings`. */
export interface NamedReading {
  name: string;
  index: number;
  reading: JobSizeReading;
}
