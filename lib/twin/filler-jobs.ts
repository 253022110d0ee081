/**
 * The twin's filler values (lib/twin/twin.ts): type, wallclock, wait, run time and cores of the
 * jobs outside the calibrated core — plausible, not calibrated.
 */
import type { Rng } from "../util/rng";

const FILLER_TYPES = [
  "SIM",
  "SIM",
  "SIM",
  "SIM",
  "POST",
  "POST",
  "CLEAN",
  "CLEAN",
  "INI",
  "TRANSFER",
  "LOCAL_SETUP",
  "REMOTE_SETUP",
];
const FILLER_MINUTES = [5, 10, 20, 30, 40, 40, 60, 120, 120, 180, 240, 480];
const FILLER_NODES = [1, 2, 4, 8, 11, 16, 16, 32];

/** Filler values of one non-core job. */
export interface FillerJob {
  type: string;
  /** Wallclock, minutes. */
  minutes: number;
  /** Wait, minutes. */
  q: number;
  /** Run time, minutes. */
  r: number;
  /** Cores (whole nodes of 48). */
  procs: number;
}

/**
 * A drawer of filler values from `jr`: each call draws one job's values into the same object
 * (reused, not allocated per row), which it returns.
 */
export function fillerJobs(jr: Rng): () => FillerJob {
  const f = { type: "", minutes: 0, q: 0, r: 0, procs: 0 };
  return () => {
    f.minutes = FILLER_MINUTES[Math.floor(jr.next() * FILLER_MINUTES.length)];
    f.type = FILLER_TYPES[Math.floor(jr.next() * FILLER_TYPES.length)];
    f.q = Math.floor(jr.exponential(15));
    f.r = Math.max(1, Math.floor(f.minutes * jr.uniform(0.1, 1)));
    f.procs = 48 * FILLER_NODES[Math.floor(jr.next() * FILLER_NODES.length)];
    return f;
  };
}
