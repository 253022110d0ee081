/**
 * The state of each job in one simulation run (lib/sim/simulation.ts keeps one byte per job): to
 * be submitted, pending in the queue, running, ended, rejected, or held for its predecessors.
 */

/** Not submitted yet. */
export const FUTURE = 0;
/** In the pending queue. */
export const PENDING = 1;
/** Running. */
export const RUNNING = 2;
/** Ended. */
export const DONE = 3;
/** Never runs (refused at submit, or its predecessors can never be satisfied). */
export const REJECTED = 4;
/** Submitted, waiting for its predecessors. */
export const HELD = 5;
