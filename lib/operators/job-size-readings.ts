/**
 * The readings of the paper's job-size method (seed 001 §5.4) that the text leaves open, and the
 * priority contexts it studies: which formula turns a state step into a job, which state enters
 * Eq. 25, and how a context's cells are reduced to one job size.
 */
import { invalidArgument } from "../util/errors";
import { type JobSizeFormula, type JobStateChoice, JOB_SIZE_FORMULAS, JOB_STATE_CHOICES } from "./job-size";

/** A range of priority levels studied together. */
export interface PriorityRegion {
  /** Name ("balance", …). */
  name: string;
  /** Lowest level included. */
  lo: number;
  /** Highest level included. */
  hi: number;
}

/** The paper's three contexts: around balance [−0.25, 0.25], over target [−0.9, −0.6], under target [0.6, 0.9]. */
export const PAPER_CONTEXTS: readonly PriorityRegion[] = [
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

/** The aggregates. */
export const JOB_AGGREGATES: readonly JobAggregate[] = ["max", "min", "mean"];

/** Every reading: formulas × states × aggregates (2 × 3 × 3 = 18), formula slowest. */
export function allReadings(): Required<JobSizeReading>[] {
  return JOB_SIZE_FORMULAS.flatMap((formula) =>
    JOB_STATE_CHOICES.flatMap((stateAt) =>
      JOB_AGGREGATES.map((aggregate) => ({ formula, stateAt, aggregate })),
    ),
  );
}

/**
 * The index of a reading in a list (missing fields take their defaults).
 * @throws `invalid reading: …` when the list does not hold it
 */
export function readingIndex(readings: readonly JobSizeReading[], reading: JobSizeReading): number {
  const norm = (x: JobSizeReading) =>
    `${x.formula ?? "corrected"}/${x.stateAt ?? "lower"}/${x.aggregate ?? "max"}`;
  const i = readings.findIndex((x) => norm(x) === norm(reading));
  if (i < 0) throw invalidArgument("reading", reading, `one of ${readings.map(norm).join(", ")}`);
  return i;
}
