/** fast-check arbitraries of the Slurm scheduler's knobs shared by the scheduler property tests. */
import fc from "fast-check";

/** The backfill and main-scheduler knobs every Slurm property varies (ranges small enough to matter on a few nodes). */
export const SLURM_KNOB_ARBS = {
  bfInterval: fc.integer({ min: 1, max: 90 }),
  bfResolution: fc.integer({ min: 1, max: 120 }),
  bfMaxJobTest: fc.integer({ min: 1, max: 10 }),
  bfWindow: fc.integer({ min: 1, max: 20 }),
  defaultQueueDepth: fc.integer({ min: 1, max: 5 }),
  bfJobPartCountReserve: fc.integer({ min: 0, max: 2 }),
  head: fc.constantFrom<"mod" | "unmod">("mod", "unmod"),
};
